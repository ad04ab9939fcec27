"""The warnings on a list shown in the reader's language
(scoring.wording.translate), with a tiny fake German catalogue: the
warning's template and every reason inside it are translated, counts written
the German way, names, the die's seed and tables' sizes kept as they are; and
the GM's semi-final page shows them through it. The warnings are those stored
as English before text was data, as the migration converts them (``stored``)."""

from __future__ import annotations

import pytest
from django.utils import translation

from heats.translate import translate
from scoring.core import warnings_text
from tests.scoring.test_reason_translation import FAKE_GERMAN, fake_german, stored

GERMAN = {
    **FAKE_GERMAN,
    warnings_text.TABLE_WARNING: "Runde %(heat)s Tisch %(table)s: %(warning)s",
    warnings_text.TIE_UNRESOLVED: (
        "Gleichstand um Platz 1 ungeklärt (%(names)s): alle zählen als Sieger"
    ),
    warnings_text.SEATS_LEFT_EMPTY: (
        "%(count)s Platz bleibt leer: kein Zweiter oder Dritter mehr aufzurufen "
        "(alle sitzen, haben gewonnen oder fehlen)",
        "%(count)s Plätze bleiben leer: kein Zweiter oder Dritter mehr "
        "aufzurufen (alle sitzen, haben gewonnen oder fehlen)",
    ),
    warnings_text.DIE_DECIDED: "Würfelwurf (Startwert %(seed)s) entschied %(players)s",
    warnings_text.DIE_DECIDED_ITEM: "%(name)s (%(reason)s)",
    warnings_text.COMMA: "%(first)s; %(second)s",
    warnings_text.DIE_PLACED: (
        "Würfelwurf (Startwert %(seed)s) setzte die Ersatzspieler %(names)s"
    ),
    warnings_text.SHORT_TABLES: (
        "Halbfinale mit %(semi)s: %(empty)s Platz kann kein Ersatz füllen, also "
        "spielen %(listed)s an %(tables)s Tischen (%(sizes)s)",
        "Halbfinale mit %(semi)s: %(empty)s Plätze kann kein Ersatz füllen, also "
        "spielen %(listed)s an %(tables)s Tischen (%(sizes)s)",
    ),
    warnings_text.LIST_HOLDS: "Die Liste hat %(listed)s für %(seats)s Plätze",
    warnings_text.NO_RESULTS_YET: "noch keine Ergebnisse",
}


@pytest.fixture
def german(monkeypatch, settings):
    """German number formats (thousands grouped) and the fake catalogue."""
    with fake_german(monkeypatch, settings, GERMAN):
        yield


@pytest.mark.parametrize(
    ("english", "german_text"),
    [
        (
            "heat 1 table 3: tie for first unresolved (Ann, jr. (x: 1), Bo): all "
            "count as winners",
            "Runde 1 Tisch 3: Gleichstand um Platz 1 ungeklärt (Ann, jr. (x: 1), "
            "Bo): alle zählen als Sieger",
        ),
        (
            "1200 seat(s) left empty: no second or third place left to call "
            "(every one is seated, a winner or absent)",
            "1.200 Plätze bleiben leer: kein Zweiter oder Dritter mehr "
            "aufzurufen (alle sitzen, haben gewonnen oder fehlen)",
        ),
        (
            "1 seat(s) left empty: no second or third place left to call "
            "(every one is seated, a winner or absent)",
            "1 Platz bleibt leer: kein Zweiter oder Dritter mehr aufzurufen "
            "(alle sitzen, haben gewonnen oder fehlen)",
        ),
        (
            "die roll (seed 'wbc-2027') decided Ann, jr. (HMW rank 5 (8: die "
            "roll)), Bo (2) (HMW rank 6 (8: die roll))",
            "Würfelwurf (Startwert 'wbc-2027') entschied Ann, jr. (HMW-Rang 5 (8: "
            "Würfelwurf)); Bo (2) (HMW-Rang 6 (8: Würfelwurf))",
        ),
        (
            "die roll (seed '7') placed alternates Cy: the 3rd, Dee (2)",
            "Würfelwurf (Startwert '7') setzte die Ersatzspieler Cy: the 3rd, Dee (2)",
        ),
        (
            "semi-final of 25: 1 seat(s) no alternate can fill, so 24 play in 5 "
            "tables (5+5+5+5+4)",
            "Halbfinale mit 25: 1 Platz kann kein Ersatz füllen, also spielen 24 "
            "an 5 Tischen (5+5+5+5+4)",
        ),
        (
            "the list holds 1001 for 1000 seats",
            "Die Liste hat 1.001 für 1.000 Plätze",
        ),
        ("no heat results yet", "noch keine Ergebnisse"),
        # Not in the fake catalogue: stays English, the count the German way.
        (
            "semi-final size 1000 set by the GM",
            "semi-final size 1.000 set by the GM",
        ),
    ],
)
def test_a_warning_reads_in_german(german, english, german_text):
    assert translate(stored(english)) == german_text


def test_a_warning_stays_english_in_english():
    with translation.override("en"):
        for text in (
            "heat 1 table 3: tie for first unresolved (A, B): all count as winners",
            "die roll (seed '7') placed alternates Cy, Dee",
            "provisional: no results for heat 2 table 5",
        ):
            assert translate(stored(text)) == text
