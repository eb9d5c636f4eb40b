// Headless Chromium check of the fib6lab page, driven by playwright-core
// against Debian's /usr/bin/chromium (never a downloaded browser).
//
//   BASE_URL=http://127.0.0.1:8080/ node check.mjs
//
// It asserts that the page boots without console errors, that
// window.fib6lab.state() reports the full table loaded, that one GC pass of
// each strategy completes with equal removals, and that a screenshot is not
// blank. It prints one line per check and "N passed, N failed".
import { chromium } from 'playwright-core';

const FULL_TABLE = 160147;
const base = process.env.BASE_URL || 'http://127.0.0.1:8080/';
const shotPath = process.env.SHOT || 'out/page.png';
const results = [];

function check(name, ok, detail) {
  results.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`);
}

async function waitState(page, pred, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let st = null;
  while (Date.now() < deadline) {
    st = await page.evaluate(() => window.fib6lab && window.fib6lab.state ? window.fib6lab.state() : null);
    if (st && pred(st)) return st;
    await page.waitForTimeout(250);
  }
  return st;
}

// distinctColours decodes a PNG in a blank page and counts its colours.
async function distinctColours(browser, png) {
  const page = await browser.newPage();
  const n = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 7) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return seen.size;
  }, png.toString('base64'));
  await page.close();
  return n;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--no-first-run', '--disable-quic'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  const t0 = Date.now();
  await page.goto(base);

  const ready = await waitState(page, (s) => s.ready, 60000);
  check('state().ready', !!(ready && ready.ready), ready ? `after ${Date.now() - t0} ms` : 'no state hook');
  const lanes = ready ? Object.keys(ready.strategies || {}).sort().join(',') : '';
  check('both strategies reported', lanes === 'gc-list,trie-walk', lanes);
  const base0 = ready && ready.strategies ? ready.strategies['trie-walk'].routes : -1;
  check('full table in main', base0 >= FULL_TABLE && base0 <= FULL_TABLE + 10, `routes=${base0}`);

  const done = await waitState(page, (s) => s.strategies['trie-walk'].passes >= 1 && s.strategies['gc-list'].passes >= 1
    && s.strategies['trie-walk'].pending === 0 && s.strategies['gc-list'].pending === 0, 90000);
  const tw = done.strategies['trie-walk'], gl = done.strategies['gc-list'];
  check('one GC pass per strategy', tw.passes >= 1 && gl.passes >= 1, `trie-walk ${tw.passes}, gc-list ${gl.passes} (${Date.now() - t0} ms after load)`);
  check('equal removals', tw.removed === gl.removed && tw.removed > 0, `trie-walk ${tw.removed}, gc-list ${gl.removed}`);
  check('trie walk visited the whole table, list walk only expiring routes',
    tw.checked >= FULL_TABLE && gl.checked > 0 && gl.checked < 100, `checked ${tw.checked} vs ${gl.checked}`);
  check('routes back to the full table', tw.routes === FULL_TABLE && gl.routes === FULL_TABLE, `${tw.routes} / ${gl.routes}`);
  check('engine time measured', tw.lastPassMicros > 0 && gl.lastPassMicros >= 0,
    `trie-walk ${tw.lastPassMicros} us, gc-list ${gl.lastPassMicros} us`);

  await page.waitForTimeout(500);
  const png = await page.screenshot({ path: shotPath });
  const colours = await distinctColours(browser, png);
  check('screenshot not blank', colours >= 8, `${colours} colours in ${shotPath}`);
  check('no console errors', errors.length === 0, errors.slice(0, 3).join(' | '));
} catch (e) {
  check('page run', false, String(e && e.stack || e));
} finally {
  await browser.close();
}
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
