// Headless Chromium check of "Load my table…" (web/teach.js, loadDump in
// wasm/hook_dump.go): the shipped full table, written as `ip -6 route
// show` prints it on a machine whose routes go via fe80::1 dev eth0 (plus
// one route that expires), is pasted into the menu's box and loaded; both
// lanes then hold it, show its GC list and run their GC passes on it. A
// bad dump (an IPv4 route on line 3) shows the error with its line and
// leaves the table as it was; an opened file loads too; a record
// (engine/iproute2/testdata/record-small.txt) loads and replays to its
// end, a bad record is refused with its line. Screenshots at 1280x720 and 1600x900 go to
// out/dump-*.png.
//
//   BASE_URL=http://127.0.0.1:8080/ node dump.mjs
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { launch, openPage, checker, waitState, inMenu } from './lib.mjs';

const base = process.env.BASE_URL || 'http://127.0.0.1:8080/';
const { check, done } = checker();

const prefixes = gunzipSync(readFileSync(new URL('../../data/ipv6-fulltable.txt.gz', import.meta.url)))
  .toString().split(/\s+/).filter((p) => p);
const dump = ['2001:db8::/64 dev eth0 proto kernel metric 256 pref medium']
  .concat(prefixes.map((p) => `${p} via fe80::1 dev eth0 proto bgp metric 1024 pref medium`))
  .concat(['2001:db8:ffff::/48 via fe80::1 dev eth0 metric 1024 expires 20sec pref medium',
    'fe80::/64 dev eth0 proto kernel metric 256 pref medium',
    'local 2001:db8::1 dev eth0 table local proto kernel metric 0 pref medium']).join('\n') + '\n';
const want = prefixes.length + 3; // table main: the prefixes, the expiring route and eth0's two

// load pastes text into the box and presses "Load table", then waits
// for the message under it to change from "loading…".
async function load(page, text) {
  return inMenu(page, async () => {
    await page.evaluate((t) => { // a paste, as Ctrl+V makes it
      document.getElementById('dump').open = true;
      document.getElementById('dump-msg').textContent = '';
      const box = document.getElementById('dump-in');
      box.value = '';
      box.focus();
      const dt = new DataTransfer();
      dt.setData('text/plain', t);
      if (box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }))) {
        box.value = t; // not taken aside: the browser inserts it (a synthetic paste does not)
      }
    }, text);
    await page.click('#btn-load-dump');
    await page.waitForFunction(() => {
      const m = document.getElementById('dump-msg').textContent;
      return m && !m.startsWith('loading');
    }, null, { timeout: 120000 });
    return page.evaluate(() => {
      const m = document.getElementById('dump-msg');
      return { text: m.textContent, error: m.classList.contains('error') };
    });
  });
}

const browser = await launch();
try {
  const { page, errors } = await openPage(browser, base);
  const first = await waitState(page, (s) => s.ready, 120000);
  await page.evaluate(() => window.fib6intro && window.fib6intro.close()); // the first visit's intro card
  check('page ready with the shipped table', !!first && first.ready, first && `${first.routes} routes`);

  const t0 = Date.now();
  const m = await load(page, dump);
  const secs = (Date.now() - t0) / 1000;
  const box = await page.evaluate(() => document.getElementById('dump-in').value);
  check('a big paste is kept aside, the box says what it holds', box === `(pasted: ${(want + 1).toLocaleString('en-US')} lines, ${(dump.length / 1e6).toFixed(1)} MB; Load table loads them)`, box);
  check('a pasted 160k-line dump loads', !m.error && m.text.startsWith(`loaded: ${want} routes in table main (`), `${m.text} (${secs.toFixed(1)} s)`);
  let st = await waitState(page, (s) => s.ready && s.lanes.every((l) => l.routes === want), 60000);
  check('both lanes hold the dump\'s table main', !!st && st.lanes.every((l) => l.routes === want) && st.playing,
    st && st.lanes.map((l) => l.routes).join(' '));
  for (const size of [[1280, 720], [1600, 900]]) {
    await page.setViewportSize({ width: size[0], height: size[1] });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `out/dump-loaded-${size[0]}x${size[1]}.png` });
  }
  // the expiring route: after the GC timer (30 s of the 10x clock) both
  // lanes' passes remove it, the trie walk over the whole table
  st = await waitState(page, (s) => s.lanes.every((l) => l.removed >= 1), 60000);
  check('the GC passes remove the dump\'s expiring route in both lanes', !!st && st.lanes.every((l) => l.removed === 1 && l.routes === want - 1),
    st && JSON.stringify(st.lanes.map((l) => [l.strategy, l.passes, l.checked, l.removed, l.routes])));
  check('the trie walk checked every route, the GC list one', !!st && st.lanes[0].checked >= want && st.lanes[1].checked <= 2,
    st && `${st.lanes[0].checked} / ${st.lanes[1].checked}`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'out/dump-gc-1600x900.png' });

  const before = await page.evaluate(() => window.fib6lab.state());
  const bad = await load(page, '2001:db8::/64 dev eth0 proto kernel metric 256 pref medium\n2001:db8:1::/64 via fe80::1 dev eth0 metric 1024 pref medium\ndefault via 192.0.2.1 dev eth0 proto dhcp metric 100\n');
  check('a bad dump names its line and what is wrong', bad.error && bad.text.startsWith('dump line 3: an IPv4 route') && bad.text.includes('unchanged'), bad.text);
  const after = await page.evaluate(() => window.fib6lab.state());
  check('after a bad dump the table is unchanged', after.lanes.every((l, i) => l.routes === before.lanes[i].routes && l.kernel === before.lanes[i].kernel) &&
    after.routes === want - 1, `${after.routes} routes`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await inMenu(page, async () => {
    await page.evaluate(() => { document.getElementById('dump').open = true; });
    await page.screenshot({ path: 'out/dump-bad-1280x720.png' });
  });
  // opening a file loads it at once (here a small machine: 2 routes in main)
  await inMenu(page, async () => {
    await page.evaluate(() => { document.getElementById('dump').open = true; document.getElementById('dump-msg').textContent = ''; });
    await page.setInputFiles('#dump-file', { name: 'small.txt', mimeType: 'text/plain',
      buffer: Buffer.from('2001:db8:5::/64 dev wlan0 proto kernel metric 600 pref medium\nfe80::/64 dev wlan0 proto kernel metric 1024 pref medium\n') });
    await page.waitForFunction(() => /^loaded/.test(document.getElementById('dump-msg').textContent), null, { timeout: 60000 });
  });
  st = await waitState(page, (s) => s.ready && s.routes === 2, 20000);
  check('an opened file loads', !!st && st.routes === 2 && st.lanes.every((l) => l.routes === 2), st && `${st.routes} routes`);
  // a record (ip6sim record's file: engine/iproute2/testdata): its dump
  // loads, then its events replay: 5 lookups, a route added, one deleted
  const record = readFileSync(new URL('../../engine/iproute2/testdata/record-small.txt', import.meta.url)).toString();
  const rm = await load(page, record);
  check('a pasted record loads', !rm.error && rm.text.startsWith('loaded: 4 routes in table main (') && rm.text.endsWith('; replaying the record'), rm.text);
  st = await waitState(page, (s) => s.scenarioState.id === 'record' && s.scenarioState.done, 60000);
  check('the record replays to its end', !!st && st.scenarioState.line === 19 && st.scenarioState.lines === 19,
    st && JSON.stringify(st.scenarioState));
  // 2001:db8:1::/64 deleted, 2001:db8:3::/64 added, 2001:db8:2::/64
  // expired but left for the GC timer (due at 30 s)
  check('after the replay both lanes hold the record\'s last table', !!st && st.routes === 4 && st.lanes.every((l) => l.routes === 4),
    st && `${st.routes} routes; lanes ${st.lanes.map((l) => l.routes).join(' ')}`);
  // then the lanes' GC timers (30 s after the load) remove the expired route
  st = await waitState(page, (s) => s.lanes.every((l) => l.routes === 3), 60000);
  check('the lanes\' GC passes then remove the record\'s expired route', !!st && st.lanes.every((l) => l.removed === 1 && l.routes === 3),
    st && JSON.stringify(st.lanes.map((l) => [l.strategy, l.passes, l.removed, l.routes])));
  const replayed = await page.evaluate(() => window.fib6lab.state().scenarioState);
  const badRecord = await load(page, '# fib6lab record 1\nstart 1.000000\n[dump]\n2001:db8::/64 dev eth0\n[packets]\n');
  check('a bad record names its line and what is wrong', badRecord.error && badRecord.text.startsWith('record line 5: unknown section [packets]') &&
    badRecord.text.includes('unchanged'), badRecord.text);
  st = await page.evaluate(() => window.fib6lab.state());
  check('after a bad record the table is unchanged', st.routes === 3 && st.lanes.every((l) => l.routes === 3) &&
    st.scenarioState.id === replayed.id && st.scenarioState.line === 19, `${st.routes} routes, ${JSON.stringify(st.scenarioState)}`);
  check('no console errors', errors.length === 0, errors.join(' | '));
} finally {
  await browser.close();
}
process.exit(done() ? 1 : 0);
