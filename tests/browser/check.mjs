// Headless Chromium check of the fib6lab page, driven by playwright-core
// against Debian's /usr/bin/chromium (never a downloaded browser).
//
//   BASE_URL=http://127.0.0.1:8080/ node check.mjs
//
// It asserts that the page boots without console errors, that
// window.fib6lab.state() reports the full table loaded (plus eth0's kernel
// routes), that one GC pass of each strategy completes with equal removals,
// that the console runs commands as iproute2 prints them (with keyboard
// history and an animated lookup), that a screenshot is not blank, and
// then that a hostile pasted script does not stop the page (hostile.mjs).
// It prints one line per check and "N passed, N failed".
import { readFileSync } from 'fs';
import { launch, openPage, checker, waitState, inMenu } from './lib.mjs';
import { runHostile } from './hostile.mjs';
import { runViews } from './views.mjs';
import { runTeach } from './teach.mjs';

const FULL_TABLE = 160147;
const base = process.env.BASE_URL || 'http://127.0.0.1:8080/';
const shotPath = process.env.SHOT || 'out/page.png';
const { check, done: finish } = checker();

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

const exec = (page, line) => page.evaluate((l) => window.fib6lab.exec(l), line);

// ftraceChecks records tracepoints from the menu, runs a lookup and an
// add, and downloads the trace as a user does.
async function ftraceChecks(page) {
  await inMenu(page, () => page.click('#btn-ftrace'));
  const pressed = await page.getAttribute('#btn-ftrace', 'aria-pressed');
  await exec(page, 'ip -6 route get 2001:db8:ffff::9');
  await exec(page, 'ip -6 route add 2001:db8:fffe::/48 dev eth0');
  const [dl] = await Promise.all([page.waitForEvent('download'), inMenu(page, () => page.click('#btn-ftrace-save'))]);
  const text = readFileSync(await dl.path(), 'utf8');
  await inMenu(page, () => page.click('#btn-ftrace'));
  const lookups = text.match(/fib6_table_lookup: table 254 .* ==> dev eth0 gw 2001:db8::2 err 0/g) || [];
  check('tracepoints: recorded from the menu and downloaded',
    pressed === 'true' && dl.suggestedFilename() === 'fib6lab-trace.txt' && /# cmd 1: ip -6 route get 2001:db8:ffff::9/.test(text) &&
    lookups.length === 2 && /call_site=fib6_add_1/.test(text),
    `pressed ${pressed}, ${dl.suggestedFilename()}, ${text.length} bytes, ${lookups.length} lookups in table 254 (one per lane)`);
}

// consoleChecks runs commands through window.fib6lab.exec and the console
// input, and waits for the lookup animation to reach its answer.
async function consoleChecks(page) {
  const route = '2001:db8:ffff::/48 via 2001:db8::2 dev eth0 metric 1024 pref medium\n';
  const add = await exec(page, 'ip -6 route add 2001:db8:ffff::/48 via 2001:db8::2 dev eth0');
  check('console: add', add.status === 0 && add.output === '' && !add.mismatch, JSON.stringify(add));
  const show = await exec(page, 'ip -6 route show 2001:db8:ffff::/48');
  check('console: show prints as iproute2', show.status === 0 && show.output === route, JSON.stringify(show));
  const dup = await exec(page, 'ip -6 route add 2001:db8:ffff::/48 via 2001:db8::2 dev eth0');
  check('console: duplicate add fails as iproute2', dup.status === 2 && dup.output === 'RTNETLINK answers: File exists\n',
    JSON.stringify(dup));
  const all = await exec(page, 'ip -6 route show');
  check('console: a full-table show is capped', all.status === 0 && all.output.split('\n').length === 502 &&
    /^\.\.\. more lines not shown/m.test(all.output), `${all.output.split('\n').length} lines`);

  const typed = 'ip -6 route show 2001:db8:ffff::/48';
  await page.click('#con-in');
  await page.keyboard.type(typed);
  await page.keyboard.press('Enter');
  await page.waitForFunction((t) => [...document.querySelectorAll('#con-out .output')].some((d) => d.textContent === t),
    route.trim(), { timeout: 5000 }).catch(() => {});
  const shown = await page.evaluate(() => [...document.querySelectorAll('#con-out .ln')].slice(-2).map((d) => d.textContent));
  check('console: Enter runs the typed line', shown[0] === typed && shown[1] === route.trim(), JSON.stringify(shown));
  await page.keyboard.type('draft');
  await page.keyboard.press('ArrowUp');
  const up = await page.inputValue('#con-in');
  await page.keyboard.press('ArrowDown');
  const down = await page.inputValue('#con-in');
  check('console: Up/Down history', up === typed && down === 'draft', `up ${JSON.stringify(up)}, down ${JSON.stringify(down)}`);
  await page.fill('#con-in', '');

  const t0 = Date.now();
  const get = await exec(page, 'ip -6 route get 2001:db8:ffff::1');
  check('console: route get', get.status === 0 && get.output.startsWith('2001:db8:ffff::1 from :: via 2001:db8::2 dev eth0'),
    JSON.stringify(get));
  const mid = await waitState(page, (s) => /route get 2001:db8:ffff::1 .*fib6_table_lookup/.test(s.caption) && s.lastLookup.prefix !== '2001:db8:ffff::/48', 3000);
  check('console: lookup animates step by step', mid && /route get 2001:db8:ffff::1/.test(mid.caption), mid && mid.caption);
  await page.waitForTimeout(300);
  await page.screenshot({ path: shotPath.replace(/\.png$/, '-lookup.png') });
  const st = await waitState(page, (s) => s.lastLookup.prefix === '2001:db8:ffff::/48', 15000);
  check('console: lookup animation ends at the matched node', st && st.lastLookup.prefix === '2001:db8:ffff::/48',
    `${JSON.stringify(st && st.lastLookup)} after ${Date.now() - t0} ms; caption: ${st && st.caption}`);
}

const browser = await launch();
try {
  const t0 = Date.now();
  const { page, errors } = await openPage(browser, base);

  const ready = await waitState(page, (s) => s.ready, 60000);
  check('state().ready', !!(ready && ready.ready), ready ? `after ${Date.now() - t0} ms` : 'no state hook');
  const lanes = ready ? Object.keys(ready.strategies || {}).sort().join(',') : '';
  check('both strategies reported', lanes === 'gc-list,trie-walk', lanes);
  const kr = ready ? ready.kernelRoutes : -1;
  const base0 = ready && ready.strategies ? ready.strategies['trie-walk'].routes : -1;
  check('full table in main', kr > 0 && ready.routes === FULL_TABLE + kr + 10 && base0 === ready.routes,
    `routes=${ready && ready.routes} (${FULL_TABLE} + ${kr} kernel routes + 10 demo)`);

  const done = await waitState(page, (s) => s.strategies['trie-walk'].passes >= 1 && s.strategies['gc-list'].passes >= 1
    && s.strategies['trie-walk'].pending === 0 && s.strategies['gc-list'].pending === 0, 90000);
  const tw = done.strategies['trie-walk'], gl = done.strategies['gc-list'];
  check('one GC pass per strategy', tw.passes >= 1 && gl.passes >= 1, `trie-walk ${tw.passes}, gc-list ${gl.passes} (${Date.now() - t0} ms after load)`);
  check('equal removals', tw.removed === gl.removed && tw.removed > 0, `trie-walk ${tw.removed}, gc-list ${gl.removed}`);
  check('trie walk visited the whole table, list walk only expiring routes',
    tw.checked >= FULL_TABLE && gl.checked > 0 && gl.checked < 100, `checked ${tw.checked} vs ${gl.checked}`);
  check('routes back to the full table', tw.routes === FULL_TABLE + kr && gl.routes === FULL_TABLE + kr && done.routes === tw.routes,
    `${tw.routes} / ${gl.routes} (${FULL_TABLE} + ${kr})`);
  check('engine time measured', tw.lastPassMicros > 0 && gl.lastPassMicros >= 0,
    `trie-walk ${tw.lastPassMicros} us, gc-list ${gl.lastPassMicros} us`);

  await consoleChecks(page);
  await ftraceChecks(page);
  const png = await page.screenshot({ path: shotPath });
  const colours = await distinctColours(browser, png);
  check('screenshot not blank', colours >= 8, `${colours} colours in ${shotPath}`);
  check('no console errors', errors.length === 0, errors.slice(0, 3).join(' | '));
  await runViews(browser, page, check, waitState);
  await runTeach(browser, base, check, waitState);
  const t1 = Date.now();
  await runHostile(page, check, waitState, errors);
  await page.screenshot({ path: shotPath.replace(/\.png$/, '-hostile.png') });
  console.log(`hostile part took ${Date.now() - t1} ms`);
} catch (e) {
  check('page run', false, String(e && e.stack || e));
} finally {
  await browser.close();
}
process.exit(finish() ? 1 : 0);
