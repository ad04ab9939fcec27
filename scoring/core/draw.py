"""The event's die (tournament.md, Advancement, 7): players still level after
every deterministic tie-break are separated by a draw from the event's recorded
seed, reproducible by anyone and independent of input order.

Words: a player's *draw key* (``Player.draw_key``) is the text their rolls are
seeded with, set when the player was created and never changed; a *purpose*
("hmw", "alternate", "laurels") keeps the rolls of one tie-break independent of
another's.

Pure: no Django import.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from scoring.core.ids import PlayerId


@dataclass(frozen=True)
class Draw:
    """The die of an event (tournament.md, Advancement, 7): its recorded ``seed``
    and each player's draw key (``keys``: ``Player.draw_key``, set when the player
    was created and never changed, so a corrected typo, a merge or a namesake
    never re-rolls a tie-break). A player without a key rolls with ``str(id)``.
    """

    seed: str
    keys: Mapping[PlayerId, str] = field(default_factory=dict)

    def roll(self, purpose: str, player: PlayerId) -> float:
        """``die_roll`` for ``player`` under this draw."""
        return die_roll(self.seed, purpose, self.keys.get(player, str(player)))


def as_draw(seed: str | Draw) -> Draw:
    """A recorded seed alone as a :class:`Draw` (a ``Draw`` as it is)."""
    return seed if isinstance(seed, Draw) else Draw(seed)


@functools.lru_cache(maxsize=1 << 16)
def die_roll(seed: str, purpose: str, player: str) -> float:
    """A reproducible draw in [0, 1) for ``player`` (tournament.md, Advancement, 7).

    Seeded by ``f"{seed}|{purpose}|{player}"`` alone, so it is the same in every
    run and independent of input order; higher is better. Remembered per
    process: seeding a generator costs more than the rest of an HMW sort key,
    and every standings page ranks the same players with the same seed again.
    """
    return random.Random(f"{seed}|{purpose}|{player}").random()
