"""Level-3 checks: replaying one day's auction log step by step.

Terminology:
- *replay*: walking the sheet's auctions in order while keeping each player's money,
  ship and free space, and checking each step against the rules. After a finding
  the replay carries on with what the sheet says happened (the winner pays the
  sheet's price and loads the lot), so one mistake gives one finding, not a cascade.
- *drawn goods*: every good turned this day (sold, discarded or filled), in order;
  the deck holds ``goods_per_day`` of them.
- *expected dealer*: the day's start player for the first lot, then the first
  player left of the previous dealer with free space.

Source: rules.md, A trading day, 2-9; Verifying a submitted scoresheet, 3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .findings import Finding
from .goods import Good
from .rulesets import TableRules
from .sheet import SheetAuction, SheetDay
from .turns import bidding_order, can_bid, largest_lot, last_ship, next_dealer


@dataclass
class DayReplay:
    """State and outcome of replaying one day: per seat ``money`` (florins, during
    the day), ``ships``, ``free`` space (never below 0, even on an overloaded ship)
    and ``paid``; every good ``drawn``; the ``findings``."""

    table: TableRules
    players: tuple[str, ...]
    day: int
    money: list[int]
    ships: list[list[Good]] = field(default_factory=list)
    free: list[int] = field(default_factory=list)
    paid: list[int] = field(default_factory=list)
    drawn: list[Good] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    _ended_reported: bool = False

    def __post_init__(self) -> None:
        self.ships = [[] for _ in self.players]
        self.paid = [0] * len(self.players)
        self.free = [self.table.ship_capacity] * len(self.players)

    def load(self, seat: int, goods: Sequence[Good]) -> None:
        """Put ``goods`` on ``seat``'s ship and update its free space."""
        self.ships[seat].extend(goods)
        self.free[seat] = max(0, self.table.ship_capacity - len(self.ships[seat]))

    @property
    def deck_left(self) -> int:
        """Goods still in the deck (may go below 0 on a sheet drawing too many)."""
        return self.table.goods_per_day - len(self.drawn)

    def add(self, seat: int | None, message: str, kind: str) -> None:
        """Record a finding for ``seat`` (``None`` for the table) on this day."""
        name = None if seat is None else self.players[seat]
        self.findings.append(Finding(self.day, name, message, kind))


def replay_day(
    table: TableRules,
    players: tuple[str, ...],
    day: SheetDay,
    money_before: Sequence[int],
    time_called: bool,
) -> DayReplay:
    """Replay ``day``'s auctions and fill from ``money_before`` (florins per seat,
    the sheet's money after the previous day). Returns the replay with the ships and
    payments the log implies and every finding. rules.md, Verifying, 3."""
    state = DayReplay(table, players, day.number, list(money_before))
    allowed: set[int | None] = (
        {day.start_player} if day.start_player is not None else set()
    )
    auctions = day.auctions or ()
    for index, auction in enumerate(auctions):
        _check_day_open(state, index)
        expected = _check_dealer(state, index, auction, allowed)
        _check_lot(state, index, auction)
        # Time called during this lot's auction: it goes unsold whatever the bids.
        cut = time_called and index == len(auctions) - 1 and auction.winner is None
        _check_bids(state, index, auction, expected, cut)
        _apply(state, auction)
        # After a slip in the dealer's name, either reading of who dealt is accepted
        # for the next lot, so one slip gives one finding.
        allowed = {next_dealer(state.free, auction.dealer)}
        if expected is not None:
            allowed.add(next_dealer(state.free, expected))
    _check_fill(state, day.fill, time_called)
    _check_day_end(state, time_called)
    return state


def _check_dealer(
    state: DayReplay, index: int, auction: SheetAuction, allowed: set[int | None]
) -> int | None:
    """Report a dealer out of turn; returns the dealer the rules expected."""
    if not allowed or auction.dealer in allowed:
        return auction.dealer
    candidates = sorted(seat for seat in allowed if seat is not None)
    names = " or ".join(state.players[seat] for seat in candidates)
    state.add(
        auction.dealer,
        f"lot {index + 1}: dealer is {state.players[auction.dealer]} on the sheet, "
        f"rules give {names or 'nobody'} (the deal passes left to the next player "
        "with space)",
        "turn-order",
    )
    return candidates[0] if candidates else None


def _check_day_open(state: DayReplay, index: int) -> None:
    free = state.free
    reason = None
    if max(free) == 0:
        reason = "every ship was full"
    elif state.deck_left <= 0:
        reason = "the deck was empty"
    elif (seat := last_ship(free)) is not None:
        reason = f"only {state.players[seat]} still had space (last-ship fill)"
    if reason and not state._ended_reported:
        state._ended_reported = True
        state.add(
            None,
            f"lot {index + 1}: sheet logs an auction, but the day had ended: {reason}",
            "day-end",
        )


def _check_lot(state: DayReplay, index: int, auction: SheetAuction) -> None:
    size = len(auction.lot)
    limit = largest_lot(state.free, state.table.max_lot, max(state.deck_left, 0))
    if not 1 <= size <= state.table.max_lot:
        state.add(
            auction.dealer,
            f"lot {index + 1}: sheet says {size} goods, rules "
            f"allow 1-{state.table.max_lot} per lot",
            "lot-size",
        )
    elif size > limit:
        state.add(
            auction.dealer,
            f"lot {index + 1}: sheet says a lot of {size}, rules allow at most "
            f"{limit} (a lot must fit somebody's free space and the deck)",
            "lot-size",
        )
    state.drawn.extend(auction.lot)


def _check_bids(
    state: DayReplay,
    index: int,
    auction: SheetAuction,
    expected: int | None,
    cut: bool = False,
) -> None:
    where = f"lot {index + 1}"
    _check_bid_order(state, where, auction, expected)
    seen: set[int] = set()
    high, high_seat = 0, None
    for seat, amount in auction.bids:
        if seat in seen:
            state.add(seat, f"{where}: bids twice, rules allow one bid each", "bid")
            continue
        seen.add(seat)
        if amount is None:
            continue
        _check_bid_amount(state, where, seat, amount, high, len(auction.lot))
        if amount > high:
            high, high_seat = amount, seat
    if not cut:
        _check_winner(state, index, auction, high_seat, high)


def _out_of_turn(
    bids: Sequence[tuple[int, int | None]], order: list[int]
) -> int | None:
    """The first bidder listed before a player who bids ahead of them, if any."""
    position = -1
    for seat, _amount in bids:
        if order.index(seat) < position:
            return seat
        position = max(position, order.index(seat))
    return None


def _check_bid_order(
    state: DayReplay, where: str, auction: SheetAuction, expected: int | None
) -> None:
    """One finding per lot whose bids follow neither the sheet's dealer nor the
    dealer the rules expected (a slip in the dealer's name is reported once)."""
    players = len(state.players)
    seat = _out_of_turn(auction.bids, bidding_order(players, auction.dealer))
    if seat is None or expected is None or expected == auction.dealer:
        culprit = seat
    else:
        culprit = _out_of_turn(auction.bids, bidding_order(players, expected))
    if culprit is not None:
        state.add(
            culprit,
            f"{where}: {state.players[culprit]} bids out of turn (bidding runs once "
            "around from the dealer's left, dealer last)",
            "turn-order",
        )


def _check_bid_amount(
    state: DayReplay, where: str, seat: int, amount: int, high: int, size: int
) -> None:
    free = state.free[seat]
    if not can_bid(free, size):
        state.add(
            seat,
            f"{where}: sheet shows a bid of {amount} on a lot of {size}, "
            f"but only {free} free space; a player whose free space is smaller "
            "than the lot may not bid",
            "bid-space",
        )
    if amount <= high or amount < 1:
        state.add(
            seat,
            f"{where}: bid {amount} does not beat the high bid {high} "
            "(a bid must be higher, at least 1)",
            "bid",
        )
    if amount > state.money[seat]:
        state.add(
            seat,
            f"{where}: bid {amount} with only {state.money[seat]} "
            "florins held (no borrowing)",
            "bid-money",
        )


def _check_winner(
    state: DayReplay, index: int, auction: SheetAuction, seat: int | None, high: int
) -> None:
    names = state.players
    said = "nobody" if auction.winner is None else names[auction.winner]
    rule = "nobody" if seat is None else names[seat]
    where = f"lot {index + 1}"
    if auction.winner != seat:
        state.add(
            auction.winner if auction.winner is not None else seat,
            f"{where}: sheet says {said} won, the bids give {rule} "
            "(the high bidder wins)",
            "winner",
        )
    elif seat is not None and auction.price != high:
        state.add(
            seat,
            f"{where}: price on the sheet is {auction.price}, the high bid is {high}",
            "price",
        )
    elif seat is None and auction.price not in (None, 0):
        state.add(
            None,
            f"{where}: unsold lot with a price of {auction.price} on the "
            "sheet (an unsold lot is discarded, nobody pays)",
            "price",
        )


def _apply(state: DayReplay, auction: SheetAuction) -> None:
    if auction.winner is None:
        return
    price = auction.price or 0
    state.money[auction.winner] -= price
    state.paid[auction.winner] += price
    state.load(auction.winner, auction.lot)


def _check_fill(
    state: DayReplay, fill: tuple[int, tuple[Good, ...]] | None, time_called: bool
) -> None:
    free = state.free
    seat = last_ship(free)
    left = max(state.deck_left, 0)
    if fill is None:
        if seat is not None and left > 0 and not time_called:
            _missing_fill(state, seat, left)
        return
    who, cards = fill
    if seat != who:
        rule = "nobody" if seat is None else state.players[seat]
        state.add(
            who,
            f"last-ship fill: sheet gives it to {state.players[who]}, rules "
            f"give {rule} (only the one player left with space fills)",
            "fill",
        )
    elif len(cards) != min(free[who], left):
        state.add(
            who,
            f"last-ship fill: sheet says {len(cards)} goods, rules give "
            f"{min(free[who], left)} ({free[who]} free, {left} left in the "
            "deck)",
            "fill",
        )
    state.drawn.extend(cards)
    state.load(who, cards)


def _missing_fill(state: DayReplay, seat: int, left: int) -> None:
    state.add(
        seat,
        f"no last-ship fill on the sheet, but {state.players[seat]} was the only "
        f"player with space ({state.free[seat]} free, {left} goods left): the ship "
        "fills free from the deck",
        "fill",
    )


def _check_day_end(state: DayReplay, time_called: bool) -> None:
    open_seats = [seat for seat, space in enumerate(state.free) if space > 0]
    left = state.deck_left
    if left < 0:
        state.add(
            None,
            f"{len(state.drawn)} goods drawn on the sheet, but the day's "
            f"deck holds {state.table.goods_per_day}",
            "deck",
        )
    elif left > 0 and len(open_seats) >= 2 and not time_called:
        names = ", ".join(state.players[seat] for seat in open_seats)
        state.add(
            None,
            f"the sheet ends the day with {left} goods in the deck while "
            f"{names} still had space (and time was not called)",
            "day-end",
        )
