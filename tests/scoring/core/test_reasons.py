"""The registered reasons (scoring.core.reasons): every template reads back from
the line it writes, and every line the advancement core writes for the sample
events (data/demo, tests/support/scenarios) and for random events is a
registered reason."""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from heats.core.formats import FORMATS, format_line
from scoring.core import reasons, warnings_text
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
from scoring.core.reasons import REGISTRY, Kind, Parsed, parse, reason
from scoring.core.results_csv import parse_results_csv
from scoring.core.sizes import standard_layouts
from scoring.core.tiebreak import decided_tie_note, suggest_tie_winner
from tests.conftest import DEMO_DIR, REPO
from tests.support.depth import examples

SCENARIOS = REPO / "tests" / "support" / "scenarios"
PARSABLE = [t for t in REGISTRY.values() if t.parsable]

# Names and the GM's words with the characters the templates use around fields.
names = st.text(alphabet="abcXYZ é中 ,:;()%—-'.0123456789", min_size=1, max_size=24)


def values(kind: Kind) -> st.SearchStrategy[str | Parsed]:
    """A field of ``kind`` as the core writes it (nested reasons as Parsed)."""
    if kind.choices:
        return st.sampled_from(kind.choices).map(Parsed)
    if kind.item:
        return item_lists(kind)
    if kind is warnings_text.HMW_RANK_FIELD:
        return filled(REGISTRY[reasons.HMW_RANK_BY])
    if kind is reasons.REASON:
        return any_reason
    if kind is reasons.FREE:
        words = names.filter(lambda text: parse(text) is None)
        return st.one_of(words, any_reason)
    assert kind in KEPT, kind
    return KEPT[kind]


def item_lists(kind: Kind) -> st.SearchStrategy[str | Parsed]:
    """1-4 lines of ``kind.item`` joined as ``kind`` joins them. An item whose
    own line holds the place the list is cut at cannot be read back (the limit
    ``Kind.split`` documents): none is drawn."""
    item = filled(REGISTRY[kind.item]).filter(
        lambda line: not re.search(kind.split, line.text)
    )
    lines = st.lists(item, min_size=1, max_size=4)
    return lines.map(lambda ls: reasons.joined(ls, kind.join or reasons.AND))


# Fields of text kept as written, by kind.
KEPT: dict[Kind, st.SearchStrategy[str]] = {
    reasons.NAME: names,
    warnings_text.NAMES: names,
    warnings_text.SEED: st.text(max_size=12).map(warnings_text.seed_field),
    warnings_text.SIZES: st.lists(st.integers(1, 7), min_size=1, max_size=8).map(
        lambda ts: "+".join(map(str, ts))
    ),
    reasons.PERCENT: st.floats(0, 1000, allow_nan=False).map(reasons.percent_field),
    reasons.HEATS: st.lists(st.integers(1, 9), min_size=1, max_size=6).map(
        lambda hs: ", ".join(map(str, hs))
    ),
    reasons.SCORES: st.lists(st.integers(0, 400), min_size=2, max_size=5).map(
        lambda s: reasons.scores_field(sorted(s, reverse=True))
    ),
    reasons.ID: st.integers(0, 10**6).map(str),
    reasons.NUMBER: st.integers(0, 10**6).map(str),
}


def filled(template: reasons.Template) -> st.SearchStrategy[Parsed]:
    fields = st.fixed_dictionaries({n: values(k) for n, k in template.fields.items()})
    return fields.map(lambda f: Parsed(template.text, f))


any_reason: st.SearchStrategy[Parsed] = st.deferred(
    lambda: st.sampled_from(PARSABLE).flatmap(filled)
)


@pytest.mark.parametrize("template", PARSABLE, ids=lambda t: t.text)
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_every_template_reads_back_from_the_line_it_writes(template, data):
    written = data.draw(filled(template))
    text = reason(template.text, **written.fields)

    assert text == written.text
    assert parse(text) == written
    assert reasons.matches(text) == [written]
    found_template, found_fields = parse(text)
    assert (found_template, found_fields) == (template.text, written.fields)


def test_the_registry_holds_the_core_s_wording():
    assert reason(
        reasons.HMW_RANK_BY, rank=7, level=2, criterion=reasons.HMW_LEVELS[1]
    ) == ("HMW rank 7 (2: win in first heat entered)")
    assert reason(reasons.MORE_FLORINS["after day 2"], scores="61 to 58") == (
        "more florins after day 2 (61 to 58)"
    )
    assert reasons.scores_field([61, 58, 50]) == "61 to 58 to 50"
    assert reasons.percent_field(96.9) == "96.9%"


def test_a_nested_reason_and_the_gm_s_words_read_back():
    gm = parse("tie — decided by the GM: more florins after day 1 (30 to 25)")
    assert gm == Parsed(
        reasons.TIE_DECIDED,
        {"reason": Parsed(reasons.MORE_FLORINS["after day 1"], {"scores": "30 to 25"})},
    )
    typed = parse("final, 104 florins; tie for first decided by the GM: GM's ruling")
    assert typed == Parsed(
        reasons.FINAL_TIE, {"florins": "104", "reason": "GM's ruling"}
    )
    called = parse("alternate 2: cut winner, HMW rank 26 (8: die roll)")
    assert called is not None
    assert called.fields["detail"] == Parsed(
        reasons.CUT_WINNER,
        {
            "reason": Parsed(
                reasons.HMW_RANK_BY,
                {"rank": "26", "level": "8", "criterion": Parsed("die roll")},
            )
        },
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "GM's ruling",
        "HMW rank seven",
        "alternate 1: whatever the GM wrote",
        "heat 1 table 3 winner!",
        "96.9% of winner, heat 1 table x",
    ],
)
def test_other_text_is_no_reason(text):
    assert parse(text) is None


def test_registering_checks_the_fields():
    with pytest.raises(ValueError, match="not those of"):
        reasons.register("heat %(heat)s winner", table=reasons.ID)
    with pytest.raises(ValueError, match="two fields of open text"):
        reasons.register("%(a)s or %(b)s", a=reasons.NAME, b=reasons.REASON)
    with pytest.raises(ValueError, match="side by side"):
        reasons.register("%(a)s%(b)s", a=reasons.ID, b=reasons.ID)
    with pytest.raises(KeyError):
        reason("a reason nobody registered")
    with pytest.raises(TypeError):
        reason(reasons.HEAT_WINNER, heat=1)


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
        found.add(suggestion.text)
        for fact in suggestion.facts:
            assert fact.message is not None and fact.message.text == fact.text
            if REGISTRY[fact.message.template].parsable:
                found.add(fact.text)
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
    ties = {tied[0].player: "more florins after day 2 (61 to 58)"}
    found |= {lau.reason for lau in laurels(tied[:4], semi_tables, "7", ties)}
    return found


def templates_in(found: Parsed | str | None) -> Iterator[str]:
    """The templates of a parsed line, nested ones too."""
    if isinstance(found, Parsed):
        yield found.template
        for value in found.fields.values():
            yield from templates_in(value)


def all_parse(lines: Iterable[str]) -> None:
    unread = sorted(line for line in lines if parse(line) is None)
    assert not unread, f"reasons no registered template reads: {unread[:10]}"
    for line in lines:
        assert parse(line).text == line  # type: ignore[union-attr]


def test_every_reason_of_the_demo_event_is_a_registered_reason():
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
    lines |= {format_line(code) for code in FORMATS}

    all_parse(lines)
    used = {t for line in lines for t in templates_in(parse(line))}
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
def test_every_reason_of_the_scenario_events_is_a_registered_reason(name):
    rows = read(SCENARIOS / name)
    heats = heat_tables(rows)
    everyone = sorted({r.player_key for r in rows})
    rng = random.Random(name)
    absents = [[], *(rng.sample(everyone, rng.randint(1, 12)) for _ in range(3))]

    all_parse(advancement_lines(heats, absents) | tie_lines(heats))


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
def test_every_reason_of_any_event_is_a_registered_reason(event, fmt):
    tables, absent, added = event
    assume(tables)
    options = AdvancementSettings(format=fmt, next_alternates=40)
    lines = set(lines_of(advance(tables, absent, options, added=added)))
    lines |= tie_lines(tables)
    # The first table played as a final, the others as a semi-final.
    semi = [list(t.records) for t in tables[1:]]
    lines |= {lau.reason for lau in laurels(tables[0].records, semi, "7")}

    all_parse(lines)
