"""The game as an explicit state machine that a bot or a person can play.

Terminology:
- *phase*: ``"draw"`` (the dealer turns goods or stops), ``"bid"`` (the bidder bids
  or passes) or ``"over"``.
- *action* (:class:`Action`): ``draw``, ``stop``, ``bid N`` (florins) or ``pass``;
  :meth:`Game.legal_actions` lists the legal ones for the player to act.
- *day setup* (:class:`DaySetup`): a day's deck in draw order, the goods set aside
  unseen and the start seat; with the actions it makes a *log* (:class:`GameLog`)
  from which :func:`replay` rebuilds the game exactly.
- *record*: what happened, per lot (:class:`LotRecord`) and per day
  (:class:`DayRecord`: ships, payments, income, money after scoring).
- *time called*: the organiser ends the game; the lot on the table goes unsold and
  the current day is scored.

Source: rules.md, A trading day and Scoring a day; seeds 000-003.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .goods import ALL_GOODS, Good
from .rulesets import RuleSet, get_ruleset
from .scoring import Income, Levels, score_day, start_levels
from .turns import (
    bidding_order,
    can_bid,
    largest_lot,
    last_ship,
    next_dealer,
    poorest,
    start_player,
)


class IllegalActionError(ValueError):
    """An action the rules do not allow at this point (message says why)."""


@dataclass(frozen=True)
class Action:
    """``kind`` is ``"draw"``, ``"stop"``, ``"bid"`` or ``"pass"``; ``amount`` is the
    bid in florins (``None`` otherwise). rules.md, A trading day, 3-4."""

    kind: str
    amount: int | None = None

    def __str__(self) -> str:
        return f"bid {self.amount}" if self.kind == "bid" else self.kind


DRAW = Action("draw")
STOP = Action("stop")
PASS = Action("pass")


def bid(amount: int) -> Action:
    """The action "bid ``amount`` florins". rules.md, A trading day, 4."""
    return Action("bid", amount)


@dataclass(frozen=True)
class DaySetup:
    """A day's ``deck`` (draw order), the ``unseen`` goods set aside and the
    ``start_player`` seat. rules.md, A trading day, 1-2."""

    day: int
    start_player: int
    deck: tuple[Good, ...]
    unseen: tuple[Good, ...] = ()


@dataclass(frozen=True)
class LotRecord:
    """One auction: ``dealer`` seat, ``lot``, ``bids`` as ``(seat, florins or None)``
    in bidding order (ineligible seats left out), ``winner`` seat or ``None``, and
    ``price`` in florins (0 when unsold). rules.md, A trading day, 3-5."""

    dealer: int
    lot: tuple[Good, ...]
    bids: tuple[tuple[int, int | None], ...]
    winner: int | None
    price: int


@dataclass(frozen=True)
class DayRecord:
    """A scored day, per seat: ``ships`` (goods), ``paid`` (florins), ``income``,
    ``money`` after scoring, ``levels`` after scoring; plus the ``lots`` and the
    last-ship ``fill`` as ``(seat, goods)``. rules.md, A trading day; Scoring a day."""

    day: int
    start_player: int
    lots: tuple[LotRecord, ...]
    fill: tuple[int, tuple[Good, ...]] | None
    ships: tuple[tuple[Good, ...], ...]
    paid: tuple[int, ...]
    income: tuple[Income, ...]
    money: tuple[int, ...]
    levels: tuple[Levels, ...]


@dataclass
class GameLog:
    """Everything needed to replay a game: ``players`` (names in seat order), the
    ``rules``, one :class:`DaySetup` per day started, the ``actions`` in order and
    the day on which time was called (``None`` if never)."""

    players: tuple[str, ...]
    rules: RuleSet
    setups: list[DaySetup] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    time_called: int | None = None


class Game:
    """A game of Medici in progress; drive it with :meth:`apply` until :attr:`over`.

    ``players`` are names in seat order (3-6, or as the rule set allows); ``rules`` a
    preset name or :class:`RuleSet`; ``seed`` seeds the shuffles and the start-player
    tie breaks; ``setups`` (from a log) fix each day's deck and start player instead
    (days beyond the setups given are shuffled with ``seed``).
    Raises :class:`~.rulesets.RuleSetError` for a player count the rule
    set does not allow. Money is in florins throughout.
    """

    # The day's state, set by _start_day.
    deck: list[Good]
    _next_good: int
    ships: list[list[Good]]
    paid: list[int]
    lots: list[LotRecord]
    lot: list[Good]
    discarded: list[Good]
    fill: tuple[int, tuple[Good, ...]] | None
    start_player: int
    dealer: int
    # The auction's state, set by _open_auction (bidder and high bid also by
    # _start_day).
    bidder: int | None
    high_bid: int
    high_bidder: int | None
    _bidders: list[int]
    _bids: list[tuple[int, int | None]]

    def __init__(
        self,
        players: Sequence[str],
        rules: str | RuleSet = "wbc",
        seed: int | None = None,
        setups: Sequence[DaySetup] | None = None,
    ) -> None:
        self.names = tuple(players)
        self.ruleset = get_ruleset(rules)
        self.table = self.ruleset.for_table(len(self.names))
        self.rng = random.Random(seed)
        self._setups = list(setups) if setups is not None else None
        self.log = GameLog(self.names, self.ruleset)
        self.money = [self.table.starting_money] * len(self.names)
        self.levels: tuple[Levels, ...] = start_levels(self.table)
        self.records: list[DayRecord] = []
        self.day = 0
        self.phase = "over"
        self._start_day()

    # -- reading the state -------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the game has ended (after the last day or when time was called)."""
        return self.phase == "over"

    @property
    def to_act(self) -> int | None:
        """The seat that must act next (dealer or bidder), ``None`` when over."""
        if self.phase == "draw":
            return self.dealer
        return self.bidder if self.phase == "bid" else None

    def free(self, seat: int) -> int:
        """Free space on ``seat``'s ship (goods). rules.md, A trading day, 4."""
        return self.table.ship_capacity - len(self.ships[seat])

    @property
    def deck_left(self) -> int:
        """Goods still in today's deck."""
        return len(self.deck) - self._next_good

    def can_draw(self) -> bool:
        """Whether the dealer may turn another good: fewer than 3 in the lot and the
        lot would still fit somebody still buying. rules.md, A trading day, 3."""
        if self.phase != "draw":
            return False
        frees = [self.free(seat) for seat in range(len(self.names))]
        return len(self.lot) < largest_lot(frees, self.table.max_lot, self.deck_left)

    def bid_range(self) -> tuple[int, int] | None:
        """``(lowest, highest)`` legal bid in florins for the bidder, or ``None``
        when only a pass is possible. rules.md, A trading day, 4."""
        if self.phase != "bid" or self.bidder is None:
            return None
        lowest = max(1, self.high_bid + 1)
        highest = self.money[self.bidder]
        return (lowest, highest) if lowest <= highest else None

    def legal_actions(self) -> list[Action]:
        """Every legal action for :attr:`to_act` (each legal bid listed once).

        rules.md, A trading day, 3-4.
        """
        if self.phase == "draw":
            actions = [DRAW] if self.can_draw() else []
            return actions + ([STOP] if self.lot else [])
        if self.phase == "bid":
            span = self.bid_range()
            bids = [bid(n) for n in range(span[0], span[1] + 1)] if span else []
            return [PASS, *bids]
        return []

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now (cheaper than :meth:`legal_actions`)."""
        if self.phase == "draw":
            if action.kind == "draw":
                return self.can_draw()
            return action.kind == "stop" and bool(self.lot)
        if self.phase == "bid":
            if action.kind == "pass":
                return True
            span = self.bid_range()
            amount = action.amount
            return (
                action.kind == "bid"
                and span is not None
                and isinstance(amount, int)
                and span[0] <= amount <= span[1]
            )
        return False

    # -- acting ------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Carry out ``action`` for :attr:`to_act`; the day and game advance on their
        own (auction resolution, last-ship fill, scoring, next day).

        Raises :class:`IllegalActionError` (with the reason) for an illegal action.
        rules.md, A trading day, 3-8.
        """
        if not self.is_legal(action):
            raise IllegalActionError(self._why_illegal(action))
        self.log.actions.append(action)
        if action.kind == "draw":
            self.lot.append(self.deck[self._next_good])
            self._next_good += 1
        elif action.kind == "stop":
            self._open_auction()
        else:
            self._take_bid(action)

    def call_time(self) -> None:
        """Time is called: the lot on the table goes unsold (recorded with the bids
        made so far), the day is scored and the game ends. Raises
        :class:`IllegalActionError` once over. rules.md, A trading day, 9."""
        if self.over:
            raise IllegalActionError("the game is already over")
        self.log.time_called = self.day
        if self.lot:
            bids = tuple(self._bids) if self.phase == "bid" else ()
            self.lots.append(LotRecord(self.dealer, tuple(self.lot), bids, None, 0))
            self.discarded.extend(self.lot)
        self.lot = []
        self._end_day(final=True)

    def _why_illegal(self, action: Action) -> str:
        seat = self.to_act
        who = self.names[seat] if seat is not None else "nobody"
        if self.phase == "over":
            return f"the game is over; {action} is not possible"
        if self.phase == "bid" and action.kind == "bid":
            span = self.bid_range()
            limit = f"{span[0]}..{span[1]}" if span else "none (only a pass)"
            return f"{who} may not bid {action.amount}; legal bids: {limit}"
        if action.kind == "draw" and self.phase == "draw":
            return f"{who} may not draw: the lot would fit nobody or the deck is empty"
        return f"{action} is not possible in the {self.phase} phase ({who} to act)"

    # -- the auction -------------------------------------------------------------

    def _open_auction(self) -> None:
        size = len(self.lot)
        order = bidding_order(len(self.names), self.dealer)
        self._bidders = [s for s in order if can_bid(self.free(s), size)]
        self._bids = []
        self.high_bid, self.high_bidder = 0, None
        self.phase = "bid"
        self._next_bidder()

    def _take_bid(self, action: Action) -> None:
        seat = self.bidder
        assert seat is not None
        self._bids.append((seat, action.amount))
        if action.kind == "bid" and action.amount is not None:
            self.high_bid, self.high_bidder = action.amount, seat
        self._next_bidder()

    def _next_bidder(self) -> None:
        if self._bidders:
            self.bidder = self._bidders.pop(0)
            return
        self.bidder = None
        self._resolve_auction()

    def _resolve_auction(self) -> None:
        winner, price = self.high_bidder, self.high_bid
        lot = tuple(self.lot)
        if winner is None:
            self.discarded.extend(lot)
            price = 0
        else:
            self.money[winner] -= price
            self.paid[winner] += price
            self.ships[winner].extend(lot)
        self.lots.append(LotRecord(self.dealer, lot, tuple(self._bids), winner, price))
        self.lot = []
        self._next_turn(self.dealer)

    # -- days --------------------------------------------------------------------

    def _start_day(self) -> None:
        self.day += 1
        setup = self._make_setup()
        self.log.setups.append(setup)
        self.deck, self._next_good = list(setup.deck), 0
        self.ships = [[] for _ in self.names]
        self.paid = [0] * len(self.names)
        self.lots = []
        self.lot = []
        self.discarded = []
        self.fill = None
        self.bidder = None
        self.high_bid, self.high_bidder = 0, None
        self.start_player = setup.start_player
        self.dealer = setup.start_player
        self.phase = "draw"
        self._check_day_over()

    def _make_setup(self) -> DaySetup:
        if self._setups is None or len(self._setups) < self.day:
            goods = list(ALL_GOODS)
            self.rng.shuffle(goods)
            unseen = len(goods) - self.table.goods_per_day
            start = start_player(self.day, self.money, self.rng)
            return DaySetup(
                self.day, start, tuple(goods[unseen:]), tuple(goods[:unseen])
            )
        setup = self._setups[self.day - 1]
        allowed = [0] if self.day == 1 else poorest(self.money)
        if setup.start_player not in allowed:
            raise IllegalActionError(
                f"day {self.day}: seat {setup.start_player + 1} may not start"
            )
        return setup

    def _next_turn(self, after: int) -> None:
        dealer = next_dealer([self.free(s) for s in range(len(self.names))], after)
        if dealer is not None:
            self.dealer = dealer
        self.phase = "draw"
        self._check_day_over()

    def _check_day_over(self) -> None:
        frees = [self.free(seat) for seat in range(len(self.names))]
        if self.deck_left == 0 or max(frees) == 0:
            self._end_day()
            return
        seat = last_ship(frees)
        if seat is not None:
            count = min(frees[seat], self.deck_left)
            cards = tuple(self.deck[self._next_good : self._next_good + count])
            self._next_good += count
            self.ships[seat].extend(cards)
            self.fill = (seat, cards)
            self._end_day()

    def _end_day(self, final: bool = False) -> None:
        score = score_day(self.table, self.ships, self.levels)
        for seat, income in enumerate(score.income):
            self.money[seat] += income.total
        self.levels = score.levels
        self.records.append(self._day_record(score.income))
        if final or self.day >= self.table.days:
            self.phase, self.bidder = "over", None
        else:
            self._start_day()

    def _day_record(self, income: tuple[Income, ...]) -> DayRecord:
        return DayRecord(
            day=self.day,
            start_player=self.start_player,
            lots=tuple(self.lots),
            fill=self.fill,
            ships=tuple(tuple(ship) for ship in self.ships),
            paid=tuple(self.paid),
            income=income,
            money=tuple(self.money),
            levels=self.levels,
        )

    # -- results -----------------------------------------------------------------

    @property
    def scores(self) -> dict[str, int]:
        """Money per player name (final once :attr:`over`), florins."""
        return dict(zip(self.names, self.money, strict=True))

    @property
    def winners(self) -> list[str]:
        """Names holding the most money (several share a tied victory). rules.md, 5."""
        best = max(self.money)
        return [name for name, florins in self.scores.items() if florins == best]


def replay(log: GameLog) -> Game:
    """Rebuild a game from its ``log`` (day setups, actions, time called).

    Raises :class:`IllegalActionError` when an action or a start player is not legal at
    its point, i.e. the log does not describe a legal game.
    """
    game = Game(log.players, log.rules, setups=log.setups)
    for action in log.actions:
        game.apply(action)
    if log.time_called is not None and not game.over:
        game.call_time()
    return game
