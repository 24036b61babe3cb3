// Keeps a game page live: waits (a long poll) for the game to move on, then fetches the page's game
// part again and swaps it in, keeping what the reader was doing (focus, text being typed). The page
// works without it: every button is a plain form and a reload shows the same.
(function () {
  "use strict";

  var root = document.getElementById("game-live");
  if (!root || !window.fetch || !window.JSON) {
    return;
  }
  var waitUrl = root.getAttribute("data-wait-url");
  var partUrl = root.getAttribute("data-part-url");
  var announce = document.querySelector("[data-live-announce]");
  var failures = 0;

  function shown() {
    var status = root.querySelector("[data-testid=game-status]");
    if (!status) {
      return null;
    }
    return {
      moves: status.getAttribute("data-move-count"),
      running: status.getAttribute("data-game-status") === "running",
      text: status.textContent.replace(/\s+/g, " ").trim()
    };
  }

  function showTurns(count) {
    if (typeof count !== "number") {
      return;
    }
    var badges = document.querySelectorAll("[data-your-turns]");
    for (var i = 0; i < badges.length; i++) {
      badges[i].textContent = String(count);
    }
  }

  // Which control had the focus, in words that find it again in the new game part.
  function focusKey(element) {
    if (!element || !root.contains(element)) {
      return null;
    }
    return {tag: element.tagName, name: element.name || "", value: element.tagName === "BUTTON" ? element.value : ""};
  }

  function findControl(key) {
    var candidates = root.querySelectorAll(key.tag.toLowerCase());
    for (var i = 0; i < candidates.length; i++) {
      var candidate = candidates[i];
      if ((candidate.name || "") === key.name && (key.tag !== "BUTTON" || candidate.value === key.value)) {
        return candidate;
      }
    }
    return null;
  }

  function swap(html) {
    var key = focusKey(document.activeElement);
    var typed = {};
    var fields = root.querySelectorAll("input[type=text], textarea");
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].name && fields[i].value) {
        typed[fields[i].name] = fields[i].value;
      }
    }
    root.innerHTML = html;
    Object.keys(typed).forEach(function (name) {
      var field = root.querySelector("[name='" + name + "']");
      if (field && !field.value) {
        field.value = typed[name];
      }
    });
    if (key) {
      // The same control if it is still there, else the status line (never the top of the page).
      var again = findControl(key) || root.querySelector("[data-testid=game-status]");
      if (again) {
        again.focus({preventScroll: true});
      }
    }
    var now = shown();
    if (announce && now) {
      announce.textContent = now.text;
    }
  }

  function refresh() {
    return fetch(partUrl, {credentials: "same-origin", headers: {"Accept": "text/html"}}).then(function (response) {
      if (!response.ok) {
        throw new Error("game part: " + response.status);
      }
      return response.text();
    }).then(swap);
  }

  function later() {
    failures += 1;
    // A server that is away is asked again less and less often (2 s, 4 s, ... at most a minute).
    window.setTimeout(wait, Math.min(60000, 1000 * Math.pow(2, failures)));
  }

  function wait() {
    var now = shown();
    if (!now || !now.running) {
      return;
    }
    var url = waitUrl + "?after=" + encodeURIComponent(now.moves);
    fetch(url, {credentials: "same-origin", headers: {"Accept": "application/json"}}).then(function (response) {
      if (!response.ok) {
        throw new Error("wait: " + response.status);
      }
      return response.json();
    }).then(function (answer) {
      failures = 0;
      showTurns(answer.your_turns);
      if (answer.changed) {
        return refresh().then(wait);
      }
      wait();
    }).catch(later);
  }

  wait();
})();
