// The buyer's shop end to end in headless Chromium, as buyers use it:
//   1. a buyer signs up, reads the confirmation mail from the Maildir, opens its link (signed in, the
//      token gone from the address bar), picks two seats on the map, zooms, takes the best three seats
//      together in a section, two standing places, a hotel stay and a table, asks for more time,
//      pays, finds the order in My orders and downloads its tickets PDF;
//   2. a second browser sees those seats sold and cannot take one;
//   3. the buyer forgets the password: the reset mail's link, a new password, signed in, signed out;
//   4. the buyer signs in again in another browser and buys a seat with the keyboard only (Tab,
//      arrows, Enter); with --fakepay, the next card is declined and the page says so;
//   5. axe-core finds no serious or critical accessibility problem on the main views, and the page
//      breaks no rule of the server's Content-Security-Policy.
// Without --maildir (no accounts), --token/--token2 sign the buyers in instead.
// Prints one JSON line with what happened; exits non-zero on any step that did not happen.
// With --card=true the shop asks for the card first (its provider's payment step): each buyer types one
// into the page, which sends it to the provider itself; the keyboard buyer does so by keyboard only.
//   node shop.mjs --url=URL --maildir=DIR --email=ADDRESS [--fakepay=URL] [--card=true] [--insecure=true] [--shot=PREFIX]
//   node shop.mjs --url=URL --token=T --token2=T [...]
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';

const args = Object.fromEntries(process.argv.slice(2).map((a) => {
  const at = a.indexOf('=');
  return [a.slice(2, at), a.slice(at + 1)];
}));
const base = args.url;
const fail = (why) => { console.error('shop: ' + why); process.exit(1); };
if (!base || !(args.maildir || (args.token && args.token2)))
  fail('usage: --url=URL (--maildir=DIR --email=ADDRESS | --token=T --token2=T) [--shot=PREFIX] [--insecure=true]');
const accounts = Boolean(args.maildir);
const password = 'a long enough password 7';
const axeSource = fs.readFileSync(new URL('./node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
const problems = []; // CSP violations and script errors, from every page

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const ignoreHTTPSErrors = args.insecure === 'true';
async function newPage(viewport = { width: 1400, height: 900 }) {
  const context = await browser.newContext({ viewport, ignoreHTTPSErrors, acceptDownloads: true });
  const page = await context.newPage();
  page.on('console', (m) => { if (/Content.Security.Policy/i.test(m.text())) problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push('script error: ' + e.message));
  return page;
}
const shot = async (page, name) => { if (args.shot) await page.screenshot({ path: `${args.shot}-${name}.png`, fullPage: true }); };
const message = async (page) => (await page.textContent('#message')).trim();
async function waitForMessage(page, pattern, timeout = 20000) {
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('#message').dataset.text || ''),
                             pattern.source, { timeout }).catch(async () => fail(`no message like ${pattern}: "${await message(page)}"`));
}
const cartSize = (page) => page.$$eval('#cart li', (items) => items.length);
// The provider's payment step: the page asks for the card before the first hold and sends it to the
// provider (never to the shop); the page then says which card it will charge.
const cardsNamed = [];
async function nameCard(page, keyboardOnly) {
  if (args.card !== 'true') return;
  await page.waitForSelector('#card-form:not([hidden])', { timeout: 10000 }).catch(() => fail('the shop did not ask for a card'));
  if (!keyboardOnly) await shot(page, '2-card');
  if (keyboardOnly) {
    // The page puts the focus into the number field itself.
    await page.keyboard.type('4242 4242 4242 4242');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2030');
    await page.keyboard.press('Enter');
  } else {
    await page.fill('#card-number', '4242 4242 4242 4242');
    await page.fill('#card-month', '12');
    await page.fill('#card-year', '2030');
    await page.click('#card-submit');
  }
  await page.waitForSelector('#card-chosen:not([hidden])', { timeout: 20000 })
    .catch(async () => fail('the provider did not take the card: ' + (await message(page))));
  cardsNamed.push((await page.textContent('#card-chosen')).trim());
}
async function waitForCart(page, lines) {
  await page.waitForFunction((n) => document.querySelectorAll('#cart li').length === n, lines, { timeout: 20000 })
    .catch(async () => fail(`the cart shows ${await cartSize(page)} lines, not ${lines}: "${await message(page)}"`));
}

// axe-core, evaluated through the driver (not a <script>: the page's CSP allows none of ours).
const axeReport = {};
async function axeCheck(page, view) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                                           nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  axeReport[view] = violations.map((v) => `${v.id}:${v.impact}`);
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) fail(`axe on ${view}: ${JSON.stringify(bad)}`);
}

// The newest mail to `email` in the Maildir holding a link with `#kind=`: its token and its link.
function decodeMessage(raw) {
  const texts = [];
  const walk = (part) => {
    const split = part.search(/\r?\n\r?\n/);
    const headers = (split < 0 ? part : part.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
    let body = split < 0 ? '' : part.slice(split).replace(/^\r?\n\r?\n/, '');
    const type = /^content-type:\s*([^;\r\n]+)/im.exec(headers);
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers);
    if (type && /^multipart\//i.test(type[1]) && boundary) {
      for (const sub of body.split('--' + boundary[1]).slice(1)) {
        if (sub.startsWith('--')) break;
        walk(sub.replace(/^\r?\n/, ''));
      }
      return;
    }
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers);
    if (encoding && /base64/i.test(encoding[1])) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    else if (encoding && /quoted-printable/i.test(encoding[1]))
      body = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
    texts.push(body);
  };
  walk(raw);
  return texts.join('\n');
}
async function mailedLink(email, kind, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = [];
    for (const folder of ['new', 'cur']) {
      const dir = path.join(args.maildir, folder);
      if (fs.existsSync(dir)) for (const f of fs.readdirSync(dir)) files.push(path.join(dir, f));
    }
    files.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
    for (const file of files) {
      const raw = fs.readFileSync(file, 'latin1');
      if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
      const match = new RegExp(`(\\S+?)/?#${kind}=([A-Za-z0-9_\\-.~%]+)`).exec(decodeMessage(raw));
      if (match) return { link: match[0], token: match[2] };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return fail(`no ${kind} mail to ${email} in ${args.maildir}`);
}

// Presses Tab until the focused element matches `selector`; how many presses it took.
async function tabTo(page, selector, max = 120) {
  for (let i = 1; i <= max; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => Boolean(document.activeElement && document.activeElement.matches(s)), selector)) return i;
  }
  return fail(`Tab never reached ${selector}`);
}
const focused = (page) => page.evaluate(() => {
  const e = document.activeElement;
  return e ? { tag: e.tagName, id: e.dataset.id || e.id, state: e.dataset.state, name: e.getAttribute('aria-label') || e.textContent.trim() } : null;
});

try {
  const result = {};
  const name = 'Zoë Shopper';
  const email = args.email || `shop-${Date.now()}@example.org`;

  // --- 1. sign up, confirm from the mail, buy ------------------------------------------------------
  const buyer = await newPage();
  if (accounts) {
    await buyer.goto(`${base}/`);
    await buyer.waitForSelector('#event-list .card');
    await axeCheck(buyer, 'home');
    await shot(buyer, '1-home');
    await buyer.click('#nav-signup');
    await buyer.waitForSelector('#view-signup:not([hidden])');
    await buyer.fill('#signup-name', name);
    await buyer.fill('#signup-email', email);
    await buyer.fill('#signup-password', password);
    await axeCheck(buyer, 'signup');
    await buyer.click('#signup-form button[type=submit]');
    await waitForMessage(buyer, /Check your mail/);
    const mail = await mailedLink(email, 'confirm');
    result.confirmLink = mail.link.replace(mail.token, '<token>');
    await buyer.goto(`${base}/#confirm=${mail.token}`);
    await buyer.waitForFunction((n) => document.querySelector('#who').textContent.includes(n), name, { timeout: 20000 })
      .catch(async () => fail('not signed in after the confirmation link: ' + (await message(buyer))));
    if (buyer.url().includes(mail.token)) fail('the confirmation token is still in the address bar: ' + buyer.url());
    result.confirmed = await message(buyer);
  } else {
    await buyer.goto(`${base}/#token=${args.token}`);
    await buyer.waitForSelector('#event-list .card');
    await axeCheck(buyer, 'home');
    if (buyer.url().includes(args.token)) fail('the token is still in the address bar');
  }

  await buyer.click('#event-list .card a[href^="#/event/"]');
  await buyer.waitForSelector('rect.seat.available', { timeout: 20000 });
  const event = Number(/#\/event\/(\d+)/.exec(buyer.url())[1]);
  // Zoom: the buttons and the wheel change the part of the hall shown; "whole hall" brings it back.
  const viewBox = () => buyer.getAttribute('#map-frame svg', 'viewBox');
  const whole = await viewBox();
  await buyer.click('#zoom-in');
  const zoomed = await viewBox();
  if (zoomed === whole) fail('zoom in changed nothing');
  await buyer.mouse.move(500, 600);
  await buyer.mouse.wheel(0, 300);
  if ((await viewBox()) === zoomed) fail('the wheel changed nothing');
  await buyer.click('#zoom-fit');
  if ((await viewBox()) !== whole) fail('"show the whole hall" did not');

  // Two seats side by side, in the second section (the best-available block goes to the first).
  const picks = await buyer.$$eval('rect.seat.available', (rects, count) => {
    const names = [...new Set(rects.map((r) => r.getAttribute('aria-label').split(',')[0]))];
    const inSecond = rects.filter((r) => r.getAttribute('aria-label').startsWith(names[1] + ','));
    return inSecond.slice(5, 5 + count).map((r) => ({ id: r.dataset.id, name: r.getAttribute('aria-label') }));
  }, 2);
  if (picks.length !== 2) fail('fewer than two available seats');
  if (!/^.+, row \d+, seat \d+, .+\d\.\d\d, available$/.test(picks[0].name)) fail('a seat\'s accessible name: ' + picks[0].name);
  for (const pick of picks) {
    await buyer.click(`rect.seat[data-id="${pick.id}"]`);
    if (pick === picks[0]) await nameCard(buyer, false);
    await buyer.waitForSelector(`rect.seat.mine[data-id="${pick.id}"]`, { timeout: 10000 });
  }
  result.seatName = await buyer.getAttribute(`rect.seat[data-id="${picks[0].id}"]`, 'aria-label');
  if (!/in your cart$/.test(result.seatName)) fail('a picked seat does not say so: ' + result.seatName);

  // Best three together in the first section.
  const firstSection = await buyer.$eval('#best-section', (s) => s.options[1].textContent);
  await buyer.fill('#best-count', '3');
  await buyer.selectOption('#best-section', { index: 1 });
  await buyer.click('#best-submit');
  await waitForCart(buyer, 5);
  const best = await buyer.$$eval('rect.seat.mine', (rects) => rects.map((r) => ({ id: r.dataset.id, name: r.getAttribute('aria-label') })));
  const bestSeats = best.filter((s) => !picks.some((p) => p.id === s.id));
  if (bestSeats.length !== 3 || !bestSeats.every((s) => s.name.startsWith(firstSection + ','))) fail('best available held ' + JSON.stringify(bestSeats));
  result.best = bestSeats.map((s) => s.name);

  // Two standing places.
  await buyer.waitForSelector('#pools:not([hidden]) .pool-add');
  await buyer.fill('#pool-list input[type=number]', '2');
  await buyer.click('#pool-list .pool-add');
  await waitForCart(buyer, 6);
  await axeCheck(buyer, 'event');
  await shot(buyer, '2-event');

  // A stay: two nights, the first room type free.
  await buyer.click('a[href="#/"]');
  await buyer.click('#hotel-list a[href^="#/hotel/"]');
  await buyer.waitForSelector('#view-hotel:not([hidden])');
  await buyer.click('#hotel-search');
  await buyer.waitForSelector('#room-list button[data-room-type]');
  await axeCheck(buyer, 'hotel');
  await buyer.click('#room-list button[data-room-type]');
  await waitForCart(buyer, 7);
  await buyer.click('a[href="#/"]');
  await buyer.click('#restaurant-list a[href^="#/restaurant/"]');
  await buyer.waitForSelector('#view-restaurant:not([hidden])');
  await axeCheck(buyer, 'restaurant');
  // A table for two tomorrow at seven (the form's first answer).
  await buyer.click('#table-submit');
  await waitForCart(buyer, 8);
  const countdown = await buyer.textContent('#countdown');
  if (!/Held for you for \d+:\d\d/.test(countdown)) fail('no countdown: ' + countdown);
  result.total = await buyer.textContent('#total');
  await buyer.click('#extend');
  await waitForMessage(buyer, /held for longer|all the extra time/);
  await shot(buyer, '3-cart');

  await buyer.click('#checkout');
  await buyer.waitForSelector('#confirmation:not([hidden])', { timeout: 30000 });
  result.order = Number((await buyer.textContent('#order-id')).trim());
  result.state = (await buyer.textContent('#order-state')).trim();
  result.seats = [...picks, ...bestSeats].map((s) => Number(s.id));
  await shot(buyer, '4-paid');

  // My orders: the order, its lines, its tickets (409 while they are being issued: try again).
  await buyer.click('#confirmation a[href="#/orders"]');
  await buyer.waitForSelector(`li.order[data-order="${result.order}"]`, { timeout: 20000 });
  result.orderState = (await buyer.textContent(`li.order[data-order="${result.order}"] .order-state`)).trim();
  result.orderLines = await buyer.$$eval(`li.order[data-order="${result.order}"] tbody tr`, (rows) => rows.length);
  await axeCheck(buyer, 'orders');
  let pdf = null;
  const deadline = Date.now() + 90000;
  while (!pdf && Date.now() < deadline) {
    const download = buyer.waitForEvent('download', { timeout: 5000 }).catch(() => null);
    await buyer.click(`li.order[data-order="${result.order}"] button.download`);
    const got = await download;
    if (got) {
      const file = await got.path();
      pdf = fs.readFileSync(file).subarray(0, 5).toString('latin1');
      result.pdfBytes = fs.statSync(file).size;
    } else {
      result.notReady = await message(buyer);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  if (pdf !== '%PDF-') fail('no tickets PDF: ' + (result.notReady || pdf));
  result.pdf = true;
  await shot(buyer, '5-orders');

  // --- 2. another browser sees the seats sold -----------------------------------------------------
  const other = await newPage({ width: 1000, height: 800 });
  await other.goto(`${base}/#/event/${event}`);
  for (const id of result.seats) await other.waitForSelector(`rect.seat.sold[data-id="${id}"]`, { timeout: 20000 });
  await other.click(`rect.seat[data-id="${picks[0].id}"]`, { force: true }); // aria-disabled: Playwright would wait
  result.refused = await message(other);
  if (!/not available/.test(result.refused)) fail('a sold seat was not refused: ' + result.refused);
  result.soldName = await other.getAttribute(`rect.seat[data-id="${picks[0].id}"]`, 'aria-label');

  // --- 3. a forgotten password: the mailed link, a new password, signed in ------------------------
  let signInPassword = password;
  if (accounts) {
    const reset = await newPage();
    await reset.goto(`${base}/#/signin`);
    await reset.click('a[href="#/reset"]');
    await reset.fill('#reset-email', email);
    await axeCheck(reset, 'reset');
    await reset.click('#reset-form button[type=submit]');
    await waitForMessage(reset, /a link to choose a new password/);
    const mail = await mailedLink(email, 'reset');
    await reset.goto(`${base}/#reset=${mail.token}`);
    await reset.waitForSelector('#view-newpassword:not([hidden])');
    if (reset.url().includes(mail.token)) fail('the reset token is still in the address bar: ' + reset.url());
    signInPassword = 'a brand new password 8';
    await reset.fill('#new-password', signInPassword);
    await reset.click('#newpassword-form button[type=submit]');
    await reset.waitForFunction((n) => document.querySelector('#who').textContent.includes(n), name, { timeout: 20000 })
      .catch(async () => fail('not signed in after the new password: ' + (await message(reset))));
    result.reset = await message(reset);
    await reset.click('#signout');
    await waitForMessage(reset, /signed out/);
    if ((await reset.textContent('#who')).trim() !== '') fail('still named after signing out');
  }

  // --- 4. the keyboard only: sign in, a seat, pay ---------------------------------------------------
  const keys = await newPage();
  if (accounts) {
    await keys.goto(`${base}/`);
    await keys.waitForSelector('#event-list .card');
    await tabTo(keys, '#nav-signin');
    await keys.keyboard.press('Enter');
    await keys.waitForSelector('#view-signin:not([hidden])');
    await tabTo(keys, '#signin-email');
    await keys.keyboard.type(email);
    await keys.keyboard.press('Tab');
    await keys.keyboard.type(signInPassword);
    await axeCheck(keys, 'signin');
    await keys.keyboard.press('Enter');
    await keys.waitForFunction((n) => document.querySelector('#who').textContent.includes(n), name, { timeout: 20000 })
      .catch(async () => fail('keyboard sign-in: ' + (await message(keys))));
  } else {
    await keys.goto(`${base}/#token=${args.token2}`);
  }
  await keys.waitForSelector('#view-home:not([hidden]) #event-list .card');
  await tabTo(keys, '#event-list a[href^="#/event/"]');
  await keys.keyboard.press('Enter');
  await keys.waitForSelector('rect.seat.available', { timeout: 20000 });
  const tabsToMap = await tabTo(keys, 'rect.seat');
  // Down two rows, right three seats, then on to the first free seat along the row.
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight']) await keys.keyboard.press(key);
  let seat = await focused(keys);
  for (let i = 0; i < 40 && seat.state !== 'available'; i += 1) {
    await keys.keyboard.press('ArrowRight');
    seat = await focused(keys);
  }
  if (seat.state !== 'available') fail('no free seat reached with the arrows: ' + JSON.stringify(seat));
  const ring = await keys.getAttribute('.focus-ring', 'visibility');
  if (ring !== 'visible') fail('no visible focus on the seat');
  await keys.keyboard.press('Enter');
  await nameCard(keys, true);
  await keys.waitForSelector(`rect.seat.mine[data-id="${seat.id}"]`, { timeout: 10000 });
  await shot(keys, '6-keyboard-seat');
  await tabTo(keys, '#checkout');
  await keys.keyboard.press('Enter');
  await keys.waitForSelector('#confirmation:not([hidden])', { timeout: 30000 });
  result.keyboard = { seat: Number(seat.id), name: seat.name, tabsToMap,
                      order: Number((await keys.textContent('#order-id')).trim()),
                      state: (await keys.textContent('#order-state')).trim() };
  await axeCheck(keys, 'paid');

  // --- 5. a declined card, said in words; the seat goes back on sale ------------------------------
  if (args.fakepay) {
    const seatId = await keys.$eval('#map-frame rect.seat.available', (r) => r.dataset.id);
    await keys.click(`rect.seat[data-id="${seatId}"]`);
    await keys.waitForSelector(`rect.seat.mine[data-id="${seatId}"]`, { timeout: 10000 });
    const told = await fetch(`${args.fakepay}/control/behaviour`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                                                   body: JSON.stringify({ next: ['decline'] }) });
    if (!told.ok) fail('the fake provider did not take the decline: ' + told.status);
    await keys.click('#checkout');
    await waitForMessage(keys, /declined/, 30000);
    await keys.waitForSelector(`rect.seat.available[data-id="${seatId}"]`, { timeout: 20000 });
    if ((await cartSize(keys)) !== 0) fail('a declined cart still shows lines');
    result.declined = await message(keys);
  }

  if (problems.length) fail('the page broke a rule: ' + problems.join(' | '));
  result.axe = axeReport;
  result.cards = cardsNamed;
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
}
