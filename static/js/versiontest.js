// Keeps a version test's page live, as game.js keeps a game page: waits (a long poll) for the test
// to count another pair or to stop, then fetches the figures' part again and swaps it in. The page
// works without it: a reload shows the same. This long poll is the one thing an event stream would
// replace (data-wait-url); the part endpoint (data-part-url) stays as it is.
(function () {
  "use strict";

  var root = document.getElementById("test-live");
  if (!root || !window.fetch || !window.JSON) {
    return;
  }
  var waitUrl = root.getAttribute("data-wait-url");
  var partUrl = root.getAttribute("data-part-url");
  var announce = document.querySelector("[data-live-announce]");
  var failures = 0;

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

  function refresh() {
    return fetch(partUrl, {credentials: "same-origin", headers: {"Accept": "text/html"}}).then(function (response) {
      if (!response.ok) {
        throw new Error("test part: " + response.status);
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
    var url = waitUrl + "?after=" + encodeURIComponent(now.pairs);
    fetch(url, {credentials: "same-origin", headers: {"Accept": "application/json"}}).then(function (response) {
      if (!response.ok) {
        throw new Error("wait: " + response.status);
      }
      return response.json();
    }).then(function (answer) {
      failures = 0;
      if (answer.changed) {
        return refresh().then(wait);
      }
      wait();
    }).catch(later);
  }

  wait();
})();
