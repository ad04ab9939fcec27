"""The results CSV's columns and the bounds of its values, declared once for the
reader (``results_csv.read``) and the export (``scoring.queries.spreadsheets``).

Words (formats.md, Results CSV): a *column* is named in the header line, case and
surrounding spaces ignored; *required* columns must be present, *optional* ones may
be; any other column is ignored with a warning.

Pure: no Django import.
"""

from __future__ import annotations

import re

from heats.core.i18n import gettext_noop
from heats.core.layout import MAX_TABLE, MIN_TABLE
from heats.core.message import Message
from heats.core.rounds import MAX_HEAT as MAX_ROUND_NUMBER

REQUIRED = ("heat", "table", "player", "final")
OPTIONAL = ("seat", "badge", "day1", "day2", "place", "time_called", "tie_reason")
# The GM's reason for a tie for first settled by ``place`` is kept with the
# winner's record (``PlayerRecord.tie_reason`` holds as many characters).
TIE_REASON_MAX = 200
# A game has three days; time may be called on any of them (rules.md, A trading day).
DAYS = ("1", "2", "3")
# Any number of heats (tournament.md, Event formats): as many as a round may have,
# so an exported event with heat 100 or later imports back.
MAX_HEAT = MAX_ROUND_NUMBER
# A file's table seats what a seated table does (heats.core.layout).
MIN_SEATS = MIN_TABLE
MAX_SEATS = MAX_TABLE
WHOLE = re.compile(r"[+-]?[0-9]+")
# Far above any real value: a Medici game ends near 100-200 florins.
MAXIMUM = {"florins": 99_999, "table": 999, "seat": 999, "place": 6}
# What a number cell holds, for "'x' is not a whole number of florins" and
# "1000 is above 999, too large for a table number".
NOUN = {
    "florins": Message(gettext_noop("florins")),
    "table": Message(gettext_noop("a table number")),
    "seat": Message(gettext_noop("a seat number")),
}
NOUN["place"] = Message(gettext_noop("a place"))


# The export's column order: every column the reader knows, the round first.
COLUMNS = (
    "heat",
    "table",
    "seat",
    "player",
    "badge",
    "day1",
    "day2",
    "final",
    "place",
    "time_called",
    "tie_reason",
)
assert set(COLUMNS) == set(REQUIRED + OPTIONAL)
