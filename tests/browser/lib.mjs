// Shared helpers of the browser checks: Debian's chromium with software
// WebGL, one line per check, polling window.fib6lab.state().
import { chromium } from 'playwright-core';

// launch starts headless Debian chromium (never a downloaded browser).
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--no-first-run', '--disable-quic'],
  });
}

// openPage opens url in a 1400x900 page of browser and returns the page
// and the list its console errors and uncaught exceptions go to.
export async function openPage(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  return { page, errors };
}

// checker returns check(name, ok, detail), which prints one line per
// check, and done(), which prints "N passed, N failed" and returns the
// number failed.
export function checker() {
  const results = [];
  const check = (name, ok, detail) => {
    results.push({ name, ok });
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`);
  };
  const done = () => {
    const failed = results.filter((r) => !r.ok).length;
    console.log(`${results.length - failed} passed, ${failed} failed`);
    return failed;
  };
  return { check, done };
}

// waitState polls state() until pred holds or timeoutMs passes, and
// returns the last state read.
export async function waitState(page, pred, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let st = null;
  while (Date.now() < deadline) {
    st = await page.evaluate(() => window.fib6lab && window.fib6lab.state ? window.fib6lab.state() : null);
    if (st && pred(st)) return st;
    await page.waitForTimeout(250);
  }
  return st;
}

// paste dispatches a paste of text into the console input, as a browser
// does for Ctrl+V.
export async function paste(page, text) {
  await page.evaluate((t) => {
    const input = document.getElementById('con-in');
    input.focus();
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

// inMenu runs f with the toolbar's "more" menu open (and its "your
// script" box when script is set), as a user opens it to reach what it
// holds, and closes it again.
export async function inMenu(page, f, script = false) {
  await page.evaluate((s) => {
    document.getElementById('menu').open = true;
    if (s) document.querySelector('#menu .script').open = true;
  }, script);
  try {
    return await f();
  } finally {
    await page.evaluate(() => { document.getElementById('menu').open = false; });
  }
}
