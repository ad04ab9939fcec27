"""`make lan`: the machine's local-network addresses become allowed hosts and the
QR codes' address; `make run` alone stays on this machine."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from medici_tourney.ops import lan
from tests.conftest import REPO


def test_only_lan_ipv4_addresses_are_kept_route_first(monkeypatch):
    monkeypatch.setattr(lan, "_route_address", lambda: ["192.168.1.20"])
    monkeypatch.setattr(
        lan,
        "_hostname_addresses",
        lambda: ["10.0.0.5", "127.0.0.1", "169.254.3.4", "fd00::2", "192.168.1.20"],
    )
    assert lan.lan_addresses() == ["192.168.1.20", "10.0.0.5"]


def test_main_prints_the_address_to_open(monkeypatch, capsys):
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.1.20"])
    lan.main(["lan", "8000"])
    assert "http://192.168.1.20:8000/" in capsys.readouterr().out


def settings_with(env: dict) -> dict:
    """ALLOWED_HOSTS and the QR-code addresses of settings.py read under ``env``."""
    code = (
        "import json; from medici_tourney import settings as s; "
        "print(json.dumps([s.ALLOWED_HOSTS, s.PUBLIC_URL]))"
    )
    keep = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "MEDICI_"))
    }
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env={**keep, **env},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    hosts, public = json.loads(out)
    return {"hosts": hosts, "public": public}


def test_run_allows_this_machine_only():
    got = settings_with({})
    assert got == {
        "hosts": ["127.0.0.1", "localhost", "[::1]"],
        "public": "",
    }


def test_lan_allows_the_machines_addresses_and_points_qr_codes_there():
    addresses = lan.lan_addresses()
    got = settings_with({"MEDICI_LAN_PORT": "8000"})
    assert got["hosts"] == ["127.0.0.1", "localhost", "[::1]", *addresses]
    first = f"http://{addresses[0]}:8000" if addresses else ""
    assert got["public"] == first


def test_an_address_given_for_the_qr_codes_is_kept():
    got = settings_with(
        {"MEDICI_LAN_PORT": "8000", "DJANGO_PUBLIC_URL": "http://medici.lan"}
    )
    assert got["public"] == "http://medici.lan"


def test_one_address_serves_every_qr_code_under_either_name():
    """The kiosk's and the printables' QR codes read one setting, PUBLIC_URL:
    MEDICI_PUBLIC_URL, or DJANGO_PUBLIC_URL, its older name."""
    assert settings_with({"MEDICI_PUBLIC_URL": "http://a.lan"})["public"] == (
        "http://a.lan"
    )
    assert settings_with({"DJANGO_PUBLIC_URL": "http://b.lan"})["public"] == (
        "http://b.lan"
    )
