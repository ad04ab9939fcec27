"""Results operations: load rows, call the pure code, save inside a transaction.

Views and management commands are thin wrappers over these functions (STYLE.md);
every change is written to the event's audit log with who and when. The package
splits them by topic, as ``heats.services`` does:

- ``core``: new events, their settings and deletion, player names, tables held
  for a rules check, and the semi-final list's inputs (``event_advancement``);
- ``results``: a table's results (``result_records``: its seats' records as
  a save writes them); ``ties``: ties for first and the GM's declaration;
  ``result_status``: the one writer of
  ``Table.result_status``; ``rules_checks``: level-1 findings, scoresheets;
- ``results_import`` (``saved``, ``plan``, ``write``, ``summary``): the
  results CSV import;
- ``semi_final``: the semi-final and final rounds, check-in and seating;
  ``final``: the final's field and fill; ``laurels``: places 1-6;
  ``substitutes``: semi-final no-shows;
- ``publishing``: the published list (``PublishedEntry`` rows);
  ``standings``: the public standings; ``room``: the kiosk's read model;
- ``spreadsheets``: the results export; ``printing``: the printables' data;
- ``players``: names corrected and duplicates merged; ``transfer``: one event
  exported and imported, its file checked whole first (``transfer_schema``: the
  schema the models give; ``transfer_check``: the file against it and its rows
  against each other); ``demo``: the bundled demo event.

The names of ``core`` and the import's entry point are importable from here.
"""

from scoring.services.core import (  # noqa: F401
    EventGoneError,
    HeatSeatRow,
    HeldTable,
    absent_ids,
    edit_event,
    event_advancement,
    event_draw,
    heat_seat_rows,
    heat_tables,
    held_labels,
    held_tables,
    new_event,
    player_names,
    remove_event,
    require_no_held_heats,
    resolve_absent,
)
from scoring.services.results_import.summary import ImportSummary  # noqa: F401
from scoring.services.results_import.write import (  # noqa: F401
    import_into_new_event,
    import_results,
)
