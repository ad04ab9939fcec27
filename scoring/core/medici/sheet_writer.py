"""A played game written as a level-3 scoresheet (formats.md, Scoresheet
JSON): the inverse of reading one (``scoring.core.medici.sheet``), so a
simulated game can be checked as a submitted sheet.

Pure: no Django import.
"""

from __future__ import annotations

from typing import Any

from .game import DayRecord, Game, LotRecord


def game_to_sheet(game: Game) -> dict[str, Any]:
    """Write a played ``game`` as a level-3 scoresheet dict (formats.md), with the
    ``income`` breakdown per day for reference. The inverse of ``sheet.parse_sheet``
    up to the ignored keys."""
    return {
        "rules": game.ruleset.name,
        "players": list(game.names),
        "days": [_day_dict(record, game.names) for record in game.records],
        "final": game.scores,
        "time_called": game.log.time_called,
    }


def _day_dict(record: DayRecord, names: tuple[str, ...]) -> dict[str, Any]:
    fill = None
    if record.fill is not None:
        seat, cards = record.fill
        fill = {"player": names[seat], "cards": [str(good) for good in cards]}
    return {
        "start_player": names[record.start_player],
        "auctions": [_lot_dict(lot, names) for lot in record.lots],
        "fill": fill,
        "purchases": {
            name: {
                "cards": [str(good) for good in record.ships[seat]],
                "paid": record.paid[seat],
            }
            for seat, name in enumerate(names)
        },
        "income": {
            name: {"ship": inc.ship, "market": inc.market, "bonus": inc.bonus}
            for name, inc in zip(names, record.income, strict=True)
        },
        "money": dict(zip(names, record.money, strict=True)),
    }


def _lot_dict(lot: LotRecord, names: tuple[str, ...]) -> dict[str, Any]:
    return {
        "dealer": names[lot.dealer],
        "lot": [str(good) for good in lot.lot],
        "bids": [[names[seat], amount] for seat, amount in lot.bids],
        "winner": None if lot.winner is None else names[lot.winner],
        "price": lot.price,
    }
