import { chromium } from 'playwright-core';
import { runTeach } from './teach.mjs';
const base = process.env.BASE_URL;
const results = [];
function check(name, ok, detail) { results.push(ok); console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`); }
async function waitState(page, pred, timeoutMs) {
  const deadline = Date.now() + timeoutMs; let st = null;
  while (Date.now() < deadline) { st = await page.evaluate(() => window.fib6lab && window.fib6lab.state ? window.fib6lab.state() : null);
    if (st && pred(st)) return st; await page.waitForTimeout(100); }
  return st;
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader'] });
try { await runTeach(browser, base, check, waitState); } catch (e) { check('run', false, String(e.stack)); }
await browser.close();
process.exit(results.every(Boolean) ? 0 : 1);
