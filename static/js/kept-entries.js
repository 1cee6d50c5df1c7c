// What the phone's two offline queues share (offline-queue.js keeps rounds,
// offline-challenges.js keeps Wild Draw 4 challenges): an IndexedDB store of entries keyed by
// their request key, new request keys, the CSRF token a resend carries, and small page helpers.
// Loaded by base.html before both.
(function () {
  "use strict";
  if (window.scorekeeperKept) return;

  // One object store of entries keyed by "key", in its own database: all(), get(key), put(entry),
  // remove(key).
  function keyedStore(databaseName, storeName) {
    var opened = null;
    function database() {
      if (!opened) {
        opened = new Promise(function (resolve, reject) {
          var request = indexedDB.open(databaseName, 1);
          request.onupgradeneeded = function () { request.result.createObjectStore(storeName, { keyPath: "key" }); };
          request.onsuccess = function () { resolve(request.result); };
          request.onerror = function () { reject(request.error); };
        });
      }
      return opened;
    }
    function store(mode, work) {
      return database().then(function (db) {
        return new Promise(function (resolve, reject) {
          var transaction = db.transaction(storeName, mode);
          var result = work(transaction.objectStore(storeName));
          transaction.oncomplete = function () { resolve(result && "result" in result ? result.result : undefined); };
          transaction.onerror = function () { reject(transaction.error); };
          transaction.onabort = function () { reject(transaction.error); };
        });
      });
    }
    return {
      all: function () {
        return store("readonly", function (kept) { return kept.getAll(); }).then(function (list) { return list || []; });
      },
      get: function (key) { return store("readonly", function (kept) { return kept.get(key); }); },
      put: function (entry) { return store("readwrite", function (kept) { kept.put(entry); }); },
      remove: function (key) { return store("readwrite", function (kept) { kept.delete(key); }); },
    };
  }

  function newRequestKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function cookie(name) {
    var match = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    return match ? decodeURIComponent(match[1]) : "";
  }

  // Read at send time: a token older than a new sign-in would be refused.
  function csrfToken() {
    if (cookie("csrftoken")) return cookie("csrftoken");
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; }
    catch (error) { return ""; }
  }

  // Whether htmx followed a redirect away from the form's action (a lost sign-in: the login page).
  function redirectedAway(xhr, action) {
    if (!xhr || !xhr.responseURL) return false;
    return new URL(xhr.responseURL).pathname !== new URL(action, location.href).pathname;
  }

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text) node.textContent = text;
    return node;
  }

  // The sign-in page, coming back to ``page`` afterwards.
  function loginUrl(page) {
    var line = document.getElementById("offline-status");
    var base = (line && line.getAttribute("data-login-url")) || "/login/";
    return base + "?next=" + encodeURIComponent(page || location.pathname);
  }

  window.scorekeeperKept = {
    keyedStore: keyedStore,
    newRequestKey: newRequestKey,
    csrfToken: csrfToken,
    redirectedAway: redirectedAway,
    element: element,
    loginUrl: loginUrl,
  };
})();
