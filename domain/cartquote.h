#pragma once

#include "domain/cartitems.h"
#include "domain/result.h"

#include <QDateTime>
#include <QStringList>
#include <QVector>

namespace boxoffice {

// One unit a cart holds live, priced as its order would price it.
struct QuoteLine
{
    ItemKind kind = ItemKind::Seat;
    qint64 id = 0; // as in OrderLine: unit, GA hold, stay or table booking id
    QString label; // the order line's label
    int quantity = 1;
    Money amount; // the quote's currency
    QDateTime expiresAt; // the database's clock, UTC
    PriceType priceType = PriceType::Adult; // seats: the type the sale chose; other shapes are ADULT
};

// What a cart would be charged if it were sold now, read from the server: the amount a clerk tells
// the buyer. A counter sale carries the quote the clerk saw, and the server refuses the sale when
// the cart's live contents no longer match it, so nothing is ever charged that was not shown.
struct CartQuote
{
    CartId cart;
    QVector<QuoteLine> lines; // by kind, then id: the order's line order
    Money total;
    QString currency;

    bool isEmpty() const { return lines.isEmpty(); }
    // When the first hold in it runs out (null when empty): past that, the quote no longer holds.
    QDateTime earliestExpiry() const;
    // The labels of the lines whose hold has run out at `serverNow`.
    QStringList expiredAt(const QDateTime &serverNow) const;
};

// An order's lines as a quote, to compare what a sale is about to charge with what was shown.
CartQuote quoteOfOrder(const OrderSummary &order);

// What differs between two quotes of one cart, by unit: labels a clerk can read to the buyer.
// Expiries and labels are not compared; units, quantities, amounts, the total and the currency are.
struct QuoteChange
{
    QStringList added;
    QStringList gone;
    QStringList repriced;
    bool totalOrCurrency = false;

    bool isEmpty() const { return added.isEmpty() && gone.isEmpty() && repriced.isEmpty() && !totalOrCurrency; }
    // "A-2-5 added; A-1-1 gone", or empty when nothing differs.
    QString describe() const;
};

QuoteChange compareQuotes(const CartQuote &seen, const CartQuote &now);

namespace CartQuoteRules {
// A quote a sale may carry: for this cart, something in it, and a total that adds up.
Status check(const CartQuote &quote, const CartId &cart);
} // namespace CartQuoteRules

} // namespace boxoffice
