// The buyer's shop: what's on (shows, standing, hotels, restaurants), a seat map, the cart with its
// countdown, checkout, My orders, and the buyer's account. Plain JavaScript against /api/v1; every
// decision (is the seat free, is the payment through) is the server's. One page, routes in the
// fragment (#/event/1, #/orders, ...). Signed in with the session cookie (and the CSRF token the
// account routes give), or, for scripts and tests, with a buyer token in #token=.
'use strict';

(() => {
  const { t, locale } = window.ShopText;
  const $ = (id) => document.getElementById(id);

  const state = {
    token: '', // a buyer token (scripts, tests); empty with a session
    session: null, // { buyer, csrf } from the account routes
    events: null,
    hotels: null,
    restaurants: null,
    event: null, // the event on screen
    map: null, // ShopMap.SeatMap of that event
    etag: null,
    pools: [],
    cart: null,
    lines: [], // { kind, id, event, label, amount, quantity, expiresAt } as held; the server keeps the truth
    currency: 'EUR',
    extensionsLeft: null,
    clockOffsetMs: 0, // server time - local time, from the Date header
    lastMinuteSaid: false,
    returnTo: '#/',
    payment: null, // { name, url, publishable_key } when the page sends cards to the provider
    card: null, // { id, brand, last4 }: the payment method the provider made of the buyer's card
    resetToken: null,
    ordersBefore: null,
  };

  // --- words --------------------------------------------------------------------------------------

  const moneyFormats = new Map();
  function money(minor, currency = state.currency) {
    if (!moneyFormats.has(currency)) {
      let format;
      try { format = new Intl.NumberFormat(locale, { style: 'currency', currency }); } catch (e) {
        format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      }
      moneyFormats.set(currency, format);
    }
    return moneyFormats.get(currency).format(minor / 100);
  }
  const whenFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' });
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const shortWhen = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const listFormat = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
  const when = (iso) => whenFormat.format(new Date(iso));
  const day = (isoDate) => dayFormat.format(new Date(isoDate + 'T00:00:00Z'));

  // Fills `element` with a sentence whose places may be elements (kept as they are, e.g. <strong id>).
  function fillSentence(element, key, values) {
    const text = window.ShopText.messages[key] || key;
    element.replaceChildren();
    let last = 0;
    text.replace(/\{(\w+)\}/g, (whole, name, offset) => {
      element.append(text.slice(last, offset));
      const value = values[name];
      element.append(value instanceof Node ? value : String(value === undefined ? whole : value));
      last = offset + whole.length;
      return whole;
    });
    element.append(text.slice(last));
  }

  function translatePage() {
    document.title = t('page.title');
    for (const node of document.querySelectorAll('[data-t]')) node.textContent = t(node.dataset.t);
    for (const node of document.querySelectorAll('[data-t-aria-label]')) node.setAttribute('aria-label', t(node.dataset.tAriaLabel));
    for (const node of document.querySelectorAll('[data-t-title]')) node.setAttribute('title', t(node.dataset.tTitle));
  }

  function say(text, problem = false) {
    const message = $('message');
    // A repeated sentence is still read out: the live region must hear a change (a no-break space
    // comes and goes at its end).
    message.textContent = text === message.dataset.text && !message.textContent.endsWith('\u00a0') ? text + '\u00a0' : text;
    message.className = problem ? 'problem' : '';
    message.dataset.text = text;
  }

  function node(tag, attributes = {}, ...children) {
    const element = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (key === 'class') element.className = value;
      else if (key === 'text') element.textContent = value;
      else if (key.startsWith('on')) element.addEventListener(key.slice(2), value);
      else if (value !== undefined && value !== null && value !== false) element.setAttribute(key, value === true ? '' : value);
    }
    element.append(...children);
    return element;
  }

  // --- the API ------------------------------------------------------------------------------------

  async function api(method, path, body, options = {}) {
    const headers = { 'Accept': 'application/json' };
    if (state.token) headers['Authorization'] = 'Bearer ' + state.token;
    else if (state.session && method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = state.session.csrf;
    // An event on sale through its waiting room: the pass the queue page was given (see queue.js).
    if (options.event) {
      const admission = sessionStorage.getItem(`admission:${options.event}`);
      if (admission) headers['X-Admission-Token'] = admission;
    }
    if (options.etag) headers['If-None-Match'] = options.etag;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response;
    try {
      response = await fetch(path, { method, headers, credentials: 'same-origin',
                                     body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      return { status: 0, json: null, response: null };
    }
    const date = response.headers.get('Date');
    // The Date header is to the second: the server's clock is half a second past it on average.
    if (date) state.clockOffsetMs = Date.parse(date) + 500 - Date.now();
    // A session's CSRF token changed (signed in elsewhere, a new session): fetch it, try once more.
    if (response.status === 403 && state.session && !options.retried && method !== 'GET') {
      const peek = await response.clone().json().catch(() => null);
      if (errorCode(peek) === 'csrf') {
        await loadAccount();
        if (state.session) return api(method, path, body, { ...options, retried: true });
      }
    }
    if (options.raw) return { status: response.status, json: null, response };
    const text = await response.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch (e) { json = null; }
    return { status: response.status, json, response };
  }

  const serverNow = () => Date.now() + state.clockOffsetMs;
  const errorCode = (json) => (json && json.error ? String(json.error.code) : '');
  const signedIn = () => Boolean(state.token || state.session);

  // The words for a refusal, and what follows from it (sign in, the waiting room, a lost cart).
  function refused(status, json, fallbackKey, event) {
    if (status === 0) { say(t('error.unreachable'), true); return; }
    if (status === 401) { signInFirst(); return; }
    if (status === 403 && errorCode(json).startsWith('admission_') && event) {
      sessionStorage.removeItem(`admission:${event}`);
      say(t('error.waitingRoom'), true);
      location.href = `/queue/${event}`;
      return;
    }
    if (status === 403 && state.session) { say(t('error.forbidden'), true); loadAccount(); return; }
    if (status === 503) { say(t('error.busy'), true); return; }
    say(json && json.error && json.error.message ? json.error.message : t(fallbackKey), true);
  }

  function signInFirst(key = 'account.signInToBuy') {
    if (state.session) { state.session = null; showAccount(); }
    state.returnTo = location.hash && !location.hash.startsWith('#/sign') ? location.hash : '#/';
    say(t(key), true);
    go('#/signin');
  }

  // --- the cart -----------------------------------------------------------------------------------

  function saveCart() {
    if (state.cart) sessionStorage.setItem('boxoffice-cart', JSON.stringify({ cart: state.cart, lines: state.lines,
                                                                               extensionsLeft: state.extensionsLeft }));
    else sessionStorage.removeItem('boxoffice-cart');
  }

  function restoreCart() {
    try {
      const saved = JSON.parse(sessionStorage.getItem('boxoffice-cart') || 'null');
      if (!saved) return;
      state.cart = saved.cart;
      state.lines = saved.lines.filter((line) => line.expiresAt > serverNow());
      state.extensionsLeft = saved.extensionsLeft;
    } catch (e) { sessionStorage.removeItem('boxoffice-cart'); }
  }

  function forgetCart() {
    for (const line of state.lines)
      if (line.kind === 'seat' && state.map && state.event && line.event === state.event.id) state.map.setMine(line.id, false);
    state.cart = null;
    state.lines = [];
    state.extensionsLeft = null;
    saveCart();
    renderCart();
  }

  // --- the card ------------------------------------------------------------------------------------

  // The provider's payment step, as Stripe.js does it: the card goes from this page to the provider
  // with its public key and comes back as a payment method ("pm_..."); the shop only ever sees that.
  async function loadPaymentConfig() {
    const { status, json } = await api('GET', '/api/v1/payment-config');
    state.payment = status === 200 && json && json.provider ? json.provider : null;
    try { state.card = JSON.parse(sessionStorage.getItem('boxoffice-card') || 'null'); } catch (e) { state.card = null; }
  }

  function showChosenCard() {
    const chosen = $('card-chosen');
    chosen.hidden = !state.card;
    if (state.card) chosen.textContent = t('card.chosen', { brand: state.card.brand.toUpperCase(), last4: state.card.last4 });
  }

  // Resolves with true once the buyer named a card the provider took, false if they chose not to.
  function askForCard() {
    const form = $('card-form');
    form.hidden = false;
    say(t('card.needed'));
    $('card-number').focus();
    return new Promise((resolve) => {
      const done = (ok) => {
        form.hidden = true;
        form.removeEventListener('submit', submit);
        $('card-cancel').removeEventListener('click', cancel);
        resolve(ok);
      };
      const cancel = () => done(false);
      const submit = async (e) => {
        e.preventDefault();
        $('card-submit').disabled = true;
        say(t('card.checking'));
        const made = await makePaymentMethod($('card-number').value, $('card-month').value, $('card-year').value);
        $('card-submit').disabled = false;
        if (!made) return; // said why; the form stays for another try
        state.card = made;
        sessionStorage.setItem('boxoffice-card', JSON.stringify(made));
        $('card-number').value = '';
        showChosenCard();
        done(true);
      };
      form.addEventListener('submit', submit);
      $('card-cancel').addEventListener('click', cancel);
    });
  }

  async function makePaymentMethod(number, month, year) {
    let response;
    try {
      // Form-encoded with Stripe's bracket names, as Stripe.js posts it: the provider takes nothing else.
      const body = new URLSearchParams({
        'type': 'card',
        'card[number]': number.replace(/[^0-9]/g, ''),
        'card[exp_month]': String(Number(month)),
        'card[exp_year]': String(Number(year)),
      });
      response = await fetch(`${state.payment.url}/v1/payment_methods`, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'Authorization': 'Bearer ' + state.payment.publishable_key },
        body,
      });
    } catch (e) {
      say(t('card.unreachable'), true);
      return null;
    }
    const json = await response.json().catch(() => null);
    if (!response.ok || !json || !json.id) {
      say(t('card.refused', { reason: json && json.error && json.error.message ? json.error.message : String(response.status) }), true);
      return null;
    }
    return { id: json.id, brand: (json.card && json.card.brand) || 'card', last4: (json.card && json.card.last4) || '' };
  }

  async function ensureCart() {
    if (state.cart) return true;
    if (!signedIn()) { signInFirst(); return false; }
    if (state.payment && !state.card && !(await askForCard())) return false;
    const { status, json } = await api('POST', '/api/v1/carts', state.payment && state.card ? { payment_method: state.card.id } : {});
    if (status === 400 && errorCode(json) === 'unknown_payment_method') {
      // The provider forgot the card (a new provider, a test restart): ask again.
      state.card = null;
      sessionStorage.removeItem('boxoffice-card');
      showChosenCard();
      return ensureCart();
    }
    if (status !== 201) { refused(status, json, 'error.noCart'); return false; }
    state.cart = json.cart;
    state.extensionsLeft = null;
    saveCart();
    return true;
  }

  // Runs a hold against the cart; a cart the server no longer knows (run out, signed out) is
  // replaced once.
  async function withCart(hold) {
    if (!(await ensureCart())) return null;
    let answer = await hold(state.cart);
    if (answer.status === 404 && errorCode(answer.json) === 'not_found' && state.lines.length === 0) {
      state.cart = null;
      if (!(await ensureCart())) return null;
      answer = await hold(state.cart);
    }
    return answer;
  }

  function addLine(line) {
    state.lines = state.lines.filter((l) => !(l.kind === line.kind && l.id === line.id));
    state.lines.push(line);
    saveCart();
    renderCart();
  }

  function renderCart() {
    const list = $('cart');
    list.replaceChildren();
    let total = 0;
    for (const line of state.lines) {
      const item = node('li', { 'data-kind': line.kind, 'data-id': line.id },
                        node('span', { class: 'line-label', text: line.label }),
                        node('span', { class: 'line-amount', text: money(line.amount) }));
      if (line.kind === 'seat') {
        item.append(node('button', { type: 'button', class: 'remove', 'aria-label': t('cart.remove', { label: line.label }),
                                     title: t('cart.remove', { label: line.label }), text: '✕',
                                     onclick: () => releaseSeat(line.id) }));
      }
      list.append(item);
      total += line.amount;
    }
    $('nav-cart').textContent = t('nav.cart', { count: state.lines.length });
    $('total').textContent = state.lines.length ? t('cart.total', { amount: money(total) }) : t('cart.empty');
    $('checkout').disabled = state.lines.length === 0;
    $('release').hidden = state.lines.length === 0;
    $('extend').hidden = state.lines.length === 0 || state.extensionsLeft === 0;
    $('extend').textContent = state.extensionsLeft ? t('cart.extendLeft', { count: state.extensionsLeft }) : t('cart.extend');
    if (state.lines.length) $('confirmation').hidden = true;
    tick();
  }

  function tick() {
    const countdown = $('countdown');
    if (!state.lines.length) { countdown.textContent = ''; state.lastMinuteSaid = false; return; }
    const first = Math.min(...state.lines.map((line) => line.expiresAt));
    const left = Math.ceil((first - serverNow()) / 1000);
    if (left <= 0) {
      const now = serverNow();
      for (const line of state.lines.filter((l) => l.expiresAt <= now))
        if (line.kind === 'seat' && state.map && state.event && line.event === state.event.id) state.map.setMine(line.id, false, 'available');
      state.lines = state.lines.filter((l) => l.expiresAt > now);
      if (!state.lines.length) state.cart = null;
      saveCart();
      say(t('cart.expired'), true);
      renderCart();
      return;
    }
    countdown.textContent = t('cart.countdown', { minutes: Math.floor(left / 60), seconds: String(left % 60).padStart(2, '0') });
    countdown.className = left <= 60 ? 'warning' : '';
    if (left <= 60 && !state.lastMinuteSaid) { state.lastMinuteSaid = true; say(t('cart.lastMinute'), true); }
    if (left > 60) state.lastMinuteSaid = false;
  }

  async function extend() {
    const { status, json } = await api('POST', `/api/v1/carts/${state.cart}/extend`, {});
    if (status === 200) {
      for (const item of json.extended) {
        const line = state.lines.find((l) => l.kind === item.kind && l.id === item.id);
        if (line && item.expires_at) line.expiresAt = Date.parse(item.expires_at);
      }
      state.extensionsLeft = json.extensions_left;
      saveCart();
      say(t('cart.extended'));
      renderCart();
    } else if (status === 429 && errorCode(json) === 'limit_reached') {
      state.extensionsLeft = 0;
      saveCart();
      say(t('cart.noMoreExtensions'), true);
      renderCart();
    } else {
      refused(status, json, 'error.generic');
    }
  }

  async function releaseCart() {
    const { status, json } = await api('DELETE', `/api/v1/carts/${state.cart}`);
    if (status !== 200 && status !== 404) { refused(status, json, 'error.generic'); return; }
    for (const line of state.lines)
      if (line.kind === 'seat' && state.map && state.event && line.event === state.event.id) state.map.setMine(line.id, false, 'available');
    state.lines = [];
    saveCart();
    renderCart();
    say(t('cart.released'));
    if (state.event) loadPools();
  }

  async function checkout() {
    $('checkout').disabled = true;
    say(t('checkout.paying'));
    const { status, json } = await api('POST', `/api/v1/carts/${state.cart}/checkout`, {});
    if (status !== 200) {
      refused(status, json, 'checkout.failed');
      $('checkout').disabled = state.lines.length === 0;
      if (status === 409) refreshMap(true);
      return;
    }
    const bought = state.lines;
    if (json.state === 'declined') {
      for (const line of bought)
        if (line.kind === 'seat' && state.map && line.event === state.event.id) state.map.setMine(line.id, false, 'available');
      forgetCart();
      say(json.decline_reason ? t('checkout.declinedBecause', { reason: json.decline_reason }) : t('checkout.declined'), true);
      return;
    }
    const paid = json.state === 'paid';
    fillSentence($('order-sentence'), 'checkout.orderIs', {
      order: node('strong', { id: 'order-id', text: String(json.order) }),
      state: node('strong', { id: 'order-state', text: t(paid ? 'checkout.paidState' : 'checkout.pendingState') }),
    });
    $('order-outcome').textContent = t(paid ? 'checkout.paid' : 'checkout.pending');
    for (const line of bought)
      if (line.kind === 'seat' && state.map && state.event && line.event === state.event.id) state.map.setMine(line.id, false, paid ? 'sold' : 'held');
    state.cart = null;
    state.lines = [];
    saveCart();
    renderCart();
    $('confirmation').hidden = false;
    say(t(paid ? 'checkout.paid' : 'checkout.pending'));
  }

  // --- what's on ----------------------------------------------------------------------------------

  async function loadCatalogue() {
    const [events, hotels, restaurants] = await Promise.all([
      api('GET', '/api/v1/events'), api('GET', '/api/v1/hotels'), api('GET', '/api/v1/restaurants')]);
    if (events.status !== 200) { refused(events.status, events.json, 'error.unreachable'); return false; }
    state.events = events.json.events;
    state.hotels = hotels.status === 200 ? hotels.json.hotels : [];
    state.restaurants = restaurants.status === 200 ? restaurants.json.restaurants : [];
    return true;
  }

  async function showHome() {
    if (!state.events && !(await loadCatalogue())) return;
    const events = $('event-list');
    events.replaceChildren();
    if (!state.events.length) events.append(node('li', { class: 'muted', text: t('home.noEvents') }));
    for (const event of state.events) {
      const item = node('li', { class: 'card' },
                        node('h3', { text: event.name }),
                        node('p', { class: 'muted', text: t('home.eventWhen', { venue: event.venue, when: when(event.starts_at) }) }),
                        node('p', { class: 'actions' },
                             node('a', { class: 'button', href: `#/event/${event.id}`, text: t('home.chooseSeats', { name: event.name }) })));
      events.append(item);
      // An event on sale through its waiting room answers its queue's standing 403 without a
      // ticket (404 when it has none): then the way in is the queue.
      api('GET', `/api/v1/events/${event.id}/queue`).then(({ status }) => {
        if (status === 403)
          item.querySelector('.actions').append(node('a', { class: 'button secondary', href: `/queue/${event.id}`,
                                                            text: t('home.waitingRoom', { name: event.name }) }));
      });
    }
    const hotels = $('hotel-list');
    hotels.replaceChildren();
    if (!state.hotels.length) hotels.append(node('li', { class: 'muted', text: t('home.noHotels') }));
    for (const hotel of state.hotels) {
      hotels.append(node('li', { class: 'card' },
                         node('h3', { text: hotel.name }),
                         node('p', { class: 'muted', text: hotel.first_night ? t('home.hotelNights', { first: day(hotel.first_night), last: day(hotel.last_night) }) : '' }),
                         node('p', { class: 'actions' },
                              node('a', { class: 'button', href: `#/hotel/${hotel.id}`, text: t('home.bookHotel', { name: hotel.name }) }))));
    }
    const restaurants = $('restaurant-list');
    restaurants.replaceChildren();
    if (!state.restaurants.length) restaurants.append(node('li', { class: 'muted', text: t('home.noRestaurants') }));
    for (const restaurant of state.restaurants) {
      restaurants.append(node('li', { class: 'card' },
                              node('h3', { text: restaurant.name }),
                              node('p', { class: 'muted', text: t('home.restaurantTables', { count: restaurant.tables.length, deposit: money(restaurant.deposit, restaurant.currency) }) }),
                              node('p', { class: 'actions' },
                                   node('a', { class: 'button', href: `#/restaurant/${restaurant.id}`, text: t('home.bookRestaurant', { name: restaurant.name }) }))));
    }
  }

  // --- a show: the seat map, best available, standing ---------------------------------------------

  async function showEvent(id) {
    if (!state.events && !(await loadCatalogue())) return;
    const event = state.events.find((e) => e.id === id);
    if (!event) { go('#/'); return; }
    $('event-heading').textContent = event.name;
    $('event-when').textContent = t('home.eventWhen', { venue: event.venue, when: when(event.starts_at) });
    if (!state.event || state.event.id !== id) {
      state.event = event;
      state.currency = event.currency;
      state.etag = null;
      state.map = new window.ShopMap.SeatMap($('map-frame'), {
        t, money: (minor) => money(minor), label: t('event.mapLabel', { name: event.name }), onPick: pickSeat });
      $('map-frame').replaceChildren(node('p', { id: 'map-loading', class: 'muted', text: t('event.loading') }));
      $('legend').replaceChildren();
      $('pools').hidden = true;
    }
    await refreshMap(true);
    loadPools();
  }

  async function refreshMap(force = false) {
    if (!state.event || $('view-event').hidden) return;
    const event = state.event;
    const { status, json, response } = await api('GET', `/api/v1/events/${event.id}/seatmap`, undefined,
                                                 { etag: force ? null : state.etag });
    if (status !== 200 || state.event !== event) return;
    state.etag = response.headers.get('ETag');
    // (The seat map's own currency may be empty: the event's is the one that counts.)
    state.currency = json.currency || event.currency;
    const first = !state.map.svg;
    state.map.update(json);
    if (first) {
      for (const line of state.lines)
        if (line.kind === 'seat' && line.event === event.id) state.map.setMine(line.id, true);
      drawLegend(json);
      const sections = $('best-section');
      sections.replaceChildren(node('option', { value: '', text: t('event.bestAnySection') }));
      json.sections.forEach((section, index) => sections.append(node('option', { value: String(index), text: section.name })));
    }
  }

  function drawLegend(map) {
    const legend = $('legend');
    legend.replaceChildren();
    const swatch = (classes) => {
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('viewBox', '-0.5 -0.5 1 1');
      svg.setAttribute('class', 'swatch');
      svg.setAttribute('aria-hidden', 'true');
      const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      for (const [k, v] of Object.entries({ x: -0.42, y: -0.42, width: 0.84, height: 0.84, rx: 0.16, class: classes })) rect.setAttribute(k, v);
      svg.append(rect);
      if (classes.includes('mine')) {
        const check = document.createElementNS('http://www.w3.org/2000/svg', 'path');
        check.setAttribute('d', 'M -0.25 0.02 L -0.07 0.22 L 0.27 -0.2');
        check.setAttribute('class', 'check');
        svg.append(check);
      }
      return svg;
    };
    map.bands.forEach((band, index) => {
      legend.append(node('li', {}, swatch(`key band-${index} available`), t('event.legendBand', { band: band.name, price: money(band.price) })));
    });
    legend.append(node('li', {}, swatch('key mine'), t('event.legendMine')));
    legend.append(node('li', {}, swatch('key held'), t('event.legendHeld')));
    legend.append(node('li', {}, swatch('key sold'), t('event.legendSold')));
  }

  function seatLine(unit, seatLabel, expiresAt) {
    return { kind: 'seat', id: unit, event: state.event.id, label: state.map.has(unit) ? state.map.shortName(unit) : seatLabel,
             amount: state.map.price(unit), quantity: 1, expiresAt: Date.parse(expiresAt) };
  }

  function heldSeats(grant) {
    for (const unit of grant.held) {
      state.lines = state.lines.filter((l) => !(l.kind === 'seat' && l.id === unit.unit));
      state.lines.push(seatLine(unit.unit, unit.seat, unit.expires_at));
      state.map.setMine(unit.unit, true, 'held');
    }
    saveCart();
    renderCart();
    say(t('held.seats', { seats: listFormat.format(grant.held.map((u) => state.map.has(u.unit) ? state.map.shortName(u.unit) : u.seat)) }));
  }

  async function pickSeat(id) {
    if (state.map.state(id) === 'mine') { await releaseSeat(id); return; }
    if (state.map.state(id) !== 'available') { say(t('refused.notAvailable', { label: state.map.shortName(id) }), true); return; }
    const event = state.event.id;
    const answer = await withCart((cart) => api('POST', `/api/v1/carts/${cart}/holds`, { event, seats: [id] }, { event }));
    if (!answer) return;
    if (answer.status === 201) { heldSeats(answer.json); return; }
    refused(answer.status, answer.json, 'refused.seat', event);
    if (answer.status === 409) refreshMap(true);
  }

  async function releaseSeat(id) {
    const line = state.lines.find((l) => l.kind === 'seat' && l.id === id);
    const { status, json } = await api('DELETE', `/api/v1/carts/${state.cart}/holds/${id}`);
    if (status !== 200 && status !== 404) { refused(status, json, 'error.generic'); return; }
    state.lines = state.lines.filter((l) => !(l.kind === 'seat' && l.id === id));
    if (state.map && state.map.has(id)) state.map.setMine(id, false, 'available');
    saveCart();
    renderCart();
    say(t('released.seat', { label: line ? line.label : String(id) }));
  }

  async function bestAvailable(e) {
    e.preventDefault();
    const event = state.event.id;
    const count = Number($('best-count').value);
    const section = $('best-section').value;
    const body = { event, count };
    if (section !== '') body.section = Number(section);
    const answer = await withCart((cart) => api('POST', `/api/v1/carts/${cart}/best`, body, { event }));
    if (!answer) return;
    if (answer.status === 201) { heldSeats(answer.json); return; }
    if (answer.status === 409 && errorCode(answer.json) !== 'conflict') {
      say(t('refused.best', { count }), true);
      refreshMap(true);
      return;
    }
    refused(answer.status, answer.json, 'refused.best', event);
  }

  async function loadPools() {
    if (!state.event) return;
    const { status, json } = await api('GET', `/api/v1/events/${state.event.id}/pools`);
    if (status !== 200) return;
    state.pools = json.pools;
    const list = $('pool-list');
    $('pools').hidden = json.pools.length === 0;
    // Keep what the buyer typed (and the focus) when the numbers are refreshed.
    for (const pool of json.pools) {
      let item = list.querySelector(`li[data-pool="${pool.id}"]`);
      if (!item) {
        const inputId = `pool-quantity-${pool.id}`;
        item = node('li', { 'data-pool': pool.id, class: 'pool' },
                    node('p', { class: 'pool-line' }),
                    node('div', { class: 'fields inline' },
                         node('label', { for: inputId, text: t('event.poolQuantity', { name: pool.name }) }),
                         node('input', { id: inputId, type: 'number', min: 1, max: 10, value: 2, required: true }),
                         node('button', { type: 'button', class: 'pool-add', text: t('event.poolAdd'), onclick: () => holdPlaces(pool.id) })));
        list.append(item);
      }
      item.querySelector('.pool-line').textContent = pool.available > 0
        ? t('event.poolLine', { name: pool.name, price: money(pool.price, pool.currency), available: pool.available })
        : t('event.poolSoldOut');
      item.querySelector('.pool-add').disabled = pool.available === 0;
    }
  }

  async function holdPlaces(poolId) {
    const pool = state.pools.find((p) => p.id === poolId);
    const quantity = Number($(`pool-quantity-${poolId}`).value);
    if (!(quantity >= 1)) return;
    const event = state.event.id;
    const answer = await withCart((cart) => api('POST', `/api/v1/carts/${cart}/places`, { pool: poolId, quantity }, { event }));
    if (!answer) return;
    if (answer.status === 201) {
      const { json } = answer;
      addLine({ kind: 'ga', id: json.hold, event, label: t('cart.linePlaces', { name: pool.name, quantity: json.quantity }),
                amount: pool.price * json.quantity, quantity: json.quantity, expiresAt: Date.parse(json.expires_at) });
      say(t('held.places', { quantity: json.quantity, name: pool.name }));
      loadPools();
      return;
    }
    refused(answer.status, answer.json, 'refused.places', event);
  }

  // --- hotels -------------------------------------------------------------------------------------

  const isoDay = (date) => date.toISOString().slice(0, 10);
  const addDays = (iso, days) => isoDay(new Date(Date.parse(iso + 'T00:00:00Z') + days * 86400000));

  async function showHotel(id) {
    if (!state.hotels && !(await loadCatalogue())) return;
    const hotel = state.hotels.find((h) => h.id === id);
    if (!hotel) { go('#/'); return; }
    const changed = state.hotel !== hotel;
    state.hotel = hotel;
    $('hotel-heading').textContent = t('hotel.heading', { name: hotel.name });
    if (changed) {
      const checkIn = $('check-in'), checkOut = $('check-out');
      checkIn.min = hotel.first_night; checkIn.max = hotel.last_night;
      checkOut.min = addDays(hotel.first_night, 1); checkOut.max = addDays(hotel.last_night, 1);
      const first = hotel.first_night > isoDay(new Date()) ? hotel.first_night : addDays(isoDay(new Date()), 7);
      checkIn.value = first;
      checkOut.value = addDays(first, 2);
      $('room-list').replaceChildren(node('li', { class: 'muted', text: t('hotel.pickDates') }));
    }
  }

  async function searchRooms(e) {
    if (e) e.preventDefault();
    const hotel = state.hotel;
    const checkIn = $('check-in').value, checkOut = $('check-out').value;
    if (!checkIn || !checkOut || checkOut <= checkIn) { say(t('hotel.badDates'), true); return; }
    const { status, json } = await api('GET', `/api/v1/hotels/${hotel.id}/availability?check_in=${checkIn}&check_out=${checkOut}`);
    if (status !== 200) { refused(status, json, 'hotel.badDates'); return; }
    const list = $('room-list');
    list.replaceChildren();
    for (const room of json.room_types) {
      const item = node('li', { class: 'room card' },
                        node('p', { text: room.free_every_night > 0
                          ? t('hotel.roomLine', { name: room.name, free: room.free_every_night, total: money(room.total, room.currency) })
                          : t('hotel.roomFull', { name: room.name }) }));
      if (room.free_every_night > 0)
        item.append(node('button', { type: 'button', 'data-room-type': room.room_type, text: t('hotel.add', { name: room.name }),
                                     onclick: () => holdStay(room, checkIn, checkOut) }));
      list.append(item);
    }
  }

  async function holdStay(room, checkIn, checkOut) {
    const body = { room_type: room.room_type, check_in: checkIn, check_out: checkOut };
    const guest = $('guest').value.trim();
    if (guest) body.guest = guest;
    const answer = await withCart((cart) => api('POST', `/api/v1/carts/${cart}/stays`, body));
    if (!answer) return;
    if (answer.status === 201) {
      const { json } = answer;
      addLine({ kind: 'stay', id: json.stay, label: t('cart.lineStay', { room: room.name, checkIn: day(json.check_in), checkOut: day(json.check_out) }),
                amount: room.total, quantity: 1, expiresAt: Date.parse(json.expires_at) });
      say(t('held.stay', { room: room.name, checkIn: day(json.check_in), checkOut: day(json.check_out), reference: json.reference }));
      searchRooms(); // one room fewer
      return;
    }
    refused(answer.status, answer.json, 'refused.stay');
  }

  // --- restaurants --------------------------------------------------------------------------------

  async function showRestaurant(id) {
    if (!state.restaurants && !(await loadCatalogue())) return;
    const restaurant = state.restaurants.find((r) => r.id === id);
    if (!restaurant) { go('#/'); return; }
    const changed = state.restaurant !== restaurant;
    state.restaurant = restaurant;
    $('restaurant-heading').textContent = t('restaurant.heading', { name: restaurant.name });
    $('restaurant-deposit').textContent = t('restaurant.deposit', { deposit: money(restaurant.deposit, restaurant.currency) });
    if (changed) {
      $('table-date').min = isoDay(new Date());
      $('table-date').value = addDays(isoDay(new Date()), 1);
      const most = Math.max(...restaurant.tables.map((table) => table.seats), 1);
      $('table-party').max = most;
    }
  }

  async function holdTable(e) {
    e.preventDefault();
    const restaurant = state.restaurant;
    const at = new Date(`${$('table-date').value}T${$('table-time').value}`);
    if (Number.isNaN(at.getTime())) return;
    const party = Number($('table-party').value);
    const minutes = Number($('table-minutes').value);
    const answer = await withCart((cart) => api('POST', `/api/v1/carts/${cart}/tables`,
                                               { restaurant: restaurant.id, party, at: at.toISOString(), minutes }));
    if (!answer) return;
    if (answer.status === 201) {
      const { json } = answer;
      const start = shortWhen.format(new Date(json.start));
      addLine({ kind: 'slot', id: json.booking, label: t('cart.lineTable', { table: json.table, party, when: start }),
                amount: restaurant.deposit, quantity: party, expiresAt: Date.parse(json.expires_at) });
      say(t('held.table', { table: json.table, when: start }));
      return;
    }
    refused(answer.status, answer.json, 'refused.table');
  }

  // --- my orders ----------------------------------------------------------------------------------

  async function showOrders(more = false) {
    if (!signedIn()) { signInFirst('orders.signInFirst'); return; }
    const list = $('order-list');
    if (!more) { list.replaceChildren(); state.ordersBefore = null; }
    const query = state.ordersBefore ? `?limit=20&before=${state.ordersBefore}` : '?limit=20';
    const { status, json } = await api('GET', `/api/v1/orders${query}`);
    if (status !== 200) { refused(status, json, 'error.generic'); return; }
    if (!json.orders.length && !more) list.append(node('li', { class: 'muted', text: t('orders.none') }));
    const details = await Promise.all(json.orders.map((order) => api('GET', `/api/v1/orders/${order.order}`)));
    json.orders.forEach((order, index) => {
      const detail = details[index].status === 200 ? details[index].json : { lines: [] };
      list.append(orderItem(order, detail));
    });
    state.ordersBefore = json.next_before;
    $('orders-more').hidden = !json.next_before;
  }

  function orderItem(order, detail) {
    const headingId = `order-${order.order}-heading`;
    const item = node('li', { class: 'order card', 'data-order': order.order, 'data-created-at': order.created_at,
                              'aria-labelledby': headingId },
                      node('h2', { id: headingId, text: t('orders.order', { order: order.order }) }),
                      node('p', { class: 'order-state', 'data-state': order.state,
                                  text: t('orders.state', { state: t('orderState.' + order.state) }) }),
                      node('p', { class: 'muted', text: t('orders.placed', { when: shortWhen.format(new Date(order.created_at)) }) }),
                      node('p', { text: t('orders.amount', { amount: money(order.amount, order.currency) }) }));
    const table = node('table', {},
                       node('caption', { text: t('orders.lines', { order: order.order }) }),
                       node('thead', {}, node('tr', {},
                                              node('th', { scope: 'col', text: t('orders.colItem') }),
                                              node('th', { scope: 'col', text: t('orders.colQuantity') }),
                                              node('th', { scope: 'col', text: t('orders.colAmount') }),
                                              node('th', { scope: 'col', text: t('orders.colState') }))));
    const body = node('tbody');
    for (const line of detail.lines || []) {
      body.append(node('tr', {}, node('td', { text: line.label }),
                       node('td', { text: String(line.quantity) }),
                       node('td', { text: money(line.amount, order.currency) }),
                       node('td', { text: t('lineState.' + line.state) })));
    }
    table.append(body);
    item.append(table);
    // The tickets as issued (none until the worker has issued a paid order's), each with its code.
    if (detail.tickets && detail.tickets.length) {
      const tickets = node('ul', { class: 'tickets', 'aria-label': t('orders.tickets', { order: order.order }) });
      for (const ticket of detail.tickets)
        tickets.append(node('li', { text: t('orders.ticket', { what: ticket.what, event: ticket.event, code: ticket.code }) }));
      item.append(node('h3', { text: t('orders.tickets', { order: order.order }) }), tickets);
    }
    if (order.state === 'paid' || order.state === 'guaranteed')
      item.append(node('p', {}, node('button', { type: 'button', class: 'download', text: t('orders.download', { order: order.order }),
                                                onclick: () => downloadTickets(order.order) })));
    return item;
  }

  async function refreshOrder(id) {
    const card = document.querySelector(`li.order[data-order="${id}"]`);
    const { status, json } = await api('GET', `/api/v1/orders/${id}`);
    if (!card || status !== 200 || card.querySelector('.tickets')) return;
    const summary = { order: id, state: json.state, amount: json.amount, currency: json.currency,
                      created_at: card.dataset.createdAt };
    const focusedDownload = document.activeElement && card.contains(document.activeElement);
    const fresh = orderItem(summary, json);
    card.replaceWith(fresh);
    if (focusedDownload) { const button = fresh.querySelector('button.download'); if (button) button.focus(); }
  }

  async function downloadTickets(order) {
    const { status, response } = await api('GET', `/api/v1/orders/${order}/tickets.pdf`, undefined, { raw: true });
    if (status === 200) {
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = node('a', { href: url, download: `order-${order}-tickets.pdf`, hidden: true });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      say(t('orders.downloaded', { order }));
      refreshOrder(order); // issued now: its ticket codes
      return;
    }
    let json = null;
    try { json = await response.json(); } catch (e) { json = null; }
    if (status === 409) { say(t('orders.notReady', { order }), true); return; }
    if (status === 404) { say(t('orders.noTickets', { order }), true); return; }
    refused(status, json, 'orders.downloadFailed');
  }

  // --- the account --------------------------------------------------------------------------------

  async function loadAccount() {
    const { status, json } = await api('GET', '/api/v1/account');
    state.session = status === 200 && json && json.buyer ? { buyer: json.buyer, csrf: json.csrf } : null;
    showAccount();
  }

  function signedInAs(json, key) {
    // A cart is its buyer's: another buyer (or a token's) starts with none.
    if (state.token || (state.session && state.session.buyer.id !== json.buyer.id)) forgetCart();
    state.session = { buyer: json.buyer, csrf: json.csrf };
    state.token = '';
    sessionStorage.removeItem('boxoffice-token');
    showAccount();
    say(t(key, { name: json.buyer.name }));
    const back = state.returnTo || '#/';
    state.returnTo = '#/';
    go(back);
  }

  function showAccount() {
    const who = $('who');
    if (state.session) who.textContent = t('nav.signedInAs', { name: state.session.buyer.name });
    else if (state.token) who.textContent = t('nav.signedInWithToken');
    else who.textContent = '';
    $('nav-signin').hidden = signedIn();
    $('nav-signup').hidden = signedIn();
    $('signout').hidden = !state.session;
  }

  function accountRefused(status, json, keys) {
    if (status === 0) { say(t('error.unreachable'), true); return; }
    const key = keys[status];
    if (key) { say(t(key), true); return; }
    if (status === 400 && json && json.error) { say(json.error.message, true); return; }
    if (status === 404 || status >= 500) { say(t('account.unavailable'), true); return; }
    refused(status, json, 'error.generic');
  }

  async function signIn(e) {
    e.preventDefault();
    const email = $('signin-email').value.trim(), password = $('signin-password').value;
    const { status, json } = await api('POST', '/api/v1/account/signin', { email, password });
    if (status === 200) { $('signin-password').value = ''; signedInAs(json, 'account.welcomeBack'); return; }
    accountRefused(status, json, { 401: 'account.wrong', 403: 'account.unconfirmed', 429: 'account.tooMany' });
  }

  async function signUp(e) {
    e.preventDefault();
    const name = $('signup-name').value.trim(), email = $('signup-email').value.trim(), password = $('signup-password').value;
    const { status, json } = await api('POST', '/api/v1/account/signup', { name, email, password });
    if (status === 202) { $('signup-password').value = ''; say(t('account.checkMail', { email })); return; }
    accountRefused(status, json, { 429: 'account.tooMany' });
  }

  async function askReset(e) {
    e.preventDefault();
    const email = $('reset-email').value.trim();
    const { status, json } = await api('POST', '/api/v1/account/reset', { email });
    if (status === 202) { say(t('account.resetSent', { email })); return; }
    accountRefused(status, json, { 429: 'account.tooMany' });
  }

  async function setNewPassword(e) {
    e.preventDefault();
    const password = $('new-password').value;
    const { status, json } = await api('POST', '/api/v1/account/reset/confirm', { token: state.resetToken, password });
    if (status === 200) { state.resetToken = null; $('new-password').value = ''; signedInAs(json, 'account.passwordSet'); return; }
    if (status === 400 && errorCode(json) === 'token_invalid') { say(t('account.tokenInvalid'), true); return; }
    accountRefused(status, json, { 429: 'account.tooMany' });
  }

  async function confirmAccount(token) {
    say(t('account.confirming'));
    const { status, json } = await api('POST', '/api/v1/account/confirm', { token });
    if (status === 200) { signedInAs(json, 'account.confirmed'); return; }
    if (status === 400) { say(t('account.tokenInvalid'), true); go('#/signin'); return; }
    accountRefused(status, json, { 429: 'account.tooMany' });
  }

  async function signOut() {
    const { status, json } = await api('POST', '/api/v1/account/signout', {});
    if (status !== 204 && status !== 200 && status !== 401) { refused(status, json, 'error.generic'); return; }
    state.session = null;
    state.cart = null;
    state.lines = [];
    saveCart();
    state.map = null;
    state.event = null;
    renderCart();
    showAccount();
    say(t('account.signedOut'));
    go('#/');
  }

  // --- routes -------------------------------------------------------------------------------------

  const views = ['home', 'event', 'hotel', 'restaurant', 'orders', 'signin', 'signup', 'reset', 'newpassword'];

  function show(view) {
    for (const name of views) $(`view-${name}`).hidden = name !== view;
  }

  // Tokens from the mails (#confirm=, #reset=) and the scripts' #token= leave the address bar at once.
  function takeFragmentTokens() {
    const fragment = location.hash.slice(1);
    if (!/^(token|confirm|reset)=/.test(fragment)) return null;
    const params = new URLSearchParams(fragment);
    history.replaceState(null, '', location.pathname + location.search + '#/');
    if (params.get('token')) {
      state.token = params.get('token');
      sessionStorage.setItem('boxoffice-token', state.token); // the waiting room's page signs in with it too
      return null;
    }
    if (params.get('confirm')) return { confirm: params.get('confirm') };
    if (params.get('reset')) return { reset: params.get('reset') };
    return null;
  }

  // To a route, also the one in the address bar already (no hashchange then).
  function go(hash) {
    if (location.hash === hash) route();
    else location.hash = hash;
  }

  let routedOnce = false;
  async function route() {
    // An anchor on the page (the skip link, the cart): not a route.
    if (routedOnce && location.hash && !location.hash.startsWith('#/') && !/^#(token|confirm|reset)=/.test(location.hash)) return;
    const tokens = state.pendingTokens || takeFragmentTokens();
    state.pendingTokens = null;
    if (tokens && tokens.confirm) { show('signin'); await confirmAccount(tokens.confirm); return; }
    if (tokens && tokens.reset) {
      state.resetToken = tokens.reset;
      history.replaceState(null, '', location.pathname + location.search + '#/newpassword');
    }
    const path = location.hash.replace(/^#/, '') || '/';
    const parts = path.split('/').filter(Boolean);
    const name = parts[0] || 'home';
    let view = views.includes(name) ? name : 'home';
    let id = Number(parts[1]);
    if (view === 'home' && state.wantedEvent && parts.length === 0) { view = 'event'; id = state.wantedEvent; }
    state.wantedEvent = null;
    if (view === 'newpassword' && !state.resetToken) { go('#/reset'); return; }
    show(view);
    // Screen readers and keyboards start at the new view's heading (not on the first load).
    if (routedOnce) {
      const heading = $(`view-${view}`).querySelector('h1');
      if (heading) { heading.tabIndex = -1; heading.focus({ preventScroll: false }); }
    }
    routedOnce = true;
    if (view === 'home') await showHome();
    else if (view === 'event') await showEvent(id);
    else if (view === 'hotel') await showHotel(id);
    else if (view === 'restaurant') await showRestaurant(id);
    else if (view === 'orders') await showOrders();
  }

  async function start() {
    translatePage();
    for (const minutes of [90, 120, 180])
      $('table-minutes').append(node('option', { value: minutes, text: t('restaurant.minutesOption', { hours: minutes / 60 }), selected: minutes === 120 }));
    state.pendingTokens = takeFragmentTokens();
    if (!state.token) state.token = sessionStorage.getItem('boxoffice-token') || '';
    restoreCart();
    // Back from the waiting room (/?event=ID): that event.
    // (The address stays as it is: the waiting room's script waits for it.)
    state.wantedEvent = Number(new URLSearchParams(location.search).get('event')) || null;

    $('checkout').addEventListener('click', checkout);
    $('extend').addEventListener('click', extend);
    $('release').addEventListener('click', releaseCart);
    $('zoom-in').addEventListener('click', () => state.map && state.map.svg && state.map.zoom(1.5));
    $('zoom-out').addEventListener('click', () => state.map && state.map.svg && state.map.zoom(1 / 1.5));
    $('zoom-fit').addEventListener('click', () => state.map && state.map.svg && state.map.fit());
    $('best-form').addEventListener('submit', bestAvailable);
    $('hotel-form').addEventListener('submit', searchRooms);
    $('table-form').addEventListener('submit', holdTable);
    $('signin-form').addEventListener('submit', signIn);
    $('signup-form').addEventListener('submit', signUp);
    $('reset-form').addEventListener('submit', askReset);
    $('newpassword-form').addEventListener('submit', setNewPassword);
    $('signout').addEventListener('click', signOut);
    $('orders-more').addEventListener('click', () => showOrders(true));
    window.addEventListener('hashchange', route);
    setInterval(tick, 1000);
    // Other buyers' holds and sales: the map is re-read about every two seconds (cheap: 304 when
    // nothing changed); the standing places with it, less often.
    setInterval(() => refreshMap(false), 2000);
    setInterval(() => { if (!$('view-event').hidden) loadPools(); }, 10000);
    renderCart();
    if (!state.token) await loadAccount(); else showAccount();
    await loadPaymentConfig();
    showChosenCard();
    await route();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
