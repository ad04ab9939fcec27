"""The tree shows the layers (docs/architecture.md).

- ``*/core/`` is pure: it imports nothing from Django, the models, the services or
  the views, so the rules engine, seating and advancement run and are tested without
  a database;
- no view module imports another view module (shared view code lives in one of
  the modules named in ``SHARED_VIEW_CODE``, or in a service);
- readers apart from writers: ``*/queries/`` read and compute read models and
  never import a service (of either app); ``*/services/`` write and may import
  queries; views import both; the cores import neither;
- every import names the module that defines the name: the ``services`` and
  ``queries`` packages re-export nothing, and no module of theirs (or of the
  views) imports inside a function.

Read from the source text with ``ast``, not by importing, so a forbidden import
inside a function is found too.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
APPS = ("heats", "scoring")
# What pure code may not import: the framework, and the app layers above it.
FORBIDDEN_IN_CORE = (
    "django",
    "django_tables2",
    "crispy_forms",
    "heats.models",
    "heats.queries",
    "heats.services",
    "heats.views",
    "heats.forms",
    "scoring.models",
    "scoring.queries",
    "scoring.services",
    "scoring.views",
    "scoring.forms",
    "medici_tourney",
)


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, dotted module) of every import in ``path``, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(path.relative_to(REPO).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{parent}.{base}" if base else parent
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
            found.append((node.lineno, base))
    return found


def core_files() -> list[Path]:
    files = [p for app in APPS for p in sorted((REPO / app / "core").rglob("*.py"))]
    assert files, "no core packages found"
    return files


def forbidden(module: str, names: tuple[str, ...]) -> bool:
    return any(module == n or module.startswith(n + ".") for n in names)


def test_forbidden_finds_django_and_app_layers():
    assert forbidden("django.db.models", FORBIDDEN_IN_CORE)
    assert forbidden("heats.models.Player", FORBIDDEN_IN_CORE)
    assert not forbidden("heats.core.names", FORBIDDEN_IN_CORE)
    assert not forbidden("djangoish", FORBIDDEN_IN_CORE)


@pytest.mark.parametrize("path", core_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_core_imports_no_django_and_no_app_layer(path):
    bad = [
        f"line {line}: {module}"
        for line, module in imported_modules(path)
        if forbidden(module, FORBIDDEN_IN_CORE)
    ]
    assert not bad, f"{path.relative_to(REPO)} is pure but imports {bad}"


def test_heats_core_imports_nothing_from_scoring():
    bad = [
        f"{path.relative_to(REPO)} line {line}: {module}"
        for path in sorted((REPO / "heats" / "core").rglob("*.py"))
        for line, module in imported_modules(path)
        if forbidden(module, ("scoring",))
    ]
    assert not bad


def view_modules() -> list[Path]:
    files = []
    for app in APPS:
        folder = REPO / app / "views"
        if folder.is_dir():
            files += sorted(folder.rglob("*.py"))
        files += sorted((REPO / app).glob("*views.py"))
    return [f for f in files if f.name != "__init__.py"]


def dotted(path: Path) -> str:
    return ".".join(path.relative_to(REPO).with_suffix("").parts)


# The modules under views/ that hold no view but what views share, which views
# may import; each named, with what it shares. Any other module there is a view
# module, whatever its name.
SHARED_VIEW_CODE = {
    "heats.views.common": "the mixins and helpers of every GM and public view "
    "(EventMixin, event_action, round_or_404, posted_version ...)",
    "heats.views.common_desk": "the round page's check-in list and its htmx "
    "fragment, shared by the round page and the check-in actions",
    "scoring.views.common": "the table from the URL (TableMixin, get_table) and "
    "its names, for the result, report and public table pages",
    "scoring.views.common_desk": "a result's or a report's answer to the round "
    "page's table panel, shared by result entry and the report desk",
}


def test_every_named_shared_module_exists():
    assert set(SHARED_VIEW_CODE) <= {dotted(p) for p in view_modules()}


def test_no_view_module_imports_another_view_module():
    views = {dotted(p) for p in view_modules()} - set(SHARED_VIEW_CODE)
    bad = [
        f"{dotted(path)} line {line}: {module}"
        for path in view_modules()
        for line, module in imported_modules(path)
        if any(
            module == v or module.startswith(v + ".") for v in views - {dotted(path)}
        )
    ]
    assert not bad


# How a file would name the results app or its rows: an import or a dotted name
# ("scoring.services", "scoring:semi"), the app label as a string, or scoring's
# relations on heats' models ("record", "rules_check"). The English words
# "scoring" ("the day's scoring") and "record" ("the GM records it") are fine.
NAMES_SCORING = re.compile(
    r"\bscoring[.:]\w|from scoring\b|import scoring\b|['\"]scoring['\"]"
    r"|\.record\b|\brecord__|__record\b|['\"]record['\"]|\brules_check\b"
)


def heats_files() -> list[Path]:
    files = [
        p for p in sorted((REPO / "heats").rglob("*.py")) if "migrations" not in p.parts
    ]
    files += sorted((REPO / "templates" / "heats").rglob("*.html"))
    assert len(files) > 20
    return files


def test_the_pattern_finds_what_it_must_and_spares_english():
    assert NAMES_SCORING.search("from scoring.models import PlayerRecord")
    assert NAMES_SCORING.search("{% url 'scoring:semi' event=event.slug %}")
    assert NAMES_SCORING.search('select_related("player", "record")')
    assert NAMES_SCORING.search("seat.record.final")
    assert NAMES_SCORING.search('Count("seats__record")')
    assert not NAMES_SCORING.search("ending with that day's scoring and scored as")
    assert not NAMES_SCORING.search("the GM records it; a player record")


@pytest.mark.parametrize("path", heats_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_heats_never_names_scoring(path):
    text = path.read_text(encoding="utf-8")
    found = [
        f"line {text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r}"
        for m in NAMES_SCORING.finditer(text)
    ]
    assert not found, f"{path.relative_to(REPO)} names the results app: {found}"


def layer_files(layer: str) -> list[Path]:
    """The modules of ``layer`` ("queries", "services", "views") in both apps."""
    files = [p for app in APPS for p in sorted((REPO / app / layer).rglob("*.py"))]
    assert files, f"no {layer} packages found"
    return files


WRITERS = ("heats.services", "scoring.services")
# A reader that still calls a writer module, named with the reason it may.
READER_EXEMPTIONS: dict[tuple[str, str], str] = {}


def test_layer_files_find_both_apps():
    for layer in ("queries", "services"):
        assert {p.relative_to(REPO).parts[0] for p in layer_files(layer)} == set(APPS)


@pytest.mark.parametrize(
    "path", layer_files("queries"), ids=lambda p: str(p.relative_to(REPO))
)
def test_queries_import_no_service(path):
    here = dotted(path)
    bad = [
        f"line {line}: {module}"
        for line, module in imported_modules(path)
        if forbidden(module, WRITERS)
        and not any(
            forbidden(module, (writer,))
            for reader, writer in READER_EXEMPTIONS
            if reader == here
        )
    ]
    assert not bad, f"{path.relative_to(REPO)} reads but imports a writer: {bad}"


def test_reader_exemptions_are_still_needed():
    for reader, writer in READER_EXEMPTIONS:
        path = REPO / (reader.replace(".", "/") + ".py")
        assert any(forbidden(m, (writer,)) for _, m in imported_modules(path)), (
            f"{reader} no longer imports {writer}: drop the exemption"
        )


@pytest.mark.parametrize(
    "path",
    layer_files("services") + layer_files("queries") + view_modules(),
    ids=lambda p: str(p.relative_to(REPO)),
)
def test_no_view_or_form_below_the_views(path):
    if path.relative_to(REPO).parts[1] == "views":
        return
    bad = [
        f"line {line}: {module}"
        for line, module in imported_modules(path)
        if forbidden(
            module, ("heats.views", "scoring.views", "heats.forms", "scoring.forms")
        )
    ]
    assert not bad, f"{path.relative_to(REPO)} imports a page layer: {bad}"


PACKAGES = tuple(f"{app}.{layer}" for app in APPS for layer in ("services", "queries"))


def test_packages_re_export_nothing():
    for package in PACKAGES:
        init = REPO / package.replace(".", "/") / "__init__.py"
        tree = ast.parse(init.read_text(encoding="utf-8"))
        assert [type(node) for node in tree.body] == [ast.Expr], (
            f"{package}/__init__.py holds more than its docstring"
        )


def python_files() -> list[Path]:
    roots = [REPO / app for app in APPS] + [REPO / "medici_tourney", REPO / "tests"]
    files = [p for root in roots for p in sorted(root.rglob("*.py"))]
    return [p for p in files if "migrations" not in p.parts]


def test_every_import_names_the_module():
    """``from scoring.services import results`` names a module: fine;
    ``from scoring.services import save_table_results`` or ``from heats import
    services`` reaches a name through a package, and ``from
    scoring.services.results import seat_record`` through a module that only
    imports it: not."""
    bad = []
    for path in python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or node.level:
                continue
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if full in PACKAGES or (
                    node.module in PACKAGES and not is_module(full)
                ):
                    bad.append(f"{path.relative_to(REPO)} line {node.lineno}: {full}")
                elif forbidden(node.module, PACKAGES) and not (
                    is_module(full) or alias.name in defined_in(node.module)
                ):
                    bad.append(f"{path.relative_to(REPO)} line {node.lineno}: {full}")
    assert not bad


def defined_in(module: str) -> set[str]:
    """The names ``module`` defines at its top (not those it imports)."""
    path = REPO / (module.replace(".", "/") + ".py")
    if not path.is_file():
        path = REPO / module.replace(".", "/") / "__init__.py"
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {
                n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)
            }
    return names


def test_defined_in_tells_definitions_from_imports():
    names = defined_in("scoring.services.result_records")
    assert "write_records" in names and "WRITTEN" in names
    assert "seat_record" not in names  # imported from scoring.queries.seats


def is_module(dotted_name: str) -> bool:
    path = REPO / dotted_name.replace(".", "/")
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def test_is_module_tells_modules_from_names():
    assert is_module("scoring.services.results")
    assert is_module("scoring.services.results_import")
    assert not is_module("scoring.services.save_table_results")


@pytest.mark.parametrize(
    "path",
    layer_files("services") + layer_files("queries") + view_modules(),
    ids=lambda p: str(p.relative_to(REPO)),
)
def test_no_import_inside_a_function(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = [
        f"line {inner.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        for inner in ast.walk(node)
        if isinstance(inner, (ast.Import, ast.ImportFrom))
    ]
    assert not bad, f"{path.relative_to(REPO)} imports inside a function: {bad}"
