#!/bin/sh
# Regenerates baseline.txt and expected.txt from lines.txt on the real
# kernel: every line runs as the only line of a bash script in a fresh
# network namespace set up with the kdiff preamble (see
# engine/iproute2/badinput_test.go). Needs root and `ip netns`.
set -e
cd "$(dirname "$0")/../.."
go test -count=1 -run '^TestBadInput$' ./engine/iproute2/ -args -badinput.update
