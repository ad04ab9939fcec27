"""The benchmark's server: the app, plus ``/bench-static/<name>`` answered from
files read once into memory, so a static file comes from the same server process
as the pages it is compared with (``bench_public_pages.py``); a file written to
the folder after the server started is read on its first request
(``bench_gm_browser.py`` saves the pages it received as it goes)."""

from __future__ import annotations

import os
from pathlib import Path

from medici_tourney.wsgi import application as django_app

STATIC_DIR = Path(os.environ["BENCH_STATIC_DIR"])
FILES = {f"/bench-static/{p.name}": p.read_bytes() for p in STATIC_DIR.iterdir()}


def application(environ, start_response):
    """Serve a benchmark file, else hand the request to Django."""
    path = environ.get("PATH_INFO", "")
    body = FILES.get(path)
    if body is None and path.startswith("/bench-static/"):
        late = STATIC_DIR / path.removeprefix("/bench-static/")
        if late.parent == STATIC_DIR and late.is_file():
            body = FILES[path] = late.read_bytes()
    if body is None:
        return django_app(environ, start_response)
    start_response(
        "200 OK",
        [
            ("Content-Type", "text/html; charset=utf-8"),
            ("Content-Length", str(len(body))),
        ],
    )
    return [body]
