// Headless Chromium check of the namespace scenarios (issue 12, on the
// page):
//
//   BROWSER_SCRIPT=netns.mjs tests/browser/run.sh
//
// - "rio-storm" (a router announces 5,000 RIO routes) runs to its end;
//   its last GC pass has the gc-list lane check only the routes that can
//   expire (the 5,000 RIO routes and the RA default route: 5,001) while
//   the trie-walk lane checks every route (15,010), both removing the
//   5,000; the topology strip names init, r and the veth pair wan/lan;
// - "router-dies" and "slaac-ages" load, step forward (an RA is an
//   event: the caption names ndisc_router_discovery), step back, run to
//   their end, with no text clipped or overlapping (state().layout);
// - a lane shows the router's namespace when the menu selects it, its
//   header names it, and the SVG export carries the topology strip.
// Screenshots (out/netns-*.png) at 1280x720 and 1600x900, normal and
// presenter, paused and playing.
import { readFile } from 'node:fs/promises';
import { launch, checker, waitState, inMenu } from './lib.mjs';

const base = process.env.BASE_URL || 'http://127.0.0.1:8080/';
const { check, done } = checker();
const call = (page, f, ...a) => page.evaluate(([f, a]) => window.fib6lab[f](...a), [f, a]);
const state = (page) => page.evaluate(() => window.fib6lab.state());
const texts = (page, tag) => page.evaluate((t) => window.fib6lab.texts(t), tag);
const layoutOK = (s) => s.layout.clipped + s.layout.overlaps === 0;
const layoutWhy = (s) => `clipped ${JSON.stringify(s.layout.clippedTexts)}, overlaps ${JSON.stringify(s.layout.overlapTexts)}`;

// load starts scenario name at the top speed, playing or paused.
async function load(page, name, play) {
  await page.evaluate(([n, p]) => { const f = window.fib6lab; f.setSpeed(4096); f.loadScenario(n); if (!p) f.pause(); }, [name, play]);
  return waitState(page, (s) => s.scenarioState.id === name && s.ready, 30000);
}

// toEnd plays the scenario shown to its end (every event shown).
async function toEnd(page, name) {
  await call(page, 'play');
  return waitState(page, (s) => s.scenarioState.id === name && s.scenarioState.done &&
    s.lanes.every((l) => l.pending === 0), 180000);
}

// shots saves the page at both sizes, normal and presenter, as tag.
async function shots(page, tag, check) {
  for (const [w, h] of [[1280, 720], [1600, 900]]) {
    await page.setViewportSize({ width: w, height: h });
    for (const presenter of [false, true]) {
      await call(page, 'presenter', presenter);
      await page.waitForTimeout(700);
      const s = await state(page);
      const mode = `${w}x${h}-${presenter ? 'presenter' : 'normal'}`;
      check(`${tag} ${mode}: no text clipped or overlapping`, layoutOK(s), layoutWhy(s));
      await page.screenshot({ path: `out/netns-${tag}-${mode}.png` });
    }
  }
  await call(page, 'presenter', false);
}

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript(() => localStorage.setItem('fib6lab.intro', 'seen'));
  await page.goto(base);
  await waitState(page, (s) => s.ready, 90000);
  const st0 = await state(page);
  for (const n of ['rio-storm', 'router-dies', 'slaac-ages']) check(`scenario ${n} is in the list`, st0.scenarios.includes(n), st0.scenarios.join(' '));

  // the RIO storm: the trie walk checks all, the GC list only the expiring
  await load(page, 'rio-storm', true);
  await call(page, 'setSpeed', 64); // slow enough to be caught playing
  await page.waitForTimeout(1500);
  await shots(page, 'rio-playing', check);
  check('rio-storm plays', (await state(page)).playing, '');
  await call(page, 'setSpeed', 4096);
  let s = await toEnd(page, 'rio-storm');
  const [tw, gl] = s.lanes.map((l) => l.pass);
  check('rio-storm ends', s.scenarioState.done && !s.error, s.error);
  check('rio-storm: the trie-walk lane checks every route (15,010), the gc-list lane only the 5,001 that can expire; both remove the 5,000',
    tw.strategy === 'trie-walk' && gl.strategy === 'gc-list' && tw.checked === 15010 && gl.checked === 5001 &&
    tw.removed === 5000 && gl.removed === 5000, JSON.stringify([tw, gl]));
  const topo = s.topology;
  check('rio-storm: topology init and r, linked by wan/lan',
    topo.netns.map((n) => n.name).join(',') === ',r' && topo.links.some((l) => l.a === 'wan' && l.b === 'lan' && l.netB === 'r'),
    JSON.stringify(topo));
  const strip = (await texts(page, 'topology')).join(' ');
  check('rio-storm: the topology strip is drawn', strip.includes('init') && strip.includes(' r'), strip);
  await call(page, 'pause');
  await shots(page, 'rio-end', check);

  // the other two: step forward to an RA, back, then to the end
  for (const name of ['router-dies', 'slaac-ages']) {
    await load(page, name, false);
    let ra = false, bad = '';
    for (let i = 0; i < 400 && !ra; i++) {
      await call(page, 'step');
      s = await state(page);
      if (!layoutOK(s)) bad = layoutWhy(s);
      ra = s.caption.includes('ndisc_router_discovery');
    }
    check(`${name}: stepping forward reaches the RA (an event of the time line)`, ra, s.caption);
    check(`${name}: no text clipped or overlapping while stepping`, bad === '', bad);
    const at = s.step;
    await call(page, 'stepBack');
    await call(page, 'stepBack');
    s = await state(page);
    check(`${name}: stepping back moves the player back`, s.step === at - 2, `${at} -> ${s.step}`);
    if (name === 'router-dies') await shots(page, 'router-stepping', check);
    s = await toEnd(page, name);
    check(`${name} runs to its end`, s.scenarioState.done && !s.error, `line ${s.scenarioState.line} of ${s.scenarioState.lines} ${s.error}`);
  }
  await call(page, 'pause');
  s = await state(page);
  check('slaac-ages: the expired prefix route is gone after the GC pass', s.lanes.every((l) => l.pass.removed === 1), JSON.stringify(s.lanes.map((l) => l.pass)));

  // the right lane shows the router through the menu
  await inMenu(page, () => page.selectOption('#sel-ns-right', 'r'));
  s = await waitState(page, (x) => x.lanes[1].netns === 'r', 5000);
  const header = (await texts(page, 'header')).join(' | ');
  check('the menu makes the right lane show r; its header names it; its last pass is r\'s (none yet)', s.lanes[1].netns === 'r' &&
    s.lanes[0].netns === '' && header.includes('netns r') && s.lanes[1].pass.checked === 0, header);
  await shots(page, 'right-shows-r', check);
  const [dl] = await inMenu(page, () => Promise.all([page.waitForEvent('download', { timeout: 60000 }), page.click('#btn-export-svg')]));
  const svg = (await readFile(await dl.path())).toString('utf8');
  check('the SVG export carries the topology strip', svg.includes('─wan═lan─') || svg.includes('─═─'), `${svg.length} bytes`);
  check('no page errors', errors.length === 0, errors.join(' | '));
} finally {
  await browser.close();
}
process.exit(done() ? 1 : 0);
