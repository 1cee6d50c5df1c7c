// The service worker, served at /sw.js by scorekeeper/pwa.py behind a generated header:
// self.SCOREKEEPER = {version, precache: [{url, revision}], offlinePage, workbox: [urls]}.
// Workbox (vendored in static/vendor/workbox/, never a CDN) precaches the app shell and routes
// page loads; the rounds waiting to be sent are not the worker's business (offline-rounds.js).
/* global workbox */
"use strict";
var config = self.SCOREKEEPER;
importScripts.apply(self, config.workbox);

var PREFIX = "scorekeeper";
var PAGES = PREFIX + "-pages-" + config.version;
// Only the table's pages are kept: the home page (the installed app's start), each game and
// its Wild Draw 4 challenge page (a challenge logged offline waits in offline-challenges.js).
var KEPT_PAGE = /^\/(games\/\d+\/(challenge\/)?)?$/;

workbox.core.setCacheNameDetails({ prefix: PREFIX });
workbox.core.skipWaiting();
workbox.core.clientsClaim();
workbox.precaching.precacheAndRoute(config.precache);
workbox.precaching.cleanupOutdatedCaches();

// A page kept for offline use must be the page itself, not a login page reached by a redirect.
var onlyThePageItself = {
  cacheWillUpdate: function (context) {
    var response = context.response;
    return response && response.status === 200 && !response.redirected && response.type === "basic"
      ? response : null;
  },
};

// A kept copy says so: the page's status line (base.html) turns to "offline — last synced",
// and it leaves out the one-off messages (base.html's data-flash) the page showed when kept.
var markKeptCopy = {
  cachedResponseWillBeUsed: function (context) {
    var cached = context.cachedResponse;
    if (!cached) return null;
    return cached.text().then(function (html) {
      // A one-off message the page showed when it was kept ("Nothing to save…") was said then.
      html = html.replace(/<div role="status" data-flash>[\s\S]*?<\/div>/, "");
      return new Response(html.replace('data-copy="live"', 'data-copy="kept"'), {
        status: cached.status, statusText: cached.statusText, headers: cached.headers,
      });
    });
  },
};

workbox.routing.registerRoute(
  function (options) {
    return options.request.mode === "navigate" && options.sameOrigin && KEPT_PAGE.test(options.url.pathname);
  },
  new workbox.strategies.NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: 6,
    // A page varies on the cookie and HX-Request; a navigation never sends HX-Request.
    matchOptions: { ignoreVary: true, ignoreSearch: true },
    plugins: [onlyThePageItself, markKeptCopy],
  })
);

// Any other page: the network, else the offline page (it lists the games kept on this phone).
workbox.routing.registerRoute(
  function (options) { return options.request.mode === "navigate" && options.sameOrigin; },
  new workbox.strategies.NetworkOnly()
);
workbox.routing.setCatchHandler(function (options) {
  if (options.request.mode !== "navigate") return Promise.resolve(Response.error());
  return workbox.precaching.matchPrecache(config.offlinePage).then(function (page) {
    return page || Response.error();
  });
});

// Keep a page as it is now, fetched by the worker itself (only the page itself, see above).
// One fetch at a time a page, so the copy kept last is the server's latest answer; none is
// kept once signing out has forgotten the pages (a fetch under way then belongs to the
// person who left).
var keeping = {};
var forgotten = 0;
function keep(pathname) {
  var since = forgotten;
  var next = (keeping[pathname] || Promise.resolve()).then(function () {
    // The header tells the server not to hand this fetch the one-off messages: they belong
    // to the page the reader is shown (pwa.no_messages_for_the_worker).
    return fetch(pathname, {
      credentials: "same-origin", cache: "no-store", headers: { "X-Scorekeeper-Keep": "1" },
    });
  }).then(function (response) {
    if (since !== forgotten || !onlyThePageItself.cacheWillUpdate({ response: response })) return null;
    return caches.open(PAGES).then(function (cache) { return cache.put(pathname, response); });
  }).catch(function () { return null; }).then(function () {
    if (keeping[pathname] === next) delete keeping[pathname];
  });
  keeping[pathname] = next;
  return next;
}

// A new deploy's worker drops the pages its predecessor kept (they name the old static files).
// It keeps the home page at once, whichever page installed it: the installed app starts there,
// and the page a sign-in lands on is often gone before the worker takes it over.
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(PREFIX + "-pages-") === 0 && name !== PAGES;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return keep("/"); }));
});

// Signing out forgets the kept pages: the next person on this phone must not read them.
self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "forget-pages") {
    forgotten += 1;
    event.waitUntil(caches.delete(PAGES));
  }
  // A page opened before this worker took over (a deploy dropped the old copies) asks to be
  // kept, and a page asks again whenever the server has sent it a new board (connection.js).
  if (event.data && event.data.type === "keep-page") {
    var url = new URL(event.data.url, self.location.href);
    if (url.origin !== self.location.origin || !KEPT_PAGE.test(url.pathname)) return;
    event.waitUntil(keep(url.pathname));
  }
});
