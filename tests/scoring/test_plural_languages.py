"""Texts that count things in each language's own plural forms (plural
messages, heats.core.message.Message.plural, rendered by heats.translate with
``ngettext`` and the shipped catalogues): German and English say the singular
for 1 only, French for 0 and 1, Chinese has one form. Stored rows keep the
plural; a row stored with the "(s)" text before loads as the plural. Every
expected text is written by hand from the catalogues (locale/*/LC_MESSAGES)."""

from __future__ import annotations

import pytest
from django.utils import translation

from heats.core.message import Message
from heats.translate import translate
from scoring.core import warnings_text as w
from scoring.core.medici.verify import DAYS_MISSING
from scoring.core.reasons import counted
from scoring.models import PublishedList, TableCheck
from scoring.services.results_import.summary import ImportSummary
from scoring.wording import translate_finding

NB = "\u00a0"
LANGUAGES = ("en", "de", "fr", "zh-hans")


def days_missing(days: int) -> Message:
    return Message.plural(DAYS_MISSING, "days", days=days, game=3)


def seats_empty(count: int) -> str:
    return counted(w.SEATS_LEFT_EMPTY, "count", count=count)


def said(text: str) -> tuple[str, ...]:
    """``text`` in English, German, French and Chinese."""
    found = []
    for language in LANGUAGES:
        with translation.override(language):
            found.append(translate_finding(text))
    return tuple(found)


DAYS = {
    0: (
        "sheet has 0 days, a game has 3 unless time is called",
        "Der Bogen hat 0 Handelstage, eine Partie hat 3, außer bei Zeitabbruch",
        "la feuille compte 0 saison, une partie en compte 3 sauf si le temps est "
        "écoulé",
        "计分表有0天，而未叫停的一局游戏有3天",
    ),
    1: (
        "sheet has 1 day, a game has 3 unless time is called",
        "Der Bogen hat 1 Handelstag, eine Partie hat 3, außer bei Zeitabbruch",
        "la feuille compte 1 saison, une partie en compte 3 sauf si le temps est "
        "écoulé",
        "计分表有1天，而未叫停的一局游戏有3天",
    ),
    2: (
        "sheet has 2 days, a game has 3 unless time is called",
        "Der Bogen hat 2 Handelstage, eine Partie hat 3, außer bei Zeitabbruch",
        "la feuille compte 2 saisons, une partie en compte 3 sauf si le temps est "
        "écoulé",
        "计分表有2天，而未叫停的一局游戏有3天",
    ),
}


@pytest.mark.parametrize("days", DAYS)
def test_a_sheet_s_days_are_counted_in_each_language(days):
    assert said(days_missing(days)) == DAYS[days]


SEATS = {
    0: (
        "0 seats left empty: no second or third place left to call (every one "
        "is seated, a winner or absent)",
        "0 Plätze bleiben leer – kein Zweit- oder Drittplatzierter mehr zum "
        "Nachrücken (alle sind eingeteilt, Sieger oder abwesend)",
        f"0 place laissée vide{NB}: plus aucun deuxième ni troisième à appeler "
        "(tous sont placés, vainqueurs ou absents)",
        "0个座位空缺：已无可递补的第2名或第3名（均已入座、为胜者或缺席）",
    ),
    1: (
        "1 seat left empty: no second or third place left to call (every one "
        "is seated, a winner or absent)",
        "1 Platz bleibt leer – kein Zweit- oder Drittplatzierter mehr zum "
        "Nachrücken (alle sind eingeteilt, Sieger oder abwesend)",
        f"1 place laissée vide{NB}: plus aucun deuxième ni troisième à appeler "
        "(tous sont placés, vainqueurs ou absents)",
        "1个座位空缺：已无可递补的第2名或第3名（均已入座、为胜者或缺席）",
    ),
    1200: (
        "1200 seats left empty: no second or third place left to call (every "
        "one is seated, a winner or absent)",
        "1.200 Plätze bleiben leer – kein Zweit- oder Drittplatzierter mehr zum "
        "Nachrücken (alle sind eingeteilt, Sieger oder abwesend)",
        f"1{NB}200 places laissées vides{NB}: plus aucun deuxième ni troisième "
        "à appeler (tous sont placés, vainqueurs ou absents)",
        "1200个座位空缺：已无可递补的第2名或第3名（均已入座、为胜者或缺席）",
    ),
}


@pytest.mark.parametrize("count", SEATS)
def test_empty_seats_are_counted_in_each_language(count, settings):
    settings.USE_THOUSAND_SEPARATOR = True
    assert said(seats_empty(count)) == SEATS[count]


def test_a_plural_nested_in_a_warning_is_counted_too():
    line = Message(w.TABLE_WARNING, heat=1, table=3, warning=seats_empty(1))
    with translation.override("fr"):
        assert translate(line) == (
            f"série 1, table 3{NB}: 1 place laissée vide{NB}: plus aucun "
            "deuxième ni troisième à appeler (tous sont placés, vainqueurs ou "
            "absents)"
        )


SUMMARIES = [
    (
        ImportSummary(
            tables_created=1, tables_replaced=2, tables_unchanged=0, players_created=1
        ),
        (
            "1 table created, 2 replaced, 0 unchanged; 1 new player.",
            "1 Tisch angelegt, 2 ersetzt, 0 unverändert; 1 neuer Spieler.",
            f"1 table créée, 2 remplacées, 0 inchangée{NB}; 1 nouveau joueur.",
            "新建1桌，替换2桌，0桌未变；新玩家1名。",
        ),
    ),
    (
        ImportSummary(
            tables_created=2,
            tables_filled=1,
            tables_replaced=0,
            tables_unchanged=5,
            players_created=0,
        ),
        (
            "2 tables created, 1 filled, 0 replaced, 5 unchanged; 0 new players.",
            "2 Tische angelegt, 1 ausgefüllt, 0 ersetzt, 5 unverändert; 0 neue "
            "Spieler.",
            f"2 tables créées, 1 remplie, 0 remplacée, 5 inchangées{NB}; 0 "
            "nouveau joueur.",
            "新建2桌，填写1桌，替换0桌，5桌未变；新玩家0名。",
        ),
    ),
]


@pytest.mark.parametrize(("summary", "expected"), SUMMARIES)
def test_an_import_summary_counts_each_part_on_its_own(summary, expected):
    found = []
    for language in LANGUAGES:
        with translation.override(language):
            found.append(summary.lines()[0])
    assert tuple(found) == expected


@pytest.mark.django_db
def test_a_stored_finding_keeps_its_plural(heat_table):
    row = {"day": None, "player": None, "message": days_missing(1)}
    TableCheck.objects.create(table=heat_table, findings=[row])
    (stored,) = TableCheck.objects.get(table=heat_table).findings
    assert stored["message"].plural_template == DAYS_MISSING.plural
    assert said(stored["message"]) == DAYS[1]


@pytest.mark.django_db
def test_a_finding_stored_with_the_old_text_reads_as_the_plural(heat_table):
    old = {
        "code": "sheet has %(days)s day(s), a game has %(game)s unless time is called",
        "fields": {"days": 2, "game": 3},
    }
    TableCheck.objects.create(
        table=heat_table, findings=[{"day": None, "player": None, "message": old}]
    )
    (stored,) = TableCheck.objects.get(table=heat_table).findings
    assert said(stored["message"]) == DAYS[2]


@pytest.mark.django_db
def test_a_warning_stored_with_the_old_text_reads_as_the_plural(event):
    old = {
        "code": "%(count)s seat(s) left empty: no second or third place left to "
        "call (every one is seated, a winner or absent)",
        "fields": {"count": 0},
    }
    PublishedList.objects.create(event=event, data={"warnings": [old]})
    (stored,) = PublishedList.objects.get(event=event).data["warnings"]
    assert said(stored) == SEATS[0]
