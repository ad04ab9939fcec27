"""Sizes with room to grow (issue 30, item 5): every module of the apps and the
project under ``MODULE_LIMIT`` lines, every function body at most
``BODY_LIMIT`` lines, split by meaning when one grows past them.

Words:

function body
    The lines of a function from its first statement after the docstring to
    its last line: the signature, the decorators and the docstring (which
    defines the function's words) are not counted. A nested function counts
    inside its parent's body and is measured on its own too.

Read from the source text with ``ast``, as ``test_layers`` reads imports.
``python -m tests.architecture.test_sizes`` lists what is over.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ("heats", "scoring", "medici_tourney")
MODULE_LIMIT = 450
BODY_LIMIT = 40

# A module or function over the limits, named with why: path -> why.
MODULES_ALLOWED: dict[str, str] = {}
# "path:function" -> why.
BODIES_ALLOWED: dict[str, str] = {}


def source_files() -> list[Path]:
    files = [
        path
        for package in PACKAGES
        for path in sorted((REPO / package).rglob("*.py"))
        if "migrations" not in path.parts
    ]
    assert len(files) > 100, "no source files found"
    return files


def name(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


def module_lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def body_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The lines of ``node``'s body (see "function body" above)."""
    body = node.body
    first = body[0]
    docstring = (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    )
    if docstring and len(body) > 1:
        first = body[1]
    assert node.end_lineno is not None
    return node.end_lineno - first.lineno + 1


def long_bodies(path: Path) -> dict[str, int]:
    """``{"path:function": lines}`` of the bodies of ``path`` over the limit."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return {
        f"{name(path)}:{node.name}": lines
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and (lines := body_lines(node)) > BODY_LIMIT
    }


def test_a_body_is_counted_from_the_statement_after_the_docstring():
    tree = ast.parse(
        "@decorated\n"
        "def f(\n    a,\n):\n"
        '    """Words.\n\n    More words."""\n'
        "    x = a\n"
        "    return x\n"
    )
    (node,) = tree.body
    assert isinstance(node, ast.FunctionDef)
    assert body_lines(node) == 2


@pytest.mark.parametrize("path", source_files(), ids=name)
def test_module_is_under_the_limit(path):
    if name(path) in MODULES_ALLOWED:
        pytest.skip(MODULES_ALLOWED[name(path)])
    assert module_lines(path) < MODULE_LIMIT, "split it by meaning"


@pytest.mark.parametrize("path", source_files(), ids=name)
def test_function_bodies_are_at_most_the_limit(path):
    over = {k: v for k, v in long_bodies(path).items() if k not in BODIES_ALLOWED}
    assert not over, f"bodies over {BODY_LIMIT} lines: {over}"


def test_every_exception_is_still_needed():
    """An exception whose file shrank (or went) is struck off the list."""
    paths = {name(p): p for p in source_files()}
    stale = [
        key
        for key in MODULES_ALLOWED
        if key not in paths or module_lines(paths[key]) < MODULE_LIMIT
    ]
    found = {k for p in paths.values() for k in long_bodies(p)}
    stale += [key for key in BODIES_ALLOWED if key not in found]
    assert not stale


if __name__ == "__main__":
    for path in source_files():
        if module_lines(path) >= MODULE_LIMIT:
            print(f"module {module_lines(path)} {name(path)}")
        for key, lines in long_bodies(path).items():
            print(f"body {lines} {key}")
