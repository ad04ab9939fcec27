"""The warnings on a list are reasons (scoring.core.reasons): each warning the
advancement core writes is a message of its template, whose English stays as
it always was, and names in it (with commas, colons, parentheses) are kept
whole as fields. The demo event's and the scenario files' warnings are checked with
their reasons in test_reasons.py (``lines_of``)."""

from __future__ import annotations

from functools import cache

import pytest

from heats.core.i18n import Plural
from heats.core.message import Message, dump
from scoring.core import reasons, warnings_text
from scoring.core.advancement import (
    Advancement,
    AdvancementSettings,
    HeatTable,
    PlayerResult,
    advance,
)
from tests.scoring.core.test_reasons import templates_in

WARNINGS = [
    warnings_text.TIE_UNRESOLVED,
    warnings_text.DECLARED_NOT_TIED,
    warnings_text.DECLARED_SEVERAL,
    warnings_text.NO_RESULTS_YET,
    warnings_text.TABLE_WARNING,
    warnings_text.PROVISIONAL,
    warnings_text.NEVER_IN_A_HEAT,
    warnings_text.WINNERS_CUT,
    warnings_text.DIE_DECIDED,
    warnings_text.SEATS_LEFT_EMPTY,
    warnings_text.DIE_PLACED,
    warnings_text.TIE_AGAINST_MISSING,
    warnings_text.SHORT_TABLES,
    warnings_text.SHORT_NO_TABLE,
    warnings_text.FEW_FOR_FINAL,
    warnings_text.SIZE_SET,
    warnings_text.LIST_HOLDS,
]


def p(key: str, final: int, day1=None, day2=None, declared=None) -> PlayerResult:
    """A record named with the characters the templates use around fields."""
    return PlayerResult(key, final, day1, day2, declared, name=f"{key}, jr. (x: 1)")


def table(heat: int, number: int, *records: PlayerResult) -> HeatTable:
    return HeatTable(heat, number, records)


def field(winners: int) -> list[HeatTable]:
    """``winners`` heat-1 tables of 5 won by W01, W02, ... with 100; the others
    score 90, 80, 70, 60."""
    return [
        table(
            1,
            n,
            p(f"W{n:02d}", 100),
            *(p(f"x{n:02d}-{i}", 100 - 10 * i) for i in range(1, 5)),
        )
        for n in range(1, winners + 1)
    ]


def losers(tables: list[HeatTable]) -> list[str]:
    return [r.player for t in tables for r in t.records if r.final != 100]


@cache
def scenarios() -> dict[str, Advancement]:
    """Small events that make every warning the core writes."""
    ties = [
        table(1, 1, p("A", 100), p("B", 100), p("C", 90, declared=1), p("D", 80)),
        table(1, 2, p("E", 100, declared=1), p("F", 100, declared=1), p("G", 5)),
        *field(5)[2:],
    ]
    seconds = [
        table(1, n, p(f"W{n}", 100, 40, 80), p(f"S{n}", 90, *days), p(f"y{n}", 1, 1, 1))
        for n, days in enumerate([(None, 60), (30, None), (30, 60)], 1)
    ]
    return {
        "nothing": advance([]),
        "ties": advance(ties, settings=AdvancementSettings(seed='it\'s "7"')),
        "provisional": advance(field(7), absent=["ghost"], missing_tables=[(2, 3)]),
        "empty": advance(field(17), absent=losers(field(17))),
        "forced": advance(
            field(3),
            absent=losers(field(3)),
            settings=AdvancementSettings(forced_size=20),
        ),
        "hmo": advance(field(3), settings=AdvancementSettings(format="hmo")),
        "added": advance(field(17), added=["x01-1", "x02-1", "x03-1", "x04-1"]),
        "day scores": advance(seconds),
    }


EXPECTED = [
    ("nothing", "no heat results yet", warnings_text.NO_RESULTS_YET),
    (
        "ties",
        "heat 1 table 1: declared winner not tied for first, ignored: C, jr. (x: 1)",
        warnings_text.TABLE_WARNING,
    ),
    (
        "ties",
        "heat 1 table 1: tie for first unresolved (A, jr. (x: 1), B, jr. (x: 1)): "
        "all count as winners",
        warnings_text.TABLE_WARNING,
    ),
    (
        "ties",
        "heat 1 table 2: several players declared the winner (E, jr. (x: 1), "
        "F, jr. (x: 1)), ignored",
        warnings_text.TABLE_WARNING,
    ),
    ("ties", "7 winners present for 6 seats: 1 cut by HMW", warnings_text.WINNERS_CUT),
    (
        "provisional",
        "provisional: no results for heat 2 table 3",
        warnings_text.PROVISIONAL,
    ),
    ("provisional", "absent but never in a heat: ghost", warnings_text.NEVER_IN_A_HEAT),
    (
        "empty",
        "3 seats left empty: no second or third place left to call (every one "
        "is seated, a winner or absent)",
        warnings_text.SEATS_LEFT_EMPTY,
    ),
    (
        "empty",
        "semi-final of 20: 3 seats no alternate can fill, so 17 play in 4 "
        "tables (5+4+4+4)",
        warnings_text.SHORT_TABLES,
    ),
    ("forced", "semi-final size 20 set by the GM", warnings_text.SIZE_SET),
    (
        "forced",
        "semi-final of 20: 17 seats no alternate can fill, so 3 play in 0 "
        "tables (no table)",
        warnings_text.SHORT_NO_TABLE,
    ),
    (
        "hmo",
        "3 winners for the final: heats winners only calls no alternate, so the "
        "GM decides how the final is played",
        warnings_text.FEW_FOR_FINAL,
    ),
    ("added", "the list holds 21 for 20 seats", warnings_text.LIST_HOLDS),
    (
        "day scores",
        "tie broken against a missing day score: S1, jr. (x: 1), S2, jr. (x: 1)",
        warnings_text.TIE_AGAINST_MISSING,
    ),
]


def written(event: str, english: str) -> Message:
    """The warning ``english`` of the scenario ``event``, as the core wrote it."""
    found = [w for w in scenarios()[event].warnings if w == english]
    assert found, english
    assert isinstance(found[0], Message)
    return found[0]


@pytest.mark.parametrize(("event", "english", "template"), EXPECTED)
def test_the_core_writes_each_warning_from_its_template(event, english, template):
    assert written(event, english).template == code(template)


def code(template: str | Plural) -> str:
    """A template's code: a plural message's is its singular."""
    return template if isinstance(template, str) else template.singular


def test_a_table_s_warning_holds_the_names_whole():
    line = written(
        "ties",
        "heat 1 table 1: tie for first unresolved (A, jr. (x: 1), B, jr. (x: 1)): "
        "all count as winners",
    )
    assert dump(line) == {
        "code": warnings_text.TABLE_WARNING,
        "fields": {
            "heat": 1,
            "table": 1,
            "warning": {
                "code": warnings_text.TIE_UNRESOLVED,
                # Each name whole, joined by the list's template (the edge
                # writes the comma in the reader's language).
                "fields": {
                    "names": {
                        "code": "%(first)s, %(second)s",
                        "fields": {"first": "A, jr. (x: 1)", "second": "B, jr. (x: 1)"},
                    }
                },
            },
        },
    }


def test_the_die_s_warnings_keep_the_seed_in_its_quotes():
    ties = scenarios()["ties"].warnings
    decided = [w for w in ties if w.template == warnings_text.DIE_DECIDED]
    placed = [w for w in ties if w.template == warnings_text.DIE_PLACED]
    assert decided and placed
    for line in (*decided, *placed):
        assert line.startswith("die roll (seed 'it\\'s \"7\"') ")
        assert line.fields["seed"] == repr('it\'s "7"')
    # Each winner the die decided is a message with the HMW rank it was given.
    items = list(_items(decided[0].fields["players"]))
    assert len(items) == decided[0].count("(8: die roll)")
    for item in items:
        assert item.template == warnings_text.DIE_DECIDED_ITEM
        assert str(item.fields["name"]).endswith(", jr. (x: 1)")
        rank = item.fields["reason"]
        assert isinstance(rank, Message) and rank.template == reasons.HMW_RANK_BY
        assert rank.fields["criterion"].template == "die roll"


def _items(value):
    """The items of a list field joined by ``COMMA``, first to last."""
    if isinstance(value, Message) and value.template == warnings_text.COMMA:
        yield from _items(value.fields["first"])
        yield from _items(value.fields["second"])
    else:
        yield value


def test_every_warning_template_is_one_the_core_writes():
    found = [w for result in scenarios().values() for w in result.warnings]
    assert all(isinstance(w, Message) for w in found)
    used = {t for w in found for t in templates_in(w)}
    codes = {code(t) for t in WARNINGS}
    assert codes <= used, codes - used
