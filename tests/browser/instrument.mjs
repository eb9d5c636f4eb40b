// Headless Chromium check of the page as an instrument (issue 11):
//
//   BROWSER_SCRIPT=instrument.mjs tests/browser/run.sh
//
// At 1024x768, 1280x720, 1600x900 and 1920x1080, normal and presenter:
// - every view in state().views, paused, keeps its sceneHash and state
//   (timing figures aside) for 4 s, with no text clipped or overlapping
//   (state().layout, the scene builder's own report);
// - after the first GC pass on the full table headline.ratio >= 100.
// At 1280x720: every scenario in state().scenarios, loaded while each view
// is shown, reaches scenarioState.done; stepping forward and back to
// step 0 gives every figure its value at load; a typed `ip -6 route get`
// at the default speed animates for at least 1 s.
// It prints one line per check and "N passed, N failed".
import { launch, checker, waitState } from './lib.mjs';

const base = process.env.BASE_URL || 'http://127.0.0.1:8080/';
const sizes = (process.env.SIZES || '1024x768,1280x720,1600x900,1920x1080').split(',').map((s) => s.split('x').map(Number));
const { check, done } = checker();
const call = (page, f, ...a) => page.evaluate(([f, a]) => window.fib6lab[f](...a), [f, a]);
const state = (page) => page.evaluate(() => window.fib6lab.state());

// canon is JSON.stringify with object keys sorted (the hook builds its
// objects from Go maps, whose order varies).
function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canon(v[k])).join(',')}}`;
  return JSON.stringify(v);
}

// frozen returns the parts of a state that must not move while paused:
// what is drawn and every figure but the timing ones.
function frozen(s) {
  const drop = new Set(['frames', 'frameMicrosP50', 'frameMicrosP95', 'walkFrameMicrosP50', 'walkFrameMicrosP95', 'headline',
    'memory', 'costPlot']);
  return canon(Object.fromEntries(Object.entries(s).filter(([k]) => !drop.has(k))));
}

// open opens the page at w x h (intro seen) and waits for the table.
async function open(browser, w, h) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript(() => localStorage.setItem('fib6lab.intro', 'seen'));
  await page.goto(base);
  await waitState(page, (s) => s.ready, 90000);
  return { page, errors };
}

// pausedViews checks every view, paused, in normal and presenter mode.
async function pausedViews(page, w, h) {
  for (const presenter of [false, true]) {
    await call(page, 'presenter', presenter);
    const mode = `${w}x${h} ${presenter ? 'presenter' : 'normal'}`;
    for (const v of (await state(page)).views) {
      await call(page, 'setView', v);
      await call(page, 'pause');
      await page.waitForTimeout(800); // the page lays itself out again
      const a = await state(page);
      await page.waitForTimeout(4000);
      const b = await state(page);
      const moved = Object.keys(b).filter((k) => canon(a[k]) !== canon(b[k]) && frozen({ [k]: 0 }) !== '{}');
      check(`${mode} ${v}: paused, nothing moves for 4 s`, a.sceneHash === b.sceneHash && frozen(a) === frozen(b) && !b.playing,
        `scene ${a.sceneHash} -> ${b.sceneHash}, step ${a.step} -> ${b.step}${moved.length ? ', moved: ' + moved.join(' ') : ''}`);
      check(`${mode} ${v}: no text clipped or overlapping`, b.layout.clipped === 0 && b.layout.overlaps === 0,
        `clipped ${b.layout.clipped} ${JSON.stringify(b.layout.clippedTexts.slice(0, 2))}, overlaps ${b.layout.overlaps} ${JSON.stringify(b.layout.overlapTexts.slice(0, 2))}`);
      if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${w}x${h}-${presenter ? 'presenter' : 'normal'}-${v}.png` });
      await call(page, 'play');
    }
  }
  await call(page, 'presenter', false);
  await call(page, 'setView', 'gc');
}

// headline waits for the first GC pass and its headline.
async function headline(page, size) {
  const s = await waitState(page, (s) => s.headline && s.headline.done && s.headline.ratio > 0, 120000);
  const h = s && s.headline;
  check(`${size}: headline ratio trie walk / GC list >= 100`, h && h.ratio >= 100,
    h ? `ratio ${Math.round(h.ratio)}: ${h.trieWalk.micros} us ± ${h.trieWalk.spread} vs ${h.gcList.micros} us ± ${h.gcList.spread}` : 'no headline');
}

// scenariosInEveryView loads every scenario while each view is shown.
async function scenariosInEveryView(page) {
  const st = await state(page);
  for (const v of st.views) {
    await call(page, 'setView', v);
    for (const name of st.scenarios) {
      await page.evaluate((n) => { const f = window.fib6lab; f.setSpeed(4096); f.loadScenario(n); f.play(); }, name);
      let fin = await waitState(page, (s) => s.scenarioState.id === name && (s.scenarioState.done || !s.playing), 60000);
      for (let i = 0; i < 20 && !(fin.scenarioState.id === name && fin.scenarioState.done); i++) {
        await call(page, 'play'); // "# pause" lines stop the player: go on
        fin = await waitState(page, (x) => x.scenarioState.done || !x.playing, 30000);
      }
      check(`view ${v}: scenario ${name} runs to its end`, fin.scenarioState.id === name && fin.scenarioState.done && !fin.error,
        `line ${fin.scenarioState.line} of ${fin.scenarioState.lines}${fin.error ? ', error ' + fin.error : ''}`);
    }
  }
  await call(page, 'setSpeed', 2048);
  await call(page, 'setView', 'gc');
}

// figures returns what the page shows as numbers: lanes (shown counts),
// traffic, time, routes, scene aside.
async function figures(page) {
  const f = await page.evaluate(() => {
    const s = window.fib6lab.state();
    return { shown: s.shown, dst: s.dst, ila: s.ila, t: s.timeline.seconds, status: window.fib6lab.texts('status'),
      header: window.fib6lab.texts('header'), narration: s.narration, lookup: s.lastLookup };
  });
  return canon(f);
}

// stepBackToStart checks that step 0 shows what the page showed at load,
// after stepping forward a few operations and back.
async function stepBackToStart(page) {
  await page.evaluate(() => { const f = window.fib6lab; f.setSpeed(4096); f.loadScenario('selftest'); f.pause(); });
  await waitState(page, (s) => s.scenarioState.id === 'selftest' && s.ready, 20000);
  const at0 = await figures(page);
  for (let i = 0; i < 12; i++) await call(page, 'stepOp', 1);
  const moved = await figures(page);
  await call(page, 'seekStart');
  const back = await figures(page);
  const a = JSON.parse(at0), z = JSON.parse(back);
  const differ = Object.keys(a).filter((k) => canon(a[k]) !== canon(z[k])).map((k) => `${k}: ${canon(a[k]).slice(0, 200)} -> ${canon(z[k]).slice(0, 200)}`);
  check('stepping forward then back to step 0 restores every figure', back === at0 && moved !== at0,
    back === at0 ? `${at0.length} characters of figures` : differ.join(' | '));
}

// typedLookupAnimates checks a typed route get plays for >= 1 s.
async function typedLookupAnimates(page) {
  await page.reload();
  await waitState(page, (s) => s.ready, 90000);
  await call(page, 'setSpeed', 2048);
  await call(page, 'play');
  await waitState(page, (s) => s.strategies['trie-walk'].pending === 0 && s.strategies['gc-list'].pending === 0, 60000);
  await page.fill('#con-in', 'ip -6 route get 2001:4860:4860::8888');
  await page.press('#con-in', 'Enter');
  const t0 = Date.now();
  await waitState(page, (s) => s.strategies['trie-walk'].pending > 0, 5000);
  await waitState(page, (s) => s.strategies['trie-walk'].pending === 0, 20000);
  const ms = Date.now() - t0;
  check('a typed ip -6 route get animates for at least 1 s at the default speed', ms >= 1000, `${ms} ms`);
}

const browser = await launch();
for (const [w, h] of sizes) {
  const { page, errors } = await open(browser, w, h);
  await headline(page, `${w}x${h}`);
  await pausedViews(page, w, h);
  if (w === 1280 && !process.env.QUICK) {
    await scenariosInEveryView(page);
    await stepBackToStart(page);
    await typedLookupAnimates(page);
  }
  check(`${w}x${h}: no page errors`, errors.length === 0, errors.slice(0, 2).join(' | '));
  await page.close();
}
await browser.close();
process.exit(done() ? 1 : 0);
