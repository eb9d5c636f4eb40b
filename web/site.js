// fib6lab: where the page's WebAssembly modules are and how they come.
// Served by cmd/server (make run), a module is fetched under its own name
// and the server sends it compressed (brotli or gzip, Content-Encoding),
// which the browser decodes. `make site` replaces this file with one that
// names NAME.gz instead: a plain static host sends that file as it is, and
// the page decompresses it itself (app.js, fetchModule).
window.fib6labModules = { suffix: "" };
