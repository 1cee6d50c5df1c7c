"""Every test can fail: each test function asserts something, or calls a helper that does.

A test that only runs code passes whatever the code returns. Read statically (ast): a test
counts as asserting when its body (nested functions included) holds an ``assert``, a
``pytest.raises`` / ``pytest.warns`` block, a Playwright ``expect(...)``, a call whose name
holds "assert" (``assertEqual``, ``django_assert_num_queries``), or a call of a function of
tests/ that itself asserts (followed through helpers that call helpers).
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ASSERTING_CALLS = {"expect", "raises", "warns", "fail"}


def _modules() -> dict[Path, ast.Module]:
    modules = {path: ast.parse(path.read_text(encoding="utf-8")) for path in TESTS.rglob("*.py")}
    for module in modules.values():
        for node in ast.walk(module):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tests"):
                _ALIASES.update({a.asname: a.name for a in node.names if a.asname})
    return modules


_ALIASES: dict[str, str] = {}  # "check_post" → "check" (from tests.fuzzing import check as …)


def _called_names(node: ast.AST) -> set[str]:
    names = set()
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            if isinstance(call.func, ast.Name):
                names.add(_ALIASES.get(call.func.id, call.func.id))
            elif isinstance(call.func, ast.Attribute):
                names.add(call.func.attr)
    return names


def _asserts_itself(node: ast.AST) -> bool:
    if any(isinstance(each, ast.Assert) for each in ast.walk(node)):
        return True
    return any(
        name in ASSERTING_CALLS or "assert" in name  # assertEqual, django_assert_num_queries
        for name in _called_names(node)
    )


def _functions(modules: dict[Path, ast.Module]):
    for path, module in modules.items():
        for node in ast.walk(module):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                yield path, node


def _asserting_helpers(modules: dict[Path, ast.Module]) -> set[str]:
    """Names of the functions of tests/ that assert, directly or through other helpers."""
    calls: dict[str, set[str]] = {}
    asserting: set[str] = set()
    for _, function in _functions(modules):
        calls.setdefault(function.name, set()).update(_called_names(function))
        if _asserts_itself(function):
            asserting.add(function.name)
    grown = True
    while grown:
        grown = False
        for name, called in calls.items():
            if name not in asserting and called & asserting:
                asserting.add(name)
                grown = True
    return asserting


def test_every_test_function_asserts_or_calls_a_helper_that_does():
    modules = _modules()
    helpers = _asserting_helpers(modules)
    silent = [
        f"{path.relative_to(TESTS.parent)}::{function.name}"
        for path, function in _functions(modules)
        if function.name.startswith("test_")
        and not _asserts_itself(function)
        and not (_called_names(function) & helpers)
    ]
    assert silent == [], "tests that cannot fail:\n" + "\n".join(silent)


def test_the_check_catches_a_test_that_only_runs_code():
    module = ast.parse(
        "def helper():\n    assert True\n"
        "def test_quiet():\n    print(1)\n"
        "def test_through_helper():\n    helper()\n"
        "def test_with_expect(page):\n    expect(page).to_have_url('/')\n"
    )
    modules = {TESTS / "example.py": module}
    helpers = _asserting_helpers(modules)
    found = {
        function.name: _asserts_itself(function) or bool(_called_names(function) & helpers)
        for _, function in _functions(modules)
        if function.name.startswith("test_")
    }
    assert found == {"test_quiet": False, "test_through_helper": True, "test_with_expect": True}
