"""Level-3 checks: replaying one day's auction log step by step.

Terminology (the replay's state: ``replay_state.DayReplay``):
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

from heats.core.i18n import gettext_noop
from heats.core.message import Message, listed, or_list

from .goods import Good
from .replay_state import DayReplay
from .rulesets import TableRules
from .sheet import SheetAuction, SheetDay
from .turns import bidding_order, can_bid, largest_lot, last_ship, next_dealer

# The findings' messages (stored as data: heats.core.message).
NOBODY = gettext_noop("nobody")
WRONG_DEALER = (
    # Translators: "names" is one name, several joined by "or", or "nobody".
    gettext_noop(
        "lot %(lot)s: dealer is %(dealer)s on the sheet, rules give %(names)s "
        "(the deal passes left to the next player with space)"
    )
)
DAY_ENDED = (
    # Translators: "reason" is one of the three reasons below.
    gettext_noop(
        "lot %(lot)s: sheet logs an auction, but the day had ended: %(reason)s"
    )
)
EVERY_SHIP_FULL = gettext_noop("every ship was full")
DECK_EMPTY = gettext_noop("the deck was empty")
ONLY_ONE_SPACE = gettext_noop("only %(player)s still had space (last-ship fill)")
LOT_SIZE = gettext_noop(
    "lot %(lot)s: sheet says %(size)s goods, rules allow 1-%(most)s per lot"
)
LOT_TOO_LARGE = gettext_noop(
    "lot %(lot)s: sheet says a lot of %(size)s, rules allow at most %(most)s "
    "(a lot must fit somebody's free space and the deck)"
)
BIDS_TWICE = gettext_noop("lot %(lot)s: bids twice, rules allow one bid each")
OUT_OF_TURN = gettext_noop(
    "lot %(lot)s: %(player)s bids out of turn (bidding runs once around from "
    "the dealer's left, dealer last)"
)
BID_WITHOUT_SPACE = gettext_noop(
    "lot %(lot)s: sheet shows a bid of %(bid)s on a lot of %(size)s, but only "
    "%(free)s free space; a player whose free space is smaller than the lot "
    "may not bid"
)
BID_TOO_LOW = gettext_noop(
    "lot %(lot)s: bid %(bid)s does not beat the high bid %(high)s (a bid must "
    "be higher, at least 1)"
)
BID_BORROWS = gettext_noop(
    "lot %(lot)s: bid %(bid)s with only %(money)s florins held (no borrowing)"
)
WRONG_WINNER = (
    # Translators: "said" and "rule" are a player's name or "nobody".
    gettext_noop(
        "lot %(lot)s: sheet says %(said)s won, the bids give %(rule)s (the high "
        "bidder wins)"
    )
)
WRONG_PRICE = gettext_noop(
    "lot %(lot)s: price on the sheet is %(price)s, the high bid is %(high)s"
)
UNSOLD_PRICE = gettext_noop(
    "lot %(lot)s: unsold lot with a price of %(price)s on the sheet (an unsold "
    "lot is discarded, nobody pays)"
)
WRONG_FILLER = gettext_noop(
    "last-ship fill: sheet gives it to %(player)s, rules give %(rule)s (only "
    "the one player left with space fills)"
)
WRONG_FILL = gettext_noop(
    "last-ship fill: sheet says %(count)s goods, rules give %(expected)s "
    "(%(free)s free, %(left)s left in the deck)"
)
MISSING_FILL = gettext_noop(
    "no last-ship fill on the sheet, but %(player)s was the only player with "
    "space (%(free)s free, %(left)s goods left): the ship fills free from the "
    "deck"
)
TOO_MANY_DRAWN = gettext_noop(
    "%(drawn)s goods drawn on the sheet, but the day's deck holds %(deck)s"
)
DAY_NOT_ENDED = gettext_noop(
    "the sheet ends the day with %(left)s goods in the deck while %(names)s "
    "still had space (and time was not called)"
)


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
    names = or_list([state.players[seat] for seat in candidates])
    state.add(
        auction.dealer,
        Message(
            WRONG_DEALER,
            lot=index + 1,
            dealer=state.players[auction.dealer],
            names=names or Message(NOBODY),
        ),
        "dealer-order",
    )
    return candidates[0] if candidates else None


def _check_day_open(state: DayReplay, index: int) -> None:
    free = state.free
    reason = None
    if max(free) == 0:
        reason = Message(EVERY_SHIP_FULL)
    elif state.deck_left <= 0:
        reason = Message(DECK_EMPTY)
    elif (seat := last_ship(free)) is not None:
        reason = Message(ONLY_ONE_SPACE, player=state.players[seat])
    if reason and not state._ended_reported:
        state._ended_reported = True
        state.add(None, Message(DAY_ENDED, lot=index + 1, reason=reason), "day-end")


def _check_lot(state: DayReplay, index: int, auction: SheetAuction) -> None:
    size = len(auction.lot)
    limit = largest_lot(state.free, state.table.max_lot, max(state.deck_left, 0))
    if not 1 <= size <= state.table.max_lot:
        state.add(
            auction.dealer,
            Message(LOT_SIZE, lot=index + 1, size=size, most=state.table.max_lot),
            "lot-size",
        )
    elif size > limit:
        state.add(
            auction.dealer,
            Message(LOT_TOO_LARGE, lot=index + 1, size=size, most=limit),
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
    lot = index + 1
    _check_bid_order(state, lot, auction, expected)
    seen: set[int] = set()
    high, high_seat = 0, None
    for seat, amount in auction.bids:
        if seat in seen:
            state.add(seat, Message(BIDS_TWICE, lot=lot), "one-bid")
            continue
        seen.add(seat)
        if amount is None:
            continue
        _check_bid_amount(state, lot, seat, amount, high, len(auction.lot))
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
    state: DayReplay, lot: int, auction: SheetAuction, expected: int | None
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
            Message(OUT_OF_TURN, lot=lot, player=state.players[culprit]),
            "bid-order",
        )


def _check_bid_amount(
    state: DayReplay, lot: int, seat: int, amount: int, high: int, size: int
) -> None:
    free = state.free[seat]
    if not can_bid(free, size):
        state.add(
            seat,
            Message(BID_WITHOUT_SPACE, lot=lot, bid=amount, size=size, free=free),
            "bid-space",
        )
    if amount <= high or amount < 1:
        state.add(
            seat, Message(BID_TOO_LOW, lot=lot, bid=amount, high=high), "bid-raise"
        )
    if amount > state.money[seat]:
        state.add(
            seat,
            Message(BID_BORROWS, lot=lot, bid=amount, money=state.money[seat]),
            "no-borrowing",
        )


def _check_winner(
    state: DayReplay, index: int, auction: SheetAuction, seat: int | None, high: int
) -> None:
    names = state.players
    said = Message(NOBODY) if auction.winner is None else names[auction.winner]
    rule = Message(NOBODY) if seat is None else names[seat]
    lot = index + 1
    if auction.winner != seat:
        state.add(
            auction.winner if auction.winner is not None else seat,
            Message(WRONG_WINNER, lot=lot, said=said, rule=rule),
            "high-bidder",
        )
    elif seat is not None and auction.price != high:
        state.add(
            seat, Message(WRONG_PRICE, lot=lot, price=auction.price, high=high), "price"
        )
    elif seat is None and auction.price not in (None, 0):
        state.add(None, Message(UNSOLD_PRICE, lot=lot, price=auction.price), "price")


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
        rule = Message(NOBODY) if seat is None else state.players[seat]
        state.add(
            who,
            Message(WRONG_FILLER, player=state.players[who], rule=rule),
            "last-ship",
        )
    elif len(cards) != min(free[who], left):
        state.add(
            who,
            Message(
                WRONG_FILL,
                count=len(cards),
                expected=min(free[who], left),
                free=free[who],
                left=left,
            ),
            "last-ship",
        )
    state.drawn.extend(cards)
    state.load(who, cards)


def _missing_fill(state: DayReplay, seat: int, left: int) -> None:
    state.add(
        seat,
        Message(
            MISSING_FILL, player=state.players[seat], free=state.free[seat], left=left
        ),
        "last-ship",
    )


def _check_day_end(state: DayReplay, time_called: bool) -> None:
    open_seats = [seat for seat, space in enumerate(state.free) if space > 0]
    left = state.deck_left
    if left < 0:
        state.add(
            None,
            Message(
                TOO_MANY_DRAWN, drawn=len(state.drawn), deck=state.table.goods_per_day
            ),
            "deck-size",
        )
    elif left > 0 and len(open_seats) >= 2 and not time_called:
        names = listed([state.players[seat] for seat in open_seats])
        state.add(None, Message(DAY_NOT_ENDED, left=left, names=names), "day-end")
