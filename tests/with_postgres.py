"""Run a command against a throwaway PostgreSQL cluster, then remove the cluster.

    python tests/with_postgres.py COMMAND [ARG...]

The cluster is made with ``initdb`` in a new temporary folder and listens only on a
Unix socket in that folder (no TCP port, so parallel runs never meet); COMMAND runs
with ``DATABASE_URL`` pointing at its database ``medici``, and the cluster is stopped
and deleted when COMMAND ends, whatever its outcome. The exit code is COMMAND's.

PostgreSQL refuses to run as root, so as root the server runs as the ``postgres``
user (Debian's package makes it). Without PostgreSQL's programs (Debian: ``apt-get
install postgresql``; ``make test`` does it as root) this prints why and exits 0
without running COMMAND, or exits 1 when ``MEDICI_REQUIRE_POSTGRES=1`` (CI: a
PostgreSQL pass that silently did not run is a failure). ``PG_BIN`` names the
folder of ``initdb`` and ``pg_ctl`` when they are elsewhere; ``MEDICI_PG_OPTIONS``
adds server options (``-c name=value ...``).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

SERVER_OPTIONS = (
    # Durability buys nothing for a cluster deleted after the run.
    "-c listen_addresses='' -c unix_socket_directories='{socket}' "
    "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
    "-c max_connections=60"
)
# Further server options from the environment (``bench/bench_floor.py`` loads
# pg_stat_statements with it).
EXTRA = "MEDICI_PG_OPTIONS"


def find_bin() -> Path | None:
    """The folder with ``initdb`` and ``pg_ctl``: ``PG_BIN``, the newest Debian
    version under /usr/lib/postgresql, or the PATH; None when there is none."""
    if os.environ.get("PG_BIN"):
        return Path(os.environ["PG_BIN"])
    debian = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if debian:
        return Path(debian[-1]).parent
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def server_user() -> list[str]:
    """The prefix that runs a server program: ``runuser -u postgres --`` as root."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise SystemExit(
            "Running as root without a 'postgres' user: PostgreSQL refuses to run "
            "as root. Install Debian's postgresql package (it makes the user)."
        ) from None
    return ["runuser", "-u", "postgres", "--"]


def start(bindir: Path, folder: Path, as_user: list[str]) -> None:
    """initdb into ``folder/data`` and start the server; its log is ``folder/log``."""
    data = folder / "data"
    run = [*as_user, str(bindir / "initdb"), "-D", str(data), "-U", "postgres"]
    subprocess.run(
        [*run, "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"],
        check=True,
        stdout=subprocess.DEVNULL,
        cwd=folder,  # the postgres user may not enter the caller's folder
    )
    options = SERVER_OPTIONS.format(socket=folder) + " " + os.environ.get(EXTRA, "")
    subprocess.run(
        [*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log")]
        + ["-w", "-o", options, "start"],
        check=True,
        stdout=subprocess.DEVNULL,
        cwd=folder,
    )
    subprocess.run(
        [str(bindir / "createdb"), "-h", str(folder), "-U", "postgres", "medici"],
        check=True,
    )


def stop(bindir: Path, folder: Path, as_user: list[str]) -> None:
    """Stop the server at once (nothing in it is kept)."""
    subprocess.run(
        [*as_user, str(bindir / "pg_ctl"), "-D", str(folder / "data")]
        + ["-m", "immediate", "-w", "stop"],
        check=False,
        stdout=subprocess.DEVNULL,
        cwd=folder,
    )


def main(command: list[str]) -> int:
    if not command:
        print(__doc__, file=sys.stderr)
        return 2
    bindir = find_bin()
    if bindir is None or not (bindir / "initdb").exists():
        print(
            "PostgreSQL is not installed (no initdb): the PostgreSQL test run is "
            "skipped. Install it with 'apt-get install postgresql' (make test does "
            "so as root).",
            flush=True,
        )
        return 1 if os.environ.get("MEDICI_REQUIRE_POSTGRES") == "1" else 0
    as_user = server_user()
    folder = Path(tempfile.mkdtemp(prefix="medici-pg-"))
    try:
        if as_user:
            shutil.chown(folder, user="postgres", group="postgres")
        start(bindir, folder, as_user)
        try:
            url = f"postgres://postgres@{quote(str(folder), safe='')}/medici"
            print(f"PostgreSQL ({bindir.parent.name}) at {folder}", flush=True)
            env = {**os.environ, "DATABASE_URL": url}
            return subprocess.run(command, env=env, check=False).returncode
        finally:
            stop(bindir, folder, as_user)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
