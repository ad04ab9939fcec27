"""Printables (PDF): table assignments, scoresheets, timer rules, bracket, report.

Pure package: no Django import. Each builder is a function from the dataclasses
of :mod:`scoring.pdf.data` to the PDF's bytes; ``scoring.queries.printing`` loads the
data from the database (tournament.md, "What people see": Printables) and builds in
the language to print in: the builders' own words are translated as they are set
(:mod:`scoring.pdf.words`), the data comes already in that language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scoring.pdf import assignments, bracket, report, scoresheets, timer_rules

ROUND_KINDS = ("assignments", "scoresheets")
EVENT_KINDS = ("timer-rules", "bracket", "report")
KINDS = ROUND_KINDS + EVENT_KINDS

BUILDERS: dict[str, Callable[[Any, str], bytes]] = {
    "assignments": assignments.build,
    "scoresheets": scoresheets.build,
    "timer-rules": timer_rules.build,
    "bracket": bracket.build,
    "report": report.build,
}
