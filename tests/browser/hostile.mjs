// The hostile-console part of the browser check: paste a script a student
// (or an attacker) might, then check that the page still answers.
import { paste } from './lib.mjs';

// hostileScript returns the pasted text: very long lines, a 10,000-line
// body, control characters, unknown commands, huge numbers, deep
// nexthop nesting, lone surrogates (what JS has instead of invalid
// UTF-8) and a flush of every table.
export function hostileScript() {
  const lines = [
    'ip -6 route add ' + 'a'.repeat(200000) + ' dev eth0',
    'ip -6 route add 2001:db8:77::/48 via 2001:db8::2 dev eth0 ' + 'x '.repeat(50000),
    'ip -6 route add 2001:db8::/48\x00 dev eth0\x1b[31m\x07\x08\x7f',
    '\x00\x01\x02\x03\x1b]0;pwned\x07',
    'rm -rf /', 'ip -6 frobnicate', 'ip -6 route frob 2001:db8::/48', 'ip', 'ip -6 route', 'echo $?',
    'sleep 99999999999999999999', 'sleep 1e400', 'sleep -1', 'sleep 0.5',
    'ip -6 route add 2001:db8:1::/48 dev eth0 metric 99999999999999999999999',
    'ip -6 route add 2001:db8:1::/48 dev eth0 expires 4294967295',
    'ip -6 route add 2001:db8:1::/48 dev eth0 table 4294967295',
    'sysctl -w net.ipv6.route.gc_interval=99999999999999999',
    'sysctl -w net.ipv6.route.max_size=-1',
    'ip -6 route add 2001:db8:2::/48 ' + 'nexthop '.repeat(20000),
    'ip -6 route add 2001:db8:3::/48 ' + 'nexthop via 2001:db8::2 dev eth0 '.repeat(64),
    'ip -6 route add 2001:db8:4::/48 dev eth0 \uD800\uDFFF\uDBFF \uFFFE\uFFFF \u0661\u0662',
    'ip -6 route add \u{1F4A9}::/48 dev eth0', '"unterminated', "'unterminated", 'echo "$?"\\',
    'ip link add ' + 'e'.repeat(5000) + ' type veth peer name x',
    'ip link set eth0 down', 'ip link set eth0 up',
  ];
  for (let i = 0; i < 10000; i++) {
    const h = (i % 4096).toString(16);
    switch (i % 5) {
      case 0: lines.push(`ip -6 route add 2001:db8:aa:${h}::/64 via 2001:db8::2 dev eth0`); break;
      case 1: lines.push(`ip -6 route get 2001:db8:aa:${h}::1`); break;
      case 2: lines.push(`ip -6 route del 2001:db8:aa:${h}::/64`); break;
      case 3: lines.push(`ip -6 route add 2001:db8:aa:${h}::/64 dev nosuch${i}`); break;
      default: lines.push(`garbage ${i} \x01\x02 ${'\u00ff'.repeat(i % 50)}`);
    }
  }
  lines.push('ip -6 route flush table all', 'ip -6 route show');
  return lines.join('\n');
}

// runHostile pastes the script and checks, with check(name, ok, detail),
// that the page keeps answering while and after it runs.
export async function runHostile(page, check, waitState, errors) {
  const t0 = Date.now();
  const script = hostileScript();
  await paste(page, script);
  const during = await page.evaluate(() => window.fib6lab.state());
  check('hostile: state() answers right after the paste', !!during && during.queued > 0,
    `queued ${during && during.queued} of ${script.split('\n').length} lines`);
  const f0 = during.frames;
  await page.waitForTimeout(3000);
  const busy = await page.evaluate(() => window.fib6lab.state());
  check('hostile: frames keep coming while the script runs', busy.frames > f0 + 5,
    `${busy.frames - f0} frames in 3 s, ${busy.queued} lines still queued`);
  const done = await waitState(page, (s) => s.queued === 0, 180000);
  check('hostile: the whole script ran', done && done.queued === 0, `in ${Date.now() - t0} ms`);
  const f1 = done.frames;
  await page.waitForTimeout(500);
  const after = await page.evaluate(() => window.fib6lab.state());
  check('hostile: frames still increase', after.frames > f1, `${f1} -> ${after.frames}`);
  check('hostile: both namespaces agree', after.mismatches === 0, `${after.mismatches} mismatches`);
  check('hostile: no engine error', !after.error, after.error || 'none');
  const r = await page.evaluate(() => window.fib6lab.exec('ip -6 route show 2001:db8::/32'));
  check('hostile: exec still works', r && r.status === 0 && typeof r.output === 'string',
    JSON.stringify(r).slice(0, 200));
  const add = await page.evaluate(() => window.fib6lab.exec('ip -6 route add 2001:db8:beef::/48 dev eth0'));
  const show = await page.evaluate(() => window.fib6lab.exec('ip -6 route show 2001:db8:beef::/48'));
  check('hostile: the console still changes routes', add.status === 0 &&
    show.output === '2001:db8:beef::/48 dev eth0 metric 1024 pref medium\n', JSON.stringify(show));
  const dom = await page.evaluate(() => document.getElementById('con-out').childElementCount);
  check('hostile: console scrollback bounded', dom > 0 && dom <= 2000, `${dom} lines in the page`);
  check('hostile: no page errors', errors.length === 0, errors.slice(0, 3).join(' | '));
}
