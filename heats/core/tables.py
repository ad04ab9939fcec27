"""A table's state as every page reads it, whatever app keeps it.

Words:
- *result status* (``ResultStatus``): where a table's results stand. ``owed``:
  not every seat has its result yet; ``in``: every result is in; ``tie``: in, with
  a tie for first the GM has not declared (tournament.md, Recording a table: every
  tied player counts as a winner until then); ``check``: in, but held back from the
  public for rules warnings no GM has acknowledged (rules.md, Verifying).

Pure: no Django import. Stored on ``heats.models.Table.result_status``.
"""

from __future__ import annotations

from enum import StrEnum


class ResultStatus(StrEnum):
    """Where a table's results stand (see the module's words)."""

    OWED = "owed"
    IN = "in"
    TIE = "tie"
    CHECK = "check"


STATUS_LABELS = {
    ResultStatus.OWED: "results owed",
    ResultStatus.IN: "results in",
    ResultStatus.TIE: "tie for first to declare",
    ResultStatus.CHECK: "rules warnings to acknowledge",
}
