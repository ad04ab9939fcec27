"""Tie-break orders: the HMW tie-breakers a GM announced for ranking heat winners
(tournament.md, Advancement, 2), each a published order with its source.

Words:

tie-break order
    An event setting (``Event.tiebreaks``), shown wherever the advancement is
    shown (standings, kiosk, bracket, report, the advancement's JSON):

    - ``bpa`` (the default; tournament.md, Advancement, 2.1-2.8, the BPA's
      eight levels): most heat wins; a win in the first, second, third,
      fourth heat entered; the largest margin of victory; the best average
      finish; a die roll;
    - ``margin-die`` (WBC 2018's GM, the event preview: "margin of victory
      between the winner and runner-up in a game. If still tied, high die roll
      advances"): the same levels through the margin of victory, then a die
      roll, without the best average finish.
level
    One tie-breaker of an order, numbered from 1 in that order (under
    ``margin-die`` the die roll is level 7).
name
    The order as a line of text says it: "WBC 2018 (margin, then die)", so a
    page prints "Tie-breakers: WBC 2018 (margin, then die)".

Pure: no Django import.
"""

from __future__ import annotations

from heats.core.i18n import gettext_noop

BPA = "bpa"
MARGIN_DIE = "margin-die"
DEFAULT_TIEBREAKS = BPA
TIEBREAKS = (BPA, MARGIN_DIE)

# Marked for the catalogues: the edge translates them where it shows them.
TIEBREAK_NAMES = {
    # Translators: the standard HMW tie-breakers' name, shown after
    # "Tie-breakers: ".
    BPA: gettext_noop("BPA standard (margin, average finish, then die)"),
    # Translators: the tie-breakers WBC 2018's GM announced, shown after
    # "Tie-breakers: ".
    MARGIN_DIE: gettext_noop("WBC 2018 (margin, then die)"),
}

TIEBREAK_CHOICES = {
    BPA: gettext_noop(
        "BPA standard: most wins, wins in the first heats entered, margin of "
        "victory, best average finish, then a die roll"
    ),
    MARGIN_DIE: gettext_noop(
        "WBC 2018: most wins, wins in the first heats entered, margin of victory, "
        "then a die roll (no average finish)"
    ),
}

# Where each order was published (shown beside the setting; English only: the
# sources are quoted as they were written).
TIEBREAK_SOURCES = {
    BPA: "tournament.md, Advancement, 2 (the BPA's HMW tie-breakers)",
    MARGIN_DIE: (
        'WBC 2018 event preview: "margin of victory between the winner and '
        'runner-up in a game. If still tied, high die roll advances"'
    ),
}

# Translators: "Tie-breakers: WBC 2018 (margin, then die)"; the field is an
# order's name.
TIEBREAK_LINE = gettext_noop("Tie-breakers: %(name)s")


def check_tiebreaks(code: str) -> None:
    """ValueError naming the orders when ``code`` is not one of them."""
    if code not in TIEBREAKS:
        raise ValueError(
            f"unknown tie-break order {code!r} (orders: {', '.join(TIEBREAKS)})"
        )


def tiebreak_line(code: str) -> str:
    """``"margin-die"`` -> ``"Tie-breakers: WBC 2018 (margin, then die)"``, the
    line pages and printables show (English). ValueError for an unknown order."""
    check_tiebreaks(code)
    return TIEBREAK_LINE % {"name": TIEBREAK_NAMES[code]}
