// fib6lab page: start the Go WebAssembly module and wire the toolbar to
// window.fib6lab (registered by wasm/main.go).
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const msg = $("msg");

  function show(text, isError) {
    msg.textContent = text;
    msg.classList.toggle("error", !!isError);
  }

  // The error banner shows the engine's or the page's last error; the page
  // keeps running underneath. Dismissing hides it until the error changes.
  let bannerDismissed = "";
  function banner(text) {
    const b = $("banner");
    if (!text || text === bannerDismissed) {
      b.hidden = true;
      return;
    }
    $("banner-text").textContent = text;
    b.hidden = false;
  }

  // fetchModule fetches the WebAssembly module name and returns a Response
  // of its bytes for WebAssembly.instantiateStreaming (the module compiles
  // while it downloads), calling progress(done, total) as bytes arrive
  // (total 0 when unknown). Where it comes from is site.js's: served by
  // cmd/server, NAME itself, which the server sends compressed
  // (Content-Encoding) and the browser decodes (X-Decoded-Content-Length
  // says how big it is then); from a plain static host (make site),
  // NAME.gz, sent as it is: the page gunzips it (DecompressionStream),
  // unless the host sent it with Content-Encoding (the bytes are the
  // module then). window.fib6labDownload tells what happened.
  async function fetchModule(name, progress) {
    const url = name + ((window.fib6labModules && window.fib6labModules.suffix) || "");
    const resp = await fetch(url);
    if (!resp.ok || !resp.body) throw new Error(`fetching ${url}: ${resp.status} ${resp.statusText}`);
    const encoding = resp.headers.get("Content-Encoding") || "";
    const total = Number(resp.headers.get(encoding ? "X-Decoded-Content-Length" : "Content-Length")) || 0;
    const dl = (window.fib6labDownload = { url, encoding, total, done: 0, gunzipped: false });
    let body = resp.body.pipeThrough(new TransformStream({
      transform(chunk, ctl) {
        dl.done += chunk.byteLength;
        progress(dl.done, total);
        ctl.enqueue(chunk);
      },
    }));
    if (url.endsWith(".gz")) {
      const [stream, gzip] = await sniffGzip(body);
      body = gzip ? stream.pipeThrough(new DecompressionStream("gzip")) : stream;
      dl.gunzipped = gzip;
    }
    return new Response(body, { headers: { "Content-Type": "application/wasm" } });
  }

  // sniffGzip reads the first chunk of stream and returns the whole stream
  // again and whether it starts as gzip does (1f 8b).
  async function sniffGzip(stream) {
    const reader = stream.getReader();
    const first = await reader.read();
    const again = new ReadableStream({
      start(ctl) {
        if (first.done) ctl.close();
        else ctl.enqueue(first.value);
      },
      async pull(ctl) {
        const { done, value } = await reader.read();
        if (done) ctl.close();
        else ctl.enqueue(value);
      },
      cancel(reason) { return reader.cancel(reason); },
    });
    return [again, !first.done && first.value.length >= 2 && first.value[0] === 0x1f && first.value[1] === 0x8b];
  }

  const MB = (n) => (n / 1e6).toFixed(1);
  function downloading(done, total) {
    const bar = $("dl-progress");
    bar.hidden = !total;
    if (total) bar.value = Math.min(done / total, 1);
    show(total ? `downloading the page: ${MB(done)} of ${MB(total)} MB (${Math.floor((100 * done) / total)}%)`
      : `downloading the page: ${MB(done)} MB`);
  }

  async function instantiate(go) {
    const resp = await fetchModule("main.wasm", downloading);
    const mod = WebAssembly.instantiateStreaming
      ? await WebAssembly.instantiateStreaming(resp, go.importObject)
      : await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
    $("dl-progress").hidden = true;
    show("starting…");
    return mod;
  }

  // notStarted tells why window.fib6lab is missing: still loading, or
  // failed to start (that message stays until the page is reloaded).
  let startError = "";
  function notStarted() {
    if (startError) return show(`failed to start: ${startError}`, true);
    show("still starting…");
  }

  // call runs fn(window.fib6lab) once the module has registered it.
  function call(fn) {
    if (!window.fib6lab) return notStarted();
    try {
      fn(window.fib6lab);
    } catch (e) {
      show(String(e), true);
    }
  }

  function wire() {
    $("btn-play").addEventListener("click", () =>
      call((f) => (f.state().playing ? f.pause() : f.play())));
    $("btn-step").addEventListener("click", () => call((f) => {
      const m = f.step();
      if (typeof m === "string" && m) show(m);
    }));
    $("btn-gc").addEventListener("click", () => call((f) => f.runGC()));
    $("btn-fill").addEventListener("click", () => call((f) => show(f.fill(1000000))));
    // a menu gives the keys back once used (arrows step, not change it)
    $("sel-speed").addEventListener("change", (e) => { call((f) => f.setSpeed(Number(e.target.value))); e.target.blur(); });
    $("sel-rate").addEventListener("change", (e) => { call((f) => f.setTimeRate(Number(e.target.value))); e.target.blur(); });
    $("sel-view").addEventListener("change", (e) => { call((f) => f.setView(e.target.value)); e.target.blur(); });
    for (const lane of ["left", "right"]) {
      $(`sel-ns-${lane}`).addEventListener("change", (e) => {
        call((f) => {
          const r = f.selectNetns(lane, e.target.value);
          if (r && r.error) show(r.error, true);
        });
        e.target.blur();
      });
    }
    for (const fmt of ["svg", "pdf", "png"]) $(`btn-export-${fmt}`).addEventListener("click", () => exportView(fmt));
    $("btn-ftrace").addEventListener("click", (e) => call((f) => {
      const on = e.target.getAttribute("aria-pressed") !== "true";
      f.ftrace(on);
      e.target.setAttribute("aria-pressed", String(on));
      show(on ? "recording tracepoints: run commands, then download" : "tracepoints no longer recorded");
    }));
    $("btn-ftrace-save").addEventListener("click", () => call((f) => {
      const text = f.ftraceText();
      if (!text) return show("no tracepoints recorded: press record first", true);
      download(new Blob([text], { type: "text/plain" }), "fib6lab-trace.txt");
    }));
    $("btn-add").addEventListener("click", () =>
      call((f) => {
        f.addExpiring(Number($("in-n").value), Number($("sel-plen").value), Number($("in-expires").value));
        const s = f.state();
        if (s.error) show(s.error, true);
        else if (s.expiringStatus) show(s.expiringStatus);
      }));
  }

  // Export: export.wasm (tdewolff/canvas, as big as the page's module) is
  // fetched on the first export and renders the scene on screen
  // (window.fib6lab.scene()) to a file that is downloaded.
  let exporter = null;
  function loadExporter() {
    if (!exporter) {
      exporter = (async () => {
        const go = new Go();
        const resp = await fetchModule("export.wasm", (done, total) =>
          show(`loading the exporter: ${MB(done)}${total ? ` of ${MB(total)}` : ""} MB`));
        const { instance } = await WebAssembly.instantiateStreaming(resp, go.importObject);
        go.run(instance); // stays alive serving window.fib6export
        return window.fib6export;
      })();
      exporter.catch(() => { exporter = null; });
    }
    return exporter;
  }

  // download saves blob as a file called name.
  function download(blob, name) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  const MIME = { svg: "image/svg+xml", pdf: "application/pdf", png: "image/png" };
  async function exportView(fmt) {
    if (!window.fib6lab) return notStarted();
    try {
      const bytes = window.fib6lab.scene();
      show(`exporting ${fmt.toUpperCase()}…`);
      const out = (await loadExporter()).render(bytes, fmt);
      if (!(out instanceof Uint8Array)) throw new Error(out && out.error ? out.error : "export failed");
      const name = `fib6lab-${window.fib6lab.state().view}.${fmt}`;
      download(new Blob([out], { type: MIME[fmt] }), name);
      show(`exported ${name} (${out.length} bytes)`);
    } catch (e) {
      show(`export: ${e}`, true);
    }
  }

  // The console: the input submits lines to the Go side, which runs them
  // in both namespaces over the next frames and writes the scrollback;
  // pump copies new scrollback lines into the page every animation frame.
  const MAX_DOM_LINES = 2000;
  let lastSeq = 0;

  function appendLines(lines) {
    const out = $("con-out");
    const atBottom = out.scrollTop + out.clientHeight >= out.scrollHeight - 4;
    const frag = document.createDocumentFragment();
    for (const l of lines) {
      const div = document.createElement("div");
      div.className = "ln " + l.kind;
      div.textContent = l.text;
      frag.appendChild(div);
      lastSeq = l.seq;
    }
    out.appendChild(frag);
    while (out.childElementCount > MAX_DOM_LINES) out.firstElementChild.remove();
    if (atBottom) out.scrollTop = out.scrollHeight;
  }

  function pump() {
    call((f) => {
      const lines = f.lines(lastSeq);
      if (Array.isArray(lines) && lines.length) appendLines(lines);
    });
    requestAnimationFrame(pump);
  }

  function submit(text) {
    call((f) => f.submit(text));
    const out = $("con-out");
    out.scrollTop = out.scrollHeight;
  }

  function wireConsole() {
    const input = $("con-in");
    $("con-form").addEventListener("submit", (e) => {
      e.preventDefault();
      submit(input.value);
      input.value = "";
    });
    input.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
      e.preventDefault();
      call((f) => {
        const v = e.key === "ArrowUp" ? f.historyPrev(input.value) : f.historyNext(input.value);
        if (typeof v === "string") input.value = v;
      });
    });
    // a pasted script (several lines) runs line by line, as in a shell
    input.addEventListener("paste", (e) => {
      const text = e.clipboardData ? e.clipboardData.getData("text/plain") : "";
      if (!/[\r\n]/.test(text)) return;
      e.preventDefault();
      const v = input.value;
      submit(v.slice(0, input.selectionStart) + text + v.slice(input.selectionEnd));
      input.value = "";
    });
    // Cancel and Esc (even while typing) stop the command running over
    // frames and drop the queued lines; other Esc uses go on (capture, no
    // stopPropagation).
    const cancel = () => call((f) => f.cancel());
    $("con-cancel").addEventListener("click", cancel);
    window.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && window.fib6lab) window.fib6lab.cancel(); // does nothing when idle
    }, true);
    $("banner-close").addEventListener("click", () => {
      bannerDismissed = $("banner-text").textContent;
      banner("");
    });
  }

  // poll (through update) keeps the toolbar in step with the simulation (the space key and
  // the Step button change the play state from inside the page too).
  function poll() {
    try {
      update();
    } catch (e) {
      banner(`page error: ${e}`);
    }
    setTimeout(poll, 250);
  }

  // busy shows the console's progress: the command running over frames
  // ("gen routes: 31,744 of 100,000") with a bar and the Cancel button,
  // or the lines still queued.
  function busy(s) {
    const b = s.busy, waiting = s.queued - (b && !b.script ? 1 : 0);
    let text = b ? b.text : "";
    if (waiting > 0) text += `${text ? " · " : "running… "}${waiting.toLocaleString("en-US")} lines queued`;
    if (!text && s.mismatches > 0) text = `${s.mismatches} commands differed between the namespaces`;
    $("con-status").textContent = text;
    $("con-cancel").hidden = !(b || s.queued > 0);
    const bar = $("con-progress");
    bar.hidden = !(b && b.total > 0);
    if (!bar.hidden) bar.value = b.done / b.total;
  }

  // netnsMenus offers the namespaces of the script's machine in the
  // lanes' menus and shows the one each lane shows.
  let netnsKey = "";
  function netnsMenus(s) {
    if (!s.topology || !s.lanes) return;
    const names = s.topology.netns.map((n) => n.name);
    const key = names.join("\n");
    s.lanes.forEach((l, i) => {
      const sel = $(`sel-ns-${["left", "right"][i]}`);
      if (!sel) return;
      if (key !== netnsKey) {
        sel.replaceChildren(...names.map((n) => new Option(n === "" ? "init" : n, n)));
      }
      if (document.activeElement !== sel) sel.value = l.netns || "";
    });
    netnsKey = key;
  }

  let lastExpiring = "";
  function update() {
    if (window.fib6lab) {
      const s = window.fib6lab.state();
      $("btn-play").textContent = s.playing ? "Pause" : "Play";
      const rec = String(!!s.ftrace); // a scenario, script or link stops recording
      if ($("btn-ftrace").getAttribute("aria-pressed") !== rec) $("btn-ftrace").setAttribute("aria-pressed", rec);
      netnsMenus(s);
      banner(s.error);
      busy(s);
      if (s.error) show(s.error, true);
      // the memory budget's note stays while the namespaces are full
      else if (s.memory.refusals > 0 && s.memory.room === 0) show(s.memory.note, true);
      else if (s.expiringPending > 0 || (s.expiringStatus && s.expiringStatus !== lastExpiring)) show(s.expiringStatus);
      else if (!s.ready) show(`loading ${Math.floor((100 * s.loaded) / Math.max(s.total, 1))}%`);
      else if (msg.classList.contains("error") || /^(loading|starting)/.test(msg.textContent)) show("");
      if (s.expiringPending === 0) lastExpiring = s.expiringStatus || "";
    }
  }

  // layout sizes the canvas (the body) to what the toolbar, whose rows
  // wrap, and the console leave: the console shrinks, down to its input
  // line, so that the canvas keeps at least MIN_CANVAS pixels.
  // ebiten measures the canvas area only on window resizes, so a change
  // made here is announced as one (the second call finds nothing changed).
  const CONSOLE_H = 210, MIN_CANVAS = 160;
  let laidOut = "";
  function layout() {
    const root = document.documentElement.style;
    const tb = Math.ceil($("toolbar").getBoundingClientRect().height);
    const line = Math.ceil($("con-form").getBoundingClientRect().height) + 1;
    const room = window.innerHeight - tb - MIN_CANVAS;
    // presenter mode gives the canvas more of a projector's height
    const presenter = document.body.classList.contains("presenter");
    let con = Math.min(presenter ? Math.round(Math.min(CONSOLE_H, window.innerHeight * 0.2)) : CONSOLE_H, room);
    if (con < line + 40) con = line; // only the input line: the scrollback collapses
    const key = `${tb}/${con}/${window.innerWidth}x${window.innerHeight}/${presenter}`;
    if (key === laidOut) return;
    laidOut = key;
    root.setProperty("--toolbar-h", `${tb}px`);
    root.setProperty("--console-h", `${con}px`);
    requestAnimationFrame(() => window.dispatchEvent(new Event("resize")));
  }
  function wireLayout() {
    layout();
    if (window.ResizeObserver) new ResizeObserver(layout).observe($("toolbar"));
    window.addEventListener("resize", layout);
  }

  window.addEventListener("error", (e) => banner(`page error: ${e.message}`));
  window.addEventListener("unhandledrejection", (e) => banner(`page error: ${e.reason}`));

  async function main() {
    wireLayout();
    wire();
    wireConsole();
    show("starting…");
    try {
      const go = new Go();
      const { instance } = await instantiate(go);
      poll();
      requestAnimationFrame(pump);
      await go.run(instance);
      show("the program exited", true);
      banner("the Go program exited; reload the page");
    } catch (e) {
      startError = String(e);
      notStarted();
      banner(`failed to start: ${e}`);
      console.error(e);
    }
  }

  main();
})();
