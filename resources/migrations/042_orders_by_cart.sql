-- A buyer's orders are found through their carts (GET /api/v1/orders, and ?cart= for a buyer whose
-- checkout answer was lost): every order of a cart, live or not, so the partial unique indexes on
-- orders.cart_id (live or pending orders only) cannot serve it.
CREATE INDEX orders_cart ON orders (cart_id);
