// Browser checks of the export and the views (imported by check.mjs):
// the SVG export of the GC view downloads, parses as XML and names the
// prefixes that were on screen; PDF and PNG exports download; the route
// cache view floods both kernels and reports its counters; frame timing
// is reported.
import { readFile } from 'node:fs/promises';

// download clicks a button and returns the downloaded file's bytes.
async function download(page, id) {
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 60000 }), page.click(id)]);
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

// runILA checks the ILA pipeline view: the /128 flow looks up once then
// hits, the /64 flow looks up every packet, an invalidation makes the /128
// look up again, and the export shows the pipeline.
export async function runILA(browser, page, check, waitState) {
  await page.selectOption('#sel-view', 'ila');
  let st = await waitState(page, (s) => s.view === 'ila' && s.ila.ready && s.ila['128'].packets >= 3, 30000);
  const a = st.ila['128'], b = st.ila['64'];
  check('ILA view: /128 looks up once then hits, /64 looks up every packet',
    a.lookups === 1 && a.hits === a.packets - 1 && b.lookups === b.packets && b.hits === 0 && !st.ila.error,
    `/128 ${a.packets} packets ${a.lookups} lookups ${a.hits} hits; /64 ${b.packets} packets ${b.lookups} lookups`);
  check('ILA view: translated destinations', a.ila.startsWith('2001:db8:2:0:') && b.ila.startsWith('2001:db8:2:0:')
    && b.answer === '2001:db8:2::/64' && b.visited > 0, `${a.sir} -> ${a.ila}; ${b.sir} -> ${b.ila} via ${b.answer}, ${b.visited} nodes`);
  const before = await page.evaluate(() => { const f = window.fib6lab; f.ilaInvalidate(); f.ilaStep(); f.ilaStep(); return f.state().ila['128']; });
  check('ILA view: invalidating the cache makes the next packet look up', before.lookups === a.lookups + 1 ||
    before.lookups === 2, `lookups ${a.lookups} -> ${before.lookups}, hit ${before.hit}`);
  const text = await svgText(browser, page);
  check('ILA view: SVG export shows the pipeline', ['dst_cache', 'ila_output', 'adjustment word'].every((t) => text.includes(t)),
    `${text.length} characters`);
}

// runPlot checks the GC cost plot: points for both strategies at every
// size, the trie walk slower than the list on the full table, and the
// exported SVG's axis and legend texts.
export async function runPlot(browser, page, check, waitState) {
  await page.selectOption('#sel-view', 'plot');
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

// runPTB checks the route cache view's PTB flood: the trie walk checks
// every route per pass, 6.12 lists no route and reaps no exception, 6.18
// lists the routes with exceptions and reaps them; the export shows it.
export async function runPTB(browser, page, check, waitState) {
  await page.selectOption('#sel-dst-mode', 'ptb');
  const st = await waitState(page, (s) => s.view === 'dst' && s.dst.mode === 'ptb' && s.dst.ptb && s.dst.ptb.done, 120000);
  const p = st.dst.ptb, a = p['6.1'], b = p['6.12'], c = p['6.18'];
  const made = p.ticks * 20;
  check('PTB flood: every lane got the same exceptions', [a, b, c].every((l) => l.created === made && l.refused === 0 && !l.error),
    `${a.created}/${b.created}/${c.created} of ${made}`);
  check('PTB flood: 6.1 trie walk checks every route per pass', a.lastChecked === a.routes && a.routes > p.routes && a.listed === 0 && a.reaped > 0,
    `checked ${a.lastChecked} of ${a.routes}, reaped ${a.reaped}`);
  check('PTB flood: 6.12 never lists the permanent routes, exceptions linger',
    b.maxListed === 0 && b.checked === 0 && b.reaped === 0 && b.fibRtCache === made && b.live < b.fibRtCache,
    `listed ${b.maxListed}, fib_rt_cache ${b.fibRtCache}, live ${b.live}, passes ${b.passes}`);
  check('PTB flood: 6.18 lists the routes with exceptions and reaps them',
    c.listed === c.fibRtCache && c.maxListed > c.listed && c.reaped === a.reaped && c.lastChecked > 0 && c.lastChecked < a.lastChecked,
    `listed ${c.listed} (max ${c.maxListed}), checked ${c.lastChecked}, reaped ${c.reaped}`);
  await page.screenshot({ path: (process.env.SHOT || 'out/page.png').replace(/\.png$/, '-ptb.png') });
  const text = await svgText(browser, page);
  check('PTB flood: SVG export shows the lanes', ['kernel 6.12', 'fib_rt_cache', 'routes checked by the GC passes'].every((t) => text.includes(t)),
    `${text.length} characters`);
  await page.selectOption('#sel-dst-mode', 'raw');
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

  await page.selectOption('#sel-view', 'dst');
  const st = await waitState(page, (s) => s.view === 'dst' && s.dst.inflight >= 1000, 30000);
  const old = st.dst['6.1'], cur = st.dst['6.18'];
  check('route cache view: 6.1 fails past max_size, 6.18 does not',
    old.failures > 0 && old.notices > 0 && cur.failures === 0 && cur.sent === 5000,
    `6.1 failures ${old.failures} notices ${old.notices}; 6.18 sent ${cur.sent} peak ${cur.peak}`);
  await runPTB(browser, page, check, waitState);
  await runILA(browser, page, check, waitState);
  await runPlot(browser, page, check, waitState);
  await page.selectOption('#sel-view', 'gc');
  const fin = await waitState(page, (s) => s.view === 'gc', 5000);
  check('frame timing reported', fin.frameMicrosP50 > 0 && fin.frameMicrosP95 >= fin.frameMicrosP50,
    `p50 ${fin.frameMicrosP50} us, p95 ${fin.frameMicrosP95} us`);
}
