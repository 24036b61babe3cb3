// Keeps a version test's page live, as game.js keeps a game page: follows the test's event stream
// (GET /api/bots/{id}/tests/{tid}/stream/, server-sent events, the same stream API clients read)
// and, when a pair is counted or the test ends, fetches the figures' part again and swaps it in.
// The page works without it: a reload shows the same.
(function () {
  "use strict";

  var root = document.getElementById("test-live");
  if (!root || !window.fetch || !window.EventSource) {
    return;
  }
  var streamUrl = root.getAttribute("data-stream-url");
  var partUrl = root.getAttribute("data-part-url");
  var announce = document.querySelector("[data-live-announce]");
  var refreshing = null;
  var again = false;

  function shown() {
    var status = root.querySelector("[data-testid=test-status]");
    if (!status) {
      return null;
    }
    return {
      pairs: status.getAttribute("data-pairs"),
      running: status.getAttribute("data-test-state") === "running",
      text: status.textContent.replace(/\s+/g, " ").trim()
    };
  }

  function swap(html) {
    var wasRunning = (shown() || {}).running;
    root.innerHTML = html;
    var now = shown();
    // Said once when the test decides, not at every pair (that would talk over the reader).
    if (announce && now && wasRunning && !now.running) {
      announce.textContent = now.text;
    }
  }

  // One fetch of the figures' part at a time; pairs counted meanwhile are answered by one more
  // fetch once it is done (the part shows the latest figures, so one is enough).
  function refresh() {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = fetch(partUrl, {credentials: "same-origin", headers: {"Accept": "text/html"}}).then(function (response) {
      if (!response.ok) {
        throw new Error("test part: " + response.status);
      }
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
  // Resumes from the pairs the page shows; EventSource reconnects by itself (a server restart, a
  // WSGI server ending the stream), sending the id of the last event it got.
  var stream = new EventSource(streamUrl + "?last_event_id=" + encodeURIComponent(now.pairs));
  stream.addEventListener("figures", refresh);
  stream.addEventListener("end", function () {
    stream.close();
    refresh();
  });
})();
