// Headless Chromium check of what a newcomer meets (issue 11, item 6):
//
//   BROWSER_SCRIPT=newcomer.mjs tests/browser/run.sh
//
// - the intro (web/intro.js) shows on a first visit, not on the second in
//   the same browser context, and comes back from the help dialog;
// - `help` typed in the console lists the commands and the page's keys;
// - pan/zoom is reset by the 0 key, a double-click on the trie, the
//   toolbar's reset view button and a change of view;
// - a link copied while paused, after commands were typed in the
//   console, reopens paused at the same step with those commands (their
//   routes in the table, their lines in the console), and a link copied
//   while playing reopens playing.
// It prints one line per check and "N passed, N failed".
import { launch, checker, waitState, inMenu } from './lib.mjs';

const base = process.env.BASE_URL || 'http://127.0.0.1:8080/';
const { check, done } = checker();
const state = (page) => page.evaluate(() => window.fib6lab.state());

// open opens url in a new page of context ctx once window.fib6lab and the
// intro's script are up; page errors go to errors.
async function open(ctx, url, errors) {
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  await page.waitForFunction(() => window.fib6lab && window.fib6intro, null, { timeout: 20000 });
  return page;
}

// key blurs any input and presses k.
async function key(page, k) {
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.keyboard.press(k);
}

// type enters line in the console and waits until it ran.
async function type(page, line) {
  await page.fill('#con-in', line);
  await page.press('#con-in', 'Enter');
  await waitState(page, (s) => s.queued === 0 && !s.busy, 10000);
}

async function intro(browser, errors) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  // scenario links: the pages skip loading the full table
  let page = await open(ctx, base + '#s=selftest', errors);
  check('intro: shown on a first visit', await page.isVisible('#intro'));
  // the page stays usable under it: the console takes a command
  await type(page, 'echo hello');
  check('intro: the console works while it is shown', (await page.textContent('#con-out')).includes('hello'));
  await page.click('#intro-close');
  check('intro: dismissed', !(await page.isVisible('#intro')));
  await page.close();
  page = await open(ctx, base + '#s=gc-measure-1000', errors);
  await page.waitForTimeout(300);
  check('intro: not shown on the second visit', !(await page.isVisible('#intro')));
  await key(page, '?');
  await page.click('#help-intro');
  const back = await page.isVisible('#intro') && !(await page.isVisible('#help'));
  await key(page, 'Escape');
  check('intro: reopened from the help dialog, closed by Esc', back && !(await page.isVisible('#intro')));
  return { ctx, page };
}

// consoleHelp types help on page and reads what the console shows.
async function consoleHelp(page) {
  await waitState(page, (s) => s.ready && s.scenario, 20000);
  await type(page, 'help');
  await page.waitForTimeout(300);
  const out = await page.textContent('#con-out');
  const missing = ['ip -6 route add|del|replace|get|show|flush', 'sysctl [-w]', 'sleep SECONDS', 'kernel [VERSION]',
    'gen routes N PREFIX', 'send DST', 'ptb DST mtu M', 'redirect DST to TARGET', 'cat /proc/net/rt6_stats', 'echo WORDS',
    'true', 'false', 'Space', 'reset the view', 'legend of the marks'].filter((w) => !out.includes(w));
  check('help: lists the commands and the keys', missing.length === 0 && !/command not found/.test(out),
    missing.length ? `missing ${missing.join(', ')}` : '');
}

// inTrie returns a point of the left trie view: below the status line
// and the lane's header.
async function inTrie(page) {
  const box = await page.locator('canvas').boundingBox();
  return [box.x + 200, box.y + 24 + 92 + 40];
}

// zoomed zooms in with the wheel over the left trie view and reports
// whether the camera zoomed.
async function zoomed(page) {
  await page.mouse.move(...await inTrie(page));
  for (let i = 0; i < 4; i++) {
    await page.mouse.wheel(0, -240);
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(200);
  return (await state(page)).viewState.zoomX > 1.5;
}

async function whole(page) {
  await page.waitForTimeout(200);
  const v = (await state(page)).viewState;
  return v.zoomX === 1 && v.zoomY === 1 && v.x0 === 0;
}

async function resetView(page) {
  const z0 = await zoomed(page);
  await key(page, '0');
  check('reset view: the 0 key', z0 && await whole(page), `zoomed ${z0}`);
  const z1 = await zoomed(page);
  await page.mouse.dblclick(...await inTrie(page));
  check('reset view: a double-click on the trie', z1 && await whole(page), `zoomed ${z1}`);
  const z2 = await zoomed(page);
  await inMenu(page, () => page.click('#btn-reset-view'));
  check('reset view: the toolbar button', z2 && await whole(page), `zoomed ${z2}`);
  const z3 = await zoomed(page);
  await page.selectOption('#sel-view', 'ila');
  await page.selectOption('#sel-view', 'gc');
  check('reset view: a change of view shows the whole trie', z3 && await whole(page), `zoomed ${z3}`);
}

// stable is JSON with object keys sorted (Go maps come in any order).
function stable(v) {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stable(v[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

// shown is what a reopened link must show alike.
const shown = (s) => stable([s.scenario, s.step, s.playerIndex, s.shown, s.routes, s.jiffies, s.narration, s.lastLookup]);

// pausedLink loads an exercise from the menu of page, types commands,
// steps, and opens the link it copies in a new page of ctx.
async function pausedLink(ctx, page, errors) {
  await page.selectOption('#sel-scenario', 'exercise-lookup');
  await waitState(page, (s) => s.scenario === 'exercise-lookup' && !s.playing && /^Question/.test(s.narration), 20000);
  const typed = ['ip -6 route add 2001:db8:77::/64 dev eth0', 'ip -6 route get 2001:db8:77::1'];
  for (const line of typed) await type(page, line);
  for (let i = 0; i < 6; i++) await key(page, 'ArrowRight');
  await key(page, 'ArrowLeft');
  const s1 = await state(page);
  await inMenu(page, () => page.click('#btn-copy-link'));
  await page.waitForFunction(() => document.getElementById('link-out').value.includes('#'));
  const url = await page.inputValue('#link-out');
  const again = await open(ctx, url, errors);
  await waitState(again, (s) => s.scenario === 'exercise-lookup' && s.step === s1.step, 20000);
  await again.waitForTimeout(500); // it stays there: paused
  const s3 = await state(again);
  const con = await again.textContent('#con-out');
  check('link: a paused link reopens paused at the same step', !s1.playing && !s3.playing && shown(s3) === shown(s1),
    shown(s3) === shown(s1) ? `step ${s3.step}` : `${shown(s1)}\n  vs ${shown(s3)}`);
  check('link: with the commands typed in the console', typed.every((l) => con.includes(l)) && s3.routes === s1.routes,
    `routes ${s1.routes} vs ${s3.routes}`);
  // a playing link reopens playing (restored here, in the running page)
  await key(again, 'Space');
  const s4 = await again.evaluate(() => {
    const f = window.fib6lab, link = f.shareLink();
    f.pause();
    f.restore(link);
    return f.state();
  });
  check('link: a playing link reopens playing', s4.playing && s4.scenario === 'exercise-lookup' && !s4.error,
    `playing ${s4.playing}, ${s4.scenario} ${s4.error}`);
}

const browser = await launch();
const errors = [];
const t0 = Date.now();
try {
  const { ctx, page } = await intro(browser, errors);
  await consoleHelp(page);
  await resetView(page);
  await pausedLink(ctx, page, errors);
  check('no page errors', errors.length === 0, errors.slice(0, 3).join(' | '));
} catch (e) {
  check('newcomer run', false, String(e && e.stack || e));
} finally {
  await browser.close();
}
console.log(`newcomer checks took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(done() ? 1 : 0);
