"""The list warnings' templates as they were registered for reading back
(frozen: ``scoring.legacy_text.registry``), in the reasons' registry
(``scoring.legacy_text.reasons``): the lines stored in a published list's
``data["warnings"]`` before warnings were stored as data."""

from __future__ import annotations

import re

from scoring.legacy_text.reasons import (
    HMW_RANK_BY,
    ID,
    NAME,
    NUMBER,
    REASON,
    REASONS,
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
    pattern = re.sub(r"\(\?P<\w+>", "(?:", REASONS.templates[template].regex.pattern)
    return Kind(pattern, name="reason", required=True)


COMMA = register_message(
    ("%(first)s, %(second)s"),
    first=NAME,
    second=NAME,
)

# A table's places (scoring.core.places), shown after "heat 1 table 3: ".
TIE_UNRESOLVED = register(
    ("tie for first unresolved (%(names)s): all count as winners"),
    names=NAMES,
)
DECLARED_NOT_TIED = register(
    ("declared winner not tied for first, ignored: %(names)s"),
    names=NAMES,
)
DECLARED_SEVERAL = register(
    ("several players declared the winner (%(names)s), ignored"),
    names=NAMES,
)

# The list as a whole (scoring.core.advancement).
NO_RESULTS_YET = register("no heat results yet")
TABLE_WARNING = register(
    ("heat %(heat)s table %(table)s: %(warning)s"),
    heat=ID,
    table=ID,
    warning=REASON,
)
PROVISIONAL = register(
    ("provisional: no results for heat %(heat)s table %(table)s"),
    heat=ID,
    table=ID,
)
NEVER_IN_A_HEAT = register(
    ("absent but never in a heat: %(names)s"),
    names=NAMES,
)

# Winners cut by HMW (scoring.core.hmw).
WINNERS_CUT = register(
    ("%(present)s winners present for %(seats)s seats: %(cut)s cut by HMW"),
    present=NUMBER,
    seats=NUMBER,
    cut=NUMBER,
)
HMW_RANK_FIELD = within(HMW_RANK_BY)
"""An HMW rank and the level that fixed it, as a closed field (a winner's line
of a die roll's warning ends with it)."""
DIE_DECIDED_ITEM = register_message(
    ("%(name)s (%(reason)s)"),
    name=NAME,
    reason=HMW_RANK_FIELD,
)
DIE_DECIDED = register(
    ("die roll (seed %(seed)s) decided %(players)s"),
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
    (
        "%(count)s seat(s) left empty: no second or third place left to call "
        "(every one is seated, a winner or absent)"
    ),
    count=NUMBER,
)
DIE_PLACED = register(
    ("die roll (seed %(seed)s) placed alternates %(names)s"),
    seed=SEED,
    names=NAMES,
)
TIE_AGAINST_MISSING = register(
    ("tie broken against a missing day score: %(names)s"),
    names=NAMES,
)

# The semi-final's size (scoring.core.formats).
SHORT_TABLES = register(
    (
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
    (
        "semi-final of %(semi)s: %(empty)s seat(s) no alternate can fill, so "
        "%(listed)s play in %(tables)s tables (no table)"
    ),
    semi=NUMBER,
    empty=NUMBER,
    listed=NUMBER,
    tables=NUMBER,
)
FEW_FOR_FINAL = register(
    (
        "%(count)s winner(s) for the final: heats winners only calls no "
        "alternate, so the GM decides how the final is played"
    ),
    count=NUMBER,
)
SIZE_SET = register(("semi-final size %(size)s set by the GM"), size=NUMBER)
LIST_HOLDS = register(
    ("the list holds %(listed)s for %(seats)s seats"),
    listed=NUMBER,
    seats=NUMBER,
)
