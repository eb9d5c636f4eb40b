#!/usr/bin/env bash
# Serves web/ with cmd/server on a free loopback port (and make site's
# folder, when it is there, with a plain Go http.FileServer) and runs the
# checks below in headless Debian chromium (`make deps` installs it).
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
go build -o out/fileserver "$root/tests/browser/fileserver"
pids=()
logs=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -f "${logs[@]}"' EXIT
# serve VAR CMD ARGS...: starts a server that prints its http:// URL and
# sets VAR to that URL (in this shell, not a subshell, so that the EXIT
# trap sees its pid and log and stops it)
serve() {
	local var=$1 log
	shift
	log=$(mktemp)
	logs+=("$log")
	"$@" >"$log" 2>&1 &
	pids+=($!)
	local u=""
	for _ in $(seq 50); do
		u=$(grep -o 'http://[^ ]*' "$log" || true)
		[ -n "$u" ] && break
		sleep 0.1
	done
	[ -n "$u" ] || { echo "server did not start: $*" >&2; cat "$log" >&2; return 1; }
	printf -v "$var" '%s' "$u"
}
serve url out/server -addr 127.0.0.1:0 -dir "$root/web" || exit 1
site_url=""
if [ -d "$root/site" ]; then
	serve site_url out/fileserver -addr 127.0.0.1:0 -dir "$root/site" || exit 1
fi
# check.mjs (the page, its views and the hostile paste), then robust.mjs
# (bulk commands, floods, cancel, frame gaps), then headline.mjs (the
# headline figures), then lanes.mjs (each lane's release and strategy),
# then newcomer.mjs (intro, console help, reset view, paused links), then
# instrument.mjs (every view at four sizes: frozen when paused, no text
# clipped or overlapping; scenarios in every view; step back; pace), then
# netns.mjs (the namespace scenarios: the RIO storm's last pass, stepping
# the RA ones, a lane showing the router, the topology strip), then
# dump.mjs (a pasted 160k-line table, a bad dump), then site.mjs (make
# site's folder from a plain file server);
# BROWSER_SCRIPT=x.mjs runs one
status=0
for script in ${BROWSER_SCRIPT:-check.mjs robust.mjs headline.mjs lanes.mjs newcomer.mjs instrument.mjs netns.mjs dump.mjs site.mjs}; do
	echo "== $script"
	BASE_URL=$url SITE_URL=$site_url CHROMIUM=$chromium SHOT=out/page.png node "$script" || status=1
done
exit $status
