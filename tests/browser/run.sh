#!/usr/bin/env bash
# Serves web/ with cmd/server on a free loopback port and runs check.mjs,
# robust.mjs and headline.mjs in headless Debian chromium (`make deps`
# installs it).
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
	echo "browser check: $chromium is not installed (make deps, or apt-get install -y chromium)" >&2
	exit 1
fi
[ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund --silent
mkdir -p out
go build -o out/server "$root/cmd/server"
log=$(mktemp)
out/server -addr 127.0.0.1:0 -dir "$root/web" >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -f "$log"' EXIT
url=""
for _ in $(seq 50); do
	url=$(grep -o 'http://[^ ]*' "$log" || true)
	[ -n "$url" ] && break
	sleep 0.1
done
[ -n "$url" ] || { echo "server did not start:"; cat "$log"; exit 1; }
# check.mjs (the page, its views and the hostile paste), then robust.mjs
# (bulk commands, floods, cancel, frame gaps), then headline.mjs (the
# headline figures), then lanes.mjs (each lane's release and strategy),
# then newcomer.mjs (intro, console help, reset view, paused links), then
# instrument.mjs (every view at four sizes: frozen when paused, no text
# clipped or overlapping; scenarios in every view; step back; pace);
# BROWSER_SCRIPT=x.mjs runs one
status=0
for script in ${BROWSER_SCRIPT:-check.mjs robust.mjs headline.mjs lanes.mjs newcomer.mjs instrument.mjs}; do
	echo "== $script"
	BASE_URL=$url CHROMIUM=$chromium SHOT=out/page.png node "$script" || status=1
done
exit $status
