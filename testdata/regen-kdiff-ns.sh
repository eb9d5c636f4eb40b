#!/usr/bin/env bash
# Regenerates the .expected file of each given testdata/kdiff-ns script
# (default: all) on this machine's kernel, with `echo "[rc=$?]"` after
# every command, each script in a throw-away network namespace with its
# own /run/netns (run-netns.sh), with testdata/kshim first on PATH so
# that the event commands `ra` and `udp` run as the project's kernel-side
# shims. Needs root.
# Usage: regen-kdiff-ns.sh [S.sh ...]
set -u
cd "$(dirname "$0")/kdiff-ns"
PATH="$(cd ../kshim && pwd):$PATH"
export PATH
[ $# -gt 0 ] || set -- *.sh
for s in "$@"; do
	awk '/^[[:space:]]*(#|$)/ {next} {print; print "echo \"[rc=$?]\""}' "$s" | ../run-netns.sh > "${s%.sh}.expected" 2>&1
done
