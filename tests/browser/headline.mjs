// Headless Chromium check of the page's headline (issue 11, item 3;
// wasm/app/headline.go):
//
//   BROWSER_SCRIPT=headline.mjs tests/browser/run.sh
//
// At 1280x720, once the first GC pass on the full table has run and the
// measurement has a sample of each strategy, it checks that
// state().headline holds the exact counts of a pass (the trie walk checks
// every route, the list walk none of them and steps on no node), a time
// per pass with its spread and the clock's tick, and a ratio of at least
// 100; that the lane headers show that ratio and the trie walk's routes
// checked and time per pass, in presenter mode too; and that nothing of
// it changes while the page is paused. Screenshots go to
// out/headline-1280x720*.png. It prints the figures with the checks.
import { launch, checker, waitState } from './lib.mjs';

const FULL_TABLE = 160147;
const base = process.env.BASE_URL || 'http://127.0.0.1:8080/';
const { check, done } = checker();
const t0 = Date.now();

// ratioText is the ratio as the page writes it (scene.FormatRatio): two
// significant digits, "~3,000x".
function ratioText(r) {
  if (r < 10) return `~${r.toFixed(1)}x`;
  const p = 10 ** (Math.floor(Math.log10(r)) - 1);
  return `~${(Math.round(r / p) * p).toLocaleString('en-US')}x`;
}

// stable is JSON with object keys sorted (Go maps come in any order).
function stable(v) {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stable(v[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

// shown reads the headline and the lane headers' texts of one frame (a
// new sample may land between two frames: it reads again then).
async function shown(page) {
  let r;
  for (let i = 0; i < 5; i++) {
    r = await page.evaluate(() => ({ h: window.fib6lab.state().headline, texts: window.fib6lab.texts('header') }));
    if (r.texts.includes(ratioText(r.h.ratio))) return r;
    await page.waitForTimeout(200);
  }
  return r;
}

// onScreen checks that the headers show the ratio and the trie walk's
// routes checked with its time per pass.
function onScreen(what, r) {
  const routes = r.h.trieWalk.routesChecked.toLocaleString('en-US');
  const line = r.texts.find((t) => t.includes(`${routes} routes checked`) && t.includes('per pass'));
  check(`${what}: the headers show the ratio ${ratioText(r.h.ratio)}`, r.texts.includes(ratioText(r.h.ratio)),
    JSON.stringify(r.texts.filter((t) => t.startsWith('~'))));
  check(`${what}: the headers show the trie walk's routes checked and time per pass`, !!line, line);
}

const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(base);

let s = await waitState(page, (s) => s.ready && s.strategies['trie-walk'].passes >= 1, 45000);
check('the first GC pass ran on the full table', s && s.ready && s.routes >= FULL_TABLE && s.strategies['trie-walk'].passes >= 1,
  s && `${s.routes} routes, ${s.strategies['trie-walk'].passes} passes`);
s = await waitState(page, (s) => s.headline.ratio > 0, 40000);
const h = s.headline;
const tw = h.trieWalk, gl = h.gcList;
console.log(`     trie walk ${tw.micros.toFixed(0)} ± ${tw.spread.toFixed(0)} us (${tw.runs} runs), gc list ${gl.micros.toFixed(2)} ± ${gl.spread.toFixed(2)} us (${gl.runs} runs), clock tick ${h.resolutionMicros} us, ${((Date.now() - t0) / 1000).toFixed(1)} s in`);
check('headline.ratio >= 100 after the first pass', h.ratio >= 100, `ratio ${h.ratio.toFixed(0)}`);
check('the ratio is the trie walk\'s median over the gc list\'s', Math.abs(h.ratio - tw.micros / gl.micros) < 1e-6 * h.ratio);
check('the trie walk checks every route and steps on more nodes', tw.routesChecked >= FULL_TABLE && tw.nodesVisited > tw.routesChecked,
  `${tw.nodesVisited} nodes, ${tw.routesChecked} routes`);
check('the list walk steps on no node and checks at most the 10 expiring routes', gl.nodesVisited === 0 && gl.routesChecked <= 10,
  `${gl.nodesVisited} nodes, ${gl.routesChecked} routes`);
check('each time is a median with a spread, over the clock\'s tick', tw.runs >= 1 && gl.runs >= 1 && tw.spread > 0 && gl.spread >= 0 &&
  h.resolutionMicros > 0 && tw.micros > h.resolutionMicros, `tick ${h.resolutionMicros} us`);

onScreen('1280x720', await shown(page));
await page.screenshot({ path: 'out/headline-1280x720.png' });
await page.evaluate(() => window.fib6lab.setPanel('presenter', true));
await page.waitForTimeout(1000);
onScreen('1280x720 presenter', await shown(page));
await page.screenshot({ path: 'out/headline-1280x720-presenter.png' });

await page.evaluate(() => window.fib6lab.pause());
const paused = await shown(page);
await page.waitForTimeout(3000);
const later = await shown(page);
check('paused, the headline and its texts stay', stable(later) === stable(paused),
  `runs ${paused.h.trieWalk.runs}/${paused.h.gcList.runs} then ${later.h.trieWalk.runs}/${later.h.gcList.runs}`);
check('no page errors', errors.length === 0, errors.slice(0, 3).join(' | '));
await browser.close();
console.log(`headline check took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(done() ? 1 : 0);
