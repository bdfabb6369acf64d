// Two buyers in two browsers: the first picks two seats on the map, sees the countdown, pays, and
// sees the confirmation; the second, on its own page, sees those seats turn sold. Prints one JSON
// line with what happened; exits non-zero on any step that did not happen.
import { chromium } from 'playwright-core';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const base = args.url;
const fail = (why) => { console.error('buyerpage: ' + why); process.exit(1); };
if (!base || !args.token || !args.token2) fail('usage: --url=URL --token=T --token2=T [--shot=FILE] [--insecure=true]');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  // --insecure: through the test's nginx, whose certificate is self-signed.
  const ignoreHTTPSErrors = args.insecure === 'true';
  const first = await (await browser.newContext({ viewport: { width: 1400, height: 900 }, ignoreHTTPSErrors })).newPage();
  const second = await (await browser.newContext({ ignoreHTTPSErrors })).newPage();
  await first.goto(`${base}/#token=${args.token}`);
  await second.goto(`${base}/#token=${args.token2}`);
  // The shop opens on what's on: the first show's seats.
  for (const page of [first, second]) await page.click('#event-list a[href^="#/event/"]');
  await first.waitForSelector('rect.seat.available', { timeout: 20000 });
  await second.waitForSelector('rect.seat', { timeout: 20000 });

  // Two seats side by side in the front row.
  const picks = await first.$$eval('rect.seat.available', (rects) => rects.slice(0, 2).map((r) => r.dataset.id));
  if (picks.length !== 2) fail('fewer than two available seats');
  for (const id of picks) {
    await first.click(`rect.seat[data-id="${id}"]`);
    await first.waitForSelector(`rect.seat.mine[data-id="${id}"]`, { timeout: 10000 });
  }
  const countdown = await first.textContent('#countdown');
  if (!/Held for you for \d+:\d\d/.test(countdown)) fail('no countdown: ' + countdown);
  const cartItems = await first.$$eval('#cart li', (items) => items.length);
  if (cartItems !== 2) fail(`the cart shows ${cartItems} seats`);

  await first.click('#checkout');
  await first.waitForSelector('#confirmation:not([hidden])', { timeout: 30000 });
  const order = (await first.textContent('#order-id')).trim();
  const orderState = (await first.textContent('#order-state')).trim();
  if (args.shot) await first.screenshot({ path: args.shot });

  // The other buyer's page learns it from the server (the map is re-read every two seconds).
  for (const id of picks)
    await second.waitForSelector(`rect.seat.sold[data-id="${id}"]`, { timeout: 20000 });
  // And cannot take them: a click on a sold seat holds nothing.
  await second.click(`rect.seat[data-id="${picks[0]}"]`, { force: true }); // aria-disabled: Playwright would wait
  await second.waitForFunction(() => document.querySelector('#message').textContent.trim() !== '', null, { timeout: 10000 });
  const refused = (await second.textContent('#message')).trim();
  console.log(JSON.stringify({ order: Number(order), state: orderState, seats: picks.map(Number), refused }));
} finally {
  await browser.close();
}
