"""make serve for real (medici_tourney/ops/serve.py): gunicorn with DEBUG off serves the
demo's pages and whitenoise its static files, under the Content-Security-Policy.
Runs on a scratch SQLite database and static folder in a temporary directory."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import REPO

REPO = REPO
# Start-up (migrate, collectstatic, gunicorn) on a busy machine; not a speed test.
START_LIMIT = 120


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url: str) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """(address, folder, port, process id) of a make serve on the demo, backing up every
    1.2 s into ``folder/backups``."""
    folder = tmp_path_factory.mktemp("serve")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "DJANGO_STATIC_ROOT": str(folder / "static"),
        "DJANGO_SECRET_KEY": "a-test-only-secret-key-" + "x" * 40,
        "DJANGO_DEBUG": "1",  # serve.py must turn it off
        "MEDICI_BACKUP_DIR": str(folder / "backups"),
        "MEDICI_BACKUP_MINUTES": "0.02",
        "MEDICI_BACKUP_KEEP": "3",
    }
    env.pop("DJANGO_ALLOWED_HOSTS", None)
    manage = [sys.executable, str(REPO / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], env=env, check=True, cwd=REPO)
    subprocess.run(
        [*manage, "load_demo"], env=env, check=True, cwd=REPO, stdout=subprocess.DEVNULL
    )
    port = free_port()
    log = (folder / "serve.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "medici_tourney.ops.serve", "--port", str(port)]
        + ["--workers", "2"],
        env=env,
        cwd=REPO,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_LIMIT
    while time.monotonic() < deadline and process.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.2)
    else:
        os.killpg(process.pid, signal.SIGKILL)
        log.close()
        pytest.fail(f"make serve did not start: {(folder / 'serve.log').read_text()}")
    yield base, folder, port, process.pid
    os.killpg(process.pid, signal.SIGTERM)
    process.wait(timeout=30)
    log.close()


@pytest.fixture(scope="module")
def server(served):
    return served[0]


def test_the_standings_are_served_with_debug_off_and_the_csp(server):
    status, headers, body = get(server + "/e/demo/")
    assert status == 200
    assert "Drew Penrose" in body.decode()
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    status, _, body = get(server + "/e/no-such-event/")
    assert status == 404
    assert b"technical_404" not in body and b"DEBUG = True" not in body


def test_the_kiosk_links_hashed_static_files_that_whitenoise_serves(server):
    status, _, body = get(server + "/e/demo/kiosk/")
    assert status == 200
    html = body.decode()
    htmx = re.search(r'src="(/static/vendor/htmx/htmx\.min\.[0-9a-f]{12}\.js)"', html)
    css = re.search(r'href="(/static/css/kiosk\.[0-9a-f]{12}\.css)"', html)
    assert htmx and css, html[:500]
    status, headers, script = get(server + htmx.group(1))
    assert status == 200 and b"htmx" in script
    assert "immutable" in headers["Cache-Control"]
    status, headers, _ = get(server + css.group(1))
    assert status == 200 and headers["Content-Type"].startswith("text/css")


def test_the_login_page_is_served(server):
    status, headers, body = get(server + "/accounts/login/")
    assert status == 200 and b"csrfmiddlewaretoken" in body
    assert "Content-Security-Policy" in headers


def command_lines() -> list[list[str]]:
    """The command line of every process of this machine."""
    found = []
    for path in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            found.append(path.read_bytes().decode(errors="replace").split("\0")[:-1])
        except OSError:  # ended meanwhile
            continue
    return found


def test_one_backup_loop_backs_up_while_serving(served):
    _, folder, _, pid = served
    backups = folder / "backups"
    deadline = time.monotonic() + START_LIMIT
    while time.monotonic() < deadline and len(list(backups.glob("*-auto.*"))) < 3:
        time.sleep(0.3)
    made = sorted(backups.glob("*-auto.*"))
    assert len(made) == 3, (folder / "serve.log").read_text()
    assert all(path.name.startswith("db-") for path in made)
    assert {stat.S_IMODE(os.stat(path).st_mode) for path in made} == {0o600}
    # Two workers, one loop, a child of gunicorn's arbiter (serve.py's process).
    loop = ["medici_tourney.ops.backup_loop", "--parent", str(pid)]
    assert sum(command[-3:] == loop for command in command_lines()) == 1


def test_gunicorns_control_socket_is_this_servers_own(served):
    _, _, port, _ = served
    control = REPO / f".gunicorn-{port}.ctl"
    assert stat.S_ISSOCK(os.stat(control).st_mode)


# --- two `make serve` started at once (issue 16, item 8) ----------------------------


def start_serve(env: dict, port: int, log) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "medici_tourney.ops.serve", "--port", str(port)]
        + ["--workers", "1", "--threads", "1"],
        env=env,
        cwd=REPO,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


def test_two_servers_started_at_once_share_one_key_and_one_static_folder(tmp_path):
    key, static = tmp_path / "secret.key", tmp_path / "static"
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",  # not migrated yet
        "DJANGO_STATIC_ROOT": str(static),
        "DJANGO_SECRET_KEY_FILE": str(key),  # not made yet
        "MEDICI_BACKUP_DIR": str(tmp_path / "backups"),
    }
    for name in ("DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS"):
        env.pop(name, None)
    ports = [free_port(), free_port()]
    logs = [(tmp_path / f"serve-{n}.log").open("wb") for n in (0, 1)]
    servers = [
        start_serve(env, port, log) for port, log in zip(ports, logs, strict=True)
    ]
    try:
        deadline = time.monotonic() + 2 * START_LIMIT
        while time.monotonic() < deadline and not all(map(listening, ports)):
            if any(server.poll() is not None for server in servers):
                break
            time.sleep(0.2)
        output = [(tmp_path / f"serve-{n}.log").read_text() for n in (0, 1)]
        assert [server.poll() for server in servers] == [None, None], output
        pages = [get(f"http://127.0.0.1:{port}/") for port in ports]
    finally:
        for server in servers:
            if server.poll() is None:
                os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        for log in logs:
            log.close()
    assert [status for status, _, _ in pages] == [200, 200]
    assert sum("Made a new secret key" in text for text in output) == 1
    assert len(key.read_text().split()) == 1
    # Every file of the manifest is there, and nothing else: no copy a second
    # collectstatic saved under another name beside the first one's.
    manifest = json.loads((static / "staticfiles.json").read_text())["paths"]
    names = set(manifest) | set(manifest.values()) | {"staticfiles.json"}
    found = {
        str(p.relative_to(static))
        for p in static.rglob("*")
        if p.is_file() and p.suffix not in (".gz", ".br")
    }
    assert found == names
