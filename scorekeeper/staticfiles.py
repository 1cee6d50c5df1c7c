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
    def _save(self, name, content):
        # collectstatic copies each file here first: our scripts and stylesheets minified.
        if _minifiable(name):
            content.seek(0)  # post_process hands over files it has already read to hash them
            content = ContentFile(minified(name, content.read()))
        return super()._save(name, content)

    def post_process(self, paths, dry_run=False, **options):
        # The hashed copies are made from the minified copies just saved, not from the sources,
        # so each name carries the hash of what it serves.
        if not dry_run:
            paths = {
                path: (self, path) if _minifiable(path) else source
                for path, source in paths.items()
            }
        yield from super().post_process(paths, dry_run, **options)
