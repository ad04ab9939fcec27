"""``make serve``: gunicorn with ``DEBUG`` off, static files served by whitenoise.

    python -m medici_tourney.ops.serve [--host 127.0.0.1] [--port 8000] [--workers 4]
        [--threads 2] [--public-slots 1]

Before gunicorn starts, in this order:

secret key
    ``DJANGO_SECRET_KEY`` when set; otherwise the file ``DJANGO_SECRET_KEY_FILE``
    names, by default ``.secret_key`` in the repository (ignored by git), made with
    a new random key (mode 0600) the first time. Logins therefore survive a
    restart, and no secret is ever committed. Two servers started at once end
    with one key: the file appears whole or not at all, and the one that finds it
    made meanwhile reads it.
allowed hosts
    ``DJANGO_ALLOWED_HOSTS`` when set; otherwise the loopback names, ``--host``, and
    when listening on every address (``0.0.0.0`` or ``::``) this machine's name and
    addresses, so phones and kiosks on the LAN can open it by address.
HTTPS
    ``DJANGO_SECURE`` when set; otherwise off (plain HTTP, a laptop on the
    convention's LAN has no certificate). Behind an HTTPS proxy set
    ``DJANGO_SECURE=1``: secure cookies, HSTS, redirect to HTTPS, and
    X-Forwarded-Proto trusted (settings.py).
proxies
    ``MEDICI_PROXY_COUNT``: the proxies in front of the server (settings.py,
    ``medici_tourney.client``). 0 or unset: gunicorn trusts no proxy header
    (``--forwarded-allow-ips`` empty), as the app trusts no X-Forwarded-For; above
    0, those of a proxy at ``FORWARDED_ALLOW_IPS`` when set, else on this machine
    (gunicorn's default, ``127.0.0.1,::1``).
database and static files
    ``manage.py migrate`` and ``manage.py collectstatic`` (hashed, compressed
    copies into ``STATIC_ROOT``, which whitenoise serves), one server at a time:
    each holds a lock on the file ``.serve.lock`` in the repository meanwhile, so
    two servers started at once neither apply a migration twice nor save static
    files over each other. Hosts on other machines sharing one PostgreSQL
    database take turns on its migration lock (``manage.py migrate`` itself,
    ``medici_tourney.ops.migration_lock``); each collects into its own
    ``STATIC_ROOT``.
one key per database
    ``manage.py check_secret_key`` between the two: the first start records the
    key's fingerprint in the database, and a host whose key differs stops here
    with a message saying what to do (``medici_tourney.ops.key_check``).

page cache
    ``DJANGO_CACHE_URL`` when set (Redis); otherwise Django's file cache in
    ``.page-cache/`` in the repository (only the owner may read it), emptied
    before gunicorn starts: the workers then share each public page's rendering
    instead of each rendering it after every change, and a database restored
    from a backup (whose ids are handed out again) never meets an old page.

gunicorn's control socket (``gunicornc``) is ``.gunicorn-<port>.ctl`` in the
repository (``control_socket``), not gunicorn's default shared by every server
of the user. While serving, the process holds ``.running.lock`` (``make restore``
refuses meanwhile; ``medici_tourney.ops.running``) and a backup loop beside
gunicorn backs the database up every ``MEDICI_BACKUP_MINUTES``
(``medici_tourney.ops.backup_loop``).

gunicorn runs ``--workers`` processes of ``--threads`` threads each (its
``gthread`` worker): a thread answers cached public pages from memory while
another in the same process renders after a change or saves a result, and one
rendering of a page serves all of a process's threads
(``medici_tourney.public_cache``, "one rendering at a time"). At most
``--public-slots`` threads of a process (``MEDICI_PUBLIC_SLOTS``; default half
the threads) work on public pages at once; the others are kept for GMs, and a
reader beyond them is answered 503 or the page's last rendering
(``medici_tourney.public_gate``). Four processes of two threads by default: the
threads of one process take turns on one core, so a GM's save waits while its
process renders a page, where a process of its own runs on the other core
(``bench/bench_load.py``).

Exits with a message (code 1) when the secret key file cannot be read or made,
the secret key is not the database's, or a set-up command fails.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from medici_tourney.ops import backup_loop, running

BASE_DIR = Path(__file__).resolve().parents[2]
KEY_FILE = BASE_DIR / ".secret_key"
SETUP_LOCK = BASE_DIR / ".serve.lock"
PAGE_CACHE = BASE_DIR / ".page-cache"
LOOPBACK = ["127.0.0.1", "localhost", "[::1]"]
EVERY_ADDRESS = {"0.0.0.0", "::", "[::]", ""}


def ensure_key_file(path: Path) -> Path:
    """``path``, made with a new random key (only the owner may read it) when it
    does not exist yet; SystemExit with the reason when it cannot be made.

    The key is written to a file of its own, then linked as ``path``: a reader
    never sees a half-written key, and when another server made ``path``
    meanwhile the link fails and its key is kept."""
    if path.exists():
        return path
    try:
        descriptor, draft = tempfile.mkstemp(dir=path.parent, prefix=".key-")
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as out:
                out.write(secrets.token_urlsafe(50) + "\n")
                out.flush()
                os.fsync(out.fileno())
            os.link(draft, path)
        finally:
            os.unlink(draft)
    except FileExistsError:
        return path  # another server made it first
    except OSError as error:
        raise SystemExit(f"Cannot make the secret key file {path}: {error}") from None
    print(f"Made a new secret key in {path} (keep it; never commit it).")
    return path


SET_UP_COMMANDS = (
    ["migrate", "--noinput"],
    ["check_secret_key"],
    ["collectstatic", "--noinput", "-v0"],
)


def set_up(manage: list[str], env: dict[str, str]) -> None:
    """``SET_UP_COMMANDS`` under the lock on ``SETUP_LOCK``, the page cache
    emptied first (see module doc): a second server started meanwhile waits,
    then finds them done. SystemExit with a command's exit code when it fails
    (it has said why)."""
    with SETUP_LOCK.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if env.get("DJANGO_CACHE_URL") == f"file://{PAGE_CACHE}":
            shutil.rmtree(PAGE_CACHE, ignore_errors=True)
        for command in SET_UP_COMMANDS:
            done = subprocess.run([*manage, *command], env=env, cwd=BASE_DIR)
            if done.returncode != 0:
                raise SystemExit(done.returncode)


def control_socket(port: int, folder: Path = BASE_DIR) -> Path:
    """gunicorn's control socket for the server on ``port``: ``.gunicorn-<port>.ctl``
    in ``folder``, or in the temporary folder (named after ``folder``) when that
    path is too long for a Unix socket (108 bytes on Linux)."""
    path = folder / f".gunicorn-{port}.ctl"
    if len(os.fsencode(path)) < 100:
        return path
    tag = hashlib.sha256(os.fsencode(folder)).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"medici-{tag}-{port}.ctl"


def machine_addresses() -> list[str]:
    """This machine's name and its non-loopback IP addresses (IPv6 in brackets):
    every configured address (``hostname -I``), the one a packet to another
    network would leave from, and what the name resolves to. The name alone is
    not enough: Debian maps it to 127.0.1.1."""
    found = [socket.gethostname()]
    try:
        listed = subprocess.run(
            ["hostname", "-I"], capture_output=True, text=True, check=False
        ).stdout.split()
    except OSError:
        listed = []
    found += listed + _outgoing_address() + _resolved_addresses(found[0])
    return list(dict.fromkeys(_as_host(a) for a in found if _usable(a)))


def _outgoing_address() -> list[str]:
    # A UDP "connect" only picks the route; no packet is sent. No route (offline)
    # raises, and then the other sources have to do.
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return [probe.getsockname()[0]]
        except OSError:
            return []


def _resolved_addresses(name: str) -> list[str]:
    try:
        return [str(info[4][0]) for info in socket.getaddrinfo(name, None)]
    except OSError:
        return []


def _usable(address: str) -> bool:
    """Not loopback, not an IPv6 link-local address (a browser cannot use it in
    a URL without its interface)."""
    return not (
        address.startswith("127.") or address == "::1" or address.startswith("fe80:")
    )


def _as_host(address: str) -> str:
    return f"[{address}]" if ":" in address and not address.startswith("[") else address


def allowed_hosts(host: str) -> str:
    """The default ``DJANGO_ALLOWED_HOSTS`` for listening on ``host``."""
    hosts = list(LOOPBACK)
    if host in EVERY_ADDRESS:
        hosts += machine_addresses()
    else:
        hosts.append(_as_host(host))
    return ",".join(dict.fromkeys(hosts))


def server_environment(host: str, base: dict[str, str]) -> dict[str, str]:
    """The environment gunicorn and the set-up commands run with (see module doc)."""
    env = dict(base)
    env["DJANGO_DEBUG"] = "0"
    if not env.get("DJANGO_SECRET_KEY"):
        key_file = Path(env.get("DJANGO_SECRET_KEY_FILE") or KEY_FILE)
        env["DJANGO_SECRET_KEY_FILE"] = str(ensure_key_file(key_file))
    env.setdefault("DJANGO_ALLOWED_HOSTS", allowed_hosts(host))
    env.setdefault("DJANGO_SECURE", "0")
    env.setdefault("DJANGO_CACHE_URL", f"file://{PAGE_CACHE}")
    return env


def forwarded_allow_ips(env: dict[str, str]) -> str:
    """gunicorn's ``--forwarded-allow-ips`` for ``env`` (see module doc, proxies):
    empty (no one) without proxies."""
    count = env.get("MEDICI_PROXY_COUNT", "").strip()
    if not count.isdigit() or int(count) == 0:
        return ""
    return env.get("FORWARDED_ALLOW_IPS") or "127.0.0.1,::1"


def bind_address(host: str, port: int) -> str:
    """gunicorn's ``--bind``: ``host:port``, an IPv6 address in brackets."""
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"{host}:{port}"


def public_slots(threads: int, env: dict[str, str], given: int | None) -> str:
    """``MEDICI_PUBLIC_SLOTS`` for a worker of ``threads`` threads: ``given``
    (``--public-slots``), else the environment's, else half the threads (at
    least one): the other half is kept for GMs (``medici_tourney.public_gate``)."""
    if given is not None:
        return str(max(1, given))
    return env.get("MEDICI_PUBLIC_SLOTS") or str(max(1, threads // 2))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--public-slots", type=int, default=None)
    args = parser.parse_args(argv)
    env = server_environment(args.host, dict(os.environ))
    env["MEDICI_PUBLIC_SLOTS"] = public_slots(args.threads, env, args.public_slots)
    backup_loop.loop_settings(env)  # wrong backup settings stop before set-up
    running.hold_while_serving()
    set_up([sys.executable, str(BASE_DIR / "manage.py")], env)
    secure = env["DJANGO_SECURE"] not in {"0", "", "false", "no", "off"}
    print(
        f"Serving on http://{bind_address(args.host, args.port)}/ "
        f"({args.workers} workers of {args.threads} threads, at most "
        f"{env['MEDICI_PUBLIC_SLOTS']} of them on public pages, DEBUG off, "
        + ("HTTPS settings on" if secure else "plain HTTP: DJANGO_SECURE=0")
        + f"); allowed hosts: {env['DJANGO_ALLOWED_HOSTS']}",
        flush=True,
    )
    gunicorn = [sys.executable, "-m", "gunicorn", "medici_tourney.wsgi:application"]
    gunicorn += ["--bind", bind_address(args.host, args.port)]
    gunicorn += ["--workers", str(args.workers), "--threads", str(args.threads)]
    gunicorn += ["--access-logfile", "-"]
    gunicorn += ["--forwarded-allow-ips", forwarded_allow_ips(env)]
    os.chdir(BASE_DIR)
    gunicorn += ["--control-socket", str(control_socket(args.port))]
    backup_loop.start_beside(env, BASE_DIR)
    os.execve(sys.executable, gunicorn, env)


if __name__ == "__main__":
    sys.exit(main())
