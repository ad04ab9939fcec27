"""Reasons shown in the reader's language (scoring.wording.translate),
with a tiny fake German catalogue: the templates and every nested reason are
translated, numbers and percentages are written the German way, names and the
GM's own words stay as they are. The reasons are those stored as English
before text was data, as the migration converts them (``stored``)."""

from __future__ import annotations

import pytest
from django.utils import translation

import heats.translate
from heats.translate import translate
from scoring import wording
from scoring.core import reasons
from scoring.core.places import PlayerResult
from scoring.core.tiebreak import suggest_tie_winner
from scoring.legacy_text import reason_message
from scoring.tables import LaurelTable, QualifierTable


def stored(english: str) -> str:
    """The reason ``english`` as stored since the migration (a message)."""
    return reason_message(english)


FAKE_GERMAN = {
    "%(number)s%%": "%(number)s %%",
    reasons.ALTERNATE: "Ersatz %(number)s: %(detail)s",
    reasons.SECOND_TIE_UNRECORDED: (
        "%(percent)s der Siegerpunkte, Runde %(heat)s Tisch %(table)s, "
        "Gleichstand nach %(level)s (nicht erfasst)"
    ),
    reasons.SECOND_DIE: (
        "%(percent)s der Siegerpunkte, Runde %(heat)s Tisch %(table)s, Würfelwurf"
    ),
    "day 2 %": "Tag-2-%",
    reasons.CUT_WINNER: "gestrichener Sieger, %(reason)s",
    reasons.HMW_RANK_BY: "HMW-Rang %(rank)s (%(level)s: %(criterion)s)",
    "die roll": "Würfelwurf",
    reasons.FINAL_TIE: (
        "Finale, %(florins)s Florins; Gleichstand vom GM entschieden: %(reason)s"
    ),
    reasons.MORE_FLORINS["after day 2"]: "mehr Florins nach Tag 2 (%(scores)s)",
    reasons.SCORES_JOIN: "%(higher)s zu %(lower)s",
    reasons.TIE_DECIDED: "Gleichstand — vom GM entschieden: %(reason)s",
    reasons.FILL_RUNNERS_UP[2]: (
        "Finale: %(count)s Halbfinalsieger + %(added)s vom GM hinzugefügt"
    ),
    reasons.RUNNER_UP_ADDED: "%(name)s (Zweite, %(percent)s)",
    reasons.AND: "%(first)s und %(second)s",
    reasons.LEVEL["after day 2"]: (
        "Florins nach Tag 2: %(names)s gleichauf bei %(best)s (%(scores)s): "
        "keine Entscheidung."
    ),
    reasons.RUNNER_UP_DIE: (
        "Zweite im Halbfinale, %(percent)s des Siegers an Tisch %(table)s, Würfelwurf"
    ),
}


def fake_german(monkeypatch, settings, catalogue):
    """German number formats (thousands grouped) and ``catalogue`` as the
    catalogue (``with`` the returned German); a plural message's entry is
    keyed by its two forms and holds German's two (singular for 1)."""
    settings.USE_THOUSAND_SEPARATOR = True

    def fake(text):
        return catalogue.get(text, text)

    def fake_plural(singular, plural, count):
        forms = catalogue.get((singular, plural), (singular, plural))
        return forms[0] if count == 1 else forms[1]

    monkeypatch.setattr(wording, "gettext", fake)  # percent_text
    monkeypatch.setattr(heats.translate, "gettext", fake)  # the reasons' templates
    monkeypatch.setattr(heats.translate, "ngettext", fake_plural)
    return translation.override("de")


@pytest.fixture
def german(monkeypatch, settings):
    """German number formats (thousands grouped) and the fake catalogue."""
    with fake_german(monkeypatch, settings, FAKE_GERMAN):
        yield


@pytest.mark.parametrize(
    ("english", "german_text"),
    [
        (
            "alternate 3: 96.9% of winner, heat 1 table 10, tie broken by day 2 % "
            "(not recorded)",
            "Ersatz 3: 96,9 % der Siegerpunkte, Runde 1 Tisch 10, Gleichstand nach "
            "Tag-2-% (nicht erfasst)",
        ),
        (
            "alternate 1: cut winner, HMW rank 26 (8: die roll)",
            "Ersatz 1: gestrichener Sieger, HMW-Rang 26 (8: Würfelwurf)",
        ),
        (
            "final, 1204 florins; tie for first decided by the GM: more florins "
            "after day 2 (1061 to 1058 to 990)",
            # The GM's own words are never translated.
            "Finale, 1.204 Florins; Gleichstand vom GM entschieden: more florins "
            "after day 2 (1061 to 1058 to 990)",
        ),
        (
            "tie — decided by the GM: Ann (seat 2) bid first: 50%, heat 1 table 3",
            "Gleichstand — vom GM entschieden: Ann (seat 2) bid first: 50%, heat 1 "
            "table 3",
        ),
        (
            "Final: 2 semi-final winners + Ann, jr. (runner-up, 97.5%) and Bo: "
            "the 2nd (runner-up, 100.0%) added by the GM",
            "Finale: 2 Halbfinalsieger + Ann, jr. (Zweite, 97,5 %) und Bo: the 2nd "
            "(Zweite, 100,0 %) vom GM hinzugefügt",
        ),
        # A template the catalogue lacks stays English; its fields are still
        # written the German way.
        (
            "semi-final runner-up, 96.9% of the winner at table 3",
            "semi-final runner-up, 96,9 % of the winner at table 3",
        ),
        ("whatever the GM typed", "whatever the GM typed"),
    ],
)
def test_a_stored_reason_reads_in_german(german, english, german_text):
    assert translate(stored(english)) == german_text


def test_a_broken_translation_shows_the_english(german, monkeypatch):
    broken = {**FAKE_GERMAN, reasons.ALTERNATE: "Ersatz %(nummer)s: %(detail)s"}
    monkeypatch.setattr(heats.translate, "gettext", lambda text: broken.get(text, text))
    english = "alternate 1: 96.9% of winner, heat 1 table 3"
    assert translate(stored(english)) == english


def test_english_stays_as_stored():
    with translation.override("en"):
        for text in (
            "alternate 1: 96.9% of winner, heat 1 table 3",
            "final, 1204 florins; tie for first decided by the GM: GM's ruling",
            "Format: heats winners only",
        ):
            assert translate(stored(text)) == text


def test_a_tie_fact_is_translated_from_its_message(german):
    tied = [
        PlayerResult("a", 90, 30, 61, name="Ann, jr."),
        PlayerResult("b", 90, 30, 61, name="Bo (2)"),
        PlayerResult("c", 90, 30, 50, name="Cy"),
    ]
    fact = suggest_tie_winner(tied).facts[0]
    assert fact.text == (
        "Florins after day 2: Ann, jr. and Bo (2) level at 61 "
        "(Ann, jr. 61, Bo (2) 61, Cy 50): no decision."
    )
    assert translate(fact.text) == (
        "Florins nach Tag 2: Ann, jr. und Bo (2) gleichauf bei 61 "
        "(Ann, jr. 61, Bo (2) 61, Cy 50): keine Entscheidung."
    )


def test_the_tables_show_reasons_in_german(german):
    qualifiers = QualifierTable(
        [
            {
                "player": "Dee: 5%",
                "reason": stored(
                    "alternate 2: 88.0% of winner, heat 2 table 4, die roll"
                ),
            }
        ]
    )
    cell = qualifiers.rows[0].get_cell("reason")
    assert cell == (
        '<span class="die-roll">Ersatz 2: 88,0 % der Siegerpunkte, Runde 2 '
        "Tisch 4, Würfelwurf</span>"
    )
    assert qualifiers.rows[0].get_cell("player") == "Dee: 5%"
    laurels = LaurelTable(
        [
            {
                "place": 5,
                "player": "Eve",
                "reason": stored(
                    "semi-final runner-up, 90.0% of the winner at table 2, die roll"
                ),
            }
        ]
    )
    assert laurels.rows[0].get_cell("reason") == (
        "Zweite im Halbfinale, 90,0 % des Siegers an Tisch 2, Würfelwurf"
    )
