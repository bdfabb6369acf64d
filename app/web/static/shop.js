// The buyer's page: pick seats on the map, see the hold count down, pay. Plain JavaScript against the
// box office's /api/v1; every decision (is the seat free, is the payment through) is the server's.
'use strict';

const state = {
  token: '',
  event: null,
  currency: 'EUR',
  cart: null,
  held: new Map(), // unit id -> { label, price, expiresAt (server time, ms) }
  seats: new Map(), // unit id -> svg rect
  etag: null,
  clockOffsetMs: 0, // server time - local time, from the Date header
};

const $ = (id) => document.getElementById(id);

function money(minor) {
  const symbol = { EUR: '€', GBP: '£', USD: '$' }[state.currency] || state.currency + ' ';
  return symbol + (minor / 100).toFixed(2);
}

function say(text, problem = false) {
  $('message').textContent = text;
  $('message').className = problem ? 'problem' : '';
}

async function api(method, path, body) {
  const headers = { 'Accept': 'application/json' };
  if (state.token) headers['Authorization'] = 'Bearer ' + state.token;
  // An event on sale through its waiting room: the pass the queue page was given (see queue.js).
  const admission = state.event ? sessionStorage.getItem(`admission:${state.event}`) : null;
  if (admission) headers['X-Admission-Token'] = admission;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const date = response.headers.get('Date');
  if (date) state.clockOffsetMs = Date.parse(date) - Date.now();
  const text = await response.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch (e) { json = null; }
  return { status: response.status, json, response };
}

function serverNow() { return Date.now() + state.clockOffsetMs; }

async function loadEvents() {
  const { status, json } = await api('GET', '/api/v1/events');
  if (status !== 200) { say('The box office cannot be reached.', true); return; }
  const select = $('events');
  select.innerHTML = '';
  for (const event of json.events) {
    const option = document.createElement('option');
    option.value = event.id;
    option.textContent = `${event.name} — ${new Date(event.starts_at).toLocaleString()}`;
    select.appendChild(option);
  }
  // Back from the waiting room (/?event=ID): that event.
  const wanted = new URLSearchParams(location.search).get('event');
  if (wanted && json.events.some((e) => String(e.id) === wanted)) select.value = wanted;
  if (json.events.length) await selectEvent(Number(select.value));
}

async function selectEvent(id) {
  state.event = id;
  state.etag = null;
  state.seats.clear();
  $('map').innerHTML = '';
  await refreshMap();
}

async function refreshMap() {
  if (!state.event) return;
  const headers = state.etag ? { 'If-None-Match': state.etag } : {};
  const response = await fetch(`/api/v1/events/${state.event}/seatmap`, { headers });
  if (response.status === 304) return;
  if (response.status !== 200) return;
  state.etag = response.headers.get('ETag');
  const map = await response.json();
  state.currency = map.currency;
  drawMap(map);
}

function drawMap(map) {
  const svg = $('map');
  if (state.seats.size === 0) {
    const xs = map.seats.map((s) => s.x), ys = map.seats.map((s) => s.y);
    const minX = Math.min(...xs) - 2, minY = Math.min(...ys) - 4, maxX = Math.max(...xs) + 2, maxY = Math.max(...ys) + 2;
    svg.setAttribute('viewBox', `${minX} ${minY} ${maxX - minX} ${maxY - minY}`);
    for (const seat of map.seats) {
      const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      rect.setAttribute('x', seat.x - 0.4);
      rect.setAttribute('y', seat.y - 0.4);
      rect.setAttribute('width', 0.8);
      rect.setAttribute('height', 0.8);
      rect.setAttribute('rx', 0.15);
      rect.dataset.id = seat.id;
      rect.dataset.label = seat.label;
      rect.dataset.price = seat.price;
      const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
      title.textContent = `${seat.label} ${money(seat.price)}`;
      rect.appendChild(title);
      rect.addEventListener('click', () => toggleSeat(seat.id));
      svg.appendChild(rect);
      state.seats.set(seat.id, rect);
    }
  }
  for (const seat of map.seats) paintSeat(seat.id, seat.state);
}

function paintSeat(id, serverState) {
  const rect = state.seats.get(id);
  if (!rect) return;
  const mine = state.held.has(id);
  rect.setAttribute('class', 'seat ' + (mine ? 'mine' : serverState));
  rect.dataset.state = mine ? 'mine' : serverState;
}

async function ensureCart() {
  if (state.cart) return true;
  const { status, json } = await api('POST', '/api/v1/carts', {});
  if (status === 401) { say('Enter your buyer token first.', true); return false; }
  if (status !== 201) { say(json && json.error ? json.error.message : 'No cart could be opened.', true); return false; }
  state.cart = json.cart;
  return true;
}

async function toggleSeat(id) {
  const rect = state.seats.get(id);
  if (state.held.has(id)) {
    const { status } = await api('DELETE', `/api/v1/carts/${state.cart}/holds/${id}`);
    if (status === 200) {
      state.held.delete(id);
      paintSeat(id, 'available');
      say(`${rect.dataset.label} is back on sale.`);
      renderCart();
    }
    return;
  }
  if (rect.dataset.state !== 'available') { say(`${rect.dataset.label} is not available.`, true); return; }
  if (!(await ensureCart())) return;
  const { status, json } = await api('POST', `/api/v1/carts/${state.cart}/holds`, { event: state.event, seats: [id] });
  if (status === 201) {
    for (const unit of json.held) {
      state.held.set(unit.unit, { label: unit.seat, price: Number(state.seats.get(unit.unit).dataset.price), expiresAt: Date.parse(unit.expires_at) });
      paintSeat(unit.unit, 'held');
    }
    say(`Held ${json.held.map((u) => u.seat).join(', ')}.`);
    renderCart();
  } else if (status === 403 && json && json.error && String(json.error.code).startsWith('admission_')) {
    // On sale through a waiting room and no valid pass: queue for one.
    sessionStorage.removeItem(`admission:${state.event}`);
    location.href = `/queue/${state.event}`;
  } else {
    say(json && json.error ? json.error.message : 'That seat could not be held.', true);
    state.etag = null;
    await refreshMap();
  }
}

function renderCart() {
  const list = $('cart');
  list.innerHTML = '';
  let total = 0;
  for (const [id, seat] of state.held) {
    const item = document.createElement('li');
    item.textContent = `${seat.label} — ${money(seat.price)}`;
    item.dataset.id = id;
    list.appendChild(item);
    total += seat.price;
  }
  $('total').textContent = state.held.size ? `Total: ${money(total)}` : 'No seats yet: click a green seat.';
  $('checkout').disabled = state.held.size === 0;
  tick();
}

function tick() {
  if (!state.held.size) { $('countdown').textContent = ''; return; }
  const first = Math.min(...[...state.held.values()].map((s) => s.expiresAt));
  const left = Math.ceil((first - serverNow()) / 1000);
  if (left <= 0) {
    for (const id of [...state.held.keys()]) { state.held.delete(id); paintSeat(id, 'available'); }
    say('Your hold ran out; the seats are back on sale.', true);
    renderCart();
    return;
  }
  $('countdown').textContent = `Held for you for ${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  $('countdown').className = left <= 60 ? 'warning' : '';
}

async function checkout() {
  $('checkout').disabled = true;
  say('Paying…');
  const { status, json } = await api('POST', `/api/v1/carts/${state.cart}/checkout`, {});
  if (status !== 200) {
    say(json && json.error ? json.error.message : 'The payment could not be started.', true);
    $('checkout').disabled = false;
    return;
  }
  if (json.state === 'declined') {
    say('Your card was declined; the seats went back on sale. Try another card.', true);
    for (const id of [...state.held.keys()]) { state.held.delete(id); paintSeat(id, 'available'); }
    state.cart = null;
    renderCart();
    return;
  }
  $('order-id').textContent = json.order;
  $('order-state').textContent = json.state === 'paid' ? 'confirmed' : 'being confirmed with your bank';
  $('confirmation').hidden = false;
  const bought = [...state.held.keys()];
  state.held.clear();
  for (const id of bought) paintSeat(id, 'sold');
  state.cart = null;
  renderCart();
  say(json.state === 'paid' ? 'Paid. Enjoy the show!' : 'Your payment is being confirmed; your seats stay yours meanwhile.');
}

function start() {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('token');
  state.token = fromHash || sessionStorage.getItem('boxoffice-token') || '';
  if (fromHash) sessionStorage.setItem('boxoffice-token', fromHash); // the waiting room's page signs in with it too
  $('token').value = state.token;
  $('token').addEventListener('change', () => {
    state.token = $('token').value.trim();
    sessionStorage.setItem('boxoffice-token', state.token);
    state.cart = null;
  });
  $('events').addEventListener('change', () => selectEvent(Number($('events').value)));
  $('checkout').addEventListener('click', checkout);
  setInterval(tick, 1000);
  // Other buyers' holds and sales: the map is re-read about every two seconds (cheap: 304 when nothing changed).
  setInterval(refreshMap, 2000);
  renderCart();
  loadEvents();
}

start();
