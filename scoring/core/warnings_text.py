"""The warnings the advancement core writes on a list, as reason templates.

Pure module: no Django import. A *warning* is a line stored with a posted list
and shown to the GM and on the public list ("provisional: no results for heat 2
table 5"). Warnings are reasons (``scoring.core.reasons``): templates marked
with ``gettext_noop``, written as messages by ``reasons.reason`` and stored as
data, so the edge translates them (``heats.translate``). A warning counting
seats or winners has plural forms (``ngettext_noop``, written by
``reasons.counted``); each replaces the "(s)" text stored before
(``heats.core.message.replaces``).

Fields of their own: players' names joined by ", " (kept whole: a name may
hold ", "), the die's seed in its quotes (:func:`seed_field`) and tables'
sizes ("5+5+4"), all text kept as it is; a die roll's list of winners is
joined item by item by ``COMMA``.
"""

from __future__ import annotations

from heats.core.i18n import gettext_noop, ngettext_noop
from heats.core.message import replaces


def seed_field(seed: str) -> str:
    """The die's seed as warnings name it, in Python's quotes: "7" -> "'7'"."""
    return repr(seed)


COMMA = (
    # Translators: two items of a list, or a list so far and one more item,
    # e.g. "Ann (HMW rank 7 (8: die roll)), Bo (HMW rank 8 (8: die roll))".
    gettext_noop("%(first)s, %(second)s")
)

# A table's places (scoring.core.places), shown after "heat 1 table 3: ".
TIE_UNRESOLVED = (
    # Translators: the field is a list of players' names.
    gettext_noop("tie for first unresolved (%(names)s): all count as winners")
)
DECLARED_NOT_TIED = gettext_noop(
    "declared winner not tied for first, ignored: %(names)s"
)
DECLARED_SEVERAL = gettext_noop(
    "several players declared the winner (%(names)s), ignored"
)

# The list as a whole (scoring.core.advancement).
NO_RESULTS_YET = gettext_noop("no heat results yet")
TABLE_WARNING = (
    # Translators: a warning about one heat table, e.g. "heat 1 table 3: tie
    # for first unresolved (Ann, Bo): all count as winners".
    gettext_noop("heat %(heat)s table %(table)s: %(warning)s")
)
PROVISIONAL = gettext_noop("provisional: no results for heat %(heat)s table %(table)s")
NEVER_IN_A_HEAT = (
    # Translators: players marked absent who played no heat; then their names.
    gettext_noop("absent but never in a heat: %(names)s")
)

# Winners cut by HMW (scoring.core.hmw).
WINNERS_CUT = gettext_noop(
    "%(present)s winners present for %(seats)s seats: %(cut)s cut by HMW"
)
DIE_DECIDED_ITEM = (
    # Translators: a winner whose HMW rank the die decided: "Ann (HMW rank 7
    # (8: die roll))".
    gettext_noop("%(name)s (%(reason)s)")
)
DIE_DECIDED = (
    # Translators: "die roll (seed '7') decided Ann (HMW rank 7 (8: die roll)),
    # Bo (...)": the seed is kept in its quotes.
    gettext_noop("die roll (seed %(seed)s) decided %(players)s")
)

# Alternates (scoring.core.alternates).
SEATS_LEFT_EMPTY = replaces(
    "%(count)s seat(s) left empty: no second or third place left to call "
    "(every one is seated, a winner or absent)",
    ngettext_noop(
        "%(count)s seat left empty: no second or third place left to call "
        "(every one is seated, a winner or absent)",
        "%(count)s seats left empty: no second or third place left to call "
        "(every one is seated, a winner or absent)",
    ),
    "count",
)
DIE_PLACED = (
    # Translators: the seed is kept in its quotes; then players' names.
    gettext_noop("die roll (seed %(seed)s) placed alternates %(names)s")
)
TIE_AGAINST_MISSING = (
    # Translators: the field is a list of players' names.
    gettext_noop("tie broken against a missing day score: %(names)s")
)

# The semi-final's size (scoring.core.formats).
SHORT_TABLES = replaces(
    "semi-final of %(semi)s: %(empty)s seat(s) no alternate can fill, so "
    "%(listed)s play in %(tables)s tables (%(sizes)s)",
    # Translators: "semi-final of 25: 1 seat no alternate can fill, so 24
    # play in 5 tables (5+5+5+5+4)": the last field is the tables' sizes; the
    # form follows "empty".
    ngettext_noop(
        "semi-final of %(semi)s: %(empty)s seat no alternate can fill, so "
        "%(listed)s play in %(tables)s tables (%(sizes)s)",
        "semi-final of %(semi)s: %(empty)s seats no alternate can fill, so "
        "%(listed)s play in %(tables)s tables (%(sizes)s)",
    ),
    "empty",
)
SHORT_NO_TABLE = replaces(
    "semi-final of %(semi)s: %(empty)s seat(s) no alternate can fill, so "
    "%(listed)s play in %(tables)s tables (no table)",
    # Translators: the form follows "empty".
    ngettext_noop(
        "semi-final of %(semi)s: %(empty)s seat no alternate can fill, so "
        "%(listed)s play in %(tables)s tables (no table)",
        "semi-final of %(semi)s: %(empty)s seats no alternate can fill, so "
        "%(listed)s play in %(tables)s tables (no table)",
    ),
    "empty",
)
FEW_FOR_FINAL = replaces(
    "%(count)s winner(s) for the final: heats winners only calls no "
    "alternate, so the GM decides how the final is played",
    # Translators: "heats winners only" is the event's format.
    ngettext_noop(
        "%(count)s winner for the final: heats winners only calls no "
        "alternate, so the GM decides how the final is played",
        "%(count)s winners for the final: heats winners only calls no "
        "alternate, so the GM decides how the final is played",
    ),
    "count",
)
SIZE_SET = gettext_noop("semi-final size %(size)s set by the GM")
WINNERS_PRESENT_SET = (
    # Translators: the GM's choice of size "the winners present" (WBC 2017);
    # "24 play in 5 tables (5+5+5+5+4)"; the last field is the GM's own words.
    gettext_noop(
        "semi-final of the winners present, set by the GM: %(listed)s play in "
        "%(tables)s tables (%(sizes)s), no alternate called; the GM's reason: "
        "%(reason)s"
    )
)
WINNERS_PRESENT_ASKED = (
    # Translators: as the line above, asked for without a reason (the
    # advancement command's --size winners).
    gettext_noop(
        "semi-final of the winners present: %(listed)s play in %(tables)s "
        "tables (%(sizes)s), no alternate called"
    )
)
LIST_HOLDS = (
    # Translators: "the list holds 26 for 25 seats": players listed, seats.
    gettext_noop("the list holds %(listed)s for %(seats)s seats")
)
