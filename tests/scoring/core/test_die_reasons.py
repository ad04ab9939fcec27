"""What the die decided (and a tie broken against a missing day score) is read
from a reason's templates, never from its English: a player's name, or any
other text field, saying "die roll" or "(not recorded)" changes nothing in the
heat winners' or the alternates' warnings (tournament.md, Advancement, 2, 3
and 7)."""

from __future__ import annotations

from fractions import Fraction

from heats.core.message import Message
from scoring.core import reasons
from scoring.core.alternates import QueueEntry, call_alternates
from scoring.core.draw import Draw
from scoring.core.finishes import PlayerHistory
from scoring.core.hmw import seat_winners

SEED = "7"


def entry(player: str, name: str, detail: str) -> QueueEntry:
    """A candidate queued with ``detail`` (second at heat 1 table 1)."""
    return QueueEntry(player, Fraction(9, 10), 1, 1, 2, detail, (0,), name)


def second(template: str = reasons.SECOND, **more: object) -> str:
    """A second place's detail, 90.0% of the winner at heat 1 table 1."""
    percent = reasons.percent_field(90.0)
    return reasons.reason(template, percent=percent, heat=1, table=1, **more)


def warnings(queue: list[QueueEntry]) -> tuple[str, ...]:
    return call_alternates(
        queue, [], (), len(queue), next_count=0, seed=SEED, names={}
    ).warnings


def test_an_alternate_named_die_roll_is_not_placed_by_the_die():
    called = warnings(
        [
            entry("a", "Ann die roll", second()),
            entry("b", "Bo (not recorded)", second()),
        ]
    )
    assert called == ()


def test_only_the_alternate_the_die_placed_is_named():
    called = warnings(
        [
            entry("a", "Ann die roll", second()),
            entry("b", "Bo", second(reasons.SECOND_DIE)),
            entry("c", "Cy (not recorded)", second()),
            entry(
                "d",
                "Di",
                second(
                    reasons.SECOND_TIE_UNRECORDED, level=reasons.ALTERNATE_LEVELS[2]
                ),
            ),
        ]
    )
    assert called == (
        "die roll (seed '7') placed alternates Bo",
        "tie broken against a missing day score: Di",
    )


def test_words_saying_die_roll_in_a_text_field_are_not_the_die():
    # A detail whose English ends "die roll" and "(not recorded)" only through
    # a text field (here the GM's own words a cut winner's reason might carry).
    called = warnings(
        [
            entry("a", "Ann", Message(reasons.CUT_WINNER, reason="by die roll")),
            entry("b", "Bo", Message(reasons.CUT_WINNER, reason="(not recorded)")),
        ]
    )
    assert called == ()
    gm_words = Message(reasons.HMW_RANK_BY, rank=3, level=8, criterion="die roll")
    assert not reasons.ranked_by_die(gm_words)
    assert not reasons.placed_by_die("90.0% of winner, heat 1 table 1, die roll")


def test_heat_winners_named_die_roll_are_ranked_as_before():
    # Four winners for two seats: "die roll Dee" won twice
    # (level 1, most heat wins); the other three won once each, in heat 1,
    # by the same margin and finish, so the die ranks them (level 8).
    histories = {
        "d": PlayerHistory(((1, 4, 1), (2, 1, 1)), 10),
        "a": PlayerHistory(((1, 1, 1),), 10),
        "b": PlayerHistory(((1, 2, 1),), 10),
        "c": PlayerHistory(((1, 3, 1),), 10),
    }
    names = {"d": "die roll Dee", "a": "Ann", "b": "Bo", "c": "Cy"}
    seated, cut, said = seat_winners(list(histories), histories, 2, Draw(SEED), names)
    assert seated[0].label == "die roll Dee"
    assert seated[0].reason == "HMW rank 1 (1: most heat wins)"
    die = [x for x in (*seated, *cut) if x.label != "die roll Dee"]
    assert [x.reason for x in die] == [
        "HMW rank 2 (8: die roll)",
        "HMW rank 3 (8: die roll)",
        "HMW rank 4 (8: die roll)",
    ]
    assert said[0] == "4 winners present for 2 seats: 2 cut by HMW"
    assert said[1] == "die roll (seed '7') decided " + ", ".join(
        f"{x.label} ({x.reason})" for x in die
    )
