"""collectstatic's storage: our own scripts and stylesheets minified, then hashed and compressed.

The files under static/ stay readable, with their comments; what phones download is the
minified copy (rjsmin and rcssmin, the minifiers django-compressor uses: small C-accelerated
libraries with no Node toolchain). Files already minified (htmx's `*.min.js`) pass unchanged.
The minified copy is what gets hashed, so a change of a comment alone does not change a URL
the service worker keeps.

The scripts every page loads are kept apart by concern and shipped joined (``JOINED``): a
finder makes the joined file from its parts, for collectstatic and for WhiteNoise alike.
"""

import hashlib
import os
import tempfile
from pathlib import Path

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.finders import BaseFinder
from django.core.exceptions import ImproperlyConfigured
from django.core.files.base import ContentFile
from django.core.files.storage import FileSystemStorage
from rcssmin import cssmin
from rjsmin import jsmin
from whitenoise.storage import CompressedManifestStaticFilesStorage

MINIFIERS = {".js": jsmin, ".css": cssmin}


def minified(name: str, body: bytes) -> bytes:
    """What ships for a static file: our .js and .css without comments and spare whitespace."""
    if ".min." in name:
        return body
    for suffix, minify in MINIFIERS.items():
        if name.endswith(suffix):
            return minify(body.decode()).encode()
    return body


def _minifiable(name: str) -> bool:
    return name.endswith(tuple(MINIFIERS)) and ".min." not in name


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def post_process(self, paths, dry_run=False, **options):
        # The hashed copies are made from minified copies, not from the sources, so each name
        # carries the hash of what it serves. They are minified again here from the sources:
        # collectstatic skips copying a file it finds unchanged, which may be a copy an older
        # release left unminified.
        if not dry_run:
            minifiable = {}
            for path, (storage, source_path) in paths.items():
                if _minifiable(path):
                    with storage.open(source_path) as source:
                        body = minified(path, source.read())
                    if self.exists(path):
                        self.delete(path)
                    self._save(path, ContentFile(body))
                    minifiable[path] = (self, path)
            paths = {**paths, **minifiable}
        yield from super().post_process(paths, dry_run, **options)


# Scripts shipped as one file, from parts kept apart by concern, in the order they run. Every
# page loads them, and the scoreboard's first load has a gzip budget (tests/test_first_load.py):
# each part compressed on its own costs some 300 bytes more, the five of them far more than the
# budget has left.
JOINED = {
    "js/site.js": (
        "js/app.js",  # the words the scripts show; the banner for a save that did not arrive
        "js/outbox.js",  # what is kept until the server has it (both offline queues)
        "js/notation.js",  # the twin of domain/cards.py and domain/scoring.py
        "js/offline-rounds.js",  # the rounds kept on the phone
        "js/connection.js",  # online or not, the service worker, when to send; starts the rest
    ),
    # The table's pages (a game, a round's correction): one stylesheet for the scoreboard's
    # first-load budget, kept in two by concern.
    "css/table.css": (
        "css/round.css",  # entering a round: the chips, the keypad, the whole-screen round
        "css/game.css",  # the game page: game over, the last rounds, the sheets, the bottom bar
    ),
}
JOINED_PARTS = frozenset(part for parts in JOINED.values() for part in parts)
# Each joined file is written under a folder named by its contents: a file once written never
# changes under a server that is sending it, and two checkouts never overwrite each other's. One
# such folder per user of the machine: another user's is not ours to write in.
_USER = os.getuid() if hasattr(os, "getuid") else os.getlogin()
JOINED_FOLDER = Path(tempfile.gettempdir()) / f"scorekeeper-joined-{_USER}"


def joined(name: str) -> bytes:
    """A joined script or stylesheet: its parts, as the other finders find them, one after
    the other."""
    body = b""
    for part in JOINED[name]:
        found = finders.find(part)
        if found is None:
            raise ImproperlyConfigured(f"{name} joins {part}, which no static folder holds.")
        with open(found, "rb") as source:
            text = source.read().rstrip()
        if name.endswith(".js") and not text.endswith(b";"):
            # Joined, the next part's opening parenthesis would call this part's last value.
            raise ImproperlyConfigured(f"{part} must end with a semicolon to be joined.")
        body += b"/* " + part.encode() + b" */\n" + text + b"\n"
    return body


def _written(name: str) -> tuple[Path, Path]:
    """(folder, file) of the joined script ``name``, written there if it is not yet."""
    body = joined(name)
    folder = JOINED_FOLDER / hashlib.sha256(body).hexdigest()[:16]
    path = folder / name
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        unfinished = path.with_name(f".{path.name}.{os.getpid()}")
        unfinished.write_bytes(body)
        os.replace(unfinished, path)  # whole or not at all, for a server reading it now
    return folder, path


class JoinedScriptsFinder(BaseFinder):
    """Finds each joined script (``JOINED``) made from its parts: collectstatic then minifies,
    hashes and compresses it like any file, and WhiteNoise serves it when collectstatic has not
    run (tests, a first start)."""

    def check(self, **kwargs):
        return []

    def find(self, path, find_all=False, **kwargs):
        if path not in JOINED:
            return [] if find_all else None
        found = str(_written(path)[1])
        return [found] if find_all else found

    def list(self, ignore_patterns):
        for name in JOINED:
            folder, _ = _written(name)
            yield name, FileSystemStorage(location=folder)
