// The counterexample explorer (<model>.explore.html, Explorer.java): lays out the steps embedded
// as JSON in <script id="trace">, one at a time. Plain JavaScript, no library, no network. Every
// value is set as text (textContent), never as markup: TLA+ values contain < > & ".
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("trace").textContent);
  var steps = data.steps;
  var current = 0;
  var root = document.getElementById("explorer");

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        if (attrs[k] !== null && attrs[k] !== undefined && attrs[k] !== false) {
          e.setAttribute(k, attrs[k] === true ? "" : attrs[k]);
        }
      });
    }
    if (text !== undefined && text !== null) {
      e.textContent = text;
    }
    return e;
  }

  function add(parent, child) {
    parent.appendChild(child);
    return child;
  }

  // The page's frame: what is checked, the controls, the places each step fills.
  var head = add(root, el("header"));
  add(head, el("h1", null, data.model));
  var info = add(head, el("dl"));
  [["model", data.description], ["spec", data.spec + ", config " + data.config], ["expected", data.expected],
   ["TLC found", data.found], ["threads", data.threads.length ? data.threads.join(", ")
     : "none found (no program counter: no variable named pc or ending in pc)"],
   ["memory", data.memoryKind], ["full trace", data.trace + " (swimlane: " + data.swimlane + ")"]]
    .forEach(function (row) {
      if (row[1]) {
        add(info, el("dt", null, row[0]));
        add(info, el("dd", null, row[1]));
      }
    });

  var nav = add(root, el("nav", { id: "controls" }));
  var back = add(nav, el("button", { id: "back", type: "button", title: "previous step (left arrow)" }, "\u2190 Back"));
  var counter = add(nav, el("span", { id: "step-counter", "aria-live": "polite" }));
  var forward = add(nav, el("button", { id: "forward", type: "button", title: "next step (right arrow)" }, "Forward \u2192"));
  add(nav, el("span", { class: "hint" }, "arrow keys step; Home and End jump"));

  var timeline = add(root, el("ol", { id: "timeline" }));
  steps.forEach(function (s, i) {
    var li = add(timeline, el("li", { "data-index": i, title: (s.thread ? s.thread + ": " : "") + s.action },
      String(s.number)));
    if (s.inLoop) { li.classList.add("loop"); }
    li.addEventListener("click", function () { show(i); });
  });

  var stepBox = add(root, el("section", { id: "step" }));
  var title = add(stepBox, el("h2"));
  var actionLine = add(stepBox, el("p", { class: "action" }));
  var verdict = add(stepBox, el("p", { id: "verdict", hidden: true }));
  var loopNote = add(stepBox, el("p", { id: "loop-note", hidden: true }));

  var lanesBox = add(root, el("section", { id: "lanes" }));
  var memoryBox = data.memoryVariables.length ? add(root, el("section", { id: "memory" })) : null;
  var varsBox = add(root, el("section", { id: "variables-box" }));
  add(varsBox, el("h3", null, "variables (changed by this step: highlighted, before \u2192 after)"));
  var varsTable = add(varsBox, el("table", { id: "variables" }));

  function changeText(c) {
    return c.path + ": " + (c.before === null ? "(new)" : c.before) + " \u2192 " + c.after;
  }

  function previousMemory(i) {
    var before = {};
    if (i > 0) {
      steps[i - 1].memory.forEach(function (m) {
        m.lines.forEach(function (l) { before[m.name + "\u0000" + l.text] = true; });
      });
    }
    return before;
  }

  function show(i) {
    current = Math.max(0, Math.min(steps.length - 1, i));
    var s = steps[current];
    var last = current === steps.length - 1;
    root.setAttribute("data-step", s.number);
    stepBox.setAttribute("data-step", s.number);
    counter.textContent = "step " + (current + 1) + " of " + steps.length;
    back.disabled = current === 0;
    forward.disabled = last;
    Array.prototype.forEach.call(timeline.children, function (li, k) {
      li.classList.toggle("current", k === current);
      li.classList.toggle("seen", k < current);
    });

    title.textContent = "State " + s.number + (current === 0 ? ": initial state" : "");
    actionLine.textContent = "";
    if (current > 0) {
      add(actionLine, el("span", { id: "thread", class: "thread" }, s.thread || "no thread identified"));
      add(actionLine, document.createTextNode(" "));
      var name = el("b", { id: "action" }, s.action);
      if (s.specHref) {
        var link = add(actionLine, el("a", { href: s.specHref, class: "spec", title: "its definition in the spec" }));
        add(link, name);
      } else {
        add(actionLine, name);
      }
      if (s.location) { add(actionLine, el("span", { class: "where" }, " (" + s.location + ")")); }
      s.java.forEach(function (j) {
        add(actionLine, document.createTextNode(" "));
        add(actionLine, el("a", { href: j.href, class: "java", title: "the Java method that takes this step" }, j.name));
      });
      if (s.user) {
        add(actionLine, el("span", { class: "user" }, " (the user's code)"));
      }
      if (s.cas) {
        add(actionLine, el("span", { id: "cas", class: "cas" + (s.cas.failed ? " failed" : "") }, s.cas.text));
      }
      if (s.artifact) {
        add(actionLine, el("span", { id: "artifact", class: "artifact" }, "model artifact: " + s.artifact));
      }
      if (s.violated) {
        add(actionLine, el("span", { id: "violated", class: "violated" }, "\u2717 " + s.violated));
      }
    } else {
      add(actionLine, el("b", { id: "action" }, "initial state"));
    }

    verdict.hidden = !last;
    verdict.className = last ? "end-" + data.end.kind : "";
    verdict.setAttribute("data-end", last ? data.end.kind : "");
    verdict.textContent = last ? data.end.text : "";
    loopNote.hidden = !s.loopStart;
    loopNote.textContent = s.loopStart ? "\u21bb the behaviour's loop starts here: after the last step it returns to this state"
      : "";

    // One lane per thread: its own variables' entries, its store buffer or views, the acting thread marked.
    var actors = s.thread ? s.thread.split(", ") : [];
    var before = previousMemory(current);
    lanesBox.textContent = "";
    data.threads.forEach(function (t) {
      var lane = add(lanesBox, el("div", { class: "lane", "data-thread": t }));
      if (actors.indexOf(t) >= 0) {
        lane.classList.add("acting");
      }
      add(lane, el("h3", { title: data.threadNames[t] !== t ? "in the full trace: " + data.threadNames[t] : null }, t));
      if (actors.indexOf(t) >= 0) {
        add(lane, el("p", { class: "does" }, s.action));
      }
      var ul = add(lane, el("ul"));
      s.lanes[t].forEach(function (e) {
        add(ul, el("li", { "data-path": e.path, class: e.changed ? "changed" : null }, e.path + " = " + e.value));
      });
      s.memory.forEach(function (m) {
        m.lines.forEach(function (l) {
          if (l.thread === t) {
            add(lane, el("div", { class: "buffer" + (current > 0 && !before[m.name + "\u0000" + l.text] ? " changed" : ""),
              "data-memory": m.name }, l.text));
          }
        });
      });
    });
    if (!data.threads.length) {
      add(lanesBox, el("p", { class: "none" }, "No thread lanes: the spec has no program counter (a variable named pc "
        + "or ending in pc)."));
    }

    if (memoryBox) {
      memoryBox.textContent = "";
      add(memoryBox, el("h3", null, "memory: " + data.memoryKind));
      s.memory.forEach(function (m) {
        var box = add(memoryBox, el("div", { class: "memvar", "data-var": m.name }));
        add(box, el("h4", null, m.name));
        m.lines.forEach(function (l) {
          add(box, el("div", { class: "line" + (current > 0 && !before[m.name + "\u0000" + l.text] ? " changed" : ""),
            "data-thread": l.thread }, l.text));
        });
      });
    }

    varsTable.textContent = "";
    s.variables.forEach(function (v) {
      var tr = add(varsTable, el("tr", { "data-var": v.name, class: v.changed ? "changed" : null }));
      add(tr, el("th", null, v.name));
      var td = add(tr, el("td"));
      if (v.changed) {
        v.changes.forEach(function (c) {
          add(td, el("div", { class: "change" }, changeText(c)));
        });
        add(td, el("div", { class: "now" }, "now " + v.value));
      } else {
        add(td, el("code", null, v.value));
      }
    });
    try {
      history.replaceState(null, "", "#" + s.number);   // a link to the step; file:// may refuse it
    } catch (ignored) {
      // the page works without it
    }
  }

  function go(delta) { show(current + delta); }

  back.addEventListener("click", function () { go(-1); });
  forward.addEventListener("click", function () { go(1); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight") { go(1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { go(-1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(steps.length - 1); e.preventDefault(); }
  });

  var start = 0;
  var hash = parseInt((location.hash || "").slice(1), 10);
  steps.forEach(function (s, i) { if (s.number === hash) { start = i; } });
  show(start);
})();
