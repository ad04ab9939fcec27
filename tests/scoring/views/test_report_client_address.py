"""Players' reports behind a proxy (medici_tourney/client.py): each phone is
counted and recorded by its own address, the one the proxy saw, not the proxy's
and not one the sender wrote into X-Forwarded-For."""

from __future__ import annotations

import pytest

from scoring.models import TableReport
from scoring.services import report_rates
from tests.scoring.views.test_table_report import CLEAN, form_data, report_url

pytestmark = pytest.mark.django_db

PROXY = "127.0.0.1"


def send(client, table, xff: str, reporter: int = 1):
    return client.post(
        report_url(table),
        form_data(table, CLEAN, reporter),
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=xff,
    )


def test_thirty_phones_behind_one_proxy_are_counted_apart(
    client, heat_table, settings, monkeypatch
):
    settings.PROXY_COUNT = 1
    monkeypatch.setattr(report_rates, "RATE_PER_ADDRESS", 1)
    monkeypatch.setattr(report_rates, "RATE_PER_TOKEN", 100)
    phones = [f"192.168.1.{n}" for n in range(10, 40)]
    pages = [send(client, heat_table, p, n % 5 + 1) for n, p in enumerate(phones)]
    assert [p.status_code for p in pages] == [200] * 30
    stored = TableReport.objects.values_list("address", flat=True)
    assert sorted(stored) == sorted(phones)
    again = send(client, heat_table, phones[0])  # that phone's second report
    assert again.status_code == 403
    assert "Too many reports" in again.content.decode()


def test_a_spoofed_address_is_stored_as_the_real_one(client, heat_table, settings):
    settings.PROXY_COUNT = 1
    send(client, heat_table, "1.2.3.4, 203.0.113.7")
    assert TableReport.objects.get().address == "203.0.113.7"


def test_without_proxies_the_header_is_ignored(client, heat_table, settings):
    settings.PROXY_COUNT = 0
    send(client, heat_table, "203.0.113.7")
    assert TableReport.objects.get().address == PROXY
