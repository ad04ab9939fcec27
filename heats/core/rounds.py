"""Rounds: the stages of an event and the one way they are written, said and ordered.

Words (tournament.md, "Words"):
- *kind*: ``heat``, ``semi`` (the semi-final) or ``final``;
- *code*: the round as written in URLs, commands and the results CSV: the heat
  number ("2"), ``semi`` or ``final`` (formats.md, Results CSV, column ``heat``);
- *label*: the round as pages say it: "Heat 2", "Semi-final", "Final";
- *short label*: the round in a narrow column: "H2", "SF", "F";
- *ordinal*: a number that sorts the rounds as they are played: every heat, then
  the semi-final, then the final (stored on ``Round.ordinal``, so the database sorts
  them and no page re-sorts by hand).

Pure: no Django import.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from heats.core.i18n import gettext_noop

# The largest heat number a code may carry: far above any convention (WBC Medici
# ran 3 or 4 heats), low enough that the ordinals of the semi-final and the final
# stay above every heat's.
MAX_HEAT = 999
SEMI_ORDINAL = MAX_HEAT + 1
FINAL_ORDINAL = MAX_HEAT + 2
_HEAT = re.compile(r"[0-9]{1,3}")
# Spellings of the semi-final a GM or a spreadsheet writes (formats.md).
_SEMI = {"semi", "semi-final", "semifinal"}


class RoundKind(StrEnum):
    """The stages of an event, as stored (``Round.kind``)."""

    HEAT = "heat"
    SEMI = "semi"
    FINAL = "final"


KIND_LABELS = {
    RoundKind.HEAT: "Heat",
    RoundKind.SEMI: gettext_noop("Semi-final"),
    RoundKind.FINAL: gettext_noop("Final"),
}
# A heat as pages say it; the message each catalogue translates.
HEAT_LABEL = gettext_noop("Heat %(number)s")


class RoundCodeError(ValueError):
    """A text that names no round; ``str()`` says what was given and what is
    expected."""


@dataclass(frozen=True)
class RoundCode:
    """One round of an event: its kind and, for a heat, its 1-based number
    (1 for the semi-final and the final).

    Ordered as the rounds are played (``ordinal``): ``RoundCode.parse("3") <
    RoundCode.parse("semi") < RoundCode.parse("final")``.
    """

    kind: str
    number: int = 1

    def __post_init__(self) -> None:
        if self.kind not in set(RoundKind):
            raise RoundCodeError(f"unknown round kind {self.kind!r}")
        if not 1 <= self.number <= (MAX_HEAT if self.kind == RoundKind.HEAT else 1):
            raise RoundCodeError(f"no {self.kind} numbered {self.number}")

    @classmethod
    def parse(cls, text: str, *, max_heat: int = MAX_HEAT) -> RoundCode:
        """``"2"`` -> heat 2; ``"semi"``, ``"Semi-final"`` -> the semi-final;
        ``"final"`` -> the final. Spaces and case are ignored.

        Raises RoundCodeError for anything else, heat 0 and heats over
        ``max_heat`` included.
        """
        value = str(text).strip().lower()
        if value in _SEMI:
            return cls(RoundKind.SEMI)
        if value == RoundKind.FINAL:
            return cls(RoundKind.FINAL)
        if _HEAT.fullmatch(value) and 1 <= int(value) <= max_heat:
            return cls(RoundKind.HEAT, int(value))
        raise RoundCodeError(
            f"unknown round {str(text).strip()!r} (a heat number 1–{max_heat}, "
            "semi or final)"
        )

    @property
    def is_heat(self) -> bool:
        """True for a heat."""
        return self.kind == RoundKind.HEAT

    @property
    def code(self) -> str:
        """As written in URLs, commands and the CSV: "2", "semi", "final"."""
        return str(self.number) if self.is_heat else str(self.kind)

    @property
    def label(self) -> str:
        """As pages say it, in English: "Heat 2", "Semi-final", "Final"."""
        message, fields = self.label_message
        return message % fields

    @property
    def label_message(self) -> tuple[str, dict[str, int]]:
        """The label as a message to translate and its fields:
        ``("Heat %(number)s", {"number": 2})``, ``("Semi-final", {})``."""
        if self.is_heat:
            return HEAT_LABEL, {"number": self.number}
        return KIND_LABELS[RoundKind(self.kind)], {}

    @property
    def short_label(self) -> str:
        """In a narrow column: "H2", "SF", "F"."""
        if self.is_heat:
            return f"H{self.number}"
        return "SF" if self.kind == RoundKind.SEMI else "F"

    @property
    def ordinal(self) -> int:
        """Heats 1..999 by number, then the semi-final, then the final."""
        if self.is_heat:
            return self.number
        return SEMI_ORDINAL if self.kind == RoundKind.SEMI else FINAL_ORDINAL

    def __lt__(self, other: RoundCode) -> bool:
        return self.ordinal < other.ordinal

    def __str__(self) -> str:
        return self.code


def round_ordinal(kind: str, number: int) -> int:
    """The sort key of a round: every heat by number, then semi-final, then final."""
    return RoundCode(kind, number).ordinal
