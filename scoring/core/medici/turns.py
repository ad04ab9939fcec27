"""Turn order and auction eligibility, shared by the game and the scoresheet replay.

Terminology:
- *seat*: a player's index in seat order (0 is seat 1, the day-1 start player);
  play runs clockwise, i.e. to increasing seats, wrapping around.
- *free space*: how many more goods a player's ship can take this day.
- *still buying*: a player with free space; a full ship is out of the day.
- *dealer*: the player who draws the lot; *lot*: the 1-3 goods drawn for one auction.
- *bidding order*: once around the table from the dealer's left, the dealer last.

Source: rules.md, A trading day, 2-8; seeds 000, 002, 003.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def bidding_order(players: int, dealer: int) -> list[int]:
    """Seats in bidding order for ``dealer``: the dealer's left first, dealer last.

    rules.md, A trading day, 4.
    """
    return [(dealer + step) % players for step in range(1, players + 1)]


def can_bid(free: int, lot_size: int) -> bool:
    """Whether a player with ``free`` space may bid on a lot of ``lot_size`` goods.

    A full ship (``free == 0``) is out of the day. rules.md, A trading day, 4 and 6.
    """
    return free > 0 and free >= lot_size


def largest_lot(free: Sequence[int], max_lot: int, deck_left: int) -> int:
    """The largest lot a dealer may draw: at most ``max_lot``, the goods left in the
    deck, and the largest free space among players still buying (a lot must fit
    somebody, not necessarily the dealer). rules.md, A trading day, 3."""
    return min(max_lot, deck_left, max(free, default=0))


def next_dealer(free: Sequence[int], after: int) -> int | None:
    """The first seat to the left of ``after`` with free space (``after`` itself last),
    or ``None`` when every ship is full. rules.md, A trading day, 6."""
    players = len(free)
    for step in range(1, players + 1):
        seat = (after + step) % players
        if free[seat] > 0:
            return seat
    return None


def last_ship(free: Sequence[int]) -> int | None:
    """The seat of the only player still buying, or ``None`` if none or several are.

    That player fills the ship free from the deck. rules.md, A trading day, 7.
    """
    open_seats = [seat for seat, space in enumerate(free) if space > 0]
    return open_seats[0] if len(open_seats) == 1 else None


def poorest(money: Sequence[int]) -> list[int]:
    """Seats holding the least money (several when tied). rules.md, A trading day, 2."""
    least = min(money)
    return [seat for seat, florins in enumerate(money) if florins == least]


def start_player(day: int, money: Sequence[int], rng: random.Random) -> int:
    """Start seat of ``day``: seat 0 on day 1, else the poorest player, a tie broken
    with ``rng``. rules.md, A trading day, 2; seed 000."""
    if day == 1:
        return 0
    candidates = poorest(money)
    return candidates[0] if len(candidates) == 1 else rng.choice(candidates)
