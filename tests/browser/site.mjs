// Headless Chromium check of `make site` (issue 14): the static folder,
// served by a plain Go http.FileServer (fileserver/: no compression, no
// Content-Encoding, as a static host or CDN serves files), loads the page
// to state().ready with the full table. The page fetches main.wasm.gz as
// the host sends it and decompresses it itself (DecompressionStream),
// showing the download's progress.
//
//   SITE_URL=http://127.0.0.1:PORT/ node site.mjs
import { launch, openPage, checker, waitState } from './lib.mjs';

const FULL_TABLE = 160147;
const url = process.env.SITE_URL;
const { check, done } = checker();
if (!url) {
  check('SITE_URL set (run.sh serves make site\'s folder)', false);
  process.exit(done() ? 1 : 0);
}
const browser = await launch();
try {
  const t0 = Date.now();
  const { page, errors } = await openPage(browser, url);
  // the host sends the module as the file it is, even to a browser that accepts gzip
  const gz = await fetch(new URL('main.wasm.gz', url), { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
  const seen = { status: gz.status, encoding: gz.headers.get('Content-Encoding'), raw: (await fetch(new URL('main.wasm', url), { method: 'HEAD' })).status };
  check('the host sends main.wasm.gz without Content-Encoding, and has no main.wasm', seen.status === 200 && !seen.encoding && seen.raw === 404,
    JSON.stringify(seen));
  const ready = await waitState(page, (s) => s.ready, 90000);
  check('state().ready', !!(ready && ready.ready), ready ? `after ${Date.now() - t0} ms` : 'no state hook');
  check('full table in main', ready && ready.routes === FULL_TABLE + ready.kernelRoutes + 10, `routes=${ready && ready.routes}`);
  const dl = await page.evaluate(() => window.fib6labDownload);
  check('the page gunzipped the module itself, with its download progress', dl && dl.url === 'main.wasm.gz' && dl.gunzipped &&
    !dl.encoding && dl.total > 1e6 && dl.done === dl.total, JSON.stringify(dl));
  check('no console errors', errors.length === 0, errors.slice(0, 3).join(' | '));
} catch (e) {
  check('page run', false, String(e && e.stack || e));
} finally {
  await browser.close();
}
process.exit(done() ? 1 : 0);
