// Keeps a game page live: follows the game's event stream (GET /api/games/{id}/stream/, server-sent
// events, the same stream API clients read) and, when a move or the end comes, fetches the page's
// game part again and swaps it in, keeping what the reader was doing (focus, text being typed). The
// page works without it: every button is a plain form and a reload shows the same.
(function () {
  "use strict";

  var root = document.getElementById("game-live");
  if (!root || !window.fetch || !window.EventSource) {
    return;
  }
  var streamUrl = root.getAttribute("data-stream-url");
  var partUrl = root.getAttribute("data-part-url");
  var announce = document.querySelector("[data-live-announce]");
  var refreshing = null;
  var again = false;

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
    if (count === null || !/^\d+$/.test(count)) {
      return;
    }
    var badges = document.querySelectorAll("[data-your-turns]");
    for (var i = 0; i < badges.length; i++) {
      badges[i].textContent = count;
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
      var control = findControl(key) || root.querySelector("[data-testid=game-status]");
      if (control) {
        control.focus({preventScroll: true});
      }
    }
    var now = shown();
    if (announce && now) {
      announce.textContent = now.text;
    }
  }

  // One fetch of the game part at a time; events that come meanwhile (a bot's run of moves) are
  // answered by one more fetch once it is done.
  function refresh() {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = fetch(partUrl, {credentials: "same-origin", headers: {"Accept": "text/html"}}).then(function (response) {
      if (!response.ok) {
        throw new Error("game part: " + response.status);
      }
      showTurns(response.headers.get("X-Your-Turns"));
      return response.text();
    }).then(swap).catch(function () {
      again = true; // the next event, or the stream's reconnection, tries again
    }).then(function () {
      refreshing = null;
      if (again) {
        again = false;
        window.setTimeout(refresh, 500);
      }
    });
  }

  var now = shown();
  if (!now || !now.running) {
    return;
  }
  // Resumes from the moves the page shows; EventSource reconnects by itself (a server restart, a
  // WSGI server ending the stream), sending the id of the last event it got.
  var stream = new EventSource(streamUrl + "?last_event_id=" + encodeURIComponent(now.moves));
  stream.addEventListener("move", refresh);
  stream.addEventListener("end", function () {
    stream.close();
    refresh();
  });
})();
