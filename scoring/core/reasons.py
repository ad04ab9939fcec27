"""The reasons the advancement core writes, as templates with fields.

Pure module: no Django import. A *reason* is the line the core writes beside a
player on a posted list, an alternate's call, a laurel place or a tie ("HMW
rank 7 (2: win in first heat entered)", "alternate 1: 96.9% of winner, heat 1
table 3", "tie — decided by the GM: <reason>"); the warnings on a list are
reasons too (``scoring.core.warnings_text``). A reason is a
:class:`~heats.core.message.Message` (:func:`reason`): its English is what
tests compare, and it is stored as data (template code and fields), so the
edge shows it in the reader's language (``heats.translate``) without reading
English back.

Fields: a name, names, the heats "1, 2" or the GM's own words (text, kept as
they are); a count, florins, a heat, table, rank or call number (an ``int``);
a percentage (:func:`percent_field`), florin scores compared
(:func:`scores_field`), a phrase (a tie-break level's name: a message
without fields) or a nested reason (messages, translated too).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce

from heats.core.i18n import Plural, gettext_noop
from heats.core.message import Message, field_names, templates

__all__ = [
    "ALTERNATE_LEVELS",
    "DAY_LABELS",
    "HMW_LEVELS",
    "PERCENT_SIGN",
    "SCORES_JOIN",
    "against_unrecorded",
    "and_list",
    "counted",
    "joined",
    "percent_field",
    "placed_by_die",
    "ranked_by_die",
    "reason",
    "scores_field",
]


def reason(template: str, /, **fields: object) -> str:
    """The reason ``template`` (marked with ``gettext_noop``) with ``fields``:
    a message whose English is the line. TypeError for fields that are not
    the template's own."""
    _check_fields((template,), fields)
    return Message(template, **fields)


def counted(forms: Plural, count_field: str, /, **fields: object) -> str:
    """The reason with plural ``forms`` (marked with ``ngettext_noop``), its
    form chosen by the ``int`` field ``count_field``: a plural message
    (``heats.core.message.Message.plural``). TypeError for fields that are
    not the forms' own."""
    _check_fields(forms, fields)
    return Message.plural(forms, count_field, **fields)


def _check_fields(forms: tuple[str, ...], fields: dict[str, object]) -> None:
    names = field_names(*forms)
    if set(fields) != names:
        raise TypeError(f"{forms[0]!r} takes {sorted(names)}, not {sorted(fields)}")


PERCENT_SIGN = gettext_noop("%(number)s%%")
"""A percentage: the number, then the sign as the language writes it."""


def percent_field(value: float) -> Message:
    """A percentage field as reasons write it: 96.9 -> "96.9%" (the number kept
    to one decimal, written with the reader's decimal sign)."""
    return Message(PERCENT_SIGN, number=float(f"{value:.1f}"))


SCORES_JOIN = gettext_noop("%(higher)s to %(lower)s")
"""How florin scores compared are joined ("61 to 58"; chained for three)."""


def scores_field(scores: Iterable[int]) -> str:
    """Florin scores best first as a field: "61 to 58 to 50" (a message)."""
    first, *rest = (int(s) for s in scores)
    text: str | int = first
    for lower in rest:
        text = Message(SCORES_JOIN, higher=text, lower=lower)
    return str(text) if isinstance(text, int) else text


def _phrases(*texts: str) -> tuple[str, ...]:
    """Templates without fields (named inside other reasons), as messages."""
    return tuple(Message(t) for t in texts)


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
    *_phrases(gettext_noop("place"), gettext_noop("final %")),
    *_phrases(
        # Translators: a tie-break level: the percentage after day 2.
        gettext_noop("day 2 %"),
        # Translators: a tie-break level: the percentage after day 1.
        gettext_noop("day 1 %"),
    ),
    *_phrases(gettext_noop("die roll")),
)

# The tie-break days of a tie for first (scoring.core.tiebreak).
DAY_LABELS = _phrases(gettext_noop("after day 2"), gettext_noop("after day 1"))

# --- Heat winners (scoring.core.hmw). ----------------------------------------

HEAT_WINNER = gettext_noop("heat %(heat)s table %(table)s winner")
DOUBLE_WINNER = gettext_noop("double winner (heats %(heats)s)")
TRIPLE_WINNER = gettext_noop("triple winner (heats %(heats)s)")
QUADRUPLE_WINNER = gettext_noop("quadruple winner (heats %(heats)s)")
MANY_TIMES_WINNER = (
    # Translators: five or more wins, e.g. "5-time winner (heats 1, 2, 3, 4, 5)".
    gettext_noop("%(count)s-time winner (heats %(heats)s)")
)
HMW_RANK = gettext_noop("HMW rank %(rank)s")
HMW_RANK_BY = (
    # Translators: "HMW rank 7 (2: win in first heat entered)": the rank, the
    # number of the tie-break level that fixed it and that level's name.
    gettext_noop("HMW rank %(rank)s (%(level)s: %(criterion)s)")
)
ADDED_BY_GM = gettext_noop("added by the GM")
ABSENT = (
    # Translators: an absent winner, e.g. "absent: heat 1 table 3 winner".
    gettext_noop("absent: %(reason)s")
)

# --- Alternates (scoring.core.alternates, scoring.core.places). --------------

CUT_WINNER = (
    # Translators: a winner cut by HMW, e.g. "cut winner, HMW rank 26 (...)".
    gettext_noop("cut winner, %(reason)s")
)
ALTERNATE = (
    # Translators: the alternate's call number, then why, e.g. "alternate 1:
    # 96.9% of winner, heat 1 table 3".
    gettext_noop("alternate %(number)s: %(detail)s")
)
PASSED_OVER = gettext_noop("absent, passed over: %(detail)s")

# A candidate's best finish (``BestFinish.describe``): [second, third place] x
# [plain, die roll, tie-break level, tie-break level with a missing day].
SECOND = (
    # Translators: "96.9% of winner, heat 1 table 3": of the table winner's score.
    gettext_noop("%(percent)s of winner, heat %(heat)s table %(table)s")
)
THIRD = gettext_noop(
    "%(percent)s of winner, heat %(heat)s table %(table)s, third place"
)
SECOND_DIE = gettext_noop(
    "%(percent)s of winner, heat %(heat)s table %(table)s, die roll"
)
THIRD_DIE = gettext_noop(
    "%(percent)s of winner, heat %(heat)s table %(table)s, third place, die roll"
)
SECOND_TIE = (
    # Translators: "..., tie broken by day 2 %": the level is a tie-break name.
    gettext_noop(
        "%(percent)s of winner, heat %(heat)s table %(table)s, tie broken by %(level)s"
    )
)
THIRD_TIE = gettext_noop(
    "%(percent)s of winner, heat %(heat)s table %(table)s, third place, "
    "tie broken by %(level)s"
)
SECOND_TIE_UNRECORDED = (
    # Translators: the tie was broken against a day score nobody recorded.
    gettext_noop(
        "%(percent)s of winner, heat %(heat)s table %(table)s, tie broken by "
        "%(level)s (not recorded)"
    )
)
THIRD_TIE_UNRECORDED = gettext_noop(
    "%(percent)s of winner, heat %(heat)s table %(table)s, third place, "
    "tie broken by %(level)s (not recorded)"
)


def placed_by_die(text: object) -> bool:
    """Whether the alternate's reason ``text`` says the die placed the
    alternate (``SECOND_DIE``, ``THIRD_DIE``; a cut winner whose HMW rank the
    die decided is not one). Read from its templates (its code), never from its
    English, where a name may say anything; text that is no message never is."""
    return bool(templates(text) & {SECOND_DIE, THIRD_DIE})


def against_unrecorded(text: object) -> bool:
    """Whether the alternate's reason ``text`` is a tie broken against a day
    score nobody recorded (``SECOND_TIE_UNRECORDED``, ``THIRD_TIE_UNRECORDED``),
    read from its templates as :func:`placed_by_die`."""
    return bool(templates(text) & {SECOND_TIE_UNRECORDED, THIRD_TIE_UNRECORDED})


def ranked_by_die(text: object) -> bool:
    """Whether the HMW reason ``text`` says the die decided the rank (its level
    is the last, "die roll"), read from its templates as :func:`placed_by_die`."""
    return HMW_LEVELS[-1] in templates(text)


# --- Laurels (scoring.core.laurels). -----------------------------------------

ALTERNATE_WON = gettext_noop(
    "won semi-final table %(table)s as an alternate (cannot advance)"
)
ALTERNATE_WON_BY = (
    # Translators: "won semi-final table 3 as an alternate (cannot advance);
    # HMW order 7: best average finish": the number and name of the tie-break
    # level that put this alternate before or after the other one.
    gettext_noop(
        "won semi-final table %(table)s as an alternate (cannot advance); "
        "HMW order %(level)s: %(criterion)s"
    )
)
FINAL_FLORINS = (
    # Translators: a place at the final, e.g. "final, 104 florins".
    gettext_noop("final, %(florins)s florins")
)
FINAL_TIE = (
    # Translators: the last field is the GM's own reason, kept as typed.
    gettext_noop(
        "final, %(florins)s florins; tie for first decided by the GM: %(reason)s"
    )
)
RUNNER_UP = (
    # Translators: "semi-final runner-up, 96.9% of the winner at table 3".
    gettext_noop("semi-final runner-up, %(percent)s of the winner at table %(table)s")
)
RUNNER_UP_DIE = gettext_noop(
    "semi-final runner-up, %(percent)s of the winner at table %(table)s, die roll"
)
PLACES_EMPTY = (
    # Translators: below the laurels when the final and the semi-final's
    # non-finalists fill fewer than six places, e.g. "Places 5–6: ...".
    gettext_noop(
        "Places %(first)s–%(last)s: no semi-final runner-up is left who did not "
        "play the final."
    )
)
PLACE_EMPTY = gettext_noop(
    "Place %(first)s: no semi-final runner-up is left who did not play the final."
)
PLACES_NO_SEMI = gettext_noop(
    "Places %(first)s–%(last)s: no semi-final was played, so only the final's "
    "players are placed."
)
PLACE_NO_SEMI = gettext_noop(
    "Place %(first)s: no semi-final was played, so only the final's players are placed."
)
PLACES_WAIT = gettext_noop(
    "Places %(first)s–%(last)s wait for the semi-final's results."
)
PLACE_WAIT = gettext_noop("Place %(first)s waits for the semi-final's results.")

# --- Ties for first (scoring.core.tiebreak). ---------------------------------

MORE_FLORINS = {
    DAY_LABELS[0]: (
        # Translators: a tie reason, e.g. "more florins after day 2 (61 to 58)".
        gettext_noop("more florins after day 2 (%(scores)s)")
    ),
    DAY_LABELS[1]: gettext_noop("more florins after day 1 (%(scores)s)"),
}
TIE_DECIDED = (
    # Translators: beside the players of a tie for first; the field is the GM's
    # own reason, kept as typed.
    gettext_noop("tie — decided by the GM: %(reason)s")
)
TIE_DECIDED_BARE = gettext_noop("tie — decided by the GM")

# The facts about a tie the GM is shown (``TieFact.text``, ``TieSuggestion``).
SUGGESTED = {
    DAY_LABELS[0]: gettext_noop(
        "Suggested winner: %(name)s (more florins after day 2)."
    ),
    DAY_LABELS[1]: gettext_noop(
        "Suggested winner: %(name)s (more florins after day 1)."
    ),
}
UNDECIDED = gettext_noop(
    "The recorded day scores do not decide this tie (the rule books give "
    "no further tie-break): the GM decides."
)
NOT_RECORDED = {
    DAY_LABELS[0]: (
        # Translators: the field is a list of players' names.
        gettext_noop("Florins after day 2 not recorded for %(names)s: no decision.")
    ),
    DAY_LABELS[1]: gettext_noop(
        "Florins after day 1 not recorded for %(names)s: no decision."
    ),
}
FAVOUR = {
    DAY_LABELS[0]: (
        # Translators: "Florins after day 2 favour Ann (Ann 61, Ben 58)."
        gettext_noop("Florins after day 2 favour %(name)s (%(scores)s).")
    ),
    DAY_LABELS[1]: gettext_noop("Florins after day 1 favour %(name)s (%(scores)s)."),
}
LEVEL = {
    DAY_LABELS[0]: (
        # Translators: "Florins after day 2: Ann and Ben level at 61 (Ann 61, Ben
        # 61, Cy 50): no decision."
        gettext_noop(
            "Florins after day 2: %(names)s level at %(best)s (%(scores)s): "
            "no decision."
        )
    ),
    DAY_LABELS[1]: gettext_noop(
        "Florins after day 1: %(names)s level at %(best)s (%(scores)s): no decision."
    ),
}
AND = (
    # Translators: two players' names, or a list so far and one more name.
    gettext_noop("%(first)s and %(second)s")
)


def joined(names: Iterable[str], join: str = "") -> str:
    """Names (or lines) joined by the two-field template ``join`` (``AND`` when
    empty: "Ann and Ben and Cy"; ``COMMA``) as a message field (a lone one as
    it is). ValueError for no names."""
    items = list(names)
    if not items:
        raise ValueError("a list needs a name")
    pair = join or AND
    return reduce(lambda a, b: Message(pair, first=a, second=b), items)


and_list = joined
"""``and_list(names)``: names (or lines) joined by ``AND`` (:func:`joined`)."""


# --- The final's field (scoring.services.final): the GM's decision. ---------

RUNNER_UP_ADDED = (
    # Translators: a semi-final runner-up added to the final: "Ann Lee
    # (runner-up, 97.5%)".
    gettext_noop("%(name)s (runner-up, %(percent)s)")
)
FILL_RUNNERS_UP = {
    1: (
        # Translators: the GM's decision for a final of 1 semi-final winner.
        gettext_noop("Final: %(count)s semi-final winner + %(added)s added by the GM")
    ),
    2: (
        # Translators: the GM's decision for a final of too few semi-final
        # winners: the runners-up added (names and percentages).
        gettext_noop("Final: %(count)s semi-final winners + %(added)s added by the GM")
    ),
}
FILL_OF_THREE = gettext_noop(
    "Final: %(count)s semi-final winners, played as a final of 3 (the GM's decision)"
)
