"""The advancement reasons' templates as they were registered for reading
back (frozen: ``scoring.legacy_text.registry``): every line the advancement core
wrote beside a player on a list, a laurel or a tie, and the final's fill
summary, as stored (published lists, ``FinalFill.summary``, event files of
version 1) before reasons were stored as data. The list warnings' templates are
registered by ``scoring.legacy_text.warnings``, which imports this module."""

from __future__ import annotations

import re
from collections.abc import Iterable

from scoring.legacy_text.registry import Kind as Kind
from scoring.legacy_text.registry import Registry

REASONS = Registry(longest_first=False)
"""The reasons' (and warnings') templates, in registration order."""

NUMBER = Kind(r"\d+", name="number")
"""Florins or a count: the edge writes the number as the language does."""
ID = Kind(r"\d+", name="id")
"""A heat, table, rank or call number: kept as it is (a name, not a quantity)."""
HEATS = Kind(r"\d+(?:, \d+)*", name="heats")
"""Heat numbers, "1, 2": kept as they are."""
PERCENT = Kind(r"\d+(?:\.\d+)?%", name="percent")
"""A percentage as ``percent_field`` writes it, "96.9%"."""
SCORES = Kind(r"\d+(?: to \d+)+", name="scores")
"""Florin scores best first, as ``scores_field`` writes them: "61 to 58"."""
REASON = Kind(r".+", name="reason", required=True, open=True)
"""A registered reason inside another ("alternate 1: <reason>")."""
FREE = Kind(r".+", name="text", nested=True, open=True)
"""The GM's own words (a tie's reason): kept as typed unless registered."""
NAME = Kind(r".+", name="name", open=True)
"""A player's name, or names and florins: kept as they are."""


def phrase(choices: Iterable[str]) -> Kind:
    """A field holding one of ``choices`` (registered templates without
    fields, e.g. the HMW levels)."""
    options = tuple(choices)
    longest_first = sorted(options, key=len, reverse=True)
    return Kind(
        "|".join(re.escape(c) for c in longest_first), name="phrase", choices=options
    )


def register(text: str, **fields: Kind) -> str:
    """Register the reason template ``text``; returns it."""
    return REASONS.add(text, fields)


def register_message(text: str, **fields: Kind) -> str:
    """Register ``text`` as written only, never read back."""
    return REASONS.add(text, fields, parsable=False)


def _phrases(*texts: str) -> tuple[str, ...]:
    return tuple(register(t) for t in texts)


# --- Phrases: templates without fields, named inside other reasons. ---------

# The eight HMW tie-break levels (tournament.md, Advancement, 2.1-2.8).
HMW_LEVELS = _phrases(
    ("most heat wins"),
    ("win in first heat entered"),
    ("win in second heat entered"),
    ("win in third heat entered"),
    ("win in fourth heat entered"),
    ("largest margin of victory"),
    ("best average finish"),
    ("die roll"),
)

# The alternates' levels (Advancement, 3); reasons name "day 2 %" and "day 1 %".
ALTERNATE_LEVELS = (
    ("place"),
    ("final %"),
    *_phrases(
        ("day 2 %"),
        ("day 1 %"),
    ),
    ("die roll"),
)

# The tie-break days of a tie for first (scoring.core.tiebreak).
DAY_LABELS = _phrases(("after day 2"), ("after day 1"))

# The event's format names (heats.core.formats).

# --- Heat winners (scoring.core.hmw). ----------------------------------------

HEAT_WINNER = register(("heat %(heat)s table %(table)s winner"), heat=ID, table=ID)
DOUBLE_WINNER = register(("double winner (heats %(heats)s)"), heats=HEATS)
TRIPLE_WINNER = register(("triple winner (heats %(heats)s)"), heats=HEATS)
QUADRUPLE_WINNER = register(("quadruple winner (heats %(heats)s)"), heats=HEATS)
MANY_TIMES_WINNER = register(
    ("%(count)s-time winner (heats %(heats)s)"),
    count=NUMBER,
    heats=HEATS,
)
HMW_RANK = register(("HMW rank %(rank)s"), rank=ID)
HMW_RANK_BY = register(
    ("HMW rank %(rank)s (%(level)s: %(criterion)s)"),
    rank=ID,
    level=ID,
    criterion=phrase(HMW_LEVELS),
)
ADDED_BY_GM = register("added by the GM")
ABSENT = register(
    ("absent: %(reason)s"),
    reason=REASON,
)

# --- Alternates (scoring.core.alternates, scoring.core.places). --------------

CUT_WINNER = register(
    ("cut winner, %(reason)s"),
    reason=REASON,
)
ALTERNATE = register(
    ("alternate %(number)s: %(detail)s"),
    number=ID,
    detail=REASON,
)
PASSED_OVER = register(
    ("absent, passed over: %(detail)s"),
    detail=REASON,
)

_LEVEL = phrase(ALTERNATE_LEVELS[2:4])
# A candidate's best finish (``BestFinish.describe``): [second, third place] x
# [plain, die roll, tie-break level, tie-break level with a missing day].
SECOND = register(
    ("%(percent)s of winner, heat %(heat)s table %(table)s"),
    percent=PERCENT,
    heat=ID,
    table=ID,
)
THIRD = register(
    ("%(percent)s of winner, heat %(heat)s table %(table)s, third place"),
    percent=PERCENT,
    heat=ID,
    table=ID,
)
SECOND_DIE = register(
    ("%(percent)s of winner, heat %(heat)s table %(table)s, die roll"),
    percent=PERCENT,
    heat=ID,
    table=ID,
)
THIRD_DIE = register(
    ("%(percent)s of winner, heat %(heat)s table %(table)s, third place, die roll"),
    percent=PERCENT,
    heat=ID,
    table=ID,
)
SECOND_TIE = register(
    ("%(percent)s of winner, heat %(heat)s table %(table)s, tie broken by %(level)s"),
    percent=PERCENT,
    heat=ID,
    table=ID,
    level=_LEVEL,
)
THIRD_TIE = register(
    (
        "%(percent)s of winner, heat %(heat)s table %(table)s, third place, "
        "tie broken by %(level)s"
    ),
    percent=PERCENT,
    heat=ID,
    table=ID,
    level=_LEVEL,
)
SECOND_TIE_UNRECORDED = register(
    (
        "%(percent)s of winner, heat %(heat)s table %(table)s, tie broken by "
        "%(level)s (not recorded)"
    ),
    percent=PERCENT,
    heat=ID,
    table=ID,
    level=_LEVEL,
)
THIRD_TIE_UNRECORDED = register(
    (
        "%(percent)s of winner, heat %(heat)s table %(table)s, third place, "
        "tie broken by %(level)s (not recorded)"
    ),
    percent=PERCENT,
    heat=ID,
    table=ID,
    level=_LEVEL,
)

# --- Laurels (scoring.core.laurels). -----------------------------------------

ALTERNATE_WON = register(
    ("won semi-final table %(table)s as an alternate (cannot advance)"),
    table=ID,
)
FINAL_FLORINS = register(
    ("final, %(florins)s florins"),
    florins=NUMBER,
)
FINAL_TIE = register(
    ("final, %(florins)s florins; tie for first decided by the GM: %(reason)s"),
    florins=NUMBER,
    reason=FREE,
)
RUNNER_UP = register(
    ("semi-final runner-up, %(percent)s of the winner at table %(table)s"),
    percent=PERCENT,
    table=ID,
)
RUNNER_UP_DIE = register(
    ("semi-final runner-up, %(percent)s of the winner at table %(table)s, die roll"),
    percent=PERCENT,
    table=ID,
)

# --- Ties for first (scoring.core.tiebreak). ---------------------------------

MORE_FLORINS = {
    DAY_LABELS[0]: register(
        ("more florins after day 2 (%(scores)s)"),
        scores=SCORES,
    ),
    DAY_LABELS[1]: register(("more florins after day 1 (%(scores)s)"), scores=SCORES),
}
TIE_DECIDED = register(
    ("tie — decided by the GM: %(reason)s"),
    reason=FREE,
)
TIE_DECIDED_BARE = register("tie — decided by the GM")

# The facts about a tie the GM is shown (``TieFact.text``, ``TieSuggestion``).
SUGGESTED = {
    DAY_LABELS[0]: register(
        ("Suggested winner: %(name)s (more florins after day 2)."),
        name=NAME,
    ),
    DAY_LABELS[1]: register(
        ("Suggested winner: %(name)s (more florins after day 1)."),
        name=NAME,
    ),
}
UNDECIDED = register(
    "The recorded day scores do not decide this tie (the rule books give "
    "no further tie-break): the GM decides."
)
NOT_RECORDED = {
    DAY_LABELS[0]: register(
        ("Florins after day 2 not recorded for %(names)s: no decision."),
        names=NAME,
    ),
    DAY_LABELS[1]: register(
        ("Florins after day 1 not recorded for %(names)s: no decision."),
        names=NAME,
    ),
}
FAVOUR = {
    DAY_LABELS[0]: register_message(
        ("Florins after day 2 favour %(name)s (%(scores)s)."),
        name=NAME,
        scores=NAME,
    ),
    DAY_LABELS[1]: register_message(
        ("Florins after day 1 favour %(name)s (%(scores)s)."),
        name=NAME,
        scores=NAME,
    ),
}
LEVEL = {
    DAY_LABELS[0]: register_message(
        ("Florins after day 2: %(names)s level at %(best)s (%(scores)s): no decision."),
        names=NAME,
        best=NUMBER,
        scores=NAME,
    ),
    DAY_LABELS[1]: register_message(
        ("Florins after day 1: %(names)s level at %(best)s (%(scores)s): no decision."),
        names=NAME,
        best=NUMBER,
        scores=NAME,
    ),
}
AND = register_message(
    ("%(first)s and %(second)s"),
    first=NAME,
    second=NAME,
)


# --- The final's field (scoring.services.final): the GM's decision. ---------

RUNNER_UP_ADDED = register_message(
    ("%(name)s (runner-up, %(percent)s)"),
    name=NAME,
    percent=PERCENT,
)
RUNNERS_UP = Kind(
    r".+", name="list", open=True, item=RUNNER_UP_ADDED, split=r"(?<=%\)) and "
)
"""Runners-up added, "Ann (runner-up, 97.5%) and Bo (runner-up, 90.0%)" (a
name holding "%) and " would be cut there)."""
FILL_RUNNERS_UP = {
    1: register(
        ("Final: %(count)s semi-final winner + %(added)s added by the GM"),
        count=NUMBER,
        added=RUNNERS_UP,
    ),
    2: register(
        ("Final: %(count)s semi-final winners + %(added)s added by the GM"),
        count=NUMBER,
        added=RUNNERS_UP,
    ),
}
FILL_OF_THREE = register(
    ("Final: %(count)s semi-final winners, played as a final of 3 (the GM's decision)"),
    count=NUMBER,
)
