"""Results operations: load rows, call the pure code, save inside a transaction.

Views and management commands are thin wrappers over these functions (STYLE.md);
every change is written to the event's audit log with who and when. The package
splits them by topic, as ``heats.services`` does:

- ``core``: new events, player keys, held tables, the semi-final list's inputs
  and ``event_advancement``;
- ``results``: result entry per table, ties, level-1 checks (``checks``);
- ``rounds``: the semi-final and final rounds, their check-in, seating, results
  and the laurels;
- ``imports`` (with ``import_plan``): the results CSV import;
- ``publishing``: the published semi-final list; ``standings``: the public
  standings; ``finals``, ``substitutes``, ``tiebreak``: the final's field,
  semi-final no-shows, tie suggestions; ``players``: names corrected and
  duplicates merged; ``transfer``: one event exported and imported.

The names of ``core`` and the import's entry point are importable from here.
"""

from scoring.services.core import (  # noqa: F401
    HeatSeatRow,
    HeldTable,
    absent_ids,
    event_advancement,
    event_draw,
    heat_seat_rows,
    heat_tables,
    held_labels,
    held_tables,
    new_event,
    player_names,
    require_no_held_heats,
    resolve_absent,
)
from scoring.services.imports import ImportSummary, import_results  # noqa: F401
