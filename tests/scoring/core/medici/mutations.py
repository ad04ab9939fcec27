"""Single mutations of right scoresheets, each with where its root must be.

Words:
- *reference game*: a game the game engine (``scoring.core.medici.game``, which
  plays by the rules move by move and shares no code with the verifier's
  replay) played with seeded bots, written as a level-3 sheet
  (``sheet_writer.game_to_sheet``), or one of the demo event's sheets; each
  verifies clean.
- *mutation*: one slip made on a copy of a reference sheet (a good added to a
  ship, a price, a winner, a day's money, the final, ...), at the level of
  detail the slip can be written at; the *target* says where the slip is: its
  day, the players it concerns, the rules a finding of it applies and the lot.
- *hit*: the sheet checked gives exactly one root finding and it is at the
  target (:meth:`Target.hit`). A mutation that gives no finding is *unseen*
  (a money slip of 1 florin on a scores-only sheet): it counts in neither.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scoring.core.medici.causes import lot_of
from scoring.core.medici.findings import Finding
from scoring.core.medici.game import Game
from scoring.core.medici.goods import ALL_GOODS
from scoring.core.medici.players import make_bot
from scoring.core.medici.rule_ids import MONEY_RULES
from scoring.core.medici.sheet_writer import game_to_sheet
from tests.scoring.core.medici.test_verify import at_level as verify_at_level

Sheet = dict[str, Any]
DEMO = Path(__file__).resolve().parents[4] / "data" / "demo" / "scoresheets.json"
GOODS_RULES = frozenset(
    {"ship-capacity", "duplicate-good", "deck-size", "purchases-log", *MONEY_RULES}
)
SCORE_RULES = frozenset(
    {"no-borrowing", "day-bound", "table-bound", "table-floor", *MONEY_RULES}
)


@dataclass(frozen=True)
class Target:
    """Where a slip is: ``day`` (``None``: the game), the ``players`` it
    concerns (empty: any), the ``rules`` a finding of it may apply, and the
    ``lot`` of a log slip (a finding naming it is at the target too)."""

    day: int | None
    players: frozenset[str] = frozenset()
    rules: frozenset[str] = frozenset()
    lot: int | None = None

    def hit(self, findings: list[Finding]) -> bool:
        """Exactly one root, and it is at this target."""
        roots = [f for f in findings if f.because is None]
        if len(roots) != 1:
            return False
        (root,) = roots
        if self.day is not None and root.day != self.day:
            return False
        if self.lot is not None and lot_of(root) == self.lot:
            return True
        return root.rule in self.rules and (
            not self.players or root.player is None or root.player in self.players
        )


@dataclass
class Mutation:
    """One slip: its ``kind``, the ``level`` the sheet is checked at, the
    mutated ``sheet`` and the ``target``."""

    kind: str
    level: int
    sheet: Sheet
    target: Target = field(default_factory=lambda: Target(None))


def reference_sheets(games: int, seed: int) -> list[Sheet]:
    """The 32 demo sheets and ``games`` games the engine played with seeded
    bots at 4, 5 and 6 players (``wbc``), played out."""
    demo = json.loads(DEMO.read_text("utf-8"))
    sheets: list[Sheet] = [
        {k: v for k, v in s.items() if k not in {"heat", "table"}} for s in demo
    ]
    rng = random.Random(seed)
    for number in range(games):
        players = 4 + number % 3
        game = Game(
            [f"P{seat}" for seat in range(players)], "wbc", seed=rng.randrange(2**32)
        )
        bots = [
            make_bot(rng.choice(["value", "random"]), random.Random(rng.random()))
            for _ in range(players)
        ]
        while not game.over:
            game.apply(bots[game.to_act].choose(game))
        sheets.append(game_to_sheet(game))
    return sheets


def at_level(sheet: Sheet, level: int) -> Sheet:
    """A copy of ``sheet`` stripped to ``level`` as ``test_verify.at_level``
    strips it, and without its days' income lines."""
    stripped = verify_at_level(sheet, level)
    for day in stripped["days"]:
        day.pop("income", None)
    return stripped


def _pick_day(rng: random.Random, sheet: Sheet) -> tuple[int, dict[str, Any]]:
    number = rng.randrange(len(sheet["days"]))
    return number + 1, sheet["days"][number]


def extra_good(rng: random.Random, sheet: Sheet) -> tuple[Target, int] | None:
    """A good added to one player's purchases (the issue's example)."""
    number, day = _pick_day(rng, sheet)
    name = rng.choice(sheet["players"])
    day["purchases"][name]["cards"].append(str(rng.choice(ALL_GOODS)))
    # A good that breaks no capacity or deck rule shows only in the money: the
    # day's first money line, whoever's it is, is then the root.
    return Target(number, rules=GOODS_RULES), rng.choice([2, 3])


def paid(rng: random.Random, sheet: Sheet) -> tuple[Target, int] | None:
    """Another payment in one player's purchases."""
    number, day = _pick_day(rng, sheet)
    name = rng.choice(sheet["players"])
    bought = day["purchases"][name]
    new = rng.choice([-4, 0, 3, 20, 400])
    if new == bought["paid"]:
        return None
    bought["paid"] = new
    rules = GOODS_RULES | {"payment", "no-borrowing"}
    return Target(number, frozenset({name}), rules), rng.choice([2, 3])


def day_money(rng: random.Random, sheet: Sheet) -> tuple[Target, int] | None:
    """Another money after one day for one player."""
    number, day = _pick_day(rng, sheet)
    name = rng.choice(sheet["players"])
    day["money"][name] += rng.choice([-300, -7, 1, 60, 400])
    rules = SCORE_RULES | {"final-money"}
    return Target(number, frozenset({name}), rules), rng.choice([1, 2, 3])


def final(rng: random.Random, sheet: Sheet) -> tuple[Target, int] | None:
    """Another final for one player."""
    name = rng.choice(sheet["players"])
    sheet["final"][name] += rng.choice([-300, -3, 2, 500])
    target = Target(len(sheet["days"]), frozenset({name}), frozenset({"final-money"}))
    return target, rng.choice([1, 2, 3])


def drop_day(rng: random.Random, sheet: Sheet) -> tuple[Target, int] | None:
    """The last day left off the sheet."""
    sheet["days"].pop()
    return Target(None, rules=frozenset({"game-length"})), rng.choice([1, 2, 3])


def time_called(rng: random.Random, sheet: Sheet) -> tuple[Target, int] | None:
    """Time called on day 1 or 2 of a game played out."""
    sheet["time_called"] = rng.choice([1, 2])
    return Target(None, rules=frozenset({"game-length"})), rng.choice([1, 2, 3])


def start_player(rng: random.Random, sheet: Sheet) -> tuple[Target, int] | None:
    """Another start player on one day."""
    number, day = _pick_day(rng, sheet)
    name = rng.choice(sheet["players"])
    if name == day["start_player"]:
        return None
    day["start_player"] = name
    # A start player tied for poorest is allowed: the log's first dealer then
    # disagrees with the sheet's start player.
    target = Target(number, frozenset({name}), frozenset({"start-player"}), lot=1)
    return target, rng.choice([1, 2, 3])


def _lot(rng: random.Random, sheet: Sheet) -> tuple[int, int, dict[str, Any]] | None:
    number, day = _pick_day(rng, sheet)
    if not day["auctions"]:
        return None
    index = rng.randrange(len(day["auctions"]))
    return number, index + 1, day["auctions"][index]


def lot_slip(rng: random.Random, sheet: Sheet) -> tuple[Target, int] | None:
    """One slip in one logged lot: price, winner, dealer, a bid or its goods."""
    picked = _lot(rng, sheet)
    if picked is None:
        return None
    number, lot_number, lot = picked
    before = copy.deepcopy(lot)
    change = rng.randrange(5)
    names = sheet["players"]
    if change == 0:
        lot["price"] = rng.choice([None, 0, 1, 7, 99])
    elif change == 1:
        lot["winner"] = rng.choice([None, *names])
    elif change == 2:
        lot["dealer"] = rng.choice(names)
    elif change == 3 and lot["bids"]:
        rng.choice(lot["bids"])[1] = rng.choice([None, 0, 3, 50, 500])
    else:
        lot["lot"] = [str(g) for g in rng.sample(ALL_GOODS, rng.randint(1, 3))]
    if lot == before:
        return None
    rules = {"purchases-log"}
    if change == 4:
        # Goods written wrong: the root may name a good twice in the day.
        rules |= {"duplicate-good", "deck-size"}
    return Target(number, rules=frozenset(rules), lot=lot_number), 3


def drop_lot(rng: random.Random, sheet: Sheet) -> tuple[Target, int] | None:
    """One logged lot left off the log."""
    number, day = _pick_day(rng, sheet)
    if not day["auctions"]:
        return None
    index = rng.randrange(len(day["auctions"]))
    day["auctions"].pop(index)
    rules = frozenset({"purchases-log", "last-ship", "day-end", "deck-size"})
    return Target(number, rules=rules, lot=index + 1), 3


MUTATIONS: dict[str, Callable[[random.Random, Sheet], tuple[Target, int] | None]] = {
    "extra-good": extra_good,
    "paid": paid,
    "day-money": day_money,
    "final": final,
    "drop-day": drop_day,
    "time-called": time_called,
    "start-player": start_player,
    "lot-slip": lot_slip,
    "drop-lot": drop_lot,
}


def mutations(sheets: list[Sheet], count: int, seed: int) -> Iterator[Mutation]:
    """``count`` single mutations of ``sheets`` (seeded: the same every run),
    the kinds taken in turn."""
    rng = random.Random(seed)
    kinds = sorted(MUTATIONS)
    made = 0
    while made < count:
        kind = kinds[made % len(kinds)]
        sheet = copy.deepcopy(rng.choice(sheets))
        outcome = MUTATIONS[kind](rng, sheet)
        if outcome is None:
            continue
        target, level = outcome
        made += 1
        yield Mutation(kind, level, at_level(sheet, level), target)
