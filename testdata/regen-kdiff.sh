#!/usr/bin/env bash
# Regenerates the .expected file of each given testdata/kdiff script
# (default: all) by running it on this machine's kernel in a fresh network
# namespace, with `echo "[rc=$?]"` after every command
# (../shared/cases/README.md). Needs root. Usage: regen-kdiff.sh [S.sh ...]
set -u
cd "$(dirname "$0")/kdiff"
[ $# -gt 0 ] || set -- *.sh
for s in "$@"; do
	ns="fib6lab-regen-$$"
	run=$(mktemp)
	awk '/^[[:space:]]*(#|$)/ {next} {print; print "echo \"[rc=$?]\""}' "$s" > "$run"
	ip netns add "$ns" && ip netns exec "$ns" bash "$run" > "${s%.sh}.expected" 2>&1
	ip netns del "$ns"
	rm -f "$run"
done
