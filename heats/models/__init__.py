"""The event's structure: event, round, player, entry (check-in), table, seat.

Words (tournament.md, "Words"):
- *event*: one tournament, with a rule set and its settings;
- *round*: a stage of the event, each **heat**, then the **semi-final**, then the
  **final**;
- *player*: a person inside one event, identified by badge when given, else by the
  normalised name (Unicode NFC, case and surrounding spaces ignored, inner spaces
  folded: ``heats.core.names``);
- *entry*: a player checked in to a round (or marked absent from it: absent players are
  marked, never deleted — tournament.md, Advancement, 9);
- *table*: one game of 4–6 players in a round, numbered 1..n;
- *seat*: a player's place at a table; seat 1 is the start player.

Everything that changes an event is also written to ``AuditEntry`` (who, when, what).
"""

from __future__ import annotations

from heats.models.events import (  # noqa: F401
    Event,
    EventFormat,
    SeatingPolicy,
    TiebreakOrder,
    default_paper,
    default_semi_layouts,
    default_time_zone,
    max_length,
    model_field,
    new_seed,
    normalise_name,
    validate_time_zone,
)
from heats.models.players import (  # noqa: F401
    FEW_NEW_PLAYERS,
    Player,
    assign_draw_keys,
)
from heats.models.records import (  # noqa: F401
    AuditAction,
    AuditEntry,
    KeepApart,
)
from heats.models.rounds import (  # noqa: F401
    Entry,
    EntryStatus,
    ResultStatus,
    Round,
    RoundKind,
    Seat,
    Table,
)

__all__ = [
    "FEW_NEW_PLAYERS",
    "AuditAction",
    "AuditEntry",
    "Entry",
    "EntryStatus",
    "Event",
    "EventFormat",
    "KeepApart",
    "Player",
    "ResultStatus",
    "Round",
    "RoundKind",
    "Seat",
    "SeatingPolicy",
    "Table",
    "TiebreakOrder",
    "assign_draw_keys",
    "default_paper",
    "default_semi_layouts",
    "default_time_zone",
    "max_length",
    "model_field",
    "new_seed",
    "normalise_name",
    "validate_time_zone",
]
