"""The translation catalogues, compiled from ``locale/*/LC_MESSAGES/*.po`` with Babel.

Babel is pure Python and one of the project's dependencies, so a fresh machine needs no GNU
gettext: ``make run`` and ``make test`` call ``manage.py compile_translations`` (and the test
suite compiles stale catalogues itself). The ``.mo`` files are build output, kept out of git.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"


def stale_catalogues(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """The .po files whose .mo is missing or older."""
    stale = []
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            stale.append(po)
    return stale


def compile_catalogue(po: Path) -> Path:
    """Write ``po``'s .mo next to it. Fuzzy entries are left out (they are not translations
    yet). The file is replaced in one rename, so a server or a parallel test run never reads a
    half-written catalogue."""
    with po.open("rb") as source:
        catalogue = read_po(source, locale=po.parent.parent.name)
    mo = po.with_suffix(".mo")
    handle, temporary = tempfile.mkstemp(dir=po.parent, suffix=".mo.tmp")
    try:
        with os.fdopen(handle, "wb") as target:
            write_mo(target, catalogue, use_fuzzy=False)
        os.chmod(temporary, 0o644)  # mkstemp makes it private; a server must read it
        os.replace(temporary, mo)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return mo


def compile_catalogues(locale_dir: Path = LOCALE_DIR, *, force: bool = False) -> list[Path]:
    """Compile every stale catalogue (every one with ``force``); returns the .mo files written."""
    sources = (
        sorted(locale_dir.glob("*/LC_MESSAGES/*.po")) if force else stale_catalogues(locale_dir)
    )
    return [compile_catalogue(po) for po in sources]
