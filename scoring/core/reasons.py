"""The reasons the advancement core writes, as registered English templates.

Pure module: no Django import. A *reason* is the English line the core writes
beside a player on a posted list, an alternate's call, a laurel place or a tie
("HMW rank 7 (2: win in first heat entered)", "alternate 1: 96.9% of winner,
heat 1 table 3", "tie — decided by the GM: <reason>"); the warnings on a list
are reasons too (``scoring.core.warnings_text``, registered when this module
is imported). Reasons are stored as English text (published lists, event
files) and compared in English, so the English never changes; the edge
translates them when it shows them (``scoring.wording.translate_reason``).

The machinery is ``heats.core.message``'s: each template, marked with
``gettext_noop``, is registered (:func:`register`) with its fields' kinds; the
core writes with :func:`reason`, :func:`parse` reads a line back (:class:`Parsed`).

Field kinds (:class:`Kind`, what the edge writes in the reader's language): a
number, an id (heat, table, rank or call number: kept), heats, a percentage,
florin scores compared ("61 to 58"), a phrase (a registered template without
fields, e.g. an HMW level), a nested reason, or free text (the GM's words: kept
unless a registered reason). Each template has at most one field of open text
and literal text around each field, so a line matches one way only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import reduce
from types import MappingProxyType
from typing import Any

from heats.core import message
from heats.core.formats import FORMAT_LINE, FORMAT_NAMES
from heats.core.i18n import gettext_noop
from heats.core.message import Parsed, Template, parsed

__all__ = [
    "ALTERNATE_LEVELS",
    "DAY_LABELS",
    "HMW_LEVELS",
    "REGISTRY",
    "Kind",
    "Parsed",
    "Template",
    "parse",
    "percent_field",
    "reason",
    "register",
    "scores_field",
]


@dataclass(frozen=True)
class Kind(message.Kind):
    """What a field holds (module docstring; ``nested``, ``required``: see
    :class:`heats.core.message.Kind`): ``name`` tells the edge how to write it;
    ``choices``: a phrase's registered templates; ``open``: any text (a reason,
    the GM's words, a name); ``item``: a list of lines of the template ``item``
    joined by ``join`` (:func:`joined`), cut where the regex ``split`` matches."""

    name: str = ""
    choices: tuple[str, ...] = ()
    open: bool = False
    item: str = ""
    split: str = ""
    join: str = ""

    def read(self, text: str, registry: message.Registry[Any]) -> Any:
        if self.choices:
            return Parsed(text)
        if self.item:  # a list of lines of ``item``: each must read
            item = registry.templates[self.item]
            parts = [registry.read(item, part) for part in re.split(self.split, text)]
            read = [part for part in parts if part is not None]
            return joined(read, self.join) if len(read) == len(parts) else None
        return super().read(text, registry)


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


_REASONS: message.Registry[Parsed] = message.Registry(parsed, longest_first=False)
REGISTRY: Mapping[str, Template] = MappingProxyType(_REASONS.templates)
"""Every registered template by its English text, in registration order."""
reason = _REASONS.write
"""``reason(template, **fields)``: a registered template's English line."""


def register(text: str, **fields: Kind) -> str:
    """Register the reason template ``text`` (already marked with
    ``gettext_noop``) with the kind of each of its ``%(name)s`` fields; return
    ``text``. ValueError when the fields named are not the template's, when it
    has two open fields, or two fields with no text between them."""
    if sum(kind.open for kind in fields.values()) > 1:
        raise ValueError(f"two fields of open text in {text!r}")
    if re.search(r"%\(\w+\)s%\(\w+\)s", text):
        raise ValueError(f"two fields side by side in {text!r}")
    return _register(text, fields, parsable=True)


def register_message(text: str, **fields: Kind) -> str:
    """Register ``text`` as a *message*: written by :func:`reason`, never read
    back by :func:`parse` (it may hold two open fields): text never stored."""
    return _register(text, fields, parsable=False)


def _register(text: str, fields: Mapping[str, Kind], *, parsable: bool) -> str:
    named = message.field_names(text)
    if sorted(named) != sorted(fields) or len(set(named)) != len(named):
        raise ValueError(f"fields {sorted(fields)} are not those of {text!r}")
    return _REASONS.add(message.template(text, fields, parsable=parsable))


def percent_field(value: float) -> str:
    """A percentage field as reasons write it: 96.9 -> "96.9%"."""
    return f"{value:.1f}%"


SCORES_JOIN = gettext_noop("%(higher)s to %(lower)s")
"""How florin scores compared are joined ("61 to 58"; chained for three)."""


def scores_field(scores: Iterable[int]) -> str:
    """Florin scores best first as a ``SCORES`` field: "61 to 58 to 50"."""
    return reduce(
        lambda higher, lower: SCORES_JOIN % {"higher": higher, "lower": lower},
        (str(s) for s in scores),
    )


parse = _REASONS.parse
"""``parse(text)``: the ``Parsed`` of the template that wrote ``text``, or None."""
matches = _REASONS.matches
"""Every registered template that reads ``text`` (for tests: one at most)."""


def _phrases(*texts: str) -> tuple[str, ...]:
    """Register templates without fields; return them."""
    return tuple(register(t) for t in texts)


# --- Phrases: templates without fields, named inside other reasons. ---------

# The eight HMW tie-break levels (tournament.md, Advancement, 2.1-2.8).
HMW_LEVELS = _phrases(
    gettext_noop("most heat wins"),
    gettext_noop("win in first heat entered"),
    gettext_noop("win in second heat entered"),
    gettext_noop("win in third heat entered"),
    gettext_noop("win in fourth heat entered"),
    gettext_noop("largest margin of victory"),
    gettext_noop("best average finish"),
    gettext_noop("die roll"),
)

# The alternates' levels (Advancement, 3); reasons name "day 2 %" and "day 1 %".
ALTERNATE_LEVELS = (
    gettext_noop("place"),
    gettext_noop("final %"),
    *_phrases(
        # Translators: a tie-break level: the percentage after day 2.
        gettext_noop("day 2 %"),
        # Translators: a tie-break level: the percentage after day 1.
        gettext_noop("day 1 %"),
    ),
    gettext_noop("die roll"),
)

# The tie-break days of a tie for first (scoring.core.tiebreak).
DAY_LABELS = _phrases(gettext_noop("after day 2"), gettext_noop("after day 1"))

# The event's format names (heats.core.formats).
FORMAT_PHRASES = _phrases(*FORMAT_NAMES.values())
register(FORMAT_LINE, name=phrase(FORMAT_PHRASES))

# --- Heat winners (scoring.core.hmw). ----------------------------------------

HEAT_WINNER = register(
    gettext_noop("heat %(heat)s table %(table)s winner"), heat=ID, table=ID
)
DOUBLE_WINNER = register(gettext_noop("double winner (heats %(heats)s)"), heats=HEATS)
TRIPLE_WINNER = register(gettext_noop("triple winner (heats %(heats)s)"), heats=HEATS)
QUADRUPLE_WINNER = register(
    gettext_noop("quadruple winner (heats %(heats)s)"), heats=HEATS
)
MANY_TIMES_WINNER = register(
    # Translators: five or more wins, e.g. "5-time winner (heats 1, 2, 3, 4, 5)".
    gettext_noop("%(count)s-time winner (heats %(heats)s)"),
    count=NUMBER,
    heats=HEATS,
)
HMW_RANK = register(gettext_noop("HMW rank %(rank)s"), rank=ID)
HMW_RANK_BY = register(
    # Translators: "HMW rank 7 (2: win in first heat entered)": the rank, the
    # number of the tie-break level that fixed it and that level's name.
    gettext_noop("HMW rank %(rank)s (%(level)s: %(criterion)s)"),
    rank=ID,
    level=ID,
    criterion=phrase(HMW_LEVELS),
)
ADDED_BY_GM = register(gettext_noop("added by the GM"))
ABSENT = register(
    # Translators: an absent winner, e.g. "absent: heat 1 table 3 winner".
    gettext_noop("absent: %(reason)s"),
    reason=REASON,
)

# --- Alternates (scoring.core.alternates, scoring.core.places). --------------

CUT_WINNER = register(
    # Translators: a winner cut by HMW, e.g. "cut winner, HMW rank 26 (...)".
    gettext_noop("cut winner, %(reason)s"),
    reason=REASON,
)
ALTERNATE = register(
    # Translators: the alternate's call number, then why, e.g. "alternate 1:
    # 96.9% of winner, heat 1 table 3".
    gettext_noop("alternate %(number)s: %(detail)s"),
    number=ID,
    detail=REASON,
)
PASSED_OVER = register(
    gettext_noop("absent, passed over: %(detail)s"),
    detail=REASON,
)

_LEVEL = phrase(ALTERNATE_LEVELS[2:4])
# A candidate's best finish (``BestFinish.describe``): [second, third place] x
# [plain, die roll, tie-break level, tie-break level with a missing day].
SECOND = register(
    # Translators: "96.9% of winner, heat 1 table 3": of the table winner's score.
    gettext_noop("%(percent)s of winner, heat %(heat)s table %(table)s"),
    percent=PERCENT,
    heat=ID,
    table=ID,
)
THIRD = register(
    gettext_noop("%(percent)s of winner, heat %(heat)s table %(table)s, third place"),
    percent=PERCENT,
    heat=ID,
    table=ID,
)
SECOND_DIE = register(
    gettext_noop("%(percent)s of winner, heat %(heat)s table %(table)s, die roll"),
    percent=PERCENT,
    heat=ID,
    table=ID,
)
THIRD_DIE = register(
    gettext_noop(
        "%(percent)s of winner, heat %(heat)s table %(table)s, third place, die roll"
    ),
    percent=PERCENT,
    heat=ID,
    table=ID,
)
SECOND_TIE = register(
    # Translators: "..., tie broken by day 2 %": the level is a tie-break name.
    gettext_noop(
        "%(percent)s of winner, heat %(heat)s table %(table)s, tie broken by %(level)s"
    ),
    percent=PERCENT,
    heat=ID,
    table=ID,
    level=_LEVEL,
)
THIRD_TIE = register(
    gettext_noop(
        "%(percent)s of winner, heat %(heat)s table %(table)s, third place, "
        "tie broken by %(level)s"
    ),
    percent=PERCENT,
    heat=ID,
    table=ID,
    level=_LEVEL,
)
SECOND_TIE_UNRECORDED = register(
    # Translators: the tie was broken against a day score nobody recorded.
    gettext_noop(
        "%(percent)s of winner, heat %(heat)s table %(table)s, tie broken by "
        "%(level)s (not recorded)"
    ),
    percent=PERCENT,
    heat=ID,
    table=ID,
    level=_LEVEL,
)
THIRD_TIE_UNRECORDED = register(
    gettext_noop(
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
    gettext_noop("won semi-final table %(table)s as an alternate (cannot advance)"),
    table=ID,
)
FINAL_FLORINS = register(
    # Translators: a place at the final, e.g. "final, 104 florins".
    gettext_noop("final, %(florins)s florins"),
    florins=NUMBER,
)
FINAL_TIE = register(
    # Translators: the last field is the GM's own reason, kept as typed.
    gettext_noop(
        "final, %(florins)s florins; tie for first decided by the GM: %(reason)s"
    ),
    florins=NUMBER,
    reason=FREE,
)
RUNNER_UP = register(
    # Translators: "semi-final runner-up, 96.9% of the winner at table 3".
    gettext_noop("semi-final runner-up, %(percent)s of the winner at table %(table)s"),
    percent=PERCENT,
    table=ID,
)
RUNNER_UP_DIE = register(
    gettext_noop(
        "semi-final runner-up, %(percent)s of the winner at table %(table)s, die roll"
    ),
    percent=PERCENT,
    table=ID,
)

# --- Ties for first (scoring.core.tiebreak). ---------------------------------

MORE_FLORINS = {
    DAY_LABELS[0]: register(
        # Translators: a tie reason, e.g. "more florins after day 2 (61 to 58)".
        gettext_noop("more florins after day 2 (%(scores)s)"),
        scores=SCORES,
    ),
    DAY_LABELS[1]: register(
        gettext_noop("more florins after day 1 (%(scores)s)"), scores=SCORES
    ),
}
TIE_DECIDED = register(
    # Translators: beside the players of a tie for first; the field is the GM's
    # own reason, kept as typed.
    gettext_noop("tie — decided by the GM: %(reason)s"),
    reason=FREE,
)
TIE_DECIDED_BARE = register(gettext_noop("tie — decided by the GM"))

# The facts about a tie the GM is shown (``TieFact.text``, ``TieSuggestion``).
SUGGESTED = {
    DAY_LABELS[0]: register(
        gettext_noop("Suggested winner: %(name)s (more florins after day 2)."),
        name=NAME,
    ),
    DAY_LABELS[1]: register(
        gettext_noop("Suggested winner: %(name)s (more florins after day 1)."),
        name=NAME,
    ),
}
UNDECIDED = register(
    gettext_noop(
        "The recorded day scores do not decide this tie (the rule books give "
        "no further tie-break): the GM decides."
    )
)
NOT_RECORDED = {
    DAY_LABELS[0]: register(
        # Translators: the field is a list of players' names.
        gettext_noop("Florins after day 2 not recorded for %(names)s: no decision."),
        names=NAME,
    ),
    DAY_LABELS[1]: register(
        gettext_noop("Florins after day 1 not recorded for %(names)s: no decision."),
        names=NAME,
    ),
}
FAVOUR = {
    DAY_LABELS[0]: register_message(
        # Translators: "Florins after day 2 favour Ann (Ann 61, Ben 58)."
        gettext_noop("Florins after day 2 favour %(name)s (%(scores)s)."),
        name=NAME,
        scores=NAME,
    ),
    DAY_LABELS[1]: register_message(
        gettext_noop("Florins after day 1 favour %(name)s (%(scores)s)."),
        name=NAME,
        scores=NAME,
    ),
}
LEVEL = {
    DAY_LABELS[0]: register_message(
        # Translators: "Florins after day 2: Ann and Ben level at 61 (Ann 61, Ben
        # 61, Cy 50): no decision."
        gettext_noop(
            "Florins after day 2: %(names)s level at %(best)s (%(scores)s): "
            "no decision."
        ),
        names=NAME,
        best=NUMBER,
        scores=NAME,
    ),
    DAY_LABELS[1]: register_message(
        gettext_noop(
            "Florins after day 1: %(names)s level at %(best)s (%(scores)s): "
            "no decision."
        ),
        names=NAME,
        best=NUMBER,
        scores=NAME,
    ),
}
AND = register_message(
    # Translators: two players' names, or a list so far and one more name.
    gettext_noop("%(first)s and %(second)s"),
    first=NAME,
    second=NAME,
)


def joined(names: Iterable[str | Parsed], join: str = "") -> str | Parsed:
    """Names (or lines) joined by the registered message ``join`` (``AND`` when
    empty: "Ann and Ben and Cy"; ``COMMA``) as a field (a lone one as it is)."""
    items = list(names)
    if not items:
        raise ValueError("a list needs a name")
    pair = join or AND
    return reduce(lambda a, b: Parsed(pair, {"first": a, "second": b}), items)


and_list = joined
"""``and_list(names)``: names (or lines) joined by ``AND`` (:func:`joined`)."""


# --- The final's field (scoring.services.final): the GM's decision. ---------

RUNNER_UP_ADDED = register_message(
    # Translators: a semi-final runner-up added to the final: "Ann Lee
    # (runner-up, 97.5%)".
    gettext_noop("%(name)s (runner-up, %(percent)s)"),
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
        # Translators: the GM's decision for a final of 1 semi-final winner.
        gettext_noop("Final: %(count)s semi-final winner + %(added)s added by the GM"),
        count=NUMBER,
        added=RUNNERS_UP,
    ),
    2: register(
        # Translators: the GM's decision for a final of too few semi-final
        # winners: the runners-up added (names and percentages).
        gettext_noop("Final: %(count)s semi-final winners + %(added)s added by the GM"),
        count=NUMBER,
        added=RUNNERS_UP,
    ),
}
FILL_OF_THREE = register(
    gettext_noop(
        "Final: %(count)s semi-final winners, played as a final of 3 (the GM's "
        "decision)"
    ),
    count=NUMBER,
)

from scoring.core import warnings_text  # noqa: E402, F401
