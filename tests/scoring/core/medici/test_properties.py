"""Invariants over random legal games (hypothesis): money, ships, goods, replay."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings

from scoring.core.medici.game import Game, replay
from scoring.core.medici.goods import ALL_GOODS
from scoring.core.medici.sheet_writer import game_to_sheet
from scoring.core.medici.verify import verify_sheet
from tests.scoring.core.medici.helpers import played_games
from tests.support.depth import examples

TABLES = [("wbc", n) for n in (3, 4, 5, 6)] + [("classic", 4), ("grail-2016", 2)]


def _invariants(game: Game) -> None:
    assert min(game.money) >= 0, "money went negative"
    assert all(len(ship) <= game.table.ship_capacity for ship in game.ships)


def games():
    """A random legal game, played to the end or until time is called; money never
    negative and no ship over its capacity after any action."""
    return played_games(TABLES, _invariants)


PROPERTY = settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
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
