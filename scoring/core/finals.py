"""The final's field: who plays the final (tournament.md, "Semi-final and
final"; seed 001: "no alternates will advance to the final under any
circumstances").

Words:

finalist
    A semi-final table winner who entered the semi-final as a heat winner and is
    not marked absent from the final; an alternate who wins a semi-final table
    stays out, and nobody takes an absent finalist's seat by right.
short final
    Fewer than ``FINAL_MIN`` finalists: the final is one table of 4-6, so it
    cannot be seated as it is; the GM adds the best semi-final runner(s)-up (as
    many as needed to make 4) or confirms a final of 3 (only with exactly 3
    finalists).

Players are ids (``scoring.core.ids``). Pure: no Django import.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from scoring.core.ids import PlayerId
from scoring.core.sizes import FINAL_MIN

FINAL_OF_THREE = 3


def finalists(
    table_winners: Sequence[PlayerId],
    heat_winners: Collection[PlayerId],
    absent: Collection[PlayerId],
) -> list[PlayerId]:
    """The semi-final table winners (table order) who entered as heat winners
    and are not absent from the final."""
    return [p for p in table_winners if p in heat_winners and p not in absent]


def runners_up_needed(finalist_count: int) -> int:
    """Runners-up a short final needs to make 4 (0 when there are enough)."""
    return max(0, FINAL_MIN - finalist_count)


def added_runners_up(
    ranked: Sequence[PlayerId], chosen: Collection[PlayerId], needed: int
) -> list[PlayerId]:
    """The runners-up the GM chose that still count: in rank order (best
    first), at most as many as the final still needs; a chosen player no longer
    a candidate (absent from the final, say) drops out and the next one chosen
    moves up."""
    return [p for p in ranked if p in chosen][:needed]


def of_three(confirmed: bool, finalist_count: int) -> bool:
    """A final of 3: only when the GM confirmed it and exactly 3 finalists
    remain."""
    return confirmed and finalist_count == FINAL_OF_THREE


def is_short(player_count: int, three: bool) -> bool:
    """True while the final cannot be seated as it stands: fewer than 4 players
    and no confirmed final of 3."""
    return player_count < FINAL_MIN and not three
