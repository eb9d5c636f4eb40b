// Headless Chromium check of the GC view's lanes as releases: state().lanes
// names each lane's id, release and strategy; `kernel V` typed in the
// console sets both lanes, `left:`/`right:` one (the Go test
// TestLaneHeaderNamesTheStrategyItsTraceRan checks the headers drawn). It
// saves screenshots at 1280x720 and 1600x900 (out/lanes-*.png) to look at.
//
//   BASE_URL=http://127.0.0.1:8080/ node lanes.mjs
import { launch, openPage, checker, waitState } from './lib.mjs';

const base = process.env.BASE_URL || 'http://127.0.0.1:8080/';
const { check, done } = checker();

const exec = (page, line) => page.evaluate((l) => window.fib6lab.exec(l), line);
const lanes = (s) => s.lanes.map((l) => `${l.id} ${l.kernel} ${l.strategy}`).join(', ');

const browser = await launch();
try {
  const { page, errors } = await openPage(browser, base);
  const ready = await waitState(page, (s) => s.ready && s.strategies['trie-walk'].passes >= 1 &&
    s.strategies['trie-walk'].pending === 0 && s.strategies['gc-list'].pending === 0, 120000);
  check('lanes at load: left 6.1 trie-walk, right 6.18 gc-list', !!ready && lanes(ready) === 'left 6.1 trie-walk, right 6.18 gc-list',
    ready && lanes(ready));
  check('strategies[] kept by position', !!ready && ready.strategies['trie-walk'].removed === ready.lanes[0].removed &&
    ready.strategies['gc-list'].removed === ready.lanes[1].removed && ready.lanes[0].removed === 10,
    ready && JSON.stringify(ready.lanes));
  for (const size of [[1280, 720], [1600, 900]]) {
    await page.setViewportSize({ width: size[0], height: size[1] });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `out/lanes-load-${size[0]}x${size[1]}.png` });
  }

  const k = await exec(page, 'kernel');
  check('`kernel` prints each lane\'s release', k.status === 0 && k.output === 'left · 6.1:\n6.1\nright · 6.18:\n6.18\n' && !k.mismatch,
    JSON.stringify(k));
  await exec(page, 'kernel 6.1');
  let st = await page.evaluate(() => window.fib6lab.state());
  check('kernel 6.1 makes both lanes 6.1 trie-walk', lanes(st) === 'left 6.1 trie-walk, right 6.1 trie-walk', lanes(st));
  await page.evaluate(() => window.fib6lab.runGC());
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'out/lanes-both-6.1-1600x900.png' });
  await exec(page, 'right: kernel 6.18');
  await exec(page, 'left: kernel 6.12');
  st = await page.evaluate(() => window.fib6lab.state());
  check('left:/right: set one lane each', lanes(st) === 'left 6.12 gc-list, right 6.18 gc-list', lanes(st));
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'out/lanes-6.12-6.18-1600x900.png' });
  check('no console errors', errors.length === 0, errors.join(' | '));
} finally {
  await browser.close();
}
process.exit(done() ? 1 : 0);
