// The teaching part of the browser check (web/teach.js, wasm/hook_teach.go):
// scenarios from the menu, keyboard shortcuts (and that they are off
// while typing), stepping back restores the counters exactly, and a copied
// link opened in a fresh page restores the same state. Each part opens its
// own page, so it does not depend on the rest of the check.
import { inMenu } from './lib.mjs';

const state = (page) => page.evaluate(() => window.fib6lab.state());

// key blurs any input and presses key on the page.
async function key(page, k, times = 1) {
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  for (let i = 0; i < times; i++) await page.keyboard.press(k);
}

async function openPage(browser, url, errors) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  await page.waitForFunction(() => window.fib6lab && document.querySelectorAll('#sel-scenario option').length > 5,
    null, { timeout: 20000 });
  return page;
}

// loadScenario picks name from the menu and waits until its script ran
// and the player showed everything (or pred holds).
async function loadScenario(page, name, waitState, pred) {
  await page.selectOption('#sel-scenario', name);
  return waitState(page, (s) => s.scenario === name && pred(s), 20000);
}

// stable is JSON with object keys sorted (Go maps come in any order).
function stable(v) {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stable(v[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

// same compares the parts of state() a restored page must show alike.
function same(a, b) {
  const pick = (s) => stable([s.scenario, s.step, s.playerIndex, s.shown, s.pseudoLanes, s.narration,
    s.speed, s.viewState.pseudo, s.viewState.timeline, s.timeline.pos, s.timeline.jiffies, s.lastLookup]);
  return pick(a) === pick(b) ? '' : `${pick(a)}\n  vs ${pick(b)}`;
}

export async function runTeach(browser, base, check, waitState) {
  const t0 = Date.now();
  const errors = [];
  // a link to a scenario skips the full table's load (the menu is tested below)
  const page = await openPage(browser, base + '#s=exercise-lookup', errors);

  // an exercise: paused at its question, the answer revealed by stepping
  let s = await waitState(page, (s) => s.scenario === 'exercise-lookup' && !s.playing && /^Question/.test(s.narration), 20000);
  check('teach: exercise stops at its question', s && !s.playing && /^Question/.test(s.narration), s && s.narration);
  const step0 = s.step;
  await key(page, 'ArrowRight');
  s = await state(page);
  check('teach: Right steps forward', s.step === step0 + 1, `step ${step0} -> ${s.step}`);
  await key(page, 'ArrowRight', 3);
  s = await page.evaluate(() => {
    const f = window.fib6lab;
    for (let i = 0; i < 500 && f.state().lastLookup.count < 5; i++) f.step();
    return f.state();
  });
  check('teach: stepping reveals the answer', s.lastLookup.prefix === '2001:db8:a:1::/64' && s.pseudo.op === 'fib6_node_lookup',
    `${JSON.stringify(s.lastLookup)}; pseudo ${JSON.stringify(s.pseudo)}`);

  // shortcuts
  const playing = (await state(page)).playing;
  await key(page, 'Space');
  check('teach: Space toggles playing', (await state(page)).playing === !playing);
  await key(page, 'Space');
  const sp = (await state(page)).speed;
  await key(page, '-');
  const slower = (await state(page)).speed;
  await key(page, '+', 2);
  const faster = (await state(page)).speed;
  check('teach: - and + change the speed', slower === sp / 2 && faster === sp * 2 || sp === 4096 && faster === 4096,
    `${sp} -> ${slower} -> ${faster}`);
  await key(page, '?');
  const help = await state(page);
  const shown = await page.isVisible('#help');
  await key(page, 'Escape');
  check('teach: ? shows the help overlay, Esc hides it', help.viewState.help && shown && !(await state(page)).viewState.help);
  await page.click('#con-in');
  const before = (await state(page)).playing;
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowLeft');
  const typed = await page.inputValue('#con-in');
  check('teach: shortcuts are off while typing', (await state(page)).playing === before && typed === ' ', JSON.stringify(typed));
  await page.fill('#con-in', '');

  // back-step restores the counters exactly
  s = await loadScenario(page, 'gc-measure-1000', waitState,
    (s) => s.shown['trie-walk'].passes >= 1 && s.strategies['trie-walk'].pending === 0 && s.strategies['gc-list'].pending === 0);
  check('teach: the GC measurement scenario runs', s && s.shown['trie-walk'].checked >= 1000 && s.shown['gc-list'].checked >= 1,
    s && JSON.stringify(s.shown));
  await key(page, 'Shift+ArrowLeft');
  const atOp = await state(page);
  await page.evaluate(() => { for (let i = 0; i < 40; i++) window.fib6lab.step(); });
  const mid = await state(page);
  await key(page, 'ArrowLeft', 10);
  const back = await state(page);
  await key(page, 'ArrowRight', 10);
  const again = await state(page);
  check('teach: Shift+Left goes back a whole operation', atOp.step < s.step && atOp.timeline.marks > 0, `${s.step} -> ${atOp.step}`);
  check('teach: Left steps back', back.step === mid.step - 10 && same(mid, back) !== '', `${mid.step} -> ${back.step}`);
  const diff = same(mid, again);
  check('teach: 10 back and 10 forward restore state and counters exactly', diff === '', diff);

  // the copied link restores the same state in a fresh page
  await key(page, 'c');
  await key(page, 't');
  await inMenu(page, () => page.click('#btn-copy-link'));
  const url = await page.inputValue('#link-out');
  const here = await state(page);
  const page2 = await openPage(browser, url, errors);
  const there = await waitState(page2, (s) => s.scenario === 'gc-measure-1000' && s.step === here.step, 20000);
  const d2 = there ? same(here, there) : 'not restored';
  check('teach: a copied link restores the same state', url.includes('#') && d2 === '', `${url.slice(0, 120)}… ${d2}`);
  await page2.close();

  // the user's script
  await inMenu(page, async () => {
    await page.fill('#script-in', '# > my script\nip -6 route add 2001:db8:9::/64 via 2001:db8::2 dev eth0\nip -6 route get 2001:db8:9::1');
    await page.click('#btn-run-script');
  }, true);
  s = await waitState(page, (s) => s.scenario === 'script' && s.lastLookup.prefix === '2001:db8:9::/64', 20000);
  check('teach: a pasted script runs', s && s.narration === 'my script', s && JSON.stringify([s.narration, s.lastLookup]));
  check('teach: no page errors', errors.length === 0, errors.slice(0, 3).join(' | '));
  await page.close();
  console.log(`teach part took ${Date.now() - t0} ms`);
}
