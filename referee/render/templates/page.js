(function () {
  "use strict";
  // The page's one script, run after the index (before the files' sections arrive): the
  // index's columns sort when clicked (numbers biggest first, words A to Z first), the
  // filter boxes show only the rows with every word typed, a link to a file or a hand
  // opens its section, an opened section's snippets scroll sideways to their carets. It
  // never writes a log's text as markup (only textContent and attributes it made itself).
  var root = document.documentElement;
  root.classList.add("js");
  var each = function (list, f) { Array.prototype.forEach.call(list, f); };
  var table = document.querySelector("table.index");
  function value(row, col, numeric) {
    var text = row.cells[col].textContent;
    return numeric ? parseFloat(text) || 0 : text.toLowerCase();
  }
  function sort(th, col) {
    var numeric = th.classList.contains("num");
    var was = th.getAttribute("aria-sort");
    var down = was ? was === "ascending" : numeric;
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = value(a, col, numeric), y = value(b, col, numeric);
      var c = x < y ? -1 : x > y ? 1 : 0;
      return (down ? -c : c) || a.getAttribute("data-i") - b.getAttribute("data-i");
    });
    each(th.parentNode.cells, function (other) { other.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", down ? "descending" : "ascending");
    rows.forEach(function (row) { body.appendChild(row); });
  }
  if (table) {
    each(table.tBodies[0].rows, function (row, i) { row.setAttribute("data-i", i); });
    each(table.tHead.rows[0].cells, function (th, col) {
      var button = document.createElement("button");
      button.type = "button";
      while (th.firstChild) { button.appendChild(th.firstChild); }
      th.appendChild(button);
      button.addEventListener("click", function () { sort(th, col); });
    });
  }
  // Filters: the index's rows, or a file's findings and hands.
  function filter(input) {
    var scope = input.closest("section.file, nav.index");
    if (!scope) { return; }
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var items = scope.querySelectorAll(
      "table.index > tbody > tr, ol.diags > li, table.hands > tbody > tr");
    var shown = 0;
    each(items, function (item) {
      var text = (item.textContent + " " + (item.getAttribute("data-find") || "")).toLowerCase();
      var match = words.every(function (word) { return text.indexOf(word) >= 0; });
      item.hidden = !match;
      shown += match ? 1 : 0;
    });
    var output = input.closest(".filter").querySelector("output");
    output.textContent = words.length ? shown + " of " + items.length + " shown" : "";
    if (words.length) {
      each(scope.querySelectorAll("details.long"), function (d) { d.open = true; });
    }
  }
  document.addEventListener("input", function (event) {
    var target = event.target;
    if (target.matches && target.matches(".filter input")) { filter(target); }
  });
  function toCaret(details) {
    each(details.querySelectorAll("pre.src"), function (pre) {
      var caret = pre.querySelector(".caret");
      if (!caret || pre.scrollWidth <= pre.clientWidth) { return; }
      var at = caret.getBoundingClientRect().left - pre.getBoundingClientRect().left;
      pre.scrollLeft = Math.max(0, pre.scrollLeft + at - pre.clientWidth * 0.6);
    });
  }
  document.addEventListener("toggle", function (event) {
    if (event.target.open) { toCaret(event.target); }
  }, true);
  function opened() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (!target) { return; }
    var section = target.closest("section.file");
    var details = section && section.querySelector("details");
    var inner = target.closest("details.long");
    if ((details && !details.open) || (inner && !inner.open)) {
      if (details) { details.open = true; }
      if (inner) { inner.open = true; }
      target.scrollIntoView();
    }
  }
  window.addEventListener("hashchange", opened);
  function ready() {
    opened();
    each(document.querySelectorAll("details[open]"), toCaret);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
