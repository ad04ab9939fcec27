"""The deployed stack of ``make test-deploy``, on loopback in one temporary folder.

Words:
stack
    Everything docs/deploy.md sets up, each piece a process of its own: a
    throwaway PostgreSQL cluster (``tests/with_postgres.py``'s, on a Unix
    socket), Redis started with ``deploy/redis.conf``, two app hosts and nginx
    started with ``deploy/nginx.conf``.
app host
    A ``git clone --shared`` of the repository's HEAD in its own folder, running
    ``make serve HOST=127.0.0.1 PORT=<its port>`` as an operator would, with the
    shared environment of ``deploy/medici.env`` (loopback values). The clones
    share the repository's virtualenv (a ``.venv`` link) instead of each
    installing its own.
ports
    ``base`` (nginx), ``base + 1`` and ``base + 2`` (the app hosts),
    ``base + 3`` (Redis).

Every process is started in a process group of its own and the group is ended
by :meth:`Stack.close`, which also stops PostgreSQL and deletes the folder.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

from deploy.web import Client
from tests import with_postgres

REPO = Path(__file__).resolve().parents[1]
WORKERS = "2"  # per host: two hosts of two processes on a two-core CI machine
START_TIMEOUT = 240.0
NEEDED = {"redis-server": "redis-server", "nginx": "nginx-light"}


class StackError(RuntimeError):
    """A piece of the stack could not be started; the message says which."""


def missing_programs() -> list[str]:
    """The Debian packages of the programs the stack needs and this machine lacks."""
    missing = [pkg for cmd, pkg in NEEDED.items() if not _which(cmd)]
    if with_postgres.find_bin() is None:
        missing.append("postgresql")
    return missing


def _which(command: str) -> str | None:
    return shutil.which(command) or shutil.which(command, path="/usr/sbin:/sbin")


def shared_environment(
    *, database: str, cache: str, key: str, proxy: str
) -> dict[str, str]:
    """The variables of ``deploy/medici.env`` with this stack's values: the
    same for both hosts. StackError when the file names a variable not given
    here (the test would no longer run the documented set-up)."""
    values = {
        "DATABASE_URL": database,
        "DATABASE_CONN_MAX_AGE": "60",
        "DJANGO_CACHE_URL": cache,
        "DJANGO_SECRET_KEY": key,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_CSRF_TRUSTED_ORIGINS": proxy,
        "MEDICI_PUBLIC_URL": proxy,
        "MEDICI_PROXY_COUNT": "1",
        "FORWARDED_ALLOW_IPS": "127.0.0.1",
        "DJANGO_SECURE": "0",
    }
    text = (REPO / "deploy" / "medici.env").read_text(encoding="utf-8")
    named = re.findall(r"^([A-Z_]+)=", text, flags=re.MULTILINE)
    if set(named) != set(values):
        raise StackError(
            f"deploy/medici.env names {sorted(named)}, the test gives "
            f"{sorted(values)}: keep them in step"
        )
    return values


def nginx_site(text: str, proxy: int, hosts: list[int]) -> str:
    """``deploy/nginx.conf`` with its ``listen`` lines on ``127.0.0.1:proxy``
    and its upstream's ``server`` lines on the ``hosts`` ports (their options
    kept); StackError when the file has not one line per host."""
    upstream = re.compile(r"^(\s*server\s+)[\w.\[\]:-]+:\d+(\b[^;]*;)", re.MULTILINE)
    found = upstream.findall(text)
    if len(found) != len(hosts):
        raise StackError(
            f"deploy/nginx.conf's upstream has {len(found)} servers, not {len(hosts)}"
        )
    ports = iter(hosts)
    text = upstream.sub(lambda m: f"{m[1]}127.0.0.1:{next(ports)}{m[2]}", text)
    text = re.sub(r"^\s*listen\s+\[::\]:80;\n", "", text, flags=re.MULTILINE)
    text, count = re.subn(
        r"^(\s*)listen\s+80;", rf"\1listen 127.0.0.1:{proxy};", text, flags=re.M
    )
    if count != 1:
        raise StackError("deploy/nginx.conf has no line `listen 80;`")
    return text


NGINX_MAIN = """daemon off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 512; }}
http {{
    access_log {dir}/access.log;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
{site}
}}
"""


class Stack:
    """The processes of one run, in ``root``; see the module doc."""

    def __init__(self, base_port: int) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="medici-deploy-"))
        # nginx's workers and PostgreSQL run as other users: let them in.
        self.root.chmod(0o755)
        self.proxy, self.ports, self.redis_port = (
            base_port,
            [base_port + 1, base_port + 2],
            base_port + 3,
        )
        self.redis_password = secrets.token_urlsafe(16)
        self.groups: dict[str, subprocess.Popen[bytes]] = {}
        self.pg_bin = with_postgres.find_bin()
        self.pg_user = with_postgres.server_user()
        self.pg_folder = self.root / "pg"
        self.pg_started = False
        self.clones: list[Path] = []
        self.commit = _git("rev-parse", "HEAD")
        self.env: dict[str, str] = {}

    # --- the pieces -----------------------------------------------------------

    def start_postgres(self) -> str:
        """An empty cluster with database ``medici``; its URL."""
        assert self.pg_bin is not None
        self.pg_folder.mkdir()
        if self.pg_user:
            shutil.chown(self.pg_folder, user="postgres", group="postgres")
        with_postgres.start(self.pg_bin, self.pg_folder, self.pg_user)
        self.pg_started = True
        return f"postgres://postgres@{quote(str(self.pg_folder), safe='')}/medici"

    def restart_postgres(self) -> None:
        """``pg_ctl restart -m fast``: every connection is dropped; returns once
        the server accepts connections again."""
        assert self.pg_bin is not None
        subprocess.run(
            [
                *self.pg_user,
                str(self.pg_bin / "pg_ctl"),
                "-D",
                str(self.pg_folder / "data"),
            ]
            + ["-m", "fast", "-w", "restart"],
            check=True,
            stdout=subprocess.DEVNULL,
            cwd=self.pg_folder,
        )

    def start_redis(self) -> str:
        """Redis with deploy/redis.conf on this stack's port, no persistence;
        its URL once it answers."""
        folder = self.root / "redis"
        folder.mkdir(exist_ok=True)
        conf = self.clones[0] / "deploy" / "redis.conf"
        command = [_which("redis-server") or "redis-server", str(conf)]
        command += ["--bind", "127.0.0.1", "--port", str(self.redis_port)]
        command += [
            "--requirepass",
            self.redis_password,
            "--save",
            "",
            "--appendonly",
            "no",
        ]
        command += ["--dir", str(folder), "--daemonize", "no"]
        self._spawn("redis", command, self.root)
        deadline = time.monotonic() + 20
        while not self.redis_answers():
            if time.monotonic() > deadline or self.groups["redis"].poll() is not None:
                raise StackError(
                    "redis-server did not start: " + self.log_tail("redis")
                )
            time.sleep(0.1)
        return f"redis://:{self.redis_password}@127.0.0.1:{self.redis_port}/0"

    def redis_answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.redis_port), 1) as s:
                s.sendall(f"AUTH {self.redis_password}\r\nPING\r\n".encode())
                return b"+PONG" in _read_until(s, b"+PONG", 1.0)
        except OSError:
            return False

    def stop_redis(self) -> None:
        self._end("redis")

    def make_clones(self) -> None:
        """Two clones of HEAD sharing the repository's objects and virtualenv."""
        venv = (REPO / ".venv").resolve()
        stamp = venv / ".installed"
        if not stamp.exists():
            subprocess.run(
                ["make", "--no-print-directory", "setup"], cwd=REPO, check=True
            )
        for n in (1, 2):
            clone = self.root / f"host{n}"
            _git("clone", "--quiet", "--shared", "--no-checkout", str(REPO), str(clone))
            _git("-C", str(clone), "checkout", "--quiet", "--detach", self.commit)
            (clone / ".venv").symlink_to(venv)
            # The clone's requirement files are newer than the virtualenv's
            # stamp: make would build a virtualenv again. Older: it does not.
            stamps = [s for s in venv.glob(".installed*") if s.exists()]
            older = min(s.stat().st_mtime_ns for s in stamps) - 10**9
            for name in ("requirements.txt", "requirements-dev.txt"):
                os.utime(clone / name, ns=(older, older))
            self.clones.append(clone)

    def start_host(self, n: int) -> None:
        """``make serve`` in clone ``n`` (0 or 1) on its port; not waited for.
        Host 1 alone backs the database up, as docs/deploy.md has it."""
        command = ["make", "--no-print-directory", "serve", "HOST=127.0.0.1"]
        command += [f"PORT={self.ports[n]}", f"WORKERS={WORKERS}"]
        env = {**self.env, "MEDICI_BACKUP_MINUTES": "5" if n == 0 else "0"}
        self._spawn(f"host{n + 1}", command, self.clones[n], env)

    def wait_host(self, n: int, timeout: float = START_TIMEOUT) -> str:
        """ "" once host ``n`` answers ``/`` with 200; else why not (it exited,
        or did not answer within ``timeout`` seconds)."""
        name, port = f"host{n + 1}", self.ports[n]
        client = Client(port)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.groups[name].poll() is not None:
                return f"{name} exited with {self.groups[name].returncode}"
            if client.get("/").status == 200:
                return ""
            time.sleep(0.3)
        return f"{name} did not answer within {timeout:.0f} s"

    def restart_host(self, n: int) -> str:
        self._end(f"host{n + 1}")
        self.start_host(n)
        return self.wait_host(n)

    def start_nginx(self) -> None:
        """nginx in the foreground with deploy/nginx.conf (ports swapped), its
        own prefix, logs, temporary folders and pid file; once it answers."""
        folder = self.root / "nginx"
        folder.mkdir()
        folder.chmod(0o755)
        site = (self.clones[0] / "deploy" / "nginx.conf").read_text(encoding="utf-8")
        site = nginx_site(site, self.proxy, self.ports)
        conf = folder / "nginx.conf"
        conf.write_text(NGINX_MAIN.format(dir=folder, site=site), encoding="utf-8")
        nginx = _which("nginx") or "nginx"
        command = [
            nginx,
            "-e",
            str(folder / "error.log"),
            "-p",
            str(folder),
            "-c",
            str(conf),
        ]
        self._spawn("nginx", command, folder)
        client = Client(self.proxy)
        deadline = time.monotonic() + 20
        while client.get("/").status != 200:
            if time.monotonic() > deadline or self.groups["nginx"].poll() is not None:
                raise StackError("nginx did not start: " + self.log_tail("nginx"))
            time.sleep(0.2)

    def manage(self, *args: str) -> str:
        """``manage.py ARGS`` in host 1's clone with the shared environment;
        its standard output. StackError with its output when it fails."""
        done = subprocess.run(
            [str(self.clones[0] / ".venv/bin/python"), "manage.py", *args],
            cwd=self.clones[0],
            env=self.env,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise StackError(f"manage.py {' '.join(args)}: {done.stderr[-2000:]}")
        return done.stdout

    # --- processes ------------------------------------------------------------

    def _spawn(
        self,
        name: str,
        command: list[str],
        cwd: Path,
        env: dict[str, str] | None = None,
    ) -> None:
        log = (self.root / f"{name}.log").open("ab")
        self.groups[name] = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, ended as one
        )
        log.close()

    def _end(self, name: str) -> None:
        process = self.groups.pop(name, None)
        if process is None:
            return
        # SIGINT: gunicorn, nginx and Redis stop at once (SIGTERM would let
        # gunicorn wait for its idle connections).
        _signal_group(process, signal.SIGINT)
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            _signal_group(process, signal.SIGKILL)
            process.wait(5)
        # gunicorn's workers may outlive the master by a moment: end the group.
        _signal_group(process, signal.SIGKILL)

    def log_tail(self, name: str, lines: int = 15) -> str:
        path = self.root / f"{name}.log"
        if not path.exists():
            return "(no log)"
        text = path.read_text(encoding="utf-8", errors="replace").splitlines()
        return "\n".join(text[-lines:])

    def log_errors(self, name: str) -> str:
        """The exception lines of ``name``'s log (the first two, e.g. a
        migration's error, and the last, e.g. make's), else its last 5 lines."""
        tail = self.log_tail(name, 400).splitlines()
        pattern = r"^[\w.]+(Error|Exception)\b|^make: \*\*\*"
        errors = list(dict.fromkeys(line for line in tail if re.match(pattern, line)))
        return "\n".join(errors[:2] + errors[2:][-1:] if errors else tail[-5:])

    def close(self) -> None:
        """End every process group started, stop PostgreSQL, delete the folder
        (kept when ``MEDICI_DEPLOY_KEEP=1``, for its logs)."""
        for name in reversed(list(self.groups)):
            self._end(name)
        if self.pg_started and self.pg_bin is not None:
            with_postgres.stop(self.pg_bin, self.pg_folder, self.pg_user)
        if os.environ.get("MEDICI_DEPLOY_KEEP") == "1":
            print(f"Kept {self.root} (MEDICI_DEPLOY_KEEP=1)")
        else:
            shutil.rmtree(self.root, ignore_errors=True)


def _signal_group(process: subprocess.Popen[bytes], sig: int) -> None:
    try:
        os.killpg(process.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _read_until(s: socket.socket, marker: bytes, timeout: float) -> bytes:
    s.settimeout(timeout)
    data = b""
    while marker not in data:
        chunk = s.recv(256)
        if not chunk:
            break
        data += chunk
    return data


def _git(*args: str) -> str:
    done = subprocess.run(
        ["git", *args], cwd=REPO, check=True, capture_output=True, text=True
    )
    return done.stdout.strip()
