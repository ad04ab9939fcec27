"""Event formats: how heat winners reach the semi-final and the final, as published
WBC Medici years ran them (tournament.md, "Event formats").

Words:

format
    An event setting (``Event.format``), shown wherever the advancement is shown
    (standings, kiosk, bracket, report, the advancement's JSON):

    - ``hmw``, *heats most wins* (the default, seed 001): the semi-final is one of
      the standard sizes 16/20/25/30/36, the smallest holding every present
      winner; empty seats go to alternates by percentage;
    - ``hmo``, *heats winners only* (WBC 2024: "HMO: Heats Winners Only …
      Semifinal 36, Final 6"): every present winner advances, pared to 36 and to
      the half cap by the HMW tie-breakers; no alternates; the semi-final is
      seated by the event's table-size rule.
name
    The format as a line of text says it: "heats winners only", so a page prints
    "Format: heats winners only".

Pure: no Django import.
"""

from __future__ import annotations

from heats.core.i18n import gettext_noop

HMW = "hmw"
HMO = "hmo"
DEFAULT_FORMAT = HMW
FORMATS = (HMW, HMO)

# Marked for the catalogues: the edge translates them where it shows them.
FORMAT_NAMES = {
    HMW: gettext_noop("heats most wins"),
    HMO: gettext_noop("heats winners only"),
}

FORMAT_CHOICES = {
    HMW: gettext_noop(
        "Heats most wins (HMW): a semi-final of 16, 20, 25, 30 or 36, empty seats "
        "filled by alternates"
    ),
    HMO: gettext_noop(
        "Heats winners only (HMO): every present winner, at most 36, no alternates"
    ),
}

# Translators: "Format: heats winners only"; the field is a format's name.
FORMAT_LINE = gettext_noop("Format: %(name)s")


def format_line(code: str) -> str:
    """``"hmo"`` -> ``"Format: heats winners only"``, the line pages and printables
    show (tournament.md, Event formats). ValueError for an unknown format."""
    if code not in FORMAT_NAMES:
        raise ValueError(f"unknown format {code!r} (formats: {', '.join(FORMATS)})")
    return FORMAT_LINE % {"name": FORMAT_NAMES[code]}
