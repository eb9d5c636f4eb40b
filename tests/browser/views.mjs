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
  await page.selectOption('#sel-view', 'gc');
  const fin = await waitState(page, (s) => s.view === 'gc', 5000);
  check('frame timing reported', fin.frameMicrosP50 > 0 && fin.frameMicrosP95 >= fin.frameMicrosP50,
    `p50 ${fin.frameMicrosP50} us, p95 ${fin.frameMicrosP95} us`);
}
