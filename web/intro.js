// fib6lab first-visit intro: a short "what am I looking at" card over the
// canvas, shown until dismissed once per browser (remembered in localStorage) and brought
// back from the help dialog. It does not block the page: the toolbar, the
// console and the keys work while it is shown. window.fib6intro has
// open() and close() (Esc closes it, web/teach.js).
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const SEEN = "fib6lab.intro"; // localStorage key: "seen" once dismissed

  // remember notes that the intro was read and dismissed; a browser that keeps no
  // storage (private mode, disabled) shows it on every visit.
  function remember() {
    try {
      localStorage.setItem(SEEN, "seen");
    } catch (e) {
      // nothing to remember it in
    }
  }

  function seen() {
    try {
      return localStorage.getItem(SEEN) === "seen";
    } catch (e) {
      return false;
    }
  }

  function open() {
    $("intro").hidden = false;
  }

  function close() {
    $("intro").hidden = true;
    remember();
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("intro-close").addEventListener("click", close);
    $("help-intro").addEventListener("click", () => {
      if (window.fib6lab) window.fib6lab.setPanel("help", false);
      $("help").hidden = true;
      open();
    });
    window.fib6intro = { open, close };
    if (!seen()) open();
  });
})();
