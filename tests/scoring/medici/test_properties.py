"""Invariants over random legal games (hypothesis): money, ships, goods, replay."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.medici.game import Game, replay
from scoring.medici.goods import ALL_GOODS
from scoring.medici.players import make_bot
from scoring.medici.sheet import game_to_sheet
from scoring.medici.verify import verify_sheet

TABLES = [("wbc", n) for n in (3, 4, 5, 6)] + [("classic", 4), ("grail-2016", 2)]


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A random legal game, played to the end or until time is called."""
    rules, players = draw(st.sampled_from(TABLES))
    seed = draw(st.integers(0, 2**32))
    kinds = draw(
        st.lists(
            st.sampled_from(["random", "value"]), min_size=players, max_size=players
        )
    )
    time_after = draw(st.one_of(st.none(), st.integers(0, 150)))
    game = Game([f"P{seat}" for seat in range(players)], rules, seed=seed)
    bots = [
        make_bot(kind, random.Random(seed + seat)) for seat, kind in enumerate(kinds)
    ]
    steps = 0
    while not game.over:
        if time_after is not None and steps == time_after:
            game.call_time()
            break
        game.apply(bots[game.to_act].choose(game))
        steps += 1
        assert min(game.money) >= 0, "money went negative"
        assert all(len(ship) <= game.table.ship_capacity for ship in game.ships)
    return game


PROPERTY = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@PROPERTY
@given(games())
def test_money_change_is_income_minus_payments_every_day(game):
    before = [game.table.starting_money] * len(game.names)
    for record in game.records:
        for seat in range(len(game.names)):
            change = record.money[seat] - before[seat]
            assert change == record.income[seat].total - record.paid[seat]
            assert record.money[seat] >= 0
        before = list(record.money)
    assert list(before) == game.money


@PROPERTY
@given(games())
def test_ships_stay_within_capacity_and_no_good_appears_twice_in_a_day(game):
    for record, setup in zip(game.records, game.log.setups, strict=True):
        assert all(len(ship) <= game.table.ship_capacity for ship in record.ships)
        assert Counter(setup.deck) + Counter(setup.unseen) == Counter(ALL_GOODS)
        assert len(setup.deck) == game.table.goods_per_day
        turned = [good for lot in record.lots for good in lot.lot]
        turned += list(record.fill[1]) if record.fill else []
        # Every good turned is a distinct card of the day's deck, in deck order.
        assert turned == list(setup.deck[: len(turned)])
        loaded = [good for ship in record.ships for good in ship]
        assert not Counter(loaded) - Counter(turned)


@PROPERTY
@given(games())
def test_replaying_a_games_own_log_reproduces_it(game):
    again = replay(game.log)
    assert again.records == game.records
    assert again.money == game.money
    assert again.log == game.log


@PROPERTY
@given(games())
def test_a_played_game_verifies_clean_at_every_level(game):
    sheet = game_to_sheet(game)
    assert verify_sheet(sheet).findings == []
    for day in sheet["days"]:
        del day["auctions"], day["fill"]
    assert verify_sheet(sheet).level == 2
    assert verify_sheet(sheet).findings == []
    for day in sheet["days"]:
        del day["purchases"]
    assert verify_sheet(sheet).level == 1
    assert verify_sheet(sheet).findings == []
