"""The "own words" check: no run of seven words in our rules text may also be in a rule sheet.

The sheets (``../shared/rules-sources/*.txt``) are not part of the project, so the tests read a
fingerprint of them instead: one short hash per seven-word run, in ``sheet_runs.txt`` beside
this file. Rebuild it after a sheet changes with ``python tests/rules/own_words.py``.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
import unicodedata
from collections.abc import Iterable
from pathlib import Path

RUN = 7
ROOT = Path(__file__).resolve().parents[2]
SHEETS_DIR = Path(os.environ.get("RULES_SOURCES", ROOT.parent / "shared" / "rules-sources"))
FINGERPRINT = Path(__file__).with_name("sheet_runs.txt")
_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """Lowercase words with accents and apostrophes dropped ("dealer's" -> "dealers")."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(char for char in text if not unicodedata.combining(char)).lower()
    return _WORD.findall(text.replace("\u2019", "").replace("'", ""))


def run_hash(run: Iterable[str]) -> str:
    return hashlib.blake2b(" ".join(run).encode(), digest_size=5).hexdigest()


def runs(text: str) -> dict[str, str]:
    """Every seven-word run of ``text``, by its hash."""
    found = words(text)
    return {
        run_hash(found[i : i + RUN]): " ".join(found[i : i + RUN])
        for i in range(len(found) - RUN + 1)
    }


def sheet_files() -> list[Path]:
    return sorted(SHEETS_DIR.glob("*.txt"))


def fingerprint_of(files: Iterable[Path]) -> set[str]:
    hashes: set[str] = set()
    for path in files:
        hashes |= set(runs(path.read_text(encoding="utf-8")))
    return hashes


def read_fingerprint() -> tuple[list[str], set[str]]:
    """The sheet file names it was built from, and the hashes."""
    names: list[str] = []
    hashes: set[str] = set()
    for line in FINGERPRINT.read_text(encoding="utf-8").splitlines():
        if line.startswith("# sheet: "):
            names.append(line.removeprefix("# sheet: "))
        elif line and not line.startswith("#"):
            hashes.add(line)
    return names, hashes


def write_fingerprint() -> int:
    files = sheet_files()
    if not files:
        raise SystemExit(f"No sheets in {SHEETS_DIR}; set RULES_SOURCES to their folder.")
    hashes = fingerprint_of(files)
    lines = [
        f"# Seven-word runs of the rule sheets, hashed (blake2b, 5 bytes). Rebuild: python "
        f"{Path(__file__).relative_to(ROOT)}",
        *(f"# sheet: {path.name}" for path in files),
        *sorted(hashes),
    ]
    FINGERPRINT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(hashes)


if __name__ == "__main__":
    print(
        f"{write_fingerprint()} runs from {len(sheet_files())} sheets -> {FINGERPRINT}",
        file=sys.stderr,
    )
