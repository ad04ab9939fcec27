"""The paper an event prints on: A4, or US Letter where Letter is the norm.

Words:
- *paper*: ``"a4"`` (210 × 297 mm) or ``"letter"`` (8.5 × 11 in), the two sizes
  every print button and ``print_pdf`` lay out for;
- *Letter zone*: a time zone of the Americas or its legacy Canada/US names
  (``America/New_York``, ``Canada/Eastern``, ``US/Pacific``): an event held
  there prints on Letter by default, any other on A4. The choice is the
  event's own setting afterwards (a European event run from a US server still
  prints A4).

Pure: no Django import.
"""

from __future__ import annotations

A4 = "a4"
LETTER = "letter"
PAPERS = (A4, LETTER)
LETTER_ZONE_PREFIXES = ("America/", "Canada/", "US/")


def paper_for_zone(zone: str) -> str:
    """The paper a new event held in time zone ``zone`` prints on:
    ``"letter"`` for a Letter zone, else ``"a4"``."""
    return LETTER if zone.startswith(LETTER_ZONE_PREFIXES) else A4
