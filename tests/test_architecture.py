"""The direction of the packages: domain ← rules ← rulesearch; the nouns' models (crews ← roster,
nights, game files) ← games ← crews, referee, history, roster.

Read from the source (ast and template text), so a wrong import fails here before it shows up
as a circular import or a rules module that needs a database.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
TEMPLATES = ROOT / "templates"

# What each pure package may import besides the standard library.
PURE = {
    "scorekeeper.domain": ("scorekeeper.domain",),
    "scorekeeper.rules": ("scorekeeper.rules", "scorekeeper.domain"),
    # The rules search reads the library and stands on two text libraries (Snowball stemmers,
    # rapidfuzz's edit distances) and numpy (its inner loops); never on Django (nor on
    # scikit-learn, a tool of training).
    "scorekeeper.rulesearch": (
        "scorekeeper.rulesearch",
        "scorekeeper.rules",
        "scorekeeper.domain",
        "snowballstemmer",
        "rapidfuzz",
        "numpy",
    ),
}
# What the games app must not import: the apps built on it.
ABOVE_GAMES = (
    "scorekeeper.crews",
    "scorekeeper.gamefiles",
    "scorekeeper.nights",
    "scorekeeper.demo",
    "scorekeeper.newgame",
    "scorekeeper.live",
    "scorekeeper.referee",
    "scorekeeper.history",
    "scorekeeper.roster",
)


# The nouns a game stands on keep their models in their own rooms, under the table; each imports
# only the nouns under it (and the core). The rest of each room stands on the table.
NOUN_MODELS = {
    "scorekeeper.crews.models": (),
    "scorekeeper.roster.models": ("scorekeeper.crews.models",),
    "scorekeeper.nights.models": ("scorekeeper.crews.models",),
    "scorekeeper.gamefiles.models": ("scorekeeper.crews.models",),
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).parent.parts)


def imports_of(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it (inside functions too), as absolute names."""
    imported: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _package_of(path).split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            imported.add(module)
            # "from . import charts" imports a submodule: name it too.
            imported.update(f"{module}.{alias.name}" for alias in node.names)
    return imported


def _within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == package or module.startswith(f"{package}.") for package in packages)


def _is_stdlib(module: str) -> bool:
    return module.split(".")[0] in sys.stdlib_module_names or module == "__future__"


def _modules_under(package: str) -> list[Path]:
    return sorted((ROOT / package.replace(".", "/")).rglob("*.py"))


def test_the_scan_reads_every_package():
    names = {_module_name(path) for path in PACKAGE.rglob("*.py")}
    assert {"scorekeeper.domain.scoring", "scorekeeper.rulesearch.search"} <= names
    assert {"scorekeeper.games.views", "scorekeeper.referee.views"} <= names


def test_relative_imports_are_read_as_absolute_names():
    views = imports_of(PACKAGE / "history" / "views.py")
    assert "scorekeeper.history.stats" in views
    assert "scorekeeper.games.models" in views


@pytest.mark.parametrize("package", sorted(PURE))
def test_the_pure_packages_import_only_the_standard_library_and_the_core(package):
    allowed = PURE[package]
    wrong = {
        f"{_module_name(path)} imports {module}"
        for path in _modules_under(package)
        for module in imports_of(path)
        if not _is_stdlib(module) and not _within(module, allowed)
    }
    assert not wrong, sorted(wrong)


# The languages sit under every app that shows words: they import none of them.
APPS = ("scorekeeper.games", *ABOVE_GAMES)


def _imports_into(package: str, forbidden: tuple[str, ...]) -> set[str]:
    """Where a module of ``package`` imports one of the ``forbidden`` packages (a noun's models,
    which sit under the table, excepted)."""
    return {
        f"{_module_name(path)} imports {module}"
        for path in _modules_under(package)
        for module in imports_of(path)
        if _within(module, forbidden) and not _within(module, tuple(NOUN_MODELS))
    }


def test_the_languages_import_none_of_the_apps():
    assert _modules_under("scorekeeper.languages")
    wrong = _imports_into("scorekeeper.languages", APPS)
    assert not wrong, sorted(wrong)


def test_games_imports_nothing_from_the_apps_built_on_it():
    wrong = _imports_into("scorekeeper.games", ABOVE_GAMES)
    assert not wrong, sorted(wrong)


def test_the_check_lets_games_read_a_noun_s_models_and_nothing_else_of_its_room():
    imported = {
        module for path in _modules_under("scorekeeper.games") for module in imports_of(path)
    }
    assert {"scorekeeper.crews.models", "scorekeeper.roster.models"} <= imported
    assert _imports_into("scorekeeper.games", ("scorekeeper.crews",)) == set()
    assert "scorekeeper.crews.views imports scorekeeper.games.access" in _imports_into(
        "scorekeeper.crews", ("scorekeeper.games",)
    )


@pytest.mark.parametrize("module", sorted(NOUN_MODELS))
def test_a_noun_s_models_import_only_the_nouns_under_it(module):
    path = ROOT / (module.replace(".", "/") + ".py")
    wrong = {
        imported
        for imported in imports_of(path)
        if imported.startswith("scorekeeper.")
        and not _within(imported, ("scorekeeper.domain", *NOUN_MODELS[module]))
    }
    assert not wrong, sorted(wrong)


def test_each_noun_s_models_live_in_its_room():
    from django.apps import apps

    rooms = {
        "Crew": "crews",
        "Membership": "crews",
        "Invite": "crews",
        "InviteUse": "crews",
        "Preference": "crews",
        "Player": "roster",
        "RosterChange": "roster",
        "GameNight": "nights",
        "DeletedGame": "gamefiles",
        "Deck": "decks",
        "Game": "games",
    }
    found = {model.__name__: model._meta.app_label for model in apps.get_models()}
    assert {name: found[name] for name in rooms} == rooms
    # What is left in the games app is the table itself (and its history).
    table = {name for name, label in found.items() if label == "games"}
    assert {name for name in table if not name.startswith("Historical")} == {
        "Game",
        "Seat",
        "Round",
        "Hand",
        "Challenge",
        "Count",
        "CountedHand",
    }


# A crew's deck has two floors: its versions (``decks/models.py``: the cards a game keeps, and
# ``played_edition``) sit under the table, which reads them; its pages stand on the table.
DECK_PAGES = ("scorekeeper.decks.views", "scorekeeper.decks.forms", "scorekeeper.decks.services")


def test_games_reads_a_deck_s_versions_and_nothing_of_its_pages():
    assert "scorekeeper.decks.models" in {
        module for path in _modules_under("scorekeeper.games") for module in imports_of(path)
    }
    wrong = _imports_into("scorekeeper.games", DECK_PAGES)
    assert not wrong, sorted(wrong)


def test_a_deck_s_versions_import_nothing_of_the_table():
    wrong = {
        f"decks.models imports {module}"
        for module in imports_of(PACKAGE / "decks" / "models.py")
        if module.startswith("scorekeeper.") and not _within(module, ("scorekeeper.domain",))
    }
    assert not wrong, sorted(wrong)


TEMPLATE_TAG = re.compile(r"{%-?\s*(include|extends|load)\s+(.+?)\s*-?%}", re.DOTALL)


def template_problems(text: str) -> list[str]:
    """A games template's includes, extends and loads that reach into referee or history."""
    problems = []
    for tag, argument in TEMPLATE_TAG.findall(text):
        if tag == "load":
            libraries = [name for name in argument.split() if name != "from"]
            problems += [f"load {name}" for name in libraries if name.startswith("referee")]
        else:
            name = argument.split()[0].strip("\"'")
            if name.startswith(("referee/", "history/")):
                problems.append(f"{tag} {name}")
    return problems


def test_the_template_check_sees_includes_extends_and_loads():
    text = (
        '{% extends "history/table.html" %}{% include "referee/_entry.html" with x=1 %}'
        '{% include "games/_board.html" %}{% load static referee_tags %}'
    )
    assert template_problems(text) == [
        "extends history/table.html",
        "include referee/_entry.html",
        "load referee_tags",
    ]


def test_games_templates_use_no_referee_or_history_template():
    wrong = {
        f"{path.relative_to(TEMPLATES)}: {problem}"
        for path in sorted((TEMPLATES / "games").rglob("*.html"))
        for problem in template_problems(path.read_text())
    }
    assert not wrong, sorted(wrong)


# The game files stand on the table (games) and under the apps that offer them (history's
# import and export pages, the demo seed).
ABOVE_GAME_FILES = (
    "scorekeeper.crews",
    "scorekeeper.referee",
    "scorekeeper.history",
    "scorekeeper.roster",
)


def test_game_files_import_nothing_from_the_apps_built_on_them():
    assert _modules_under("scorekeeper.gamefiles")
    wrong = _imports_into("scorekeeper.gamefiles", ABOVE_GAME_FILES)
    assert not wrong, sorted(wrong)


def module_imports(path: Path, known: set[str]) -> set[str]:
    """The project modules a file imports, anywhere in it (inside functions too): ``from
    package import module`` names the module, not the package's ``__init__``."""
    found = set()
    for module in imports_of(path):
        if module in known:
            found.add(module)
        elif module.rpartition(".")[0] in known:  # "from x import name": x itself
            found.add(module.rpartition(".")[0])
    # "from x import sub" reads x.sub; x is only imported when a name of x's own is taken.
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.ImportFrom) and node.names:
            base = _absolute(path, node)
            if all(f"{base}.{alias.name}" in known for alias in node.names):
                found.discard(base)
    return found


def _absolute(path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = _package_of(path).split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan): each is a circle."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in order:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], order[target])
        if low[node] == order[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return circles


def test_the_circle_finder_finds_a_circle_and_only_that():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_circles(graph) == [["a", "b", "c"]]
    assert import_circles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_the_project_imports_itself_round_a_circle():
    """No circle, not even one dodged by an import inside a function (those are read too)."""
    modules = {
        _module_name(path): path for path in PACKAGE.rglob("*.py") if "migrations" not in path.parts
    }
    known = set(modules)
    graph = {name: module_imports(path, known) - {name} for name, path in modules.items()}
    assert graph["scorekeeper.gamefiles.trash"] >= {"scorekeeper.gamefiles.files"}
    assert not import_circles(graph)


def test_history_imports_nothing_from_the_rooms_built_on_it():
    """The night pages and the demo stand on history's tables and statistics, not under them."""
    wrong = _imports_into("scorekeeper.history", ("scorekeeper.nights", "scorekeeper.demo"))
    assert not wrong, sorted(wrong)


def imports_inside_functions(path: Path) -> list[str]:
    """The project modules a file imports inside a function (the usual way to dodge a circle)."""
    found = []
    for function in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.ImportFrom) and (
                node.level or (node.module or "").startswith("scorekeeper")
            ):
                found.append(f"{function.name} imports {_absolute(path, node)}")
            elif isinstance(node, ast.Import):
                found += [
                    f"{function.name} imports {alias.name}"
                    for alias in node.names
                    if alias.name.startswith("scorekeeper")
                ]
    return found


def test_the_inner_import_check_sees_one(tmp_path):
    module = tmp_path / "example.py"
    module.write_text("def late():\n    from scorekeeper.games import services\n")
    assert imports_inside_functions(module) == ["late imports scorekeeper.games"]


def test_no_module_imports_the_project_inside_a_function():
    """Only an app's ``ready`` connects its receivers late, as Django asks."""
    wrong = {
        f"{_module_name(path)}: {found}"
        for path in PACKAGE.rglob("*.py")
        if path.name != "apps.py" and "migrations" not in path.parts
        for found in imports_inside_functions(path)
    }
    assert not wrong, sorted(wrong)
