"""The reasons (scoring.core.reasons) are messages: every line the advancement
core writes for the sample events (data/demo, tests/support/scenarios) and for
random events is a message whose English is the line and which comes back
whole from the data it is stored as (heats.core.message.dump/load)."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from heats.core.formats import FORMATS
from heats.core.message import Message, dump, load
from scoring.core import reasons
from scoring.core.advancement import (
    Advancement,
    AdvancementSettings,
    HeatTable,
    PlayerResult,
    advance,
)
from scoring.core.draw import as_draw
from scoring.core.finishes import place_heats, player_histories
from scoring.core.hmw import hmw_order
from scoring.core.laurels import laurels
from scoring.core.reasons import (
    reason,
)
from scoring.core.results_csv import parse_results_csv
from scoring.core.sizes import standard_layouts
from scoring.core.tiebreak import decided_tie_note, suggest_tie_winner
from tests.conftest import DEMO_DIR, REPO
from tests.support.depth import examples

SCENARIOS = REPO / "tests" / "support" / "scenarios"

# Names and the GM's words with the characters the templates use around fields.
names = st.text(alphabet="abcXYZ é中 ,:;()%—-'.0123456789", min_size=1, max_size=24)


def test_the_core_s_wording():
    assert reason(
        reasons.HMW_RANK_BY, rank=7, level=2, criterion=reasons.HMW_LEVELS[1]
    ) == ("HMW rank 7 (2: win in first heat entered)")
    scores = reasons.scores_field([61, 58])
    assert reason(reasons.MORE_FLORINS["after day 2"], scores=scores) == (
        "more florins after day 2 (61 to 58)"
    )
    assert reasons.scores_field([61, 58, 50]) == "61 to 58 to 50"
    assert reasons.percent_field(96.9) == "96.9%"
    assert reasons.percent_field(97) == "97.0%"
    assert reasons.percent_field(96.94) == "96.9%"


def test_a_reason_is_its_template_and_typed_fields():
    line = reason(
        reasons.ALTERNATE,
        number=2,
        detail=reason(
            reasons.SECOND, percent=reasons.percent_field(96.9), heat=1, table=3
        ),
    )
    assert line == "alternate 2: 96.9% of winner, heat 1 table 3"
    assert dump(line) == {
        "code": "alternate %(number)s: %(detail)s",
        "fields": {
            "number": 2,
            "detail": {
                "code": "%(percent)s of winner, heat %(heat)s table %(table)s",
                "fields": {
                    "percent": {"code": "%(number)s%%", "fields": {"number": 96.9}},
                    "heat": 1,
                    "table": 3,
                },
            },
        },
    }


def test_a_reason_takes_its_template_s_fields_only():
    with pytest.raises(TypeError):
        reason(reasons.HEAT_WINNER, heat=1)
    with pytest.raises(TypeError):
        reason(reasons.HEAT_WINNER, heat=1, table=2, rank=3)


# --- every line the core writes ---------------------------------------------


def heat_tables(rows: Iterable) -> list[HeatTable]:
    tables: dict[tuple[int, int], list[PlayerResult]] = defaultdict(list)
    for row in rows:
        if row.round_kind == "heat":
            tables[row.round_number, row.table].append(_record(row))
    return [HeatTable(h, t, tuple(rs)) for (h, t), rs in sorted(tables.items())]


def _record(row) -> PlayerResult:
    return PlayerResult(row.player_key, row.final, row.day1, row.day2, name=row.player)


def read(path) -> list:
    return parse_results_csv(path.read_text(encoding="utf-8")).rows


def lines_of(result: Advancement) -> Iterator[str]:
    """The list's reasons and its warnings."""
    for part in ("qualifiers", "alternates", "next_alternates", "pared", "skipped"):
        for row in getattr(result, part):
            yield row.reason
    yield from result.warnings


def advancement_lines(tables: list[HeatTable], absents: list[list[str]]) -> set[str]:
    """Every reason the list gives for ``tables`` with each set of absent
    players, both formats, every standard size, many next alternates."""
    found: set[str] = set()
    for fmt in FORMATS:
        for absent in absents:
            for size in (None, *standard_layouts()):
                options = AdvancementSettings(
                    format=fmt, forced_size=size, next_alternates=80, seed="7"
                )
                found.update(lines_of(advance(tables, absent, options)))
    return found


def tie_lines(tables: list[HeatTable]) -> set[str]:
    """The tie facts and reasons for a tie made at every table's top two, and
    the note the public sees once the GM decides it."""
    found = {decided_tie_note(""), decided_tie_note("GM's ruling (seat 2)")}
    for table in tables:
        top = sorted(table.records, key=lambda r: -r.final)[:3]
        tied = [replace(r, final=top[0].final) for r in top]
        suggestion = suggest_tie_winner(tied)
        for fact in suggestion.facts:
            found.add(fact.text)
        found.add(suggestion.text)
        if suggestion.reason:
            found |= {suggestion.reason, decided_tie_note(suggestion.reason)}
    return found


def laurel_lines(heats: list[HeatTable], rows: list) -> set[str]:
    """The laurels of a semi-final and final, as played and with a tie for
    first at the final that the GM decided."""
    semi: dict[int, list[PlayerResult]] = defaultdict(list)
    final: list[PlayerResult] = []
    for row in rows:
        if row.round_kind == "semi":
            semi[row.table].append(_record(row))
        elif row.round_kind == "final":
            final.append(_record(row))
    semi_tables = [semi[n] for n in sorted(semi)]
    histories = player_histories(place_heats(heats)[0])
    players = [r.player for records in semi_tables for r in records]
    alternates = hmw_order(
        [p for p in players if p not in histories or not histories[p].wins],
        histories,
        as_draw("7"),
    )
    found = {
        lau.reason for lau in laurels(final, semi_tables, "7", alternates=alternates)
    }
    top = max(r.final for r in final)
    tied = [
        replace(r, final=top, declared_place=1 if i == 0 else None) if i < 2 else r
        for i, r in enumerate(sorted(final, key=lambda r: -r.final))
    ]
    ties = {tied[0].player: "GM's ruling: more florins after day 2 (61 to 58)"}
    found |= {lau.reason for lau in laurels(tied[:4], semi_tables, "7", ties)}
    return found


def templates_in(found: object) -> Iterator[str]:
    """The templates of a message, nested ones too."""
    if isinstance(found, Message):
        yield found.template
        for value in found.fields.values():
            yield from templates_in(value)


def all_messages(lines: Iterable[str]) -> None:
    """Every line is a message that comes back whole from its stored data."""
    plain = sorted(line for line in lines if not isinstance(line, Message))
    assert not plain, f"reasons written as plain text: {plain[:10]}"
    for line in lines:
        stored = json.loads(json.dumps(dump(line)))
        back = load(stored)
        assert isinstance(back, Message) and back == line
        assert dump(back) == dump(line)


def test_every_reason_of_the_demo_event_is_a_message():
    rows = read(DEMO_DIR / "results.csv")
    heats = heat_tables(rows)
    no_shows = [
        line.strip()
        for line in (DEMO_DIR / "no_shows.txt").read_text().splitlines()
        if line.strip()
    ]
    keys = {r.player: r.player_key for r in rows}
    everyone = sorted(keys.values())
    rng = random.Random(2017)
    absents = [[], [keys[n] for n in no_shows]]
    absents += [rng.sample(everyone, rng.randint(1, 30)) for _ in range(6)]
    lines = advancement_lines(heats, absents) | tie_lines(heats)
    semi_final = read(SCENARIOS / "wbc2017_alternate_wins_semi.csv")
    lines |= laurel_lines(heats, semi_final)

    all_messages(lines)
    used = {t for line in lines for t in templates_in(line)}
    for expected in (
        reasons.HEAT_WINNER,
        reasons.DOUBLE_WINNER,
        reasons.ABSENT,
        reasons.ALTERNATE,
        reasons.CUT_WINNER,
        reasons.PASSED_OVER,
        reasons.HMW_RANK_BY,
        reasons.SECOND,
        reasons.THIRD,
        reasons.RUNNER_UP,
        reasons.ALTERNATE_WON,
        reasons.FINAL_FLORINS,
        reasons.FINAL_TIE,
        reasons.TIE_DECIDED,
        reasons.TIE_DECIDED_BARE,
    ):
        assert expected in used, expected


@pytest.mark.parametrize(
    "name", ["wbc2001.csv", "winners_only_28.csv", "winners_only_40.csv"]
)
def test_every_reason_of_the_scenario_events_is_a_message(name):
    rows = read(SCENARIOS / name)
    heats = heat_tables(rows)
    everyone = sorted({r.player_key for r in rows})
    rng = random.Random(name)
    absents = [[], *(rng.sample(everyone, rng.randint(1, 12)) for _ in range(3))]

    all_messages(advancement_lines(heats, absents) | tie_lines(heats))


@st.composite
def crowded_events(draw: st.DrawFn) -> tuple[list[HeatTable], list[str], list[str]]:
    """1-4 heats of 8-60 players with scores from a handful of values (ties,
    third places, die rolls) and day scores sometimes not recorded; some players
    absent, some added by the GM."""
    pool = [f"P{i:02d}, jr. (x: 5%)" for i in range(1, draw(st.integers(8, 60)) + 1)]
    scores = st.integers(0, 4)
    days = st.one_of(st.none(), scores)
    tables = []
    for heat in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(pool))
        entered = order[: draw(st.integers(4, len(pool)))]
        chunks = [entered[i : i + 5] for i in range(0, len(entered), 5)]
        for number, chunk in enumerate((c for c in chunks if len(c) >= 4), 1):
            records = tuple(
                PlayerResult(p, draw(scores), draw(days), draw(days), name=p)
                for p in chunk
            )
            tables.append(HeatTable(heat, number, records))
    absent = draw(st.lists(st.sampled_from(pool), unique=True, max_size=8))
    added = draw(st.lists(st.sampled_from(pool), unique=True, max_size=3))
    return tables, absent, added


@settings(max_examples=examples(40), deadline=None)
@given(crowded_events(), st.sampled_from(FORMATS))
def test_every_reason_of_any_event_is_a_message(event, fmt):
    tables, absent, added = event
    assume(tables)
    options = AdvancementSettings(format=fmt, next_alternates=40)
    lines = set(lines_of(advance(tables, absent, options, added=added)))
    lines |= tie_lines(tables)
    # The first table played as a final, the others as a semi-final.
    semi = [list(t.records) for t in tables[1:]]
    lines |= {lau.reason for lau in laurels(tables[0].records, semi, "7")}

    all_messages(lines)
