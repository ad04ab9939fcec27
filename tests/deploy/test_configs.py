"""The shipped several-servers files (deploy/, docs/deploy.md) and the pieces of
``make test-deploy`` that need no running stack: the nginx configuration's
headers and body limit, the port swap the test makes in it, the shared
environment it gives, and the form reader of its client."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from django.conf import settings

from deploy.stack import (
    NGINX_MAIN,
    REPO,
    StackError,
    nginx_site,
    shared_environment,
)
from deploy.web import form_fields
from scoring.core.results_csv import MAX_FILE_BYTES

NGINX = (REPO / "deploy" / "nginx.conf").read_text(encoding="utf-8")


def directive(name: str) -> list[str]:
    """The values of every ``name`` directive not commented out."""
    return re.findall(rf"^\s*{name}\s+([^;]+);", NGINX, flags=re.MULTILINE)


def test_the_proxy_passes_host_client_address_and_scheme_on():
    assert set(directive("proxy_set_header")) == {
        "Host $http_host",
        "X-Forwarded-For $proxy_add_x_forwarded_for",
        "X-Forwarded-Proto $scheme",
    }


def test_the_body_limit_lets_the_apps_largest_form_through():
    # 3m = 3 * 1024 * 1024 = 3,145,728 bytes; Django's default form limit is
    # 2.5 MB = 2,621,440 bytes and a results file 2 MB = 2,097,152 bytes.
    assert directive("client_max_body_size") == ["3m"]
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == 2_621_440
    assert MAX_FILE_BYTES == 2_097_152


def test_the_upstream_has_two_hosts_round_robin():
    upstream = re.search(r"upstream medici \{(.*?)\}", NGINX, flags=re.S)
    assert upstream is not None
    servers = re.findall(r"^\s*server\s+(\S+)", upstream[1], flags=re.MULTILINE)
    assert servers == ["10.0.0.11:8000", "10.0.0.12:8000"]
    # Round-robin is nginx's default; any other balancing would be named.
    assert not re.search(r"^\s*(ip_hash|hash|least_conn)\b", upstream[1], re.M)


def test_the_test_swaps_listen_and_upstream_ports_only():
    site = nginx_site(NGINX, 18500, [18501, 18502])
    assert "listen 127.0.0.1:18500;" in site
    assert "server 127.0.0.1:18501 max_fails=3 fail_timeout=10s;" in site
    assert "server 127.0.0.1:18502 max_fails=3 fail_timeout=10s;" in site
    assert not re.search(r"^\s*listen .*80;", site, flags=re.MULTILINE)
    assert "10.0.0.1" not in site.split("# HTTPS")[0]
    assert site.count("proxy_set_header") == NGINX.count("proxy_set_header")


def test_the_test_refuses_an_upstream_of_another_size():
    with pytest.raises(StackError, match="2 servers, not 3"):
        nginx_site(NGINX, 18500, [18501, 18502, 18503])


@pytest.mark.skipif(
    not shutil.which("nginx", path="/usr/sbin:/usr/bin"), reason="no nginx"
)
def test_nginx_accepts_the_generated_configuration(tmp_path):
    site = nginx_site(NGINX, 18590, [18591, 18592])
    conf = tmp_path / "nginx.conf"
    conf.write_text(NGINX_MAIN.format(dir=tmp_path, site=site), encoding="utf-8")
    nginx = shutil.which("nginx", path="/usr/sbin:/usr/bin")
    error_log = str(tmp_path / "error.log")
    command = [nginx, "-t", "-q", "-e", error_log, "-p", str(tmp_path), "-c", str(conf)]
    checked = subprocess.run(command, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_the_shared_environment_is_the_env_files():
    env = shared_environment(database="d", cache="c", key="k", proxy="p")
    named = re.findall(
        r"^([A-Z_]+)=",
        (REPO / "deploy" / "medici.env").read_text(encoding="utf-8"),
        flags=re.MULTILINE,
    )
    assert sorted(env) == sorted(named)
    assert env["MEDICI_PROXY_COUNT"] == "1"
    assert env["MEDICI_PUBLIC_URL"] == env["DJANGO_CSRF_TRUSTED_ORIGINS"] == "p"


def test_redis_is_a_bounded_cache_without_disk():
    text = (REPO / "deploy" / "redis.conf").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert "maxmemory 256mb" in lines
    assert "maxmemory-policy allkeys-lru" in lines
    assert 'save ""' in lines
    assert "appendonly no" in lines


def test_the_form_reader_sends_what_a_browser_sends():
    html = """
    <form id="language-menu"><input name="language" value="de"></form>
    <form id="result-form">
      <input type="hidden" name="version" value="v7">
      <input name="final_1" value="">
      <input type="checkbox" name="confirm">
      <input type="checkbox" name="ticked" value="yes" checked>
      <select name="time_called"><option value="">No</option>
        <option value="2" selected>Day 2</option></select>
      <select name="reporter"><option value="">Choose</option>
        <option value="1">1</option></select>
      <textarea name="note">a &amp; b</textarea>
      <input type="submit" name="save" value="Save">
    </form>"""
    assert form_fields(html, "result-form") == {
        "version": "v7",
        "final_1": "",
        "ticked": "yes",
        "time_called": "2",
        "reporter": "",
        "note": "a & b",
    }
    assert form_fields(html, having="language") == {"language": "de"}
    with pytest.raises(KeyError):
        form_fields(html, "no-such-form")
