"""make serve's set-up (medici_tourney/ops/serve.py) and the settings it relies on."""

from __future__ import annotations

import os
import stat
import sys

import pytest

from medici_tourney import settings
from medici_tourney.ops import serve


def test_key_file_is_made_once_private_and_kept(tmp_path):
    path = tmp_path / ".secret_key"
    serve.ensure_key_file(path)
    first = path.read_text()
    serve.ensure_key_file(path)
    assert path.read_text() == first
    assert len(first.strip()) >= 50
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_a_key_file_made_meanwhile_is_read_not_replaced(tmp_path, monkeypatch):
    # Two `make serve` at once: both find no key file, the other one makes it
    # first; this one must take that key, not fail nor write its own.
    path = tmp_path / ".secret_key"
    path.write_text("the-other-servers-key\n")
    monkeypatch.setattr(serve.Path, "exists", lambda self: False)
    assert serve.ensure_key_file(path) == path
    assert path.read_text() == "the-other-servers-key\n"
    assert [p.name for p in tmp_path.iterdir()] == [".secret_key"]


def test_a_named_key_file_is_made_when_missing(tmp_path):
    path = tmp_path / "keys" / "medici.key"
    path.parent.mkdir()
    env = serve.server_environment("127.0.0.1", {"DJANGO_SECRET_KEY_FILE": str(path)})
    assert env["DJANGO_SECRET_KEY_FILE"] == str(path)
    assert len(path.read_text().strip()) >= 50


def test_server_environment_turns_debug_off_and_keeps_given_values(monkeypatch):
    base = {
        "DJANGO_DEBUG": "1",
        "DJANGO_SECRET_KEY": "given",
        "DJANGO_ALLOWED_HOSTS": "medici.example.org",
        "DJANGO_SECURE": "1",
    }
    env = serve.server_environment("0.0.0.0", base)
    assert env["DJANGO_DEBUG"] == "0"
    assert env["DJANGO_SECRET_KEY"] == "given"
    assert "DJANGO_SECRET_KEY_FILE" not in env
    assert env["DJANGO_ALLOWED_HOSTS"] == "medici.example.org"
    assert env["DJANGO_SECURE"] == "1"


def test_server_environment_defaults_to_key_file_and_plain_http(monkeypatch, tmp_path):
    monkeypatch.setattr(serve, "KEY_FILE", tmp_path / "key")
    env = serve.server_environment("192.168.1.20", {})
    assert env["DJANGO_SECRET_KEY_FILE"] == str(tmp_path / "key")
    assert (tmp_path / "key").exists()
    assert env["DJANGO_ALLOWED_HOSTS"] == "127.0.0.1,localhost,[::1],192.168.1.20"
    assert env["DJANGO_SECURE"] == "0"


def test_every_address_allows_this_machines_names(monkeypatch):
    monkeypatch.setattr(serve, "machine_addresses", lambda: ["gm-laptop", "10.0.0.5"])
    assert serve.allowed_hosts("0.0.0.0").split(",") == [
        "127.0.0.1",
        "localhost",
        "[::1]",
        "gm-laptop",
        "10.0.0.5",
    ]


def test_ipv6_addresses_are_bracketed():
    assert serve.bind_address("::", 8000) == "[::]:8000"
    assert serve.bind_address("0.0.0.0", 8000) == "0.0.0.0:8000"
    assert serve.allowed_hosts("fe80::1").endswith(",[fe80::1]")


def test_secret_key_from_file_else_refused_without_debug(monkeypatch, tmp_path):
    monkeypatch.setattr(settings, "DEBUG", False)
    monkeypatch.delenv("DJANGO_SECRET_KEY", raising=False)
    monkeypatch.delenv("DJANGO_SECRET_KEY_FILE", raising=False)
    with pytest.raises(RuntimeError, match="DJANGO_SECRET_KEY"):
        settings.secret_key()
    (tmp_path / "key").write_text("from-the-file\n")
    monkeypatch.setenv("DJANGO_SECRET_KEY_FILE", str(tmp_path / "key"))
    assert settings.secret_key() == "from-the-file"


def test_cache_is_local_memory_unless_a_redis_or_file_url_is_given():
    local = settings.cache_settings("")["default"]
    assert local["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    redis = settings.cache_settings("redis://127.0.0.1:6379/1")["default"]
    # Django's backends whose failures are misses (medici_tourney.cache_backends),
    # with short socket timeouts so a dead Redis does not hang a request.
    assert redis["BACKEND"] == "medici_tourney.cache_backends.FailSoftRedisCache"
    assert redis["LOCATION"] == "redis://127.0.0.1:6379/1"
    assert redis["OPTIONS"]["socket_connect_timeout"] <= 0.5
    assert redis["OPTIONS"]["socket_timeout"] <= 0.5
    shared = settings.cache_settings("file:///srv/medici/cache")["default"]
    assert shared["BACKEND"] == "medici_tourney.cache_backends.FailSoftFileBasedCache"
    assert shared["LOCATION"] == "/srv/medici/cache"
    with pytest.raises(ValueError, match="memcached"):
        settings.cache_settings("memcached://127.0.0.1")
    with pytest.raises(ValueError, match="file:relative"):
        settings.cache_settings("file:relative/cache")


def test_lan_addresses_come_from_the_interfaces_not_only_the_name(monkeypatch):
    """Debian resolves the machine's name to 127.0.1.1: the LAN address must come
    from the configured addresses, or kiosks opening it by address get 400."""

    class Listed:
        stdout = "192.168.1.20 fe80::1 fd00::2\n"

    monkeypatch.setattr(serve.socket, "gethostname", lambda: "gm-laptop")
    monkeypatch.setattr(serve.subprocess, "run", lambda *a, **k: Listed())
    monkeypatch.setattr(serve, "_outgoing_address", lambda: [])
    monkeypatch.setattr(
        serve.socket, "getaddrinfo", lambda *a: [(2, 1, 6, "", ("127.0.1.1", 0))]
    )
    assert serve.machine_addresses() == ["gm-laptop", "192.168.1.20", "[fd00::2]"]


def test_public_slots_are_half_the_threads_unless_given():
    assert serve.public_slots(4, {}, None) == "2"
    assert serve.public_slots(1, {}, None) == "1"
    assert serve.public_slots(4, {"MEDICI_PUBLIC_SLOTS": "3"}, None) == "3"
    assert serve.public_slots(4, {"MEDICI_PUBLIC_SLOTS": "3"}, 1) == "1"


def test_the_workers_share_a_file_cache_emptied_at_start(monkeypatch, tmp_path):
    """make serve's page cache: the file cache in .page-cache/ unless a cache is
    given; set_up empties it (a restored database hands out ids again), and
    leaves a given cache alone."""
    monkeypatch.setattr(serve, "KEY_FILE", tmp_path / "key")
    monkeypatch.setattr(serve, "PAGE_CACHE", tmp_path / "pages")
    monkeypatch.setattr(serve, "SETUP_LOCK", tmp_path / "lock")
    env = serve.server_environment("127.0.0.1", {})
    assert env["DJANGO_CACHE_URL"] == f"file://{tmp_path / 'pages'}"
    given = {"DJANGO_CACHE_URL": "redis://127.0.0.1:6379/0"}
    assert serve.server_environment("127.0.0.1", given)["DJANGO_CACHE_URL"] == (
        "redis://127.0.0.1:6379/0"
    )
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "old.djcache").write_text("a page of another database")
    harmless = [sys.executable, "-c", "pass"]
    serve.set_up(harmless, {**env, "DJANGO_CACHE_URL": "redis://127.0.0.1:6379/0"})
    assert (tmp_path / "pages" / "old.djcache").exists()
    serve.set_up(harmless, env)
    assert not (tmp_path / "pages").exists()


def test_gunicorn_trusts_proxy_headers_only_with_proxies():
    assert serve.forwarded_allow_ips({}) == ""
    assert serve.forwarded_allow_ips({"MEDICI_PROXY_COUNT": "0"}) == ""
    assert serve.forwarded_allow_ips({"MEDICI_PROXY_COUNT": "1"}) == "127.0.0.1,::1"
    given = {"MEDICI_PROXY_COUNT": "2", "FORWARDED_ALLOW_IPS": "10.0.0.2"}
    assert serve.forwarded_allow_ips(given) == "10.0.0.2"


def test_each_server_has_its_own_control_socket(tmp_path):
    assert serve.control_socket(8000, tmp_path) == tmp_path / ".gunicorn-8000.ctl"
    assert serve.control_socket(8001, tmp_path) != serve.control_socket(8000, tmp_path)
    # A Unix socket's path has at most 107 bytes: a deep folder's goes elsewhere,
    # still one per folder and port.
    deep = tmp_path / ("d" * 90)
    elsewhere = serve.control_socket(8000, deep)
    assert len(str(elsewhere)) < 100 and elsewhere.name.endswith("-8000.ctl")
    assert elsewhere != serve.control_socket(8000, tmp_path / ("e" * 90))
