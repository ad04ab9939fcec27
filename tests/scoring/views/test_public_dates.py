"""Dates and times on the public pages as each language writes them in a
sentence (issue 32: French read "le sam 23:27"): the date format is a message of
the catalogues (context "date format: …"), filled in by Django's ``date``
filter with Django's own day and month names."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model

from scoring.models import PublishedList, TableCheck
from scoring.services.results_import.write import import_results
from tests.scoring.views.test_checks import IMPOSSIBLE, TABLE_URL
from tests.scoring.views.test_publishing import SEMI
from tests.support.versions import post_with_version

pytestmark = pytest.mark.django_db

PUBLISHED = {
    "en": "Published by the GM Sat 23:27.",
    "de": "Von der Spielleitung veröffentlicht: Sa., 23:27.",
    "fr": "Publiée par l’arbitre samedi à 23:27.",
    "zh-hans": "裁判发布于星期六 23:27。",
}
"""The standings' line under the semi-final list published on Saturday
5 December 2026 at 23:27 in the event's zone."""

ACKNOWLEDGED = {
    "en": "Acknowledged by gm at 23:27, Sat 5 Dec.",
    "de": "Bestätigt von gm (Sa., 5. Dez., 23:27).",
    "fr": "Validé par gm samedi 5 déc. à 23:27.",
    "zh-hans": "由gm于12月5日（星期六）23:27确认。",
}
"""The table page's line under findings a GM acknowledged then."""


def saturday(event) -> datetime:
    return datetime(2026, 12, 5, 23, 27, tzinfo=ZoneInfo(str(event.zone)))


@pytest.fixture
def published(client, demo_event):
    gm = get_user_model().objects.create_user("demo-gm", password="x-pass-1")
    demo_event.gms.add(gm)
    client.force_login(gm)
    assert post_with_version(client, SEMI, SEMI + "publish/").status_code == 302
    client.logout()
    PublishedList.objects.update(published_at=saturday(demo_event))
    return demo_event


@pytest.mark.parametrize("language", sorted(PUBLISHED))
def test_the_published_list_says_when_in_the_pages_language(
    client, published, language
):
    html = client.get(f"/e/demo/?lang={language}").content.decode()
    assert PUBLISHED[language] in html


@pytest.mark.parametrize("language", sorted(ACKNOWLEDGED))
def test_acknowledged_findings_say_when_in_the_pages_language(
    client, event, gm, language
):
    import_results(event, IMPOSSIBLE)
    client.force_login(gm)
    url = TABLE_URL.replace("/e/wbc/", "/e/wbc/gm/") + "acknowledge/"
    assert client.post(url).status_code == 302
    TableCheck.objects.update(acknowledged_at=saturday(event))
    html = client.get(f"{TABLE_URL}?lang={language}").content.decode()
    assert " ".join(ACKNOWLEDGED[language].split()) in " ".join(html.split())


GM_PUBLISHED = {
    "en": "Published Sat 23:27 by demo-gm",
    "fr": "Publiée samedi à 23:27 par demo-gm",
    "de": "Veröffentlicht am Sa., 23:27 von demo-gm",
}
"""The GM's semi-final page's line about the list published then (a French GM
read "Publiée le sam 23:27")."""


@pytest.mark.parametrize("language", sorted(GM_PUBLISHED))
def test_the_gms_semi_final_page_says_when_in_the_gms_language(
    client, settings, published, language
):
    client.force_login(get_user_model().objects.get(username="demo-gm"))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = " ".join(client.get(SEMI).content.decode().split())
    assert GM_PUBLISHED[language] in html
