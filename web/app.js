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

  async function instantiate(go) {
    const url = "main.wasm";
    if (WebAssembly.instantiateStreaming) {
      try {
        return await WebAssembly.instantiateStreaming(fetch(url), go.importObject);
      } catch (e) {
        console.warn("instantiateStreaming failed, falling back:", e);
      }
    }
    const resp = await fetch(url);
    if (!resp.ok) throw new Error(`fetching ${url}: ${resp.status} ${resp.statusText}`);
    return WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
  }

  // call runs fn(window.fib6lab) once the module has registered it.
  function call(fn) {
    if (!window.fib6lab) return show("still starting…");
    try {
      fn(window.fib6lab);
    } catch (e) {
      show(String(e), true);
    }
  }

  function wire() {
    $("btn-play").addEventListener("click", () =>
      call((f) => (f.state().playing ? f.pause() : f.play())));
    $("btn-step").addEventListener("click", () => call((f) => f.step()));
    $("btn-gc").addEventListener("click", () => call((f) => f.runGC()));
    $("sel-speed").addEventListener("change", (e) => call((f) => f.setSpeed(Number(e.target.value))));
    $("sel-rate").addEventListener("change", (e) => call((f) => f.setTimeRate(Number(e.target.value))));
    $("btn-add").addEventListener("click", () =>
      call((f) => {
        const n = f.addExpiring(Number($("in-n").value), Number($("sel-plen").value), Number($("in-expires").value));
        show(`added ${n} expiring routes`);
      }));
  }

  // poll keeps the toolbar in step with the simulation (the space key and
  // the Step button change the play state from inside the page too).
  function poll() {
    if (window.fib6lab) {
      const s = window.fib6lab.state();
      $("btn-play").textContent = s.playing ? "Pause" : "Play";
      if (s.error) show(s.error, true);
      else if (!s.ready) show(`loading ${Math.floor((100 * s.loaded) / Math.max(s.total, 1))}%`);
      else if (msg.classList.contains("error") || /^(loading|starting)/.test(msg.textContent)) show("");
    }
    setTimeout(poll, 250);
  }

  async function main() {
    wire();
    show("starting…");
    try {
      const go = new Go();
      const { instance } = await instantiate(go);
      poll();
      await go.run(instance);
      show("the program exited", true);
    } catch (e) {
      show(`failed to start: ${e}`, true);
      console.error(e);
    }
  }

  main();
})();
