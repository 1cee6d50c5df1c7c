"""collectstatic's storage: our own scripts and stylesheets minified, then hashed and compressed.

The files under static/ stay readable, with their comments; what phones download is the
minified copy (rjsmin and rcssmin, the minifiers django-compressor uses: small C-accelerated
libraries with no Node toolchain). Files already minified (htmx's `*.min.js`) pass unchanged.
The minified copy is what gets hashed, so a change of a comment alone does not change a URL
the service worker keeps.
"""

from django.core.files.base import ContentFile
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
