"""Scoresheets: reading the JSON form into typed records (a game written as one:
``sheet_writer``).

Terminology:
- *scoresheet*: one game as submitted (formats.md, Scoresheet JSON): rule set name,
  players in seat order, up to three days, final money, the day time was called.
- *seat*: index into ``players`` (0 = seat 1); records here use seats, findings
  use names.
- *level*: 3 when every day has ``auctions``, 2 when every day has ``auctions`` or
  ``purchases``, else 1.
- *field path*: where a problem lies, written ``days[1].auctions[4].bids[2]``.
- *named rule set*: the ``rules`` a sheet gives; *checked under*: the rule set the
  sheet is verified with, the event's when the caller gives one (a table is played
  under its event's rule set, tournament.md, Recording a table), else the named one
  (``wbc`` when the sheet names none).

A sheet that cannot be read raises :class:`ScoresheetError` naming the field; a sheet
that can be read but breaks the rules gives findings (see verify.py). Before its
fields are read, every value of a sheet, its ignored keys included (a page saves the
whole sheet), is held to bounds a database and a JSON reader can take (``check_json``).
Source: formats.md, Scoresheet JSON; rules.md, Verifying a submitted scoresheet.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from heats.core.i18n import gettext_noop
from heats.core.message import Message, error_text
from heats.core.storable import MAX_NUMBER as MAX_NUMBER
from heats.core.storable import json_problems, shown

from .findings import ScoresheetError
from .goods import Good, GoodError, parse_good
from .rulesets import DEFAULT_RULESET, RuleSet, RuleSetError, get_ruleset

EXPECTED_OBJECT = gettext_noop("expected an object")

# One game: the demo event's level-3 sheets are about 10 KB each.
MAX_SHEET_BYTES = 512 * 1024
# A file of sheets (verify_scoresheet): a whole convention's games, with room.
MAX_FILE_BYTES = 16 * 1024 * 1024
# Containers nested in a sheet: the format needs 7 (the sheet, days, a day,
# auctions, an auction, bids, a bid).
MAX_DEPTH = 20
# Characters of one text (a name, a good, an ignored note).
MAX_TEXT = 1000
# Digits of a JSON whole number read exactly, so a message can show it; a longer
# one is out of range anyway (and Python's int() refuses more than 4300 digits).
MAX_DIGITS = 4000


@dataclass(frozen=True)
class SheetAuction:
    """One logged auction: ``dealer`` seat, ``lot``, ``bids`` as ``(seat, florins or
    None)`` in the sheet's order, ``winner`` seat or ``None``, ``price`` (florins or
    ``None``). formats.md, Scoresheet JSON (``auctions``)."""

    dealer: int
    lot: tuple[Good, ...]
    bids: tuple[tuple[int, int | None], ...]
    winner: int | None
    price: int | None


@dataclass(frozen=True)
class SheetDay:
    """One day as the sheet gives it (``number`` 1-3). ``auctions``, ``fill`` and
    ``purchases`` (seat -> (goods, florins paid)) are ``None`` when not given;
    ``money`` is seat -> florins after the day's scoring."""

    number: int
    start_player: int | None
    auctions: tuple[SheetAuction, ...] | None
    fill: tuple[int, tuple[Good, ...]] | None
    purchases: dict[int, tuple[tuple[Good, ...], int]] | None
    money: tuple[int, ...]


@dataclass(frozen=True)
class Sheet:
    """A parsed scoresheet: ``ruleset``, ``players`` (names, seat order), ``days``,
    ``final`` money per seat (florins), ``time_called`` (day or ``None``).
    ``ruleset`` is the rule set the sheet is checked under; ``named_rules`` the
    ``rules`` the sheet gives (``None`` when it gives none)."""

    ruleset: RuleSet
    players: tuple[str, ...]
    days: tuple[SheetDay, ...]
    final: tuple[int, ...]
    time_called: int | None
    named_rules: str | None = None

    @property
    def level(self) -> int:
        """3 (auction log), 2 (purchases) or 1 (scores only), the least any day has."""
        if not self.days:
            return 1
        if all(day.auctions is not None for day in self.days):
            return 3
        if all(d.auctions is not None or d.purchases is not None for d in self.days):
            return 2
        return 1


def load_json(text: str) -> Any:
    """The JSON value in ``text`` (one sheet or a list of sheets).

    ``NaN``, ``Infinity`` and numbers too large for a float (``1e400``, a whole
    number of more than ``MAX_DIGITS`` digits) come back as non-finite floats, for
    :func:`check_json` to name their field. Raises :class:`ScoresheetError` for a
    syntax error (with line and column) or nesting too deep for the JSON reader.
    """
    try:
        return json.loads(text, parse_constant=float, parse_int=_json_int)
    except json.JSONDecodeError as error:
        raise ScoresheetError(
            Message(
                # Translators: "error" is Python's JSON reader's own English.
                gettext_noop(
                    "not valid JSON: line %(line)s, column %(column)s: %(error)s"
                ),
                line=error.lineno,
                column=error.colno,
                error=error.msg,
            )
        ) from None
    except RecursionError:
        raise ScoresheetError(
            Message(
                gettext_noop(
                    "nested too deeply to be a scoresheet (at most %(most)s levels)"
                ),
                most=MAX_DEPTH,
            )
        ) from None


def _json_int(text: str) -> int | float:
    if len(text.lstrip("-")) <= MAX_DIGITS:
        return int(text)
    return -math.inf if text.startswith("-") else math.inf


def check_json(data: Any) -> None:
    """Check every value and key of a sheet, the ignored ones too.

    Raises :class:`ScoresheetError` naming the first field (``days[0].money['Ann']``)
    that holds NaN or an infinite number, a number (whole or not) beyond
    ``MAX_NUMBER``, text with a NUL character or a surrogate
    (``heats.core.storable``: what PostgreSQL cannot store) or over ``MAX_TEXT``
    characters, a key that is not text, containers nested over ``MAX_DEPTH``
    levels, or a value that is not JSON. Walks without recursion, so any depth is
    safe.
    """
    for path, problem in json_problems(data, MAX_DEPTH, MAX_TEXT):
        raise ScoresheetError(_at(path or "sheet", problem))


def parse_sheet(data: Any, rules: str | RuleSet | None = None) -> Sheet:
    """Read a scoresheet dict (formats.md) into a :class:`Sheet`.

    ``rules`` is the rule set to check the sheet under (the event's); without it the
    sheet's own ``rules``, defaulting to ``"wbc"``. A sheet naming another rule set
    than ``rules`` (even one unknown here) is read under ``rules``: the difference is
    a finding of :func:`~scoring.core.medici.verify.verify_parsed`, not an error. Raises
    :class:`ScoresheetError` naming the field when a value is out of bounds
    (:func:`check_json`), a field is missing or of the wrong type, a name is not a
    player, a good is not a good of the game, the rule set is unknown or does not
    allow the table size; :class:`RuleSetError` when ``rules`` itself is unknown.
    """
    if not isinstance(data, Mapping):
        raise ScoresheetError(
            _at("sheet", Message(gettext_noop("expected a JSON object")))
        )
    check_json(data)
    named = _named_rules(data)
    ruleset = get_ruleset(rules) if rules is not None else _own_ruleset(named)
    players = _players(data.get("players"))
    try:
        ruleset.for_table(len(players))
    except RuleSetError as error:
        raise ScoresheetError(_at("players", error_text(error))) from None
    seats = {name: seat for seat, name in enumerate(players)}
    days = _list(data.get("days"), "days")
    if len(days) > ruleset.days:
        raise ScoresheetError(
            _at(
                "days",
                Message(
                    gettext_noop("%(days)s days, a game has %(most)s"),
                    days=len(days),
                    most=ruleset.days,
                ),
            )
        )
    parsed = tuple(_day(day, f"days[{i}]", i + 1, seats) for i, day in enumerate(days))
    final = _money(data.get("final"), "final", seats)
    called = _time_called(data, ruleset.days)
    return Sheet(ruleset, players, parsed, final, called, named)


def _named_rules(data: Mapping[str, Any]) -> str | None:
    named = data.get("rules")
    if named is not None and not isinstance(named, str):
        raise ScoresheetError(
            _at("rules", Message(gettext_noop("expected the name of a rule set")))
        )
    return named


def _own_ruleset(named: str | None) -> RuleSet:
    try:
        return get_ruleset(DEFAULT_RULESET if named is None else named)
    except RuleSetError as error:
        raise ScoresheetError(_at("rules", error_text(error))) from None


def _players(value: Any) -> tuple[str, ...]:
    names = _list(value, "players")
    if not names or not all(isinstance(name, str) and name.strip() for name in names):
        raise ScoresheetError(
            _at("players", Message(gettext_noop("expected a list of non-empty names")))
        )
    if len(set(names)) != len(names):
        raise ScoresheetError(
            _at("players", Message(gettext_noop("a name appears twice")))
        )
    return tuple(names)


def _time_called(data: Mapping[str, Any], days: int) -> int | None:
    value = data.get("time_called")
    if value is None:
        return None
    if not _is_int(value) or not 1 <= value <= days:
        raise ScoresheetError(
            _at(
                "time_called",
                Message(gettext_noop("expected null or a day 1-%(days)s"), days=days),
            )
        )
    return int(value)


def _day(data: Any, path: str, number: int, seats: dict[str, int]) -> SheetDay:
    if not isinstance(data, Mapping):
        raise ScoresheetError(_at(path, Message(EXPECTED_OBJECT)))
    start = data.get("start_player")
    auctions = data.get("auctions")
    purchases = data.get("purchases")
    fill = data.get("fill")
    return SheetDay(
        number=number,
        start_player=None
        if start is None
        else _seat(start, f"{path}.start_player", seats),
        auctions=None
        if auctions is None
        else tuple(
            _auction(item, f"{path}.auctions[{i}]", seats)
            for i, item in enumerate(_list(auctions, f"{path}.auctions"))
        ),
        fill=None if fill is None else _fill(fill, f"{path}.fill", seats),
        purchases=None
        if purchases is None
        else _purchases(purchases, f"{path}.purchases", seats),
        money=_money(data.get("money"), f"{path}.money", seats),
    )


def _auction(data: Any, path: str, seats: dict[str, int]) -> SheetAuction:
    if not isinstance(data, Mapping):
        raise ScoresheetError(_at(path, Message(EXPECTED_OBJECT)))
    bids = []
    for i, entry in enumerate(_list(data.get("bids", []), f"{path}.bids")):
        where = f"{path}.bids[{i}]"
        if not isinstance(entry, list | tuple) or len(entry) != 2:
            raise ScoresheetError(
                _at(where, Message(gettext_noop("expected [player, florins or null]")))
            )
        bids.append((_seat(entry[0], where, seats), _florins(entry[1], where, True)))
    winner = data.get("winner")
    return SheetAuction(
        dealer=_seat(data.get("dealer"), f"{path}.dealer", seats),
        lot=_goods(data.get("lot"), f"{path}.lot"),
        bids=tuple(bids),
        winner=None if winner is None else _seat(winner, f"{path}.winner", seats),
        price=_florins(data.get("price"), f"{path}.price", True),
    )


def _fill(data: Any, path: str, seats: dict[str, int]) -> tuple[int, tuple[Good, ...]]:
    if not isinstance(data, Mapping):
        raise ScoresheetError(
            _at(path, Message(gettext_noop("expected an object or null")))
        )
    seat = _seat(data.get("player"), f"{path}.player", seats)
    return seat, _goods(data.get("cards"), f"{path}.cards")


def _purchases(
    data: Any, path: str, seats: dict[str, int]
) -> dict[int, tuple[tuple[Good, ...], int]]:
    if not isinstance(data, Mapping):
        raise ScoresheetError(
            _at(path, Message(gettext_noop("expected an object keyed by player")))
        )
    result = {}
    for name, entry in data.items():
        where = f"{path}[{shown(name)}]"
        seat = _seat(name, where, seats)
        if not isinstance(entry, Mapping):
            raise ScoresheetError(
                _at(
                    where,
                    Message(gettext_noop("expected {'cards': [...], 'paid': n}")),
                )
            )
        paid = _florins(entry.get("paid", 0), f"{where}.paid", False)
        result[seat] = (_goods(entry.get("cards", []), f"{where}.cards"), paid)
    return result


def _money(data: Any, path: str, seats: dict[str, int]) -> tuple[int, ...]:
    if not isinstance(data, Mapping):
        raise ScoresheetError(
            _at(path, Message(gettext_noop("expected an object of player: florins")))
        )
    for name in data:
        _seat(name, path, seats)
    money = []
    for name in seats:
        if name not in data:
            raise ScoresheetError(
                _at(
                    path,
                    Message(gettext_noop("no entry for %(name)s"), name=shown(name)),
                )
            )
        money.append(_florins(data[name], f"{path}[{shown(name)}]", False))
    return tuple(money)


def _seat(name: Any, path: str, seats: dict[str, int]) -> int:
    if not isinstance(name, str) or name not in seats:
        raise ScoresheetError(
            _at(
                path,
                Message(
                    gettext_noop("%(name)s is not a player of this sheet"),
                    name=shown(name),
                ),
            )
        )
    return seats[name]


def _goods(data: Any, path: str) -> tuple[Good, ...]:
    goods = []
    for i, text in enumerate(_list(data, path)):
        try:
            goods.append(parse_good(text))
        except GoodError:
            raise ScoresheetError(
                _at(
                    f"{path}[{i}]",
                    Message(
                        gettext_noop(
                            "%(text)s is not a good of the game "
                            "(e.g. 'cloth:3', 'gold:10')"
                        ),
                        text=shown(text),
                    ),
                )
            ) from None
    return tuple(goods)


def _florins(value: Any, path: str, nullable: bool) -> Any:
    if value is None and nullable:
        return None
    if not _is_int(value):
        raise ScoresheetError(
            _at(path, Message(gettext_noop("expected a whole number of florins")))
        )
    return int(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise ScoresheetError(_at(path, Message(gettext_noop("expected a list"))))
    return value


def _at(path: str, problem: str) -> Message:
    """``days[1].money: <problem>``: where a problem lies, and what it is."""
    # Translators: "path" is a field of a scoresheet, e.g. days[1].money['Ann'].
    return Message(gettext_noop("%(path)s: %(problem)s"), path=path, problem=problem)
