# fib6lab: a faithful model of the Linux IPv6 routing internals, in the browser.
#   make run   build the page and serve it (ADDR=127.0.0.1:PORT to choose)
#   make test  vet, unit tests, wasm build, headless Chromium check
#   make bench benchmark tables: LPM vs bart/kentik, GC pass per strategy (bench/)

ADDR ?= 127.0.0.1:8080
FUZZTIME ?= 60s
GOROOT := $(shell go env GOROOT)
WASM_EXEC := $(firstword $(wildcard $(GOROOT)/lib/wasm/wasm_exec.js $(GOROOT)/misc/wasm/wasm_exec.js))

.PHONY: all run test deps vet unit wasm browser bench bench-web loadtest fuzz clean FORCE

all: wasm

wasm: web/main.wasm web/export.wasm web/wasm_exec.js

web/main.wasm: FORCE
	GOOS=js GOARCH=wasm go build -trimpath -o $@ ./wasm

# the export module (tdewolff/canvas), loaded by the page on the first export
web/export.wasm: FORCE
	GOOS=js GOARCH=wasm go build -trimpath -o $@ ./wasm/exportwasm

web/wasm_exec.js: $(WASM_EXEC)
	cp $< $@

run: wasm
	go run ./cmd/server -addr $(ADDR) -dir web

test: deps vet unit wasm browser

# Debian packages and npm modules the tests need (installed as root, else the command to run)
deps:
	tests/deps.sh

vet:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	go vet ./...
	GOOS=js GOARCH=wasm go vet ./wasm/...
	cd bench && go vet ./...

unit:
	go test -parallel 8 ./...

browser: wasm
	tests/browser/run.sh

bench:
	cd bench && go run .

# page size, load time, GC pass in wasm vs native, frame CPU (tests/browser/bench.mjs)
bench-web: wasm
	BROWSER_SCRIPT=bench.mjs tests/browser/run.sh

loadtest:
	FIB6LAB_LOAD_SECONDS=10 go test -count=1 -run TestLoad -v ./cmd/server | grep -E 'load:|^ok|FAIL'

# Each fuzz target for FUZZTIME (`make test` runs their seed corpora).
fuzz:
	go test -run '^$$' -fuzz '^FuzzOps$$' -fuzztime $(FUZZTIME) ./engine/netns/
	go test -run '^$$' -fuzz '^FuzzShell$$' -fuzztime $(FUZZTIME) ./engine/iproute2/
	go test -run '^$$' -fuzz '^FuzzTranslate$$' -fuzztime $(FUZZTIME) ./engine/ila/
	go test -run '^$$' -fuzz '^FuzzScript$$' -fuzztime $(FUZZTIME) ./engine/iproute2/
	go test -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $(FUZZTIME) ./wasm/share/
	go test -run '^$$' -fuzz '^FuzzRestore$$' -fuzztime $(FUZZTIME) ./wasm/app/

clean:
	rm -f web/main.wasm web/export.wasm web/wasm_exec.js
