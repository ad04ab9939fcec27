"""Results writers: load rows, call the pure code, save inside a transaction.

Views and management commands are thin wrappers over these functions
(docs/architecture.md); every change is written to the event's audit log with
who and when. What only reads and computes read models is ``scoring.queries``.
The package splits the writers by topic, as ``heats.services`` does:

- ``events``: new events, their settings and deletion;
- ``results``: a table's results (``result_records``: its seats' records as
  a save writes them); ``ties``: ties for first and the GM's declaration;
  ``result_status``: the one writer of
  ``Table.result_status``; ``rules_checks``: level-1 findings, scoresheets;
- ``results_import`` (``saved``, ``plan``, ``write``, ``summary``): the
  results CSV import;
- ``semi_final``: the semi-final and final rounds, check-in and seating;
  ``final_seating``: the final's fill decided, the final seated;
  ``substitutes``: semi-final no-shows;
- ``publishing``: the published list (``PublishedEntry`` rows);
- ``reports``, ``report_rates``: players' reports of their
  table's result; ``report_links``: the tables' report links;
- ``players``: names corrected and duplicates merged; ``transfer``: one event
  exported and imported, its file checked whole first (``transfer_schema``: the
  schema the models give; ``transfer_check``: the file against it and its rows
  against each other); ``demo``: the bundled demo event.

Import each name from its module (``from scoring.services.results import
save_table_results``); this package re-exports nothing.
"""
