// make bench-web: headless Chromium measures the page on the real table
// (issue 7 §2) and prints one table: wasm sizes (raw, gzip), time to the
// first frame and to state().ready, engine time per GC pass per strategy
// in wasm (the page's traced pass) beside the native untraced pass (go
// test -bench, engine/gc BenchmarkGCPass), and the frame CPU time (Go,
// Update+Draw) while the full-table trie walk animates.
//
//   BASE_URL=http://127.0.0.1:8080/ WEB=../../web node bench.mjs
import { launch } from './lib.mjs';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const base = process.env.BASE_URL || 'http://127.0.0.1:8080/';
const web = process.env.WEB || '../../web';
const rows = [];
const row = (what, value, goal = '') => rows.push([what, value, goal]);
const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;

for (const f of ['main.wasm', 'export.wasm']) {
  const b = readFileSync(`${web}/${f}`);
  row(`${f} raw / gzip -9`, `${mb(b.length)} / ${mb(gzipSync(b, { level: 9 }).length)}`, f === 'main.wasm' ? 'gzip < 5.5 MB' : 'loaded on first export');
}

// native: one untraced GC pass on the full table, per strategy
const native = {};
const out = execFileSync('go', ['test', '-run', '^$', '-bench', 'GCPass/.*/fulltable', '-benchtime', '5x', './engine/gc'],
  { cwd: `${web}/..`, encoding: 'utf8' });
for (const m of out.matchAll(/BenchmarkGCPass\/([a-z-]+)\/fulltable\S*\s+\d+\s+([\d.]+) ns\/op/g)) native[m[1]] = Number(m[2]) / 1000;

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const state = () => page.evaluate(() => (window.fib6lab ? window.fib6lab.state() : null));
  async function until(pred, ms) {
    const end = Date.now() + ms;
    for (;;) {
      const s = await state();
      if ((s && pred(s)) || Date.now() > end) return s;
      await page.waitForTimeout(20);
    }
  }
  const t0 = Date.now();
  await page.goto(base);
  await until((s) => s.frames >= 1, 30000);
  row('time to first frame', `${Date.now() - t0} ms`);
  await until((s) => s.ready, 60000);
  row('time until state().ready', `${Date.now() - t0} ms`, '< 2 s');
  const done = await until((s) => s.strategies['trie-walk'].passes >= 1 && s.strategies['trie-walk'].pending === 0 &&
    s.strategies['gc-list'].pending === 0, 120000);
  row('frame CPU p50 / p95 (all frames)', `${(done.frameMicrosP50 / 1000).toFixed(1)} / ${(done.frameMicrosP95 / 1000).toFixed(1)} ms`);
  row('frame CPU p50 / p95 while the trie walk animates', `${(done.walkFrameMicrosP50 / 1000).toFixed(1)} / ${(done.walkFrameMicrosP95 / 1000).toFixed(1)} ms`, 'p95 < 8 ms');
  for (const s of ['trie-walk', 'gc-list']) {
    row(`${s}: first pass in wasm (sliced over frames, traced)`, `${done.strategies[s].lastPassMicros.toFixed(0)} us`);
  }
  await page.evaluate(() => window.fib6lab.pause());
  const best = { 'trie-walk': Infinity, 'gc-list': Infinity };
  for (let i = 0; i < 3; i++) {
    await page.evaluate(() => window.fib6lab.runGC());
    const s = await state();
    for (const k of Object.keys(best)) best[k] = Math.min(best[k], s.strategies[k].lastPassMicros);
  }
  for (const k of Object.keys(best)) {
    row(`${k}: GC pass in wasm (runGC, traced, best of 3) / native (untraced)`,
      `${best[k].toFixed(0)} / ${(native[k] || NaN).toFixed(1)} us = ${(best[k] / native[k]).toFixed(1)}x`);
  }
} finally {
  await browser.close();
}
const w = Math.max(...rows.map((r) => r[0].length));
const v = Math.max(...rows.map((r) => r[1].length));
console.log(`bench-web ${new Date().toISOString()} (${process.env.CHROMIUM || '/usr/bin/chromium'}, headless SwiftShader)`);
for (const [a, b, c] of rows) console.log(`${a.padEnd(w)}  ${b.padEnd(v)}  ${c ? 'goal ' + c : ''}`);
