"""``make test-deploy``: the several-servers set-up of docs/deploy.md, run on
loopback and checked from the outside.

    python -m deploy.test_deploy [--port 18500]

Starts (``deploy.stack``) a throwaway PostgreSQL cluster, Redis with
``deploy/redis.conf``, two app hosts (two clones of HEAD, each running ``make
serve`` with the environment of ``deploy/medici.env``) started at the same moment
on the empty database, and nginx with ``deploy/nginx.conf`` in front, then
asserts (``deploy.checks``):

(f) both hosts, started at once on an empty database, come up;
(a) a result a GM saves on host 1 is on host 2's kiosk and standings within 2 s;
(d) 30 phones behind the proxy (each its own loopback address) each send a
    report: none is refused, each is recorded under its own address;
(b) with Redis stopped, no 5xx for 10 s of public pages, reports, a GM's save;
(c) after PostgreSQL restarts, no 5xx for 5 s of the same;
(e) 50 wrong passwords from one address do not lock the GM out of another.

Prints PASS or FAIL per assertion and ends with ``N passed, M failed``; exit
status 1 when any failed or the stack could not start. Every process it started
is ended, and its folder deleted, whatever happens (Ctrl-C included);
``MEDICI_DEPLOY_KEEP=1`` keeps the folder and its logs. Only committed code is
tested: the hosts run clones of HEAD. Needs Debian's ``postgresql``,
``redis-server`` and ``nginx-light`` (``.ci/run`` installs them).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable

from deploy import checks
from deploy.stack import REPO, Stack, StackError, missing_programs, shared_environment

NAMES = {
    "f": "both hosts started at once on an empty database come up",
    "a": "a result saved on host 1 is on host 2's kiosk within 2 s",
    "d": "30 phones behind the proxy are counted apart",
    "b": "Redis stopped: no 5xx on public pages, reports, a GM save",
    "c": "PostgreSQL restarted: no 5xx once it is back",
    "e": "50 wrong passwords from 127.0.0.2 do not lock out the GM on 127.0.0.3",
}


class Report:
    """The assertions' outcomes, printed as they come."""

    def __init__(self) -> None:
        self.outcomes: dict[str, bool] = {}

    def record(self, key: str, passed: bool, detail: str) -> None:
        self.outcomes[key] = passed
        word = "PASS" if passed else "FAIL"
        print(f"{word} ({key}) {NAMES[key]}: {detail}", flush=True)

    def run(self, key: str, check: Callable[[], checks.Outcome]) -> None:
        """Run one check; an exception in it is its failure, not the run's end."""
        started = time.monotonic()
        try:
            passed, detail = check()
        except Exception as error:  # noqa: BLE001 (reported, the others still run)
            passed, detail = False, f"{type(error).__name__}: {error}"
        self.record(key, passed, f"{detail} [{time.monotonic() - started:.0f} s]")

    def finish(self) -> int:
        for key in NAMES:
            if key not in self.outcomes:
                self.record(
                    key,
                    False,
                    "not run (the stack did not come up, or the run was stopped)",
                )
        passed = sum(self.outcomes.values())
        print(f"{passed} passed, {len(self.outcomes) - passed} failed", flush=True)
        return 0 if passed == len(self.outcomes) else 1


def start(stack: Stack, report: Report) -> None:
    """Clones, PostgreSQL, Redis, both hosts at once (assertion f), nginx."""
    stack.make_clones()
    database = stack.start_postgres()
    cache = stack.start_redis()
    proxy = f"http://127.0.0.1:{stack.proxy}"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "MFLAGS"))}
    env.update(
        shared_environment(database=database, cache=cache, proxy=proxy, key=_key())
    )
    stack.env = env
    print(f"Starting two hosts at once on an empty database ({stack.root})", flush=True)
    started = time.monotonic()
    stack.start_host(0)
    stack.start_host(1)
    why = [stack.wait_host(0), stack.wait_host(1)]
    took = time.monotonic() - started
    detail = f"both serve 200 after {took:.0f} s"
    if any(why):
        detail = "; ".join(
            f"{w}:\n{stack.log_errors(f'host{n + 1}')}" for n, w in enumerate(why) if w
        )
    report.record("f", not any(why), detail)
    for n, failed in enumerate(why):
        if failed and (again := stack.restart_host(n)):
            raise StackError(f"host {n + 1} does not start again either: {again}")
    stack.start_nginx()


def _key() -> str:
    import secrets

    return secrets.token_urlsafe(50)


def run(stack: Stack, report: Report) -> None:
    start(stack, report)
    scene = checks.prepare(stack)
    gm = checks.gm_client(stack)
    report.run("a", lambda: checks.saved_on_other_host(stack, scene, gm))
    report.run("d", lambda: checks.phones_counted_apart(stack, scene))
    report.run("b", lambda: checks.redis_stopped(stack, scene, gm))
    report.run("c", lambda: checks.postgres_restarted(stack, scene, gm))
    report.run("e", lambda: checks.guesser_locks_out_only_itself(stack))


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)  # unwinds through Stack.close


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=18500, help="first of 4 ports")
    args = parser.parse_args(argv)
    missing = missing_programs()
    if missing:
        print(f"Missing: {' '.join(missing)} (apt-get install them; .ci/run does)")
        return 1
    _say_what_is_tested()
    # Also SIGINT: a run started in the background of a script ignores it
    # otherwise.
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _stop)
    report = Report()
    started = time.monotonic()
    stack = Stack(args.port)
    try:
        run(stack, report)
    except (StackError, AssertionError, subprocess.CalledProcessError) as error:
        print(f"The stack could not be set up: {error}", flush=True)
        for name in ("host1", "host2", "nginx", "redis"):
            print(f"--- {name} log ---\n{stack.log_tail(name)}")
    except SystemExit as stop:
        print(f"Interrupted (exit {stop.code}): ending every process started")
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)  # a second Ctrl-C: cleaning anyway
        stack.close()
    print(f"Took {time.monotonic() - started:.0f} s")
    return report.finish()


def _say_what_is_tested() -> None:
    commit = subprocess.run(
        ["git", "log", "-1", "--format=%h %s"], cwd=REPO, capture_output=True, text=True
    ).stdout.strip()
    print(f"Testing the deployment of HEAD: {commit[:80]}", flush=True)
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=REPO,
        capture_output=True,
        text=True,
    ).stdout
    if dirty.strip():
        print("(uncommitted changes are not in the clones and are not tested)")


if __name__ == "__main__":
    sys.exit(main())
