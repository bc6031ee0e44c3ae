/* Dice entry: the keypad fills the slots (five, or six for a six-dice game: the form's data-count),
   typing works too, options come once every die is in.
   Without this file the keypad buttons still work: they submit and the server re-renders. */
(function () {
  "use strict";

  var STORE = "scorekeeper-dice";

  function digits(text) { return (text || "").replace(/[\s,;.\-\/+]+/g, ""); }

  function count(form) { return Number(form.dataset.count) || 5; }

  function faces(text, form) {
    return digits(text).split("").filter(function (c) { return "123456".indexOf(c) >= 0; }).slice(0, count(form));
  }

  function pips(face) {
    var span = document.createElement("span");
    span.className = "pips f" + face;
    span.setAttribute("aria-hidden", "true");
    for (var i = 0; i < face; i++) { span.appendChild(document.createElement("i")); }
    return span;
  }

  function label(template, num, face) { return template.replace("{n}", num).replace("{f}", face); }

  /* Typed dice per game and turn, so a refresh of the page area does not lose them. */
  function remembered() {
    try { return JSON.parse(sessionStorage.getItem(STORE) || "{}"); } catch (e) { return {}; }
  }
  function remember(key, value) {
    var all = {};
    all[key] = value; /* only the current turn is worth keeping */
    try { sessionStorage.setItem(STORE, JSON.stringify(all)); } catch (e) { /* private mode */ }
  }

  function render(form) {
    var shown = faces(form.elements.dice.value, form);
    form.querySelectorAll("[data-slot]").forEach(function (slot, i) {
      slot.textContent = "";
      if (i < shown.length) {
        slot.appendChild(pips(Number(shown[i])));
        slot.classList.add("is-filled");
        slot.disabled = false;
        slot.setAttribute("aria-label", label(form.dataset.slotFilled, i + 1, shown[i]));
      } else {
        slot.classList.remove("is-filled");
        slot.disabled = true;
        slot.setAttribute("aria-label", label(form.dataset.slotEmpty, i + 1, ""));
      }
    });
    form.querySelectorAll("[data-die]").forEach(function (key) { key.disabled = shown.length >= count(form); });
  }

  /* Every die typed, or a typed attempt that can no longer be the game's dice (a digit too many,
     a 7, a letter): the server answers with the boxes or with what is wrong. Fewer dice: not yet. */
  function finished(compact, form) { return compact.length >= count(form) || /[^1-6]/.test(compact); }

  function changed(form, typed) {
    var value = form.elements.dice.value;
    remember(form.dataset.key, value);
    render(form);
    var compact = digits(value);
    var options = document.getElementById("options");
    var valid = compact.length === count(form) && !/[^1-6]/.test(compact);
    var confirm = document.getElementById("confirm");
    if (confirm && compact) { confirm.classList.add("is-done"); }
    if (form.dataset.asked === compact && compact) { return; }
    /* Whatever was shown was for other dice: it goes at once, and an answer still on its way
       for them is dropped (htmx:beforeSwap below). */
    if (options) { options.textContent = ""; }
    form.dataset.asked = "";
    if (valid || (typed && finished(compact, form))) {
      form.dataset.asked = compact;
      /* A form htmx swapped in a moment ago is bound only once its content settles (~20 ms): bound
         now, htmx sends it rather than the browser (a quick tap went as a plain POST). */
      if (window.htmx) { window.htmx.process(form); }
      form.requestSubmit();  /* htmx sends it when loaded; otherwise a plain POST does the same */
    }
    /* Every die typed: the on-screen keyboard would cover the boxes, so it goes. */
    if (valid && typed && document.activeElement === form.elements.dice) { form.elements.dice.blur(); }
  }

  function setup(root) {
    var form = (root || document).querySelector ? document.getElementById("dice-form") : null;
    if (!form || form.dataset.ready) { return; }
    form.dataset.ready = "1";
    /* The keypad works here, locally: its buttons no longer submit (nor ride along with htmx). */
    form.querySelectorAll("[data-die], [data-slot]").forEach(function (b) { b.type = "button"; });
    var input = form.elements.dice;
    var saved = remembered()[form.dataset.key];
    if (!input.value && saved) { input.value = saved; }
    if (input.value) {
      /* Options already rendered by the server count as asked. */
      var shown = document.querySelector("#options .choose");
      if (shown) { form.dataset.asked = digits(input.value); }
      /* Dice brought back (an undo, a reload): their boxes come without pulling the page down,
         so an "Undone: …" notice on top stays where the eye is. */
      form.dataset.quiet = "1";
      changed(form);
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("#dice-form [data-die], #dice-form [data-slot]");
    if (!button) { return; }
    event.preventDefault();
    var form = button.form;
    var shown = faces(form.elements.dice.value, form);
    if (button.hasAttribute("data-die")) {
      if (shown.length >= count(form)) { return; }
      shown.push(button.dataset.die);
    } else {
      shown.splice(Number(button.dataset.slot), 1);
    }
    form.elements.dice.value = shown.join("");
    delete form.dataset.quiet;
    changed(form);
  });

  document.addEventListener("input", function (event) {
    if (event.target.form && event.target.form.id === "dice-form" && event.target.name === "dice") {
      delete event.target.form.dataset.quiet;
      changed(event.target.form, true);
    }
  });

  /* An answer for dice that are no longer the ones typed is not shown. */
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var form = document.getElementById("dice-form");
    var sent = event.detail.requestConfig && event.detail.requestConfig.formData;
    if (!form || !target || target.id !== "options" || !sent || !sent.get) { return; }
    if (digits(sent.get("dice")) !== digits(form.elements.dice.value)) { event.detail.shouldSwap = false; }
  });

  /* A turn was recorded (or undone) elsewhere under this kept entry: its boxes were for the
     player before. Keep the dice, drop those boxes and ask again for the player now to play. */
  document.addEventListener("live:stale", function (event) {
    var form = event.target.querySelector("#dice-form");
    var fresh = event.detail && event.detail.fresh && event.detail.fresh.querySelector("#dice-form");
    if (!form || !fresh) { return; }
    form.dataset.key = fresh.dataset.key;
    form.dataset.asked = "";
    var options = document.getElementById("options");
    if (options) { options.textContent = ""; }
    changed(form);
  });

  /* Bring the boxes into view once they arrive. */
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "options") {
      var form = document.getElementById("dice-form");
      if (form && form.dataset.quiet) { delete form.dataset.quiet; return; }
      var choose = event.detail.target.querySelector(".choose, .field-error");
      if (choose && choose.scrollIntoView) { choose.scrollIntoView({ block: "nearest" }); }
    }
  });

  document.addEventListener("htmx:load", function () { setup(document); });
  document.addEventListener("DOMContentLoaded", function () { setup(document); });
})();
