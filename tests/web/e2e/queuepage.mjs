// A buyer on an event on sale through its waiting room: the seat click is refused for want of an
// admission and sends the page to the queue; the queue page shows the place, lets the buyer in once
// the draw has closed and the place is admitted, and back on the buyer page the same click holds the
// seat. Prints one JSON line with what happened; exits non-zero on any step that did not happen.
import { chromium } from 'playwright-core';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const base = args.url;
const fail = (why) => { console.error('queuepage: ' + why); process.exit(1); };
if (!base || !args.token || !args.event) fail('usage: --url=URL --token=T --event=ID');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${base}/?event=${args.event}#token=${args.token}`);
  await page.waitForSelector('rect.seat.available', { timeout: 20000 });
  const seat = await page.$eval('rect.seat.available', (r) => r.dataset.id);
  await page.click(`rect.seat[data-id="${seat}"]`);
  await page.waitForURL(`**/queue/${args.event}`, { timeout: 20000 });

  await page.waitForFunction(() => /^\d+$/.test(document.getElementById('position').textContent), null, { timeout: 20000 });
  const position = Number(await page.textContent('#position'));
  const drawShown = await page.isVisible('#draw');
  await page.waitForSelector('#admitted:not([hidden])', { timeout: 40000 });
  await page.click('#enter');
  await page.waitForURL(`**/?event=${args.event}`, { timeout: 20000 });

  await page.waitForSelector(`rect.seat.available[data-id="${seat}"]`, { timeout: 20000 });
  await page.click(`rect.seat[data-id="${seat}"]`);
  await page.waitForSelector(`rect.seat.mine[data-id="${seat}"]`, { timeout: 10000 });
  console.log(JSON.stringify({ seat: Number(seat), position, drawShown }));
} finally {
  await browser.close();
}
