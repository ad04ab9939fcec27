"""What the recorded facts say about a tie for first at one table.

Pure module: no Django import. The GM still decides every tie and gives the
reason (tournament.md, "Recording a table": "A tie for first is resolved by the
GM (the record keeps which player the GM declared the winner, and why)"); this
module only works out the suggestion shown beside the choice.

Words:

tied players
    The players sharing the top final score at a table (``PlayerResult`` from
    ``scoring.core.places``; players are ids, ``PlayerId``).
tie-break fact
    A recorded score the spec names for tie-breaks. tournament.md, "Recording a
    table", keeps the scores after day 1 and day 2 "used for tie-breaks", and the
    only order the spec and seed 001 give for them is "the preceding intermediate
    score(s)": after day 2, then after day 1 (Advancement, 3). At one table every
    percentage has the same winner score as denominator, so comparing
    percentages there is comparing florins: more florins after a day is better.
favours
    The one player with strictly more florins than every other remaining tied
    player at that day. Players behind at day 2 are out of the running for the
    day-1 comparison (the later day is compared first, as for alternates).
does not decide
    A day decides nothing when it is not recorded for every remaining tied player
    (the suggestion never guesses a missing score; Advancement, 3 ranks a missing
    day below a recorded one for *alternates* across tables, which is a different
    question), or when the best score that day is shared. When neither day
    decides, the rule books give no further tie-break (seed 002: tied players
    share the victory), so the GM's ruling decides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from heats.core.message import Message, listed
from scoring.core import reasons
from scoring.core.ids import PlayerId
from scoring.core.places import PlayerResult

__all__ = [
    "DAYS",
    "TieFact",
    "TieSuggestion",
    "decided_tie_note",
    "suggest_tie_winner",
]

DAYS = (("day2", reasons.DAY_LABELS[0]), ("day1", reasons.DAY_LABELS[1]))


@dataclass(frozen=True)
class TieFact:
    """One tie-break fact: ``label`` ("after day 2"), the florins of each
    remaining tied player (``scores``: ``(player, florins or None)`` in the given
    order), the ``favoured`` player key (None when it does not decide) and the
    GM-readable ``text``: a message (template and fields,
    ``heats.core.message``; its English is the line) that the edge renders in
    the reader's language (``heats.translate``), the names in it as they are."""

    label: str
    scores: tuple[tuple[PlayerId, int | None], ...]
    favoured: PlayerId | None
    text: Message


@dataclass(frozen=True)
class TieSuggestion:
    """The facts compared, in order, and the ``favoured`` player key (None when
    the recorded facts do not decide the tie); ``text`` is the one-line summary
    and ``reason`` a ready tie reason ("more florins after day 2 (61 to 58)",
    "" when none is suggested); both messages, as ``TieFact.text``."""

    facts: tuple[TieFact, ...]
    favoured: PlayerId | None
    text: Message
    reason: str


def suggest_tie_winner(
    tied: Sequence[PlayerResult], names: Mapping[PlayerId, str] | None = None
) -> TieSuggestion:
    """Compare the tied players' day-2, then day-1 florins (module docstring).

    ``tied``: the records tied for first (at least two, equal ``final``);
    ``names`` maps ids to the names the text uses (default: the record's
    ``name``, else the id). Raises
    ValueError for fewer than two records or unequal final scores. Source:
    tournament.md, Recording a table and Advancement, 3; seed 001 ("by the
    preceding intermediate score(s)"); seed 002 (no rule-book tie-break).
    """
    if len(tied) < 2 or len({r.final for r in tied}) != 1:
        raise ValueError("a tie needs two or more records with the same final")
    given = dict(names or {})
    labels = {r.player: given.get(r.player, r.label) for r in tied}

    def name(key: PlayerId) -> str:
        return labels.get(key, str(key))

    running = list(tied)
    facts = []
    for field, label in DAYS:
        fact, leaders = _compare(running, field, label, name)
        facts.append(fact)
        if fact.favoured is not None:
            said = Message(reasons.SUGGESTED[label], name=name(fact.favoured))
            return TieSuggestion(
                tuple(facts), fact.favoured, said, _reason(fact, label)
            )
        running = leaders
    said = Message(reasons.UNDECIDED)
    return TieSuggestion(tuple(facts), None, said, "")


def _compare(
    running: list[PlayerResult],
    field: str,
    label: str,
    name: Callable[[PlayerId], str],
) -> tuple[TieFact, list[PlayerResult]]:
    """One day's fact, and the players still level after it (all of them when
    the day is not recorded for everyone)."""
    scores = tuple((r.player, getattr(r, field)) for r in running)
    missing = [name(p) for p, s in scores if s is None]
    if missing:
        said = Message(reasons.NOT_RECORDED[label], names=listed(missing))
        return TieFact(label, scores, None, said), running
    best = max(s for _, s in scores if s is not None)
    leaders = [r for r in running if getattr(r, field) == best]
    shown = listed([f"{name(p)} {s}" for p, s in scores])
    if len(leaders) == 1:
        who = name(leaders[0].player)
        said = Message(reasons.FAVOUR[label], name=who, scores=shown)
        return TieFact(label, scores, leaders[0].player, said), leaders
    level = reasons.and_list(name(r.player) for r in leaders)
    said = Message(reasons.LEVEL[label], names=level, best=best, scores=shown)
    return TieFact(label, scores, None, said), leaders


def _reason(fact: TieFact, label: str) -> str:
    """A tie reason to offer: "more florins after day 2 (61 to 58)"."""
    ordered = sorted((s for _, s in fact.scores if s is not None), reverse=True)
    scores = reasons.scores_field(ordered)
    return reasons.reason(reasons.MORE_FLORINS[label], scores=scores)


def decided_tie_note(reason: str) -> str:
    """What the public pages show beside the players of a tie for first the GM
    decided: "tie — decided by the GM: <reason>" (the reason the GM recorded;
    without one, the note ends at "GM"). Source: tournament.md, Recording a table
    (the record keeps which player the GM declared the winner, and why).
    """
    reason = reason.strip()
    if reason:
        return reasons.reason(reasons.TIE_DECIDED, reason=reason)
    return reasons.reason(reasons.TIE_DECIDED_BARE)
