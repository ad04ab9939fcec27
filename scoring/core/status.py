"""A table's result status worked out from its records (``heats.core.tables``).

Pure: no Django import. ``scoring.services.result_status`` loads the rows and
writes the status; the migration that filled it for existing tables uses this
same function.
"""

from __future__ import annotations

from collections.abc import Sequence

from heats.core.tables import ResultStatus


def result_status(seats: int, places: Sequence[int], *, held: bool) -> ResultStatus:
    """The status of a table with ``seats`` seats whose saved records have
    ``places`` (one per record, any order), ``held`` when it has rules findings
    no GM has acknowledged.

    Owed until every seat has a record (a table with no seat owes nothing yet
    either); then ``check`` while held, ``tie`` while more than one record is at
    place 1 (a declared winner is alone at place 1: tournament.md, Recording a
    table), else ``in``.
    """
    if seats == 0 or len(places) < seats:
        return ResultStatus.OWED
    if held:
        return ResultStatus.CHECK
    if sum(1 for place in places if place == 1) > 1:
        return ResultStatus.TIE
    return ResultStatus.IN
