#!/usr/bin/env bash
# Installs what `make test` needs on a fresh Debian machine: the X11/GL
# headers for ebiten's native build (go vet), Debian's chromium for the
# browser checks, iproute2 for the kernel comparisons, python3 for the
# kernel-side event shims, and the browser tests' npm modules. As root it
# installs what is missing; otherwise it prints the exact command and
# fails when something is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
pkgs="chromium libgl1-mesa-dev libx11-dev libxrandr-dev libxcursor-dev libxinerama-dev libxi-dev libxxf86vm-dev iproute2 python3"
command -v npm >/dev/null || pkgs="$pkgs nodejs npm"
missing=""
for p in $pkgs; do
	dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "make test needs Debian packages that are missing; install them with:" >&2
		echo "  sudo apt-get update && sudo apt-get install -y$missing" >&2
		exit 1
	fi
	echo "deps: installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq $missing >/dev/null
fi
if [ ! -d tests/browser/node_modules/playwright-core ]; then
	(cd tests/browser && npm ci --no-audit --no-fund --silent)
fi
