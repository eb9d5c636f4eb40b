// fib6lab teaching controls: the player (step back/forward by event or
// operation, start/end), scenarios and the user's script, shareable links,
// panels, presenter mode and the keyboard shortcuts. Everything calls
// window.fib6lab (wasm/hook_teach.go).
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);

  function call(fn) {
    if (!window.fib6lab) return undefined;
    try {
      return fn(window.fib6lab);
    } catch (e) {
      note(String(e));
      return undefined;
    }
  }

  // OPENING is the note while a link opens.
  const OPENING = "opening the link…";

  function note(text) {
    const m = $("teach-msg");
    if (m) m.textContent = m.title = text; // the title shows it whole where the toolbar cuts it
  }

  // Shortcuts: key (with shift) -> [description, action]. They are
  // ignored while an input, select or textarea has the focus.
  const SHORTCUTS = [
    [" ", false, "Space", "play / pause", (f) => (f.state().playing ? f.pause() : f.play())],
    ["ArrowRight", false, "→", "step one event forward", (f) => { const m = f.step(); if (typeof m === "string" && m) note(m); }],
    ["ArrowLeft", false, "←", "step one event back", (f) => f.stepBack()],
    ["ArrowRight", true, "Shift+→", "next operation", (f) => f.stepOp(1)],
    ["ArrowLeft", true, "Shift+←", "back one operation", (f) => f.stepOp(-1)],
    ["Home", false, "Home", "start of the history", (f) => f.seekStart()],
    ["End", false, "End", "end of the history", (f) => f.seekEnd()],
    ["+", null, "+", "faster", (f) => f.speedStep(1)],
    ["=", null, "=", "faster", (f) => f.speedStep(1)],
    ["-", null, "-", "slower", (f) => f.speedStep(-1)],
    ["f", null, "F", "fullscreen", () => fullscreen()],
    ["p", null, "P", "presenter mode (large, high contrast)", () => panel("presenter")],
    ["c", null, "C", "pseudo-code panels", () => panel("pseudo")],
    ["t", null, "T", "time line", () => panel("timeline")],
    ["l", null, "L", "copy a link to this state", () => copyLink()],
    ["k", null, "K", "legend of the marks on the trie", () => panel("legend")],
    ["0", null, "0", "reset the view: the whole trie (also a double-click on it)", (f) => f.resetView()],
    ["?", null, "?", "this help", () => panel("help")],
    ["Escape", null, "Esc", "close the help and the intro; stop the console command running (also while typing)", (f) => {
      f.setPanel("help", false);
      if (window.fib6intro) window.fib6intro.close();
    }],
  ];

  function typing() {
    const a = document.activeElement;
    if (!a || a === document.body) return false;
    return /^(INPUT|TEXTAREA|SELECT)$/.test(a.tagName) || a.isContentEditable;
  }

  function onKey(e) {
    if (typing() || e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    for (const [k, shift, , , act] of SHORTCUTS) {
      if (k === key && (shift === null || shift === e.shiftKey)) {
        e.preventDefault();
        e.stopImmediatePropagation();
        call(act);
        sync();
        return;
      }
    }
  }

  function panel(name) {
    call((f) => f.togglePanel(name));
    sync();
  }

  function fullscreen() {
    if (document.fullscreenElement) document.exitFullscreen();
    else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen().catch(() => {});
  }

  function linkURL() {
    const frag = call((f) => f.shareLink());
    return typeof frag === "string" ? location.href.split("#")[0] + "#" + frag : "";
  }

  async function copyLink() {
    const url = linkURL();
    if (!url) return;
    history.replaceState(null, "", url);
    $("link-out").value = url;
    try {
      await navigator.clipboard.writeText(url);
      note("link copied");
    } catch (e) {
      note("link in the address bar (clipboard not available)");
    }
  }

  // sync mirrors the Go state into the page: help overlay, presenter
  // class, toggle buttons, speed menu.
  function sync() {
    const s = call((f) => f.state());
    if (!s || !s.viewState) return;
    // a link replays over frames once the table is in (its progress is
    // the console's status line)
    if ($("teach-msg").textContent === OPENING && s.ready && !(s.busy && s.busy.cmd === "link")) note(s.error || "restored from the link");
    const v = s.viewState;
    $("help").hidden = !v.help;
    if (document.body.classList.contains("presenter") !== !!v.presenter) {
      document.body.classList.toggle("presenter", !!v.presenter);
      window.dispatchEvent(new Event("resize")); // app.js lays the page out again
    }
    for (const name of ["pseudo", "timeline", "presenter", "legend"]) $(`btn-${name}`).setAttribute("aria-pressed", String(!!v[name]));
    const sel = $("sel-speed");
    if (sel && Number(sel.value) !== s.speed) sel.value = String(s.speed);
    // a link may switch the view
    const view = $("sel-view");
    if (view && s.view && view.value !== s.view && document.activeElement !== view) view.value = s.view;
    $("teach-pos").textContent = `step ${s.step}`; // the scenario is named in its selector
  }

  function fillScenarios() {
    const list = call((f) => f.scenarios());
    if (!Array.isArray(list)) return false;
    const sel = $("sel-scenario");
    for (const sc of list) {
      const o = document.createElement("option");
      o.value = sc.name;
      o.textContent = sc.title;
      sel.appendChild(o);
    }
    return true;
  }

  // keyHelp returns the shortcuts as [key, what] pairs, once each: the
  // help dialog shows them, and the console's help lists them.
  function keyHelp() {
    const seen = new Set(), out = [];
    for (const [, , label, what] of SHORTCUTS) {
      if (!seen.has(what)) out.push([label, what]);
      seen.add(what);
    }
    return out;
  }

  function fillHelp() {
    const dl = $("help-keys");
    for (const [label, what] of keyHelp()) {
      const dt = document.createElement("dt");
      dt.textContent = label;
      const dd = document.createElement("dd");
      dd.textContent = what;
      dl.append(dt, dd);
    }
  }

  function wire() {
    const click = (id, fn) => $(id).addEventListener("click", () => { call(fn); sync(); });
    click("btn-start", (f) => f.seekStart());
    click("btn-back-op", (f) => f.stepOp(-1));
    click("btn-back", (f) => f.stepBack());
    click("btn-fwd-op", (f) => f.stepOp(1));
    click("btn-end", (f) => f.seekEnd());
    for (const name of ["pseudo", "timeline", "presenter", "help", "legend"]) $(`btn-${name}`).addEventListener("click", () => panel(name));
    click("btn-reset-view", (f) => f.resetView());
    // a double-click on the canvas (ebiten's) shows the whole trie again
    document.addEventListener("dblclick", (e) => { if (e.target instanceof HTMLCanvasElement) { call((f) => f.resetView()); sync(); } });
    $("btn-fullscreen").addEventListener("click", fullscreen);
    $("btn-copy-link").addEventListener("click", copyLink);
    $("help-close").addEventListener("click", () => { call((f) => f.setPanel("help", false)); sync(); });
    $("sel-scenario").addEventListener("change", (e) => {
      if (!e.target.value) return;
      const r = call((f) => f.loadScenario(e.target.value));
      const s = call((f) => f.state());
      const sc = (call((f) => f.scenarios()) || []).find((x) => x.name === e.target.value);
      const views = { gc: "GC", dst: "route cache", ila: "ILA", plot: "cost plot" };
      const tip = sc && sc.view && s && sc.view !== s.view ? ` · best seen in the ${views[sc.view]} view` : "";
      note(r && r.error ? r.error : `scenario ${e.target.value}${tip}`);
      sync();
      e.target.blur();
    });
    $("btn-run-script").addEventListener("click", () => {
      call((f) => f.runScript($("script-in").value));
      $("sel-scenario").value = "";
      note("running your script");
    });
    $("btn-load-dump").addEventListener("click", loadDump);
    $("dump-file").addEventListener("change", (e) => {
      const file = e.target.files && e.target.files[0];
      if (file) file.text().then((t) => { keepDump(t, `file ${file.name}`); loadDump(); });
    });
    $("dump-in").addEventListener("paste", (e) => {
      const t = e.clipboardData && e.clipboardData.getData("text/plain");
      dumpText = null;
      if (!t || t.length < BIG_DUMP) return;
      e.preventDefault();
      keepDump(t, "pasted");
    });
    $("dump-in").addEventListener("input", () => { dumpText = null; });
    // capture: before ebiten's own listeners
    window.addEventListener("keydown", onKey, true);
    fillHelp();
  }

  // A big dump (a full table is 10 MB) is kept aside rather than shown in
  // the box, which would take seconds to lay out 160,000 lines.
  const BIG_DUMP = 200000;
  let dumpText = null;
  function keepDump(text, how) {
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    dumpText = text;
    $("dump-in").value = `(${how}: ${lines.toLocaleString("en-US")} lines, ${(text.length / 1e6).toFixed(1)} MB; Load table loads them)`;
  }

  // loadDump gives both lanes the pasted table (loadDump in
  // wasm/hook_dump.go), or the table of a record (ip6sim record) whose
  // events then replay: a big one takes seconds, so the message is
  // painted first; a bad one leaves the table as it was and says why.
  function loadDump() {
    const m = $("dump-msg"), text = dumpText !== null ? dumpText : $("dump-in").value;
    m.classList.remove("error");
    m.textContent = "loading your table…";
    setTimeout(() => {
      const t0 = performance.now();
      const r = call((f) => f.loadDump(text));
      if (!r) return;
      const secs = ((performance.now() - t0) / 1000).toFixed(1);
      m.classList.toggle("error", !!r.error);
      const s = call((f) => f.state());
      const rec = text.startsWith("# fib6lab record ");
      m.textContent = r.error ? r.error + " (the table shown is unchanged)" :
        `loaded: ${s ? s.routes : "?"} routes in table main (${secs} s)${rec ? "; replaying the record" : ""}`;
      if (!r.error) { $("sel-scenario").value = ""; note(rec ? "your record" : "your table"); }
    }, 30);
  }

  // start waits for window.fib6lab, fills the menu and restores the state
  // the URL fragment describes.
  function start() {
    if (!window.fib6lab || !fillScenarios()) return setTimeout(start, 50);
    call((f) => f.setKeys(keyHelp()));
    if (location.hash.length > 1) {
      const r = call((f) => f.restore(location.hash.slice(1)));
      const s = call((f) => f.state());
      if (s && s.scenario) $("sel-scenario").value = s.scenario === "script" ? "" : s.scenario;
      note(r && r.error ? `link: ${r.error}` : OPENING);
    }
    sync();
    setInterval(sync, 250);
  }

  document.addEventListener("DOMContentLoaded", () => {
    wire();
    start();
  });
})();
