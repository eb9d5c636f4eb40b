// Browser checks of the export and the views (imported by check.mjs):
// the SVG export of the GC view downloads, parses as XML and names the
// prefixes that were on screen; PDF and PNG exports download; the cost
// plot measures; the route cache and ILA views show their scenarios' runs
// in the lanes; frame timing is reported.
import { readFile } from 'node:fs/promises';
import { inMenu } from './lib.mjs';

// download clicks a button and returns the downloaded file's bytes.
async function download(page, id) {
  const [dl] = await inMenu(page, () => Promise.all([page.waitForEvent('download', { timeout: 60000 }), page.click(id)]));
  return { name: dl.suggestedFilename(), bytes: await readFile(await dl.path()) };
}

// svgText exports the view on screen as SVG and returns its text content
// (empty when it does not parse).
async function svgText(browser, page) {
  const svg = await download(page, '#btn-export-svg');
  const blank = await browser.newPage();
  const text = await blank.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    return doc.getElementsByTagName('parsererror').length ? '' : doc.documentElement.textContent;
  }, svg.bytes.toString('utf8'));
  await blank.close();
  return text;
}

// runScenario loads scenario name in the view shown and waits until it
// is done (the page plays it at a chosen speed, so that commands do not
// take their 2 s each), returning the state then.
async function runScenario(page, name, waitState) {
  await page.evaluate((n) => { const f = window.fib6lab; f.setSpeed(4096); f.loadScenario(n); f.play(); }, name);
  return waitState(page, (s) => s.scenarioState.id === name && s.scenarioState.done, 120000);
}

// runILA checks the ILA view over the ILA scenario: the left lane (4.8,
// no dst_cache) sends on the SIR route's dst with no lookup, the right lane (6.18) hits its
// /128 route's dst_cache; both translate to the locator; the export
// shows the pipeline.
export async function runILA(browser, page, check, waitState) {
  await page.selectOption('#sel-view', 'ila');
  const st = await runScenario(page, 'ila-flows', waitState);
  const [a, b] = st.ila, [ta, tb] = st.dst;
  check('ILA view: 4.8 has no dst_cache and no lookup, 6.18 hits the dst_cache',
    a.kernel === '4.8' && a.packet && !a.packet.cached && a.packet.visited === 0 && b.kernel === '6.18' && b.packet.cached && b.packet.hit
      && ta.hits + ta.misses === 0 && tb.hits === 18 && tb.misses === 12,
    `${a.kernel}: ${JSON.stringify(a.packet)}; ${b.kernel}: hits ${tb.hits} misses ${tb.misses}`);
  check('ILA view: translated to the locator 2001:db8:2::/64', [a, b].every((l) => l.packet.ila.startsWith('2001:db8:2:0:') && l.packet.answer === '2001:db8:2::/64'),
    `${a.packet.sir} -> ${a.packet.ila}`);
  const text = await svgText(browser, page);
  check('ILA view: SVG export shows the pipeline', ['dst_cache_get', 'lwtunnel output', 'after (ILA)'].every((t) => text.includes(t)),
    `${text.length} characters`);
}

// runPlot checks the GC cost plot: points for both strategies at every
// size, the trie walk slower than the list on the full table, and the
// exported SVG's axis and legend texts.
export async function runPlot(browser, page, check, waitState) {
  await page.selectOption('#sel-view', 'plot');
  await page.evaluate(() => window.fib6lab.play()); // the plot measures while playing
  const st = await waitState(page, (s) => s.view === 'plot' && s.costPlot.done, 180000);
  const pts = st.costPlot.points;
  const full = pts[pts.length - 1];
  check('GC cost plot: measured both strategies at every size',
    pts.length === 5 && pts.every((p) => p.nanos[0] > 0 && p.nanos[1] > 0) && full.routes === 160147 && full.checked[0] > full.checked[1],
    pts.map((p) => `${p.routes}: ${(p.nanos[0] / 1000).toFixed(1)}/${(p.nanos[1] / 1000).toFixed(1)} us`).join(', '));
  const text = await svgText(browser, page);
  check('GC cost plot: SVG names the axes and legend', ['permanent routes in table main', 'time per GC pass',
    'trie-walk (before 2023), measured', 'gc-list (after 2023), measured', 'kernel, before: cover letter'].every((t) => text.includes(t)),
    `${text.length} characters`);
}

// runDst checks the route cache view over the raw-socket flood
// scenario: 6.1 refuses 841 of 5,000 dsts past max_size with rate-limited
// notices, 6.18 allocates all 5,000 and frees them; the export shows the
// gauge.
export async function runDst(browser, page, check, waitState) {
  await page.selectOption('#sel-view', 'dst');
  const st = await runScenario(page, 'raw-flood', waitState);
  const [old, cur] = st.dst;
  check('route cache view: 6.1 fails past max_size, 6.18 does not',
    old.kernel === '6.1' && old.failures === 841 && old.peak === 4159 && old.notices > 0 && cur.kernel === '6.18' && cur.failures === 0 && cur.peak === 5000 && cur.frees === 5000,
    `6.1 failures ${old.failures} peak ${old.peak} notices ${old.notices}; 6.18 peak ${cur.peak} frees ${cur.frees}`);
  const text = await svgText(browser, page);
  check('route cache view: SVG export shows the gauge and log', ['gc_thresh', 'max_size', 'Route cache is full'].every((t) => text.includes(t)),
    `${text.length} characters`);
}

export async function runViews(browser, page, check, waitState) {
  await page.evaluate(() => window.fib6lab.pause());
  await page.waitForTimeout(300);
  const visible = await page.evaluate(() => window.fib6lab.state().visiblePrefixes);
  const svg = await download(page, '#btn-export-svg');
  const blank = await browser.newPage();
  const parsed = await blank.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const err = doc.getElementsByTagName('parsererror').length;
    return { ok: err === 0 && doc.documentElement.nodeName === 'svg', text: doc.documentElement.textContent };
  }, svg.bytes.toString('utf8'));
  await blank.close();
  const named = visible.filter((p) => parsed.text.includes(p));
  check('SVG export parses', parsed.ok, `${svg.name}, ${svg.bytes.length} bytes`);
  check('SVG names the visible prefixes', visible.length > 0 && named.length === visible.length,
    `${named.length} of ${visible.length}`);
  const pdf = await download(page, '#btn-export-pdf');
  check('PDF export', pdf.bytes.subarray(0, 5).toString() === '%PDF-', `${pdf.bytes.length} bytes`);
  const png = await download(page, '#btn-export-png');
  check('PNG export', png.bytes.readUInt32BE(0) === 0x89504e47, `${png.bytes.length} bytes`);

  await runPlot(browser, page, check, waitState);
  await runDst(browser, page, check, waitState);
  await runILA(browser, page, check, waitState);
  await page.selectOption('#sel-view', 'gc');
  await page.reload(); // the full table again for the checks that follow
  const fin = await waitState(page, (s) => s.ready && s.view === 'gc' && s.frameMicrosP50 > 0, 90000);
  check('frame timing reported', fin.frameMicrosP50 > 0 && fin.frameMicrosP95 >= fin.frameMicrosP50,
    `p50 ${fin.frameMicrosP50} us, p95 ${fin.frameMicrosP95} us`);
}
