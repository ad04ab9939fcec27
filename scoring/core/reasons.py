"""The reasons the advancement core writes, as registered English templates.

Pure module: no Django import. A *reason* is the English line the core writes
beside a player on a posted list, an alternate's call, a laurel place or a tie
("HMW rank 7 (2: win in first heat entered)", "alternate 1: 96.9% of winner,
heat 1 table 3", "tie — decided by the GM: <reason>"); the warnings on a list
("provisional: no results for heat 2 table 5") are reasons too. Reasons are stored as
English text (published lists, event files) and compared in English, so the
English never changes; the edge translates them when it shows them
(``scoring.wording.translate_reason``).

Words:

template
    One reason pattern, an English message with named fields
    (``"heat %(heat)s table %(table)s winner"``), marked with ``gettext_noop``
    so the catalogues carry it, and registered here with the kind of each field
    (:func:`register`). The core writes every reason with :func:`reason`, which
    only formats registered templates.
field kind
    What a field holds, so that :func:`parse` can find it again in a stored
    line and the edge can write it in the reader's language (:class:`Kind`): a
    number (florins, a count: the language's digits), an id (a heat, table,
    rank or call number: kept as it is), a list of heats, a percentage, florin
    scores compared ("61 to 58"), a phrase (one of a few registered templates
    without fields, such as an HMW level), a nested reason (itself a registered
    reason), free text (the GM's own words: kept as typed, unless they are a
    registered reason, such as a suggested tie reason the GM took), a name or
    a list of names (kept as they are), the die's seed in quotes or tables'
    sizes ("5+5+4"), both kept.
parse
    The inverse of :func:`reason`: ``parse(text)`` finds the one registered
    template a stored line was written from and its fields, nested reasons
    parsed too (:class:`Parsed`); None for any other text. Each template has at
    most one field of open text (a nested reason or free text) and every other
    field is closed (digits, a percentage, a phrase), with literal text around
    each field, so a line matches one way only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import reduce
from types import MappingProxyType
from typing import Any

from heats.core.formats import FORMAT_LINE, FORMAT_NAMES
from heats.core.i18n import gettext_noop

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
    "seed_field",
]


@dataclass(frozen=True)
class Kind:
    """What a field holds (module docstring): ``name`` tells the edge how to
    write it, ``pattern`` is the regular expression its English text matches;
    ``nested``: the value is a registered reason (a phrase or a reason), parsed
    with the line; ``free``: open text kept as it is unless it is a registered
    reason; ``choices``: a phrase's registered templates; ``open``: the field
    may hold any text (a reason, the GM's words, a name); ``item``: the field
    is a list of lines of the registered template ``item`` joined by the
    registered message ``join`` (``AND`` when empty: "A and B"; ``COMMA``:
    "A, B"), cut where the regular expression ``split`` matches."""

    name: str
    pattern: str
    nested: bool = False
    free: bool = False
    choices: tuple[str, ...] = ()
    open: bool = False
    item: str = ""
    split: str = ""
    join: str = ""


NUMBER = Kind("number", r"\d+")
"""Florins or a count: the edge writes the number as the language does."""
ID = Kind("id", r"\d+")
"""A heat, table, rank or call number: kept as it is (a name, not a quantity)."""
HEATS = Kind("heats", r"\d+(?:, \d+)*")
"""Heat numbers, "1, 2": kept as they are."""
PERCENT = Kind("percent", r"\d+(?:\.\d+)?%")
"""A percentage as ``percent_field`` writes it, "96.9%"."""
SCORES = Kind("scores", r"\d+(?: to \d+)+")
"""Florin scores best first, as ``scores_field`` writes them: "61 to 58"."""
REASON = Kind("reason", r".+", nested=True, open=True)
"""A registered reason inside another ("alternate 1: <reason>")."""
FREE = Kind("text", r".+", free=True, open=True)
"""The GM's own words (a tie's reason): kept as typed unless registered."""
NAME = Kind("name", r".+", open=True)
"""A player's name, or names and florins: kept as they are."""
NAMES = Kind("names", r".+", open=True)
"""Players' names joined by ", " ("Ann, Bo (2)"), as the warnings list them:
kept as they are, never cut (a name may hold ", ")."""
SEED = Kind("seed", r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
"""The event's die seed as ``seed_field`` writes it, in quotes ("'7'"): kept."""
SIZES = Kind("sizes", r"\d+(?:\+\d+)*")
"""Tables' sizes, "5+5+4": kept as they are."""


def phrase(choices: Iterable[str]) -> Kind:
    """A field holding one of ``choices`` (registered templates without
    fields, e.g. the HMW levels)."""
    options = tuple(choices)
    longest_first = sorted(options, key=len, reverse=True)
    return Kind(
        "phrase",
        "|".join(re.escape(c) for c in longest_first),
        nested=True,
        choices=options,
    )


@dataclass(frozen=True)
class Template:
    """A registered reason template: its English ``text``, the kind of each
    field (``fields``, in the order they appear) and the ``regex`` a line
    written from it matches; ``parsable`` is False for a *message* (see
    :func:`register_message`), which :func:`parse` never reads."""

    text: str
    fields: Mapping[str, Kind]
    regex: re.Pattern[str]
    parsable: bool = True


@dataclass(frozen=True)
class Parsed:
    """A reason taken apart: its ``template`` (a key of ``REGISTRY``) and
    ``fields``, each the English text of the field or, for a nested reason (a
    phrase, a reason, free text that is a registered reason), its ``Parsed``.
    Unpacks as ``(template, fields)``."""

    template: str
    fields: Mapping[str, str | Parsed] = field(default_factory=dict)

    def __iter__(self) -> Iterator[Any]:
        return iter((self.template, self.fields))

    @property
    def text(self) -> str:
        """The English line (what :func:`reason` writes for these fields)."""
        return reason(self.template, **self.fields)


_REGISTRY: dict[str, Template] = {}
REGISTRY: Mapping[str, Template] = MappingProxyType(_REGISTRY)
"""Every registered template by its English text, in registration order."""

_FIELD = re.compile(r"%\((\w+)\)s|%%")


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
    """Register ``text`` as a *message*: written by :func:`reason` like a
    reason and translated by the edge from its ``Parsed`` (``Parsed(text,
    fields)``, kept beside the English), but never read back by :func:`parse`
    (it may hold two fields of open text, such as two lists of names). For
    text the core shows but never stores (a tie's facts)."""
    return _register(text, fields, parsable=False)


def _register(text: str, fields: Mapping[str, Kind], *, parsable: bool) -> str:
    named = [m.group(1) for m in _FIELD.finditer(text) if m.group(1)]
    if sorted(named) != sorted(fields) or len(set(named)) != len(named):
        raise ValueError(f"fields {sorted(fields)} are not those of {text!r}")
    pattern, end = [], 0
    for match in _FIELD.finditer(text):
        pattern.append(re.escape(text[end : match.start()]))
        name = match.group(1)
        pattern.append(f"(?P<{name}>{fields[name].pattern})" if name else "%")
        end = match.end()
    pattern.append(re.escape(text[end:]))
    ordered = {name: fields[name] for name in named}
    regex = re.compile("".join(pattern), re.DOTALL)
    _REGISTRY[text] = Template(text, ordered, regex, parsable)
    return text


def reason(template: str, **fields: object) -> str:
    """The English line of the registered ``template`` with ``fields`` (a
    ``Parsed`` field is written as its English text). KeyError for a template
    that is not registered, TypeError for fields that are not its own."""
    known = _REGISTRY[template]
    if set(fields) != set(known.fields):
        raise TypeError(
            f"{template!r} takes {sorted(known.fields)}, not {sorted(fields)}"
        )
    if not fields:
        return template
    return template % {
        name: value.text if isinstance(value, Parsed) else str(value)
        for name, value in fields.items()
    }


def seed_field(seed: str) -> str:
    """The die's seed as warnings name it, in Python's quotes: "7" -> "'7'"."""
    return repr(seed)


def within(template: str) -> Kind:
    """A field holding a line of the registered ``template`` and nothing else
    (a nested reason whose text is closed: its own pattern, not any text)."""
    pattern = re.sub(r"\(\?P<\w+>", "(?:", _REGISTRY[template].regex.pattern)
    return Kind("reason", pattern, nested=True)


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


def parse(text: str) -> Parsed | None:
    """The registered template ``text`` was written from and its fields (nested
    reasons parsed too; the GM's own words kept as typed), or None when no
    registered template writes ``text``."""
    for template in _parsable():
        found = _match(template, text)
        if found is not None:
            return found
    return None


def matches(text: str) -> list[Parsed]:
    """Every registered template that reads ``text`` (for tests: one at most)."""
    found = (_match(t, text) for t in _parsable())
    return [p for p in found if p is not None]


def _parsable() -> Iterator[Template]:
    return (t for t in _REGISTRY.values() if t.parsable)


def _match(template: Template, text: str) -> Parsed | None:
    match = template.regex.fullmatch(text)
    if match is None:
        return None
    fields: dict[str, str | Parsed] = {}
    for name, kind in template.fields.items():
        value = match.group(name)
        if kind.choices:
            fields[name] = Parsed(value)
        elif kind.item:
            items = _items(kind, value)
            if items is None:
                return None
            fields[name] = items
        elif kind.nested:
            inner = parse(value)
            if inner is None:
                return None
            fields[name] = inner
        elif kind.free:
            fields[name] = parse(value) or value
        else:
            fields[name] = value
    return Parsed(template.text, MappingProxyType(fields))


def _items(kind: Kind, value: str) -> str | Parsed | None:
    """``value`` read as a list of ``kind.item`` lines joined by ``AND``."""
    item = _REGISTRY[kind.item]
    parts = [_match(item, part) for part in re.split(kind.split, value)]
    if any(part is None for part in parts):
        return None
    return joined((part for part in parts if part is not None), kind.join or AND)


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


COMMA = register_message(
    # Translators: two items of a list, or a list so far and one more item,
    # e.g. "Ann (HMW rank 7 (8: die roll)), Bo (HMW rank 8 (8: die roll))".
    gettext_noop("%(first)s, %(second)s"),
    first=NAME,
    second=NAME,
)


def and_list(names: Iterable[str | Parsed]) -> str | Parsed:
    """Names (or lines) joined by "and" ("Ann and Ben and Cy") as a field: the
    ``Parsed`` of ``AND`` (a lone one as it is)."""
    return joined(names, AND)


def joined(names: Iterable[str | Parsed], join: str) -> str | Parsed:
    """Names (or lines) joined by the registered message ``join`` (``AND``,
    ``COMMA``) as a field (a lone one as it is)."""
    found: str | Parsed | None = None
    for name in names:
        if found is None:
            found = name
        else:
            found = Parsed(join, {"first": found, "second": name})
    if found is None:
        raise ValueError("a list needs a name")
    return found


# --- The final's field (scoring.services.final): the GM's decision. ---------

RUNNER_UP_ADDED = register_message(
    # Translators: a semi-final runner-up added to the final: "Ann Lee
    # (runner-up, 97.5%)".
    gettext_noop("%(name)s (runner-up, %(percent)s)"),
    name=NAME,
    percent=PERCENT,
)
RUNNERS_UP = Kind(
    "list", r".+", open=True, item=RUNNER_UP_ADDED, split=r"(?<=%\)) and "
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

# --- Warnings on the list (scoring.core.advancement and the modules it calls).
# A warning is stored with the list and shown to the GM and on the public list.

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
        "list",
        r".+",
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
