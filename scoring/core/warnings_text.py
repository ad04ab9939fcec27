"""The warnings the advancement core writes on a list, as registered reasons.

Pure module: no Django import. A *warning* is an English line stored with a
posted list and shown to the GM and on the public list ("provisional: no
results for heat 2 table 5"). Warnings are reasons (``scoring.core.reasons``):
their templates are marked with ``gettext_noop`` and registered into the same
registry, so ``reasons.parse`` reads them back and the edge translates them
(``scoring.wording.translate_reason``). ``scoring.core.reasons`` imports this
module, so they are registered whenever reasons are.

Field kinds of their own: a list of names (kept whole), the die's seed in its
quotes and tables' sizes ("5+5+4"), all kept as they are; a die roll's list of
winners is read item by item and joined by ``COMMA``.
"""

from __future__ import annotations

import re

from heats.core.i18n import gettext_noop
from scoring.core import reasons
from scoring.core.reasons import (
    HMW_RANK_BY,
    ID,
    NAME,
    NUMBER,
    REASON,
    Kind,
    register,
    register_message,
)

NAMES = Kind(r".+", name="names", open=True)
"""Players' names joined by ", " ("Ann, Bo (2)"), as the warnings list them:
kept as they are, never cut (a name may hold ", ")."""
SEED = Kind(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", name="seed")
"""The event's die seed as ``seed_field`` writes it, in quotes ("'7'"): kept."""
SIZES = Kind(r"\d+(?:\+\d+)*", name="sizes")
"""Tables' sizes, "5+5+4": kept as they are."""


def seed_field(seed: str) -> str:
    """The die's seed as warnings name it, in Python's quotes: "7" -> "'7'"."""
    return repr(seed)


def within(template: str) -> Kind:
    """A field holding a line of the registered ``template`` and nothing else
    (a nested reason whose text is closed: its own pattern, not any text)."""
    pattern = re.sub(r"\(\?P<\w+>", "(?:", reasons.REGISTRY[template].regex.pattern)
    return Kind(pattern, name="reason", required=True)


COMMA = register_message(
    # Translators: two items of a list, or a list so far and one more item,
    # e.g. "Ann (HMW rank 7 (8: die roll)), Bo (HMW rank 8 (8: die roll))".
    gettext_noop("%(first)s, %(second)s"),
    first=NAME,
    second=NAME,
)

# A table's places (scoring.core.places), shown after "heat 1 table 3: ".
TIE_UNRESOLVED = register(
    # Translators: the field is a list of players' names.
    gettext_noop("tie for first unresolved (%(names)s): all count as winners"),
    names=NAMES,
)
DECLARED_NOT_TIED = register(
    gettext_noop("declared winner not tied for first, ignored: %(names)s"),
    names=NAMES,
)
DECLARED_SEVERAL = register(
    gettext_noop("several players declared the winner (%(names)s), ignored"),
    names=NAMES,
)

# The list as a whole (scoring.core.advancement).
NO_RESULTS_YET = register(gettext_noop("no heat results yet"))
TABLE_WARNING = register(
    # Translators: a warning about one heat table, e.g. "heat 1 table 3: tie
    # for first unresolved (Ann, Bo): all count as winners".
    gettext_noop("heat %(heat)s table %(table)s: %(warning)s"),
    heat=ID,
    table=ID,
    warning=REASON,
)
PROVISIONAL = register(
    gettext_noop("provisional: no results for heat %(heat)s table %(table)s"),
    heat=ID,
    table=ID,
)
NEVER_IN_A_HEAT = register(
    # Translators: players marked absent who played no heat; then their names.
    gettext_noop("absent but never in a heat: %(names)s"),
    names=NAMES,
)

# Winners cut by HMW (scoring.core.hmw).
WINNERS_CUT = register(
    gettext_noop("%(present)s winners present for %(seats)s seats: %(cut)s cut by HMW"),
    present=NUMBER,
    seats=NUMBER,
    cut=NUMBER,
)
HMW_RANK_FIELD = within(HMW_RANK_BY)
"""An HMW rank and the level that fixed it, as a closed field (a winner's line
of a die roll's warning ends with it)."""
DIE_DECIDED_ITEM = register_message(
    # Translators: a winner whose HMW rank the die decided: "Ann (HMW rank 7
    # (8: die roll))".
    gettext_noop("%(name)s (%(reason)s)"),
    name=NAME,
    reason=HMW_RANK_FIELD,
)
DIE_DECIDED = register(
    # Translators: "die roll (seed '7') decided Ann (HMW rank 7 (8: die roll)),
    # Bo (...)": the seed is kept in its quotes.
    gettext_noop("die roll (seed %(seed)s) decided %(players)s"),
    seed=SEED,
    players=Kind(
        r".+",
        name="list",
        open=True,
        item=DIE_DECIDED_ITEM,
        split=r"(?<=\)\)), ",
        join=COMMA,
    ),
)

# Alternates (scoring.core.alternates).
SEATS_LEFT_EMPTY = register(
    # Translators: "seat(s)": the count may be 1 or more.
    gettext_noop(
        "%(count)s seat(s) left empty: no second or third place left to call "
        "(every one is seated, a winner or absent)"
    ),
    count=NUMBER,
)
DIE_PLACED = register(
    # Translators: the seed is kept in its quotes; then players' names.
    gettext_noop("die roll (seed %(seed)s) placed alternates %(names)s"),
    seed=SEED,
    names=NAMES,
)
TIE_AGAINST_MISSING = register(
    # Translators: the field is a list of players' names.
    gettext_noop("tie broken against a missing day score: %(names)s"),
    names=NAMES,
)

# The semi-final's size (scoring.core.formats).
SHORT_TABLES = register(
    # Translators: "semi-final of 25: 1 seat(s) no alternate can fill, so 24
    # play in 5 tables (5+5+5+5+4)": the last field is the tables' sizes.
    gettext_noop(
        "semi-final of %(semi)s: %(empty)s seat(s) no alternate can fill, so "
        "%(listed)s play in %(tables)s tables (%(sizes)s)"
    ),
    semi=NUMBER,
    empty=NUMBER,
    listed=NUMBER,
    tables=NUMBER,
    sizes=SIZES,
)
SHORT_NO_TABLE = register(
    gettext_noop(
        "semi-final of %(semi)s: %(empty)s seat(s) no alternate can fill, so "
        "%(listed)s play in %(tables)s tables (no table)"
    ),
    semi=NUMBER,
    empty=NUMBER,
    listed=NUMBER,
    tables=NUMBER,
)
FEW_FOR_FINAL = register(
    # Translators: "heats winners only" is the event's format.
    gettext_noop(
        "%(count)s winner(s) for the final: heats winners only calls no "
        "alternate, so the GM decides how the final is played"
    ),
    count=NUMBER,
)
SIZE_SET = register(gettext_noop("semi-final size %(size)s set by the GM"), size=NUMBER)
LIST_HOLDS = register(
    # Translators: "the list holds 26 for 25 seats": players listed, seats.
    gettext_noop("the list holds %(listed)s for %(seats)s seats"),
    listed=NUMBER,
    seats=NUMBER,
)
