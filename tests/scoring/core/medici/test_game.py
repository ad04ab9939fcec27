"""The game state machine: worked examples, seat order, lots, the last ship."""

from __future__ import annotations

import random

import pytest

from scoring.core.medici.game import (
    DRAW,
    PASS,
    STOP,
    DaySetup,
    Game,
    IllegalActionError,
    bid,
)
from scoring.core.medici.goods import ALL_GOODS
from scoring.core.medici.players import ValueBidder
from scoring.core.medici.rulesets import derive

from .helpers import goods, scripted_game

FOUR = ["Adam", "Barbara", "Charles", "Diana"]


def seed_000_game() -> Game:
    """Adam (2 goods) deals; Barbara has 3, Charles 4, Diana 2 (seed 000)."""
    return scripted_game(
        FOUR,
        deck=["cloth:3", "fur:2", "grain:4", "dye:1", "spice:2", "gold:10"],
        ships=[
            ["cloth:0", "cloth:1"],
            ["fur:0", "fur:1", "fur:3"],
            ["grain:0", "grain:1", "grain:2", "grain:3"],
            ["dye:0", "dye:2"],
        ],
    )


def draw(game: Game, count: int) -> None:
    for _ in range(count):
        game.apply(DRAW)
    game.apply(STOP)


def test_seed_000_only_diana_and_adam_may_bid_on_a_lot_of_three():
    game = seed_000_game()
    draw(game, 3)
    # Barbara (2 free) and Charles (1 free) cannot bid: Diana acts first.
    assert game.to_act == 3
    game.apply(bid(7))
    assert game.to_act == 0
    game.apply(PASS)
    assert game.money == [30, 30, 30, 23]
    assert game.ships[3] == goods("dye:0", "dye:2", "cloth:3", "fur:2", "grain:4")
    assert game.lots[-1].bids == ((3, 7), (0, None))
    assert (game.lots[-1].winner, game.lots[-1].price) == (3, 7)


def test_seed_000_a_following_lot_of_three_goes_to_adam_for_1():
    game = seed_000_game()
    draw(game, 3)
    game.apply(bid(7))
    game.apply(PASS)
    # Diana is full; the deal passes to Barbara, who may deal a lot of 3 that fits
    # only Adam (3 free).
    assert (game.phase, game.dealer) == ("draw", 1)
    draw(game, 3)
    assert game.to_act == 0
    assert game.bid_range() == (1, 30)
    game.apply(bid(1))
    assert game.money == [29, 30, 30, 23]
    assert game.ships[0] == goods("cloth:0", "cloth:1", "dye:1", "spice:2", "gold:10")
    assert game.lots[-1].bids == ((0, 1),)


def seed_002_game(rules: str | object = "wbc") -> Game:
    """D deals 4, 3, 2; A has 3 free, B 2 free, C an empty ship (seed 002)."""
    return scripted_game(
        ["D", "A", "B", "C"],
        deck=["fur:4", "grain:3", "dye:2"],
        rules=rules,  # type: ignore[arg-type]
        ships=[[], ["spice:1", "spice:2"], ["cloth:0", "cloth:1", "spice:0"], []],
    )


def test_seed_002_c_outbids_a_while_b_may_not_bid():
    game = seed_002_game()
    draw(game, 3)
    assert game.to_act == 1
    game.apply(bid(4))
    assert game.to_act == 3  # B (2 free) is skipped
    game.apply(bid(6))
    game.apply(PASS)  # D, the dealer, last
    assert game.money == [30, 30, 30, 24]
    assert sum(good.value for good in game.ships[3]) == 9


def test_seed_002_each_good_counts_on_its_own_market():
    game = seed_002_game()
    draw(game, 3)
    game.apply(bid(4))
    game.apply(bid(6))
    game.apply(PASS)
    game.call_time()
    (record,) = game.records
    # Levels (cloth, fur, grain, dye, spice): C moved fur, grain and dye one step.
    assert record.levels[3] == (0, 1, 1, 1, 0)
    # Ships 0, 3, 1, 9 -> C 30, A 20, B 10, D 0.
    assert [inc.ship for inc in record.income] == [0, 20, 10, 30]
    # cloth: B 10, others share 5 -> 1. fur/grain/dye: C 10, others 1 each.
    # spice: A (2) 10, B (1) 5, C and D 0.
    assert [inc.market for inc in record.income] == [4, 14, 18, 31]
    assert game.money == [34, 64, 58, 85]
    assert game.over and game.log.time_called == 1


def test_seed_002_read_as_value_steps_moves_markers_by_printed_value():
    game = seed_002_game(derive("wbc", market_steps="value"))
    draw(game, 3)
    game.apply(bid(4))
    game.apply(bid(6))
    game.apply(PASS)
    game.call_time()
    assert game.records[0].levels[3] == (0, 4, 3, 2, 0)


def test_bidding_runs_from_the_dealers_left_and_ends_with_the_dealer():
    game = scripted_game(["S1", "S2", "S3", "S4", "S5"], deck=["fur:4", "dye:2"])
    orders = []
    for dealer in (0, 1):
        assert game.dealer == dealer  # day 1 starts at seat 1, then passes left
        draw(game, 1)
        orders.append([])
        while game.phase == "bid":
            orders[-1].append(game.to_act)
            game.apply(PASS)
    assert orders == [[1, 2, 3, 4, 0], [2, 3, 4, 0, 1]]
    assert game.dealer == 2
    assert game.discarded == goods("fur:4", "dye:2")


def test_the_deal_skips_full_ships():
    full = ["cloth:0", "cloth:1", "cloth:2", "cloth:3", "cloth:4"]
    game = scripted_game(
        ["S1", "S2", "S3", "S4"],
        deck=["fur:4"],
        ships=[[], full, ["fur:0"], []],
    )
    draw(game, 1)
    assert game.to_act == 2  # seat 2 (full) neither bids...
    for _ in range(3):
        game.apply(PASS)
    assert game.dealer == 2  # ...nor deals


def test_a_bid_must_beat_the_high_bid_and_stay_within_the_money():
    game = scripted_game(["S1", "S2", "S3"], deck=["fur:4"])
    draw(game, 1)
    game.apply(bid(5))
    assert game.bid_range() == (6, 30)
    with pytest.raises(IllegalActionError, match="legal bids: 6..30"):
        game.apply(bid(5))
    with pytest.raises(IllegalActionError):
        game.apply(bid(31))
    assert bid(6) in game.legal_actions() and bid(31) not in game.legal_actions()


def test_a_lot_that_fits_nobody_cannot_be_drawn():
    three = [["cloth:0", "cloth:1", "cloth:2"], ["fur:0", "fur:1", "fur:2"]]
    game = scripted_game(
        ["S1", "S2", "S3"],
        deck=["dye:1", "dye:2"],
        ships=[*three, ["grain:0", "grain:1", "grain:2"]],
    )
    game.apply(DRAW)
    game.apply(DRAW)
    # Every ship has 2 free: a third good would fit nobody.
    assert not game.can_draw()
    assert DRAW not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="fit nobody"):
        game.apply(DRAW)


def test_the_dealer_may_deal_a_lot_too_big_for_the_dealers_own_ship():
    game = scripted_game(
        ["S1", "S2", "S3"],
        deck=["dye:1", "dye:2", "dye:3"],
        ships=[["cloth:0", "cloth:1", "cloth:2", "cloth:3"], [], []],
    )
    draw(game, 3)  # the dealer has 1 free, seats 1 and 2 have 5
    game.apply(PASS)
    game.apply(bid(2))
    assert game.phase == "draw"  # the dealer could not bid: auction over
    assert game.ships[2] == goods("dye:1", "dye:2", "dye:3")


def test_the_last_ship_fills_free_in_deck_order():
    full = ["cloth:0", "cloth:1", "cloth:2", "cloth:3", "cloth:4"]
    game = scripted_game(
        ["S1", "S2", "S3"],
        deck=["gold:10", "spice:5", "fur:1", "dye:4", "grain:2"],
        ships=[["fur:0", "fur:2", "fur:3", "fur:4"], full, ["dye:0", "dye:1"]],
    )
    draw(game, 1)  # gold:10
    game.apply(PASS)  # S3
    game.apply(bid(3))  # S1, the dealer, fills the ship
    record = game.records[0]
    assert record.fill == (2, tuple(goods("spice:5", "fur:1", "dye:4")))
    assert record.ships[2] == tuple(
        goods("dye:0", "dye:1", "spice:5", "fur:1", "dye:4")
    )
    assert record.paid == (3, 0, 0)
    assert game.day == 2


def test_the_last_ship_stays_partly_empty_when_the_deck_runs_short():
    full = ["cloth:0", "cloth:1", "cloth:2", "cloth:3", "cloth:4"]
    game = scripted_game(
        ["S1", "S2", "S3"],
        deck=["gold:10"],
        ships=[["fur:0", "fur:2", "fur:3", "fur:4"], full, ["dye:0"]],
    )
    game.deck = game.deck[:3]  # gold:10 and two more goods in the deck
    rest = tuple(game.deck[1:])
    draw(game, 1)
    game.apply(PASS)
    game.apply(bid(1))
    assert game.records[0].fill == (2, rest)
    assert len(game.records[0].ships[2]) == 3


def test_the_day_ends_when_the_deck_is_empty():
    game = scripted_game(["S1", "S2", "S3"], deck=["fur:4"])
    game.deck = game.deck[:1]
    draw(game, 1)
    for _ in range(3):
        game.apply(PASS)
    assert game.day == 2 and game.records[0].ships == ((), (), ())


@pytest.mark.parametrize("seed", range(10))
def test_the_poorest_player_starts_the_next_day(seed):
    game = Game(["S1", "S2", "S3", "S4"], "wbc", seed=seed)
    bots = [ValueBidder(random.Random(seed * 10 + seat)) for seat in range(4)]
    while game.day == 1:
        game.apply(bots[game.to_act].choose(game))
    money = game.records[0].money
    assert money[game.start_player] == min(money)
    assert game.dealer == game.start_player


def test_a_tie_for_poorest_is_broken_at_random():
    starts = set()
    for seed in range(30):
        game = scripted_game(["S1", "S2", "S3"], deck=["fur:4"], seed=seed)
        game.deck = game.deck[:1]
        draw(game, 1)
        for _ in range(3):
            game.apply(PASS)  # nothing bought: all three tie on money
        starts.add(game.start_player)
    assert starts == {0, 1, 2}


def test_a_log_may_not_start_a_day_with_a_richer_player():
    deck = tuple(ALL_GOODS)
    setups = [DaySetup(1, 1, deck)]
    with pytest.raises(IllegalActionError, match="may not start"):
        Game(["S1", "S2", "S3"], setups=setups)


def test_time_called_leaves_the_lot_unsold_and_ends_the_game():
    game = scripted_game(["S1", "S2", "S3"], deck=["gold:10"])
    game.apply(DRAW)
    game.apply(STOP)
    game.apply(bid(12))
    game.call_time()
    # Three empty ships tie: (30 + 15 + 0) // 3 = 15 each; every market is a
    # three-way tie at level 0: (10 + 5 + 0) // 3 = 5 each, on five markets.
    assert game.over and game.money == [30 + 15 + 25] * 3
    assert game.discarded == goods("gold:10")
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        game.call_time()
