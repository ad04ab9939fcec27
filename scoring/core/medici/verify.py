"""Verifying a submitted scoresheet at the level of detail it carries.

Terminology:
- *level*: 1 scores only, 2 purchases (goods loaded and florins paid per day and
  player), 3 auction log (every lot, its bids, winner and price, and the last-ship
  fill). A sheet's level is the least detail any of its days has.
- *exact checks*: with purchases (or a log they follow from) a day's scoring is
  recomputed, so the money after the day is known to the florin. They run day by
  day while every earlier day had the detail (market levels carry between days).
- *bound checks*: with scores only, each gain is held against the most a day can pay
  (limits.py).
- *money before*: the sheet's own money after the previous day (the starting money
  on day 1); checking each day from the sheet's figure keeps a slip in one day's
  money from moving the days after it but the next (off by as much the other way,
  which then follows it: causes.py).
- *order*: the game's length, then day by day (the start player, purchases unlike
  the log, the log's replay, capacity and duplicates, money), then the final; on a
  scores-only sheet the final and the bounds before the days. Each finding is
  linked to the finding it follows from (``causes.link_causes``), so one slip
  gives one root finding.

Every finding is reported; nothing stops at the first. A sheet that cannot be read
raises :class:`ScoresheetError`. Source: rules.md, Verifying a submitted scoresheet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from heats.core.i18n import gettext_noop, ngettext_noop
from heats.core.message import Message, listed, or_list, replaces

from .causes import link_causes
from .findings import Finding, ScoresheetError, SheetReport
from .goods import GOOD_COUNTS, Good, surplus
from .limits import score_checks
from .money_check import check_money
from .replay import replay_day
from .rulesets import RuleSet, TableRules
from .scoring import Levels, start_levels
from .sheet import Sheet, SheetDay, parse_sheet
from .turns import poorest

__all__ = ["Finding", "ScoresheetError", "SheetReport", "verify_parsed", "verify_sheet"]

# The findings' messages (stored as data: heats.core.message).
RULES_NAMED = gettext_noop(
    "rule set: the sheet says %(named)s, the event plays %(used)s; "
    "the sheet was checked under %(used)s"
)
# Counted by "days"; each replaces its "day(s)" text stored before.
DAYS_MISSING = replaces(
    "sheet has %(days)s day(s), a game has %(game)s unless time is called",
    ngettext_noop(
        "sheet has %(days)s day, a game has %(game)s unless time is called",
        "sheet has %(days)s days, a game has %(game)s unless time is called",
    ),
    "days",
)
DAYS_CALLED = replaces(
    "sheet has %(days)s day(s), but time was called on day %(day)s",
    ngettext_noop(
        "sheet has %(days)s day, but time was called on day %(day)s",
        "sheet has %(days)s days, but time was called on day %(day)s",
    ),
    "days",
)
FINAL_MONEY = gettext_noop(
    "final money: sheet says %(said)s, the money after day %(day)s is "
    "%(money)s (the game ends with that day's scoring)"
)
START_PLAYER = (
    # Translators: "names" is one name or several joined by "or"; "why" is one
    # of the two reasons below.
    gettext_noop("start player: sheet says %(player)s, rules give %(names)s (%(why)s)")
)
FIRST_DAY_START = gettext_noop("day 1 starts with seat 1")
POOREST_STARTS = gettext_noop("the poorest player starts")
PURCHASES = (
    # Translators: goods are written as on the sheet, e.g. [cloth:3, gold:10].
    gettext_noop(
        "purchases: sheet says %(goods)s for %(paid)s, the auction log gives "
        "%(log_goods)s for %(log_paid)s"
    )
)
PAID_NEGATIVE = gettext_noop("paid %(paid)s on the sheet; a payment is never negative")
PAID_TOO_MUCH = gettext_noop(
    "paid %(paid)s on the sheet, but held only %(held)s at the start of day "
    "%(day)s (no borrowing: payments never exceed the money held)"
)
TOO_MANY_GOODS = gettext_noop(
    "%(count)s goods loaded on the sheet, but a %(players)s-player day uses %(most)s"
)
SHIP_CAPACITY = gettext_noop(
    "ship holds %(count)s goods on the sheet (%(goods)s), rules allow at most "
    "%(most)s (ship capacity)"
)
DUPLICATE_GOOD = replaces(
    "%(good)s appears %(times)s times on day %(day)s (%(names)s), the deck "
    "holds it %(deck)s time(s): no good twice in a day",
    # Translators: "good" is a good as on the sheet (cloth:3); "names" the players
    # holding it, or "discarded lots". The form follows "deck".
    ngettext_noop(
        "%(good)s appears %(times)s times on day %(day)s (%(names)s), the deck "
        "holds it %(deck)s time: no good twice in a day",
        "%(good)s appears %(times)s times on day %(day)s (%(names)s), the deck "
        "holds it %(deck)s times: no good twice in a day",
    ),
    "deck",
)
DISCARDED_LOTS = gettext_noop("discarded lots")


def verify_sheet(
    sheet: dict[str, Any], rules: str | RuleSet | None = None
) -> SheetReport:
    """Check one scoresheet dict (formats.md) against a rule set: ``rules`` (the
    event's) when given, else the sheet's own ``rules`` (``wbc`` when it names none).

    Returns a :class:`SheetReport` with the level checked (1-3) and every finding
    (day, player, message with what the sheet says, what the rules give and why,
    the rule's id and the finding it follows from: ``findings``); a sheet naming
    another rule set than ``rules`` gets a finding naming both.
    Raises :class:`ScoresheetError` (a ``ValueError``) naming the field when the
    sheet is malformed, :class:`RuleSetError` when ``rules`` is unknown.
    Source: rules.md, Verifying a submitted scoresheet, 1-3; tournament.md,
    Recording a table ("consistent with the table size and rule set").
    """
    return verify_parsed(parse_sheet(sheet, rules))


def verify_parsed(sheet: Sheet) -> SheetReport:
    """:func:`verify_sheet` for an already parsed :class:`Sheet`."""
    table = sheet.ruleset.for_table(len(sheet.players))
    findings = _check_rules_named(sheet) + _check_days(sheet)
    if sheet.level == 1:
        rows = [
            (name, *_day_money(sheet, seat), sheet.final[seat])
            for seat, name in enumerate(sheet.players)
        ]
        findings += _check_final(sheet)
        findings += score_checks(sheet.ruleset, rows, sheet.time_called)
    levels: tuple[Levels, ...] | None = start_levels(table)
    before: Sequence[int] = (table.starting_money,) * len(sheet.players)
    for day in sheet.days:
        findings += _check_start_player(sheet, day, before)
        if levels is not None:
            day_findings, levels = _check_day(sheet, table, day, before, levels)
            findings += day_findings
        before = day.money
    if sheet.level > 1:
        # After the days: a final follows the last day's money (causes.py).
        findings += _check_final(sheet)
    return SheetReport(level=sheet.level, findings=link_causes(findings))


def _check_rules_named(sheet: Sheet) -> list[Finding]:
    named, used = sheet.named_rules, sheet.ruleset.name
    if named is None or named == used:
        return []
    return [
        Finding(
            None,
            None,
            Message(RULES_NAMED, named=repr(named), used=repr(used)),
            "rule-set",
        )
    ]


def _day_money(sheet: Sheet, seat: int) -> tuple[int | None, int | None]:
    money: list[int | None] = [day.money[seat] for day in sheet.days[:2]]
    money += [None] * (2 - len(money))
    return money[0], money[1]


def _check_days(sheet: Sheet) -> list[Finding]:
    findings = []
    days, called = len(sheet.days), sheet.time_called
    if called is None and days < sheet.ruleset.days:
        findings.append(
            Finding(
                None,
                None,
                Message.plural(
                    DAYS_MISSING, "days", days=days, game=sheet.ruleset.days
                ),
                "game-length",
            )
        )
    elif called is not None and days != called:
        findings.append(
            Finding(
                None,
                None,
                Message.plural(DAYS_CALLED, "days", days=days, day=called),
                "game-length",
            )
        )
    return findings


def _check_final(sheet: Sheet) -> list[Finding]:
    findings = []
    if sheet.days:
        last = sheet.days[-1]
        for seat, name in enumerate(sheet.players):
            if sheet.final[seat] != last.money[seat]:
                findings.append(
                    Finding(
                        last.number,
                        name,
                        Message(
                            FINAL_MONEY,
                            said=sheet.final[seat],
                            day=last.number,
                            money=last.money[seat],
                        ),
                        "final-money",
                    )
                )
    return findings


def _check_start_player(
    sheet: Sheet, day: SheetDay, before: Sequence[int]
) -> list[Finding]:
    start = day.start_player
    if start is None:
        return []
    allowed = [0] if day.number == 1 else poorest(before)
    if start in allowed:
        return []
    names = or_list([sheet.players[seat] for seat in allowed])
    why = Message(FIRST_DAY_START if day.number == 1 else POOREST_STARTS)
    return [
        Finding(
            day.number,
            sheet.players[start],
            Message(START_PLAYER, player=sheet.players[start], names=names, why=why),
            "start-player",
        )
    ]


def _check_day(
    sheet: Sheet,
    table: TableRules,
    day: SheetDay,
    before: Sequence[int],
    levels: tuple[Levels, ...],
) -> tuple[list[Finding], tuple[Levels, ...] | None]:
    """Exact checks of one day; returns the findings and the levels after the day
    (``None`` when the day lacks the detail, which ends exact checking)."""
    findings: list[Finding] = []
    if day.auctions is not None:
        called = sheet.time_called == day.number
        state = replay_day(table, sheet.players, day, before, called)
        ships, paid, used = state.ships, state.paid, state.drawn
        # Purchases unlike the log come first: the lots that follow from them
        # are folded under them (causes.py).
        findings += _check_purchases_match(sheet, day, ships, paid)
        findings += state.findings
    elif day.purchases is not None:
        ships = [list(day.purchases.get(s, ((), 0))[0]) for s in range(len(before))]
        paid = [day.purchases.get(s, ((), 0))[1] for s in range(len(before))]
        used = [good for ship in ships for good in ship]
        findings += _check_payments(sheet, day.number, paid, before)
        findings += _check_goods_count(table, day.number, used)
    else:
        return findings, None
    findings += _check_capacity(sheet, table, day.number, ships)
    findings += _check_duplicates(sheet, day.number, ships, used)
    money_findings, levels = check_money(
        table, day.number, sheet.players, day.money, ships, paid, before, levels
    )
    return findings + money_findings, levels


def _check_purchases_match(
    sheet: Sheet, day: SheetDay, ships: list[list[Good]], paid: list[int]
) -> list[Finding]:
    if day.purchases is None:
        return []
    findings = []
    for seat, name in enumerate(sheet.players):
        goods, florins = day.purchases.get(seat, ((), 0))
        if Counter(goods) != Counter(ships[seat]) or florins != paid[seat]:
            findings.append(
                Finding(
                    day.number,
                    name,
                    Message(
                        PURCHASES,
                        goods=_goods(goods),
                        paid=florins,
                        log_goods=_goods(ships[seat]),
                        log_paid=paid[seat],
                    ),
                    "purchases-log",
                )
            )
    return findings


def _check_payments(
    sheet: Sheet, day: int, paid: list[int], before: Sequence[int]
) -> list[Finding]:
    findings = []
    for seat, name in enumerate(sheet.players):
        if paid[seat] < 0:
            findings.append(
                Finding(day, name, Message(PAID_NEGATIVE, paid=paid[seat]), "payment")
            )
        elif paid[seat] > before[seat]:
            findings.append(
                Finding(
                    day,
                    name,
                    Message(PAID_TOO_MUCH, paid=paid[seat], held=before[seat], day=day),
                    "no-borrowing",
                )
            )
    return findings


def _check_goods_count(table: TableRules, day: int, used: list[Good]) -> list[Finding]:
    if len(used) <= table.goods_per_day:
        return []
    return [
        Finding(
            day,
            None,
            Message(
                TOO_MANY_GOODS,
                count=len(used),
                players=table.players,
                most=table.goods_per_day,
            ),
            "deck-size",
        )
    ]


def _check_capacity(
    sheet: Sheet, table: TableRules, day: int, ships: list[list[Good]]
) -> list[Finding]:
    return [
        Finding(
            day,
            name,
            Message(
                SHIP_CAPACITY,
                count=len(ships[seat]),
                goods=_goods(ships[seat]),
                most=table.ship_capacity,
            ),
            "ship-capacity",
        )
        for seat, name in enumerate(sheet.players)
        if len(ships[seat]) > table.ship_capacity
    ]


def _check_duplicates(
    sheet: Sheet, day: int, ships: list[list[Good]], used: list[Good]
) -> list[Finding]:
    findings = []
    for good, extra in surplus(used).items():
        holders = [seat for seat, ship in enumerate(ships) for g in ship if g == good]
        seat = holders[-1] if holders else None
        names = listed([sheet.players[s] for s in holders]) or Message(DISCARDED_LOTS)
        findings.append(
            Finding(
                day,
                None if seat is None else sheet.players[seat],
                Message.plural(
                    DUPLICATE_GOOD,
                    "deck",
                    good=str(good),
                    times=GOOD_COUNTS[good] + extra,
                    day=day,
                    names=names,
                    deck=GOOD_COUNTS[good],
                ),
                "duplicate-good",
            )
        )
    return findings


def _goods(goods: Sequence[Good]) -> str:
    return "[" + ", ".join(str(good) for good in goods) + "]"
