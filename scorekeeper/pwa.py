"""The installable app shell: the service worker and the page it shows when nothing else can.

The worker's code lives in ``static/js/sw.js``; this view serves it from the site root (a
worker controls only the pages under its own URL) behind a generated header that names the
files to precache by their deployed (hashed) URLs and a version made of their contents, so a
deploy that changes any of them installs a new worker and replaces its caches.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import require_GET

from scorekeeper.languages.catalogs import LOCALE_DIR
from scorekeeper.staticfiles import JOINED, JOINED_PARTS, minified

# The header the worker's own fetches carry (sw.js keep()): a page it keeps for offline use is
# fetched behind the reader's back.
KEEP_HEADER = "X-Scorekeeper-Keep"

# The app shell: everything a page of the table loads, and the icons the home screen shows.
SHELL_DIRECTORIES = ("css", "js", "icons")
SHELL_FILES = ("manifest.webmanifest", "django_htmx/htmx-2.min.js")
WORKBOX_MODULES = ("core", "routing", "strategies", "cacheable-response", "precaching")
WORKER_SOURCE = "js/sw.js"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _shell_files() -> list[str]:
    names: set[str] = set(SHELL_FILES)
    if settings.DEBUG:
        names.add("django_htmx/django-htmx.js")  # htmx_script adds it in DEBUG
    for directory in SHELL_DIRECTORIES:
        for path in finders.find(directory, find_all=True) or []:
            for file in sorted(p for p in Path(path).rglob("*") if p.is_file()):
                names.add(f"{directory}/{file.relative_to(path).as_posix()}")
    names.discard(WORKER_SOURCE)  # the worker is never one of its own cached files
    # Pages load the joined scripts, never their parts.
    return sorted((names - JOINED_PARTS) | set(JOINED))


def precache_entries() -> list[dict[str, str]]:
    """(url, revision) of every app-shell file; the offline page's revision covers its template,
    the files it links to, its words (the catalogues) and the language of the request: a phone
    that switches language gets a new worker, which keeps the offline page in that language."""
    entries = []
    for name in _shell_files():
        path = finders.find(name)
        if path is None:
            continue
        with open(path, "rb") as file:
            entries.append({"url": static(name), "revision": _digest(file.read())})
    shell = "".join(entry["revision"] for entry in entries)
    template = get_template("offline.html").template.source
    words = "".join(_digest(po.read_bytes()) for po in sorted(LOCALE_DIR.glob("*/*/*.po")))
    page = shell + template + words + (translation.get_language() or "")
    entries.append({"url": reverse("offline"), "revision": _digest(page.encode())})
    return entries


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    entries = precache_entries()
    version = _digest(json.dumps(entries, sort_keys=True).encode())
    config = {
        "version": version,
        "precache": entries,
        "offlinePage": reverse("offline"),
        "workbox": [static(f"vendor/workbox/workbox-{name}.prod.js") for name in WORKBOX_MODULES],
    }
    with open(finders.find(WORKER_SOURCE), "rb") as file:
        source = minified(WORKER_SOURCE, file.read()).decode()
    body = f"self.SCOREKEEPER = {json.dumps(config)};\n{source}"
    response = HttpResponse(body, content_type="application/javascript; charset=utf-8")
    # The browser asks again on every visit (and a day at most): a deploy reaches every phone.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def ping(request: HttpRequest) -> HttpResponse:
    """Whether the server can be reached: a phone's offline queue asks before it goes back online
    (navigator.onLine cannot tell). An empty answer, never cached, signed in or not."""
    response = HttpResponse(status=204)
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """Shown by the worker for a page this phone has not kept: it lists the ones it has."""
    return render(request, "offline.html")


def no_messages_for_the_worker(request: HttpRequest) -> dict:
    """After Django's messages context processor: the worker's own fetch of a page it keeps
    would use up the one-off message ("Nothing to save…") meant for the page the reader is being
    sent to, and keep it in the offline copy. That fetch gets none and leaves them waiting."""
    return {"messages": ()} if request.headers.get(KEEP_HEADER) else {}
