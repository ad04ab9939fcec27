"""Content-Security-Policy: only the app's own static files run script or style a
page (issue 7, item 1); no page, template or Python-built HTML holds an inline
``<script>``, an ``on...=`` handler, a ``style=`` attribute or a ``<style>`` block.
"""

from __future__ import annotations

import ast
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from heats.models import Event, Player
from tests.conftest import REPO

pytestmark = pytest.mark.django_db

HTML_DIRS = [REPO / "templates", REPO / "heats", REPO / "scoring"]
PYTHON_DIRS = [REPO / "heats", REPO / "scoring", REPO / "medici_tourney"]


@pytest.fixture
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def policy(response) -> dict[str, list[str]]:
    """The Content-Security-Policy header as ``{directive: [sources]}``."""
    header = response["Content-Security-Policy"]
    directives = {}
    for part in header.split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


EXPECTED = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}


def test_a_public_page_forbids_inline_script_and_style(client, demo_event):
    response = client.get(reverse("scoring:standings", kwargs={"event": "demo"}))
    assert response.status_code == 200
    assert policy(response) == EXPECTED
    assert "unsafe-inline" not in response["Content-Security-Policy"]


def test_a_gm_page_forbids_inline_script_and_style(client, fast_passwords, demo_event):
    gm = get_user_model().objects.create_user("gm", password="gm-password-1")
    demo_event.gms.add(gm)
    client.force_login(gm)
    response = client.get(reverse("heats:round-detail", args=["demo", "1"]))
    assert response.status_code == 200
    assert policy(response) == EXPECTED
    assert "unsafe-inline" not in response["Content-Security-Policy"]


# --- markup that the policy would block --------------------------------------------


class InlineFinder(HTMLParser):
    """Collects inline script, handlers and styles from a page or template."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        names = {name.lower() for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self.found.append("<script> without src")
        if tag == "style":
            self.found.append("<style> block")
        self.found += [f"<{tag} {n}=...>" for n in sorted(names) if n.startswith("on")]
        if "style" in names:
            self.found.append(f"<{tag} style=...>")


def inline_markup(html: str) -> list[str]:
    finder = InlineFinder()
    finder.feed(html)
    finder.close()
    return finder.found


@pytest.mark.parametrize(
    ("html", "found"),
    [
        ('<script src="/static/js/a.js"></script>', []),
        ("<script>alert(1)</script>", ["<script> without src"]),
        ('<button onclick="go()">', ["<button onclick=...>"]),
        ('<form onSubmit="x">', ["<form onsubmit=...>"]),
        ('<td style="width: 1px">', ["<td style=...>"]),
        ("<style>p {}</style>", ["<style> block"]),
        ('<form data-confirm="Sure?" method="post">', []),
    ],
)
def test_inline_markup_is_recognised(html, found):
    assert inline_markup(html) == found


def test_no_template_holds_inline_script_handlers_or_styles():
    templates = [p for d in HTML_DIRS for p in sorted(d.rglob("*.html"))]
    assert templates, "no templates found"
    found = {
        str(path.relative_to(REPO)): inline_markup(path.read_text(encoding="utf-8"))
        for path in templates
    }
    assert {path: marks for path, marks in found.items() if marks} == {}


def html_strings(path: Path):
    """String constants in a Python file that look like markup."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if re.search(r"<[a-zA-Z]", node.value):
                yield node.value


def test_no_python_built_html_holds_inline_script_handlers_or_styles():
    found = {}
    for folder in PYTHON_DIRS:
        for path in sorted(folder.rglob("*.py")):
            marks = [m for text in html_strings(path) for m in inline_markup(text)]
            if marks:
                found[str(path.relative_to(REPO))] = marks
    assert found == {}


@pytest.fixture
def admin_client_demo(client, fast_passwords, demo_event):
    admin = get_user_model().objects.create_superuser("root", password="root-pw-12")
    demo_event.gms.add(admin)
    client.force_login(admin)
    return client


def pages_to_render(event: Event) -> list[str]:
    """The app's main pages and the admin pages a superuser opens."""
    player = Player.objects.filter(event=event).first()
    app = [
        reverse("scoring:event-list"),
        reverse("scoring:standings", args=["demo"]),
        reverse("heats:round-seating", args=["demo", "1"]),
        reverse("scoring:table-detail", args=["demo", "1", 1]),
        reverse("heats:event-gm", args=["demo"]),
        reverse("heats:round-detail", args=["demo", "1"]),
        reverse("scoring:table-results", args=["demo", "1", 1]),
        reverse("scoring:semi", args=["demo"]),
        reverse("scoring:final", args=["demo"]),
        reverse("scoring:results-import", args=["demo"]),
        reverse("heats:audit", args=["demo"]),
        reverse("heats:keep-apart", args=["demo"]),
    ]
    admin = [
        reverse("admin:index"),
        reverse("admin:heats_event_changelist"),
        reverse("admin:heats_event_change", args=[event.pk]),
        reverse("admin:heats_event_add"),
        reverse("admin:heats_player_change", args=[player.pk]),
        reverse("admin:auth_user_changelist"),
        reverse("admin:auth_user_add"),
    ]
    return app + admin


def test_rendered_pages_hold_no_inline_script_handlers_or_styles(
    admin_client_demo, demo_event
):
    found = {}
    for path in pages_to_render(demo_event):
        response = admin_client_demo.get(path)
        assert response.status_code == 200, path
        marks = inline_markup(response.content.decode())
        if marks:
            found[path] = marks
    assert found == {}


@pytest.mark.parametrize(
    "path", ["/e/demo/", "/e/demo/kiosk/", "/e/demo/find/", "/e/demo/standings.json"]
)
def test_a_public_page_from_the_cache_carries_the_policy_too(client, demo_event, path):
    """The public pages' cache answers before the CSP middleware runs
    (medici_tourney.public_cache): its answers get the same policy as a fresh one."""
    fresh = client.get(path)
    again = client.get(path)
    assert again["X-Event-Version"] == fresh["X-Event-Version"]  # from the cache
    assert policy(again) == policy(fresh)
    assert policy(again)["script-src"] == ["'self'"]


# --- every response, error pages too (issue 16, item 8) ----------------------------


def test_the_bad_host_400_carries_the_policy(client):
    # Refused before most middleware runs (CommonMiddleware reads the host).
    response = client.get("/", HTTP_HOST="not-an-allowed-host.example")
    assert response.status_code == 400
    assert policy(response) == EXPECTED


@pytest.mark.parametrize("path", ["/nowhere/", "/e/no-such-event/"])
def test_the_debug_404_carries_the_policy(client, settings, path):
    # django-csp leaves Django's debug 404 and 500 pages without one.
    settings.DEBUG = True
    response = client.get(path)
    assert response.status_code == 404
    assert policy(response) == EXPECTED


def test_a_static_file_carries_the_policy(client):
    response = client.get("/static/css/site.css")
    response.close()  # a file response: its file stays open until closed
    assert response.status_code == 200
    assert policy(response) == EXPECTED
