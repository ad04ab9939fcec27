"""Text composed of translated pieces follows the reader's language (shipped
catalogues): Chinese lists with 、, its day, player and finding with ，and ：,
its sentences end in 。; English stays as it was written before.

The expectations are written by hand from the catalogues' sentences."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from heats.models import Table
from heats.translate import translate
from scoring.core.finishes import PlayerHistory
from scoring.core.hmw import win_reason
from scoring.models import PlayerRecord
from scoring.pdf.report import sizes_text

DOUBLE = PlayerHistory(finishes=((1, 3, 1), (2, 5, 1)), best_margin=4)
TRIPLE = PlayerHistory(finishes=((1, 3, 1), (2, 5, 1), (3, 1, 1)), best_margin=4)


@pytest.mark.parametrize(
    ("language", "history", "expected"),
    [
        ("en", DOUBLE, "double winner (heats 1, 2)"),
        ("zh-hans", DOUBLE, "两度胜者（预赛1、2）"),
        ("zh-hans", TRIPLE, "三度胜者（预赛1、2、3）"),
        ("de", DOUBLE, "Doppelsieger (Vorrunden 1, 2)"),
        ("fr", DOUBLE, "double vainqueur (séries 1, 2)"),
    ],
)
def test_a_many_times_winners_heats(language, history, expected):
    with translation.override(language):
        assert translate(win_reason(history)) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "10 of 5, 1 of 4"),
        ("zh-hans", "5人桌×10、4人桌×1"),
        ("de", "10 × 5, 1 × 4"),
    ],
)
def test_the_reports_table_sizes(language, expected):
    with translation.override(language):
        assert sizes_text((5,) * 10 + (4,)) == expected


FINDINGS = [
    ({"day": 2, "player": "Ann", "message": "x"}, "day 2, Ann: x", "第2天，Ann：x"),
    ({"day": 2, "player": "", "message": "x"}, "day 2, x", "第2天，x"),
    ({"day": None, "player": "Ann", "message": "x"}, "Ann: x", "Ann：x"),
    ({"day": None, "player": "", "message": "x"}, "x", "x"),
]


@pytest.mark.parametrize(("finding", "english", "chinese"), FINDINGS)
def test_a_findings_day_and_player(finding, english, chinese):
    for language, expected in (("en", english), ("zh-hans", chinese)):
        with translation.override(language):
            shown = render_to_string("scoring/public/_finding.html", {"f": finding})
        assert shown == expected


@pytest.mark.django_db
def test_the_standings_provisional_alert(client, demo_event):
    for number in (2, 3):
        table = Table.objects.get(
            round__event=demo_event, round__ordinal=1, number=number
        )
        PlayerRecord.objects.filter(seat__table=table).delete()
    url = reverse("scoring:standings", kwargs={"event": demo_event.slug})
    expected = {
        "en": "<strong>Provisional:</strong> tables without results:\n"
        "  heat 1 table 2, heat 1 table 3.</div>",
        "zh-hans": "<strong>暂定：</strong>尚无成绩的桌："
        "第1场预赛第2桌、第1场预赛第3桌。</div>",
    }
    for language, alert in expected.items():
        assert alert in client.get(f"{url}?lang={language}").content.decode()
