"""The pages a newcomer reads stay true: every file, folder, function and class that
docs/architecture.md, README.md, docs/referee.md and bench/README.md name in backticks exists
(a rename or a removal fails here until the page follows it), and the README stays a front
door. docs/referee-journal.md is a record of what was tried, in the names of its day: not held."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ("docs/architecture.md", "README.md", "docs/referee.md", "bench/README.md")
README_MOST_LINES = 149  # under 150: setup, screens, configuration, and where to read next
# Where a path a page names may start: the repository, the package, templates, static.
PLACES = (ROOT, ROOT / "scorekeeper", ROOT / "templates", ROOT / "static")
PATH = re.compile(r"^[\w./-]+(\.(py|html|js|css|md|tsv|json|gz|txt|sh)|/)$")
# A code name: snake_case with an underscore or a dotted module.attribute, an optional call.
NAME = re.compile(r"^([A-Za-z_]\w*\.)?([A-Za-z_]\w*)(\(.*\))?$")


def _spans(text: str) -> list[str]:
    return re.findall(r"`([^`\n]+)`", text)


@cache
def _defined() -> frozenset[str]:
    """Every function, class, method and assigned name defined in scorekeeper/, tests/ and
    bench/, every module's own name, and every identifier-shaped string (a stored value)."""
    names: set[str] = set()
    for folder in (ROOT / "scorekeeper", ROOT / "tests", ROOT / "bench"):
        for path in folder.rglob("*.py"):
            names.add(path.stem)
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    names.add(node.name)
                elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                    if node.value.isidentifier():  # a stored value: "no_result"
                        names.add(node.value)
                elif isinstance(node, ast.Assign | ast.AnnAssign):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    names.update(t.id for t in targets if isinstance(t, ast.Name))
                    names.update(t.attr for t in targets if isinstance(t, ast.Attribute))
    return frozenset(names)


def _path_exists(span: str) -> bool:
    if "/" not in span:  # a file named alone ("services.py"): anywhere in the package
        return any((ROOT / "scorekeeper").rglob(span))
    return any((place / span).exists() for place in PLACES)


def _code_name(span: str) -> str | None:
    """The name a span refers to, when it reads as code (``services.round_record(…)`` →
    ``round_record``); None for prose, SQL, URLs and the like."""
    match = NAME.match(span)
    if not match:
        return None
    module, name, _ = match.groups()
    if module is None and "_" not in name and not name[0].isupper():
        return None  # a plain word ("crew", "status"): prose, not a definition
    if name.isupper() and not name.startswith("_"):
        return None  # an environment variable or a public constant's prose (`DATABASE_URL`)
    if name.islower() and module is None and name.count("_") == 0:
        return None
    return name


def problems(text: str) -> list[str]:
    found = []
    for span in _spans(text):
        if PATH.match(span):
            if not _path_exists(span):
                found.append(f"no file or folder {span}")
        else:
            name = _code_name(span)
            if name is not None and name not in _defined():
                found.append(f"nothing defines {name} ({span})")
    return sorted(set(found))


@pytest.mark.parametrize("doc", DOCS)
def test_every_file_and_name_the_page_gives_exists(doc):
    assert problems((ROOT / doc).read_text(encoding="utf-8")) == []


def test_the_readme_is_a_front_door():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MOST_LINES, "method and journals belong in docs/"


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("`games/nowhere.py`", "no file or folder games/nowhere.py"),
        ("`services.load_board(game)`", "nothing defines load_board (services.load_board(game))"),
        ("`NoSuchClass`", "nothing defines NoSuchClass (NoSuchClass)"),
        ("`_NO_SUCH_CUT_OFF`", "nothing defines _NO_SUCH_CUT_OFF (_NO_SUCH_CUT_OFF)"),
        ("`rulesearch/model/gone.json`", "no file or folder rulesearch/model/gone.json"),
    ],
)
def test_a_name_that_went_away_is_caught(text, wrong):
    assert problems(text) == [wrong]


def test_real_names_and_prose_pass():
    assert problems("`games/views.py` `round_record` `Board` `crew` `make test` `304`") == []
    assert problems("`DATABASE_URL` `_STOP_WORDS_TEXT` `rulesearch/model/verdict.json`") == []
