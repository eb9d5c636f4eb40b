#!/usr/bin/env bash
# Runs a testdata/kdiff-ns script (already transformed: `echo "[rc=$?]"` after
# every command) on this machine's kernel as ip6sim runs it: bash reads it
# from standard input in a fresh network namespace of its own, with a
# private /run/netns (a tmpfs in a private mount namespace), so the
# script's `ip netns add` names are its own: they never meet another
# run's, `ip netns list` shows only them, and they vanish with the run.
# The script must come through a pipe: bash then reads it byte by byte,
# so that a nested `ip netns exec NS bash` reads the lines after it (from
# a regular file bash reads ahead and they are lost).
# Needs root. Usage: ... | run-netns.sh
set -u
exec unshare --net --mount bash -c '
	mount --make-rprivate / &&
	mkdir -p /run/netns &&
	mount -t tmpfs -o mode=755 fib6lab-netns /run/netns &&
	exec bash'
