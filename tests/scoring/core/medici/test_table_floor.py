"""The least a day's scoring pays a whole table, and the level-1 finding on a table
whose money adds up to less (every final 0: a typo or an unfilled sheet).

Hand derivations (rules.md, Scoring a day, 1-4; Rule sets). A tie group of ``k``
places whose amounts sum to ``s`` pays ``k * (s // k)`` in all, so it loses
``s % k`` to the rounding down; the least total is the sum of the amounts minus the
largest loss over the ways of grouping the places into ties.

Market awards, 10 and 5 (then 0) at 4-6 players, per commodity (every player
takes part, level 0 included):
- ``k`` tied on top share 15: k=2: 14, 3: 15, 4: 12, 5: 15, 6: 12;
- one leader (10) and ``j`` tied 2nd share 5: j=1: 15, 2: 14, 3: 13, 4: 14, 5: 15.
So the least is 12 at 4, 5 and 6 players (four tied on top), 60 over five markets.

Level bonuses: every preset pays nothing at level 0, where a marker may stay all
game (nobody has to buy), so the least is 0.

Ships (losses ``s % k`` of each tie group, places numbered from 1):
- 4 players, every rule set (30, 20, 10, 0): every group sums to a multiple of its
  size (50, 30, 10 in pairs; 60, 30 in threes; 60 in four), no loss: 60.
- 5 players, every rule set (30, 20, 10, 5, 0), sum 65: 1st alone and 2nd-5th tied
  share 35 as 8 each (loss 3) is the worst (2nd-4th tied: 35 % 3 = 2; 1st-4th:
  65 % 4 = 1; pairs lose at most 1 each and cannot overlap): 62.
- 6 players ``wbc`` (30, 20, 10, 10, 5, 0), sum 75: all six tied lose 75 % 6 = 3;
  1st-4th tied (70 % 4 = 2) with 5th-6th (5 % 2 = 1) also 3; nothing loses more
  (pairs 4th-5th and 5th-6th lose 1, threes 2nd-4th and 3rd-5th lose 1): 72.
- 6 players ``classic`` and ``grail-2016`` (30, 20, 15, 10, 5, 0), sum 80: 1st-4th
  tied share 75 as 18 each (loss 3), 5th-6th share 5 as 2 each (loss 1): 76.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.core.medici.game import DRAW, PASS, STOP, Action, DaySetup, Game, bid
from scoring.core.medici.goods import ALL_GOODS, COMMODITIES
from scoring.core.medici.limits import check_scores, least_split_total, min_table_income
from scoring.core.medici.rulesets import RULESETS, derive, get_ruleset
from scoring.core.medici.scoring import score_day
from tests.scoring.core.medici.helpers import goods, played_games
from tests.support.depth import examples

MARKETS = 5 * 12  # five markets, 12 each (module docstring)


@pytest.mark.parametrize(
    ("rules", "players", "ships"),
    [
        ("wbc", 4, 60),
        ("classic", 4, 60),
        ("grail-2016", 4, 60),
        ("wbc", 5, 62),
        ("classic", 5, 62),
        ("grail-2016", 5, 62),
        ("wbc", 6, 72),
        ("classic", 6, 76),
        ("grail-2016", 6, 76),
    ],
)
def test_the_least_a_table_earns_in_a_day(rules, players, ships):
    table = get_ruleset(rules).for_table(players)
    for day in (1, 2, 3):
        assert min_table_income(table, day) == ships + MARKETS


def test_the_covered_rule_sets_are_every_preset():
    assert sorted(RULESETS) == ["classic", "grail-2016", "wbc"]


def test_the_worst_tie_split_of_the_ship_payouts():
    # Five players: 30 alone, then 20 + 10 + 5 + 0 = 35 shared by four as 8 each.
    assert least_split_total((30, 20, 10, 5, 0), 5) == 30 + 4 * 8
    # Market awards padded with zeros: four tied on top share 15 as 3 each.
    assert least_split_total((10, 5), 4) == 12


def test_a_bonus_on_every_reachable_level_raises_the_floor():
    # A custom rule set paying 1 on every level: 4 x 5 markers get at least 1.
    table = derive("wbc", level_bonuses=tuple((lv, 1) for lv in range(8)))
    assert min_table_income(table.for_table(4), 1) == 60 + MARKETS + 20


def test_a_day_before_day_1_is_refused():
    with pytest.raises(ValueError, match="day 0"):
        min_table_income(get_ruleset("wbc").for_table(4), 0)


def zeros(players: int, day1: int | None = None, day2: int | None = None):
    return [(f"P{seat}", day1, day2, 0) for seat in range(1, players + 1)]


@pytest.mark.parametrize(
    ("rules", "players", "floor"), [("wbc", 5, 122), ("classic", 6, 136)]
)
def test_every_final_zero_is_a_finding(rules, players, floor):
    (finding,) = check_scores(rules, zeros(players))
    assert (finding.day, finding.player, finding.rule) == (3, None, "table-floor")
    assert finding.message == (
        "table total after day 3: the result says 0 in total, but day 3's scoring "
        f"pays the {players} players at least {floor} together (bids are paid "
        "before it)"
    )


def test_every_recorded_day_below_the_floor_is_a_finding():
    findings = check_scores("wbc", zeros(4, day1=0, day2=0))
    assert [(f.day, f.rule) for f in findings] == [
        (1, "table-floor"),
        (2, "table-floor"),
        (3, "table-floor"),
    ]


def test_a_time_called_game_is_held_to_the_called_days_floor():
    (finding,) = check_scores("wbc", zeros(4), time_called=1)
    assert (finding.day, finding.rule) == (1, "table-floor")
    assert "after day 1" in finding.message and "at least 120" in finding.message


def test_a_day_with_a_player_unrecorded_is_not_summed():
    rows = [("P1", None, None, 0), *[(f"P{s}", 0, None, 0) for s in (2, 3, 4)]]
    assert [f.day for f in check_scores("wbc", rows)] == [3]


def test_a_table_at_the_floor_passes_and_one_florin_less_is_found():
    rows = [(name, 30, 60, 90) for name in ("A", "B", "C", "D")]  # 120 after day 1
    assert check_scores("wbc", rows) == []
    (finding,) = check_scores("wbc", [("A", 29, 60, 90), *rows[1:]])
    assert (finding.day, finding.rule) == (1, "table-floor")
    assert "119 in total" in finding.message and "at least 120" in finding.message


# -- the floor in real games ------------------------------------------------------


class Passer:
    """Turns one good per lot and passes every auction; with ``buys`` (seat ->
    the day-1 lot of two goods that seat buys with all its money) it buys those."""

    def __init__(self, buys: dict[int, tuple] | None = None) -> None:
        self.buys = buys or {}

    def choose(self, game: Game) -> Action:
        seat = game.to_act
        if game.phase == "draw":
            size = 2 if game.day == 1 and self.buys else 1
            return DRAW if len(game.lot) < size and game.can_draw() else STOP
        mine = game.day == 1 and self.buys.get(seat) == tuple(game.lot)
        return bid(game.money[seat]) if mine else PASS


def play_out(game: Game, bot: Passer) -> Game:
    while not game.over:
        game.apply(bot.choose(game))
    return game


@pytest.mark.parametrize(("players", "floor"), [(4, 120), (6, 132)])
def test_a_day_of_unsold_lots_pays_exactly_the_floor_at_wbc(players, floor):
    # Empty ships all tie (60 / 4 = 15 each; 75 / 6 = 12 each, 72), every marker
    # stays at 0 and ties on every market (12 each), no bonus.
    game = play_out(Game([f"P{s}" for s in range(players)], "wbc", seed=3), Passer())
    for record in game.records:
        assert sum(income.total for income in record.income) == floor
    assert [sum(r.money) for r in game.records] == [
        players * 30 + floor * day for day in (1, 2, 3)
    ]


def test_a_legal_game_reaches_the_floor_and_passes_the_checks():
    # Day 1 at a 4-player wbc table: each seat spends all 30 florins on two goods,
    # one cloth and one fur, the four ships worth 5 each (0+5, 5+0, 1+4, 4+1): the
    # ships tie (15 each), every market ties (cloth and fur at level 1, the rest at
    # 0: 3 each), no bonus. So every seat holds 0 + 30 = 30 after day 1, 120 in all,
    # exactly min_table_income; days 2 and 3 (every lot unsold) pay 30 each again.
    lots = [("cloth:0", "fur:5"), ("cloth:5", "fur:0")]
    lots += [("cloth:1", "fur:4"), ("cloth:4", "fur:1")]
    head = goods(*[text for lot in lots for text in lot])
    rest = list(ALL_GOODS)
    for good in head:
        rest.remove(good)
    cards = head + rest
    setup = DaySetup(1, 0, tuple(cards[:24]), tuple(cards[24:]))
    game = Game(["A", "B", "C", "D"], "wbc", seed=5, setups=[setup])
    buys = {seat: tuple(goods(*lot)) for seat, lot in enumerate(lots)}
    play_out(game, Passer(buys))
    assert [r.paid for r in game.records] == [(30,) * 4, (0,) * 4, (0,) * 4]
    assert [r.money for r in game.records] == [(30,) * 4, (60,) * 4, (90,) * 4]
    assert sum(game.records[0].money) == min_table_income(game.table, 1) == 120
    rows = [(name, 30, 60, 90) for name in game.names]
    assert check_scores("wbc", rows) == []


TABLES = [(name, n) for name, rs in RULESETS.items() for n in range(rs.min_players, 7)]


def simulated_games():
    """A game the simulator's bots play (``simulate.py``: ``Game`` + ``make_bot``),
    any preset and table size, played out or time-called."""
    return played_games(TABLES)


PROPERTY = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@PROPERTY
@given(simulated_games())
def test_no_simulated_game_falls_below_the_floor(game):
    for record in game.records:
        floor = min_table_income(game.table, record.day)
        assert sum(income.total for income in record.income) >= floor
        assert sum(record.money) >= floor
    days = [record.money for record in game.records]
    called = game.log.time_called
    rows = [
        (
            name,
            days[0][seat] if len(days) > 1 else None,
            days[1][seat] if len(days) > 2 else None,
            game.money[seat],
        )
        for seat, name in enumerate(game.names)
    ]
    assert check_scores(game.ruleset, rows, called) == []


@PROPERTY
@given(
    st.sampled_from(TABLES),
    st.data(),
)
def test_no_tie_pattern_pays_less_than_the_floor(table_key, data):
    # Any ships and marker levels, legal or not, drawn from few values (goods worth
    # 0, 5 or 10) so that ties of every shape come up: the floor holds over all.
    rules, players = table_key
    table = get_ruleset(rules).for_table(players)
    pool = [good for good in ALL_GOODS if good.value in (0, 5, 10)]
    ships = [
        data.draw(st.lists(st.sampled_from(pool), max_size=table.ship_capacity))
        for _ in range(players)
    ]
    levels = [
        tuple(data.draw(st.integers(0, 2)) for _ in COMMODITIES) for _ in range(players)
    ]
    score = score_day(table, ships, levels)
    assert sum(income.total for income in score.income) >= min_table_income(table, 3)
