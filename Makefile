# fib6lab: a faithful model of the Linux IPv6 routing internals, in the browser.
#   make run   build the page and serve it (ADDR=127.0.0.1:PORT to choose)
#   make test  vet, unit tests, wasm build, headless Chromium check
#   make bench benchmark tables: LPM vs bart/kentik, GC pass per strategy (bench/)
#   make site  a static folder (site/) any static host serves as it is

ADDR ?= 127.0.0.1:8080
FUZZTIME ?= 60s
BROTLI ?= 9
SITE ?= site
GOROOT := $(shell go env GOROOT)
WASM_EXEC := $(firstword $(wildcard $(GOROOT)/lib/wasm/wasm_exec.js $(GOROOT)/misc/wasm/wasm_exec.js))

.PHONY: all run test deps vet unit kcheck wasm browser bench bench-web loadtest fuzz site clean FORCE

all: wasm

# the page's assets, each with NAME.gz (gzip -9) and NAME.br (brotli
# quality BROTLI) beside it, written when the asset changed (cmd/precompress).
# Quality 9 takes about 40 s for the two modules; 11 (make wasm BROTLI=11,
# after make clean) is some 10% smaller and takes more than ten minutes.
WEB_ASSETS := web/main.wasm web/export.wasm web/wasm_exec.js web/index.html web/style.css web/app.js web/teach.js web/intro.js web/site.js

wasm: web/main.wasm web/export.wasm web/wasm_exec.js
	go run ./cmd/precompress -brotli $(BROTLI) $(WEB_ASSETS)

# a module is replaced only when it changed, so its compressed forms stay
web/main.wasm: FORCE
	GOOS=js GOARCH=wasm go build -trimpath -o $@.new ./wasm
	cmp -s $@.new $@ && rm $@.new || mv $@.new $@

# the export module (tdewolff/canvas), loaded by the page on the first export
web/export.wasm: FORCE
	GOOS=js GOARCH=wasm go build -trimpath -o $@.new ./wasm/exportwasm
	cmp -s $@.new $@ && rm $@.new || mv $@.new $@

web/wasm_exec.js: $(WASM_EXEC)
	cp $< $@

# a folder any static host serves as plain files, with no configuration:
# the modules only gzip-compressed, and a site.js that has the page fetch
# NAME.gz and decompress it itself when the host sends it as it is
site: wasm
	rm -rf $(SITE)
	mkdir -p $(SITE)
	cp web/index.html web/style.css web/app.js web/teach.js web/intro.js web/wasm_exec.js web/main.wasm.gz web/export.wasm.gz $(SITE)/
	printf '%s\n' '// fib6lab, make site: the modules are NAME.gz, sent as they are (app.js, fetchModule).' \
		'window.fib6labModules = { suffix: ".gz" };' > $(SITE)/site.js

run: wasm
	go run ./cmd/server -addr $(ADDR) -dir web

test: deps vet unit kcheck wasm browser

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

# The kdiff corpus and the shared cases on this machine's kernel at trace
# level (ip6sim check --trace: lookups, GC timer, trie nodes; about 2.5
# minutes). It needs root and tracefs: the trace has no stored form to
# compare with, so without root it says so and compares nothing.
KDIFF_SHARED := $(wildcard ../shared/cases/kdiff/*.sh)
kcheck:
	@if [ "$$(id -u)" != 0 ] || [ -n "$$FIB6LAB_NO_KERNEL" ]; then \
		echo "kcheck: not run: ip6sim check --trace needs root and this machine's kernel"; \
	else \
		go run ./cmd/ip6sim check --trace --known testdata/kdiff/TRACE-DIFFERENCES.md testdata/kdiff/*.sh $(KDIFF_SHARED); \
	fi

browser: site
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
	go test -run '^$$' -fuzz '^FuzzLoadDump$$' -fuzztime $(FUZZTIME) ./engine/iproute2/
	go test -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $(FUZZTIME) ./wasm/share/
	go test -run '^$$' -fuzz '^FuzzRestore$$' -fuzztime $(FUZZTIME) ./wasm/app/

clean:
	rm -rf web/main.wasm web/export.wasm web/wasm_exec.js web/*.gz web/*.br $(SITE)
