"""A production server for the benchmarks: gunicorn serving the app (and
``static_wsgi``'s files) on a free loopback port, and Debian's ``wrk``.

Shared by ``bench_public_pages.py`` and ``bench_load.py``; the server inherits this
process's environment, so ``DATABASE_URL`` picks its database.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wrk_path() -> str | None:
    """Debian's wrk, installed when missing and root; None otherwise."""
    found = shutil.which("wrk")
    if found or os.geteuid() != 0:
        return found
    subprocess.run(
        "apt-get update -qq && "
        "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk",
        shell=True,
        capture_output=True,
    )
    return shutil.which("wrk")


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as response:  # noqa: S310 - loopback
        return response.read()


WORKERS, THREADS = 4, 2  # as make serve runs gunicorn


def start_server(
    port: int,
    static_dir: Path,
    public_slots: int = THREADS,
    cache_url: str = "",
    root: Path = ROOT,
    manifest: bool = False,
) -> subprocess.Popen:
    """gunicorn (``WORKERS`` workers of ``THREADS`` threads sharing one file
    cache, as ``make serve``) on 127.0.0.1:``port``, ``public_slots`` of each
    worker's threads open to public requests (``MEDICI_PUBLIC_SLOTS``,
    ``medici_tourney.public_gate``; by default every thread, as
    ``bench_public_pages`` measures a page against a static file; ``make serve``
    leaves half to GMs); ``cache_url``: their ``DJANGO_CACHE_URL`` (a new file
    cache when empty). ``root``: the checkout whose app is served (another
    commit's, for a *before* figure); ``manifest``: the static files as
    ``make serve`` serves them (hashed names, from a ``collectstatic`` into
    ``DJANGO_STATIC_ROOT``), else plain names from no collectstatic."""
    env = dict(
        os.environ,
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="bench-only-" + "x" * 50,
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE="0",
        # Plain static names unless asked: no collectstatic, and the figures are
        # the pages'.
        DJANGO_STATIC_MANIFEST="1" if manifest else "0",
        DJANGO_LOG_LEVEL="WARNING",
        MEDICI_PUBLIC_SLOTS=str(public_slots),
        # As make serve: the workers share a file cache (medici_tourney.ops.serve).
        DJANGO_CACHE_URL=cache_url
        or f"file://{tempfile.mkdtemp(prefix='bench-pages-')}",
        BENCH_STATIC_DIR=str(static_dir),
        PYTHONPATH=f"{root}:{ROOT / 'bench'}",
    )
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "static_wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(WORKERS),
            "--threads",
            str(THREADS),
            "--log-level",
            "warning",
        ],
        cwd=root,
        env=env,
    )
    for _ in range(100):
        try:
            fetch(f"http://127.0.0.1:{port}/timer/")
            return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise RuntimeError("gunicorn did not start")
