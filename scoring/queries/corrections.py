"""What a corrected heat result changes once the semi-final is seated or played.

Words (tournament.md, Advancement, 9; Semi-final and final):

consequences
    What a correction of a heat table's saved results would change after the
    semi-final is seated: who won the table, who gains or loses a place on the
    semi-final list (the live list, worked out with and without the correction by
    ``event_advancement``), and what that means for the seats already given. The
    correction waits for the GM's confirmation (``Consequences.key``); nothing is
    re-seated by it.
seated, played
    The semi-final is *seated* once it has seats, *played* once one of its tables
    has a result.

Read only: nothing here writes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats.core.message import SEMICOLON
from heats.models import Event, Round, RoundKind, Seat, Table
from heats.translate import and_listed, listed
from scoring.models import PlayerRecord, PublishedList
from scoring.queries.event_results import (
    HeatSeatRow,
    absent_ids,
    event_advancement,
    heat_seat_rows,
    player_names,
)


@dataclass(frozen=True)
class Consequences:
    """What saving a correction of ``table`` (its label, "Heat 1, table 3") would
    change: the table's winners before and after (more than one: a tie for first
    nobody declared), the players who gain and lose a place on the semi-final
    list, the semi-final's state (``"seated"`` or ``"played"``) and ``note``,
    a sentence on the seats already given; ``published``, ``final`` and
    ``laurels``: a sentence each on the published list, the final and the
    laurels. Names as pages show them. ``key``: a fingerprint of the change,
    which the GM's confirmation must carry."""

    table: str
    winners_before: list[str]
    winners_after: list[str]
    gains: list[str]
    losses: list[str]
    semi: str
    note: str
    key: str
    published: str = ""
    final: str = ""
    laurels: str = ""

    @property
    def winner_changed(self) -> bool:
        return self.winners_before != self.winners_after


def correction_consequences(
    table: Table, new_rows: list[HeatSeatRow]
) -> Consequences | None:
    """The consequences of replacing heat table ``table``'s saved results with
    ``new_rows`` (``heat_seat_rows`` shaped, seat order), or None when there are
    none to confirm: ``table`` is not a heat table or has no saved result yet, the
    semi-final is neither seated nor played, or neither the table's winners nor
    the semi-final list's players change. Source: tournament.md, Advancement, 9.
    """
    event = table.round.event
    semi = event.rounds.filter(kind=RoundKind.SEMI).first()
    if table.round.kind != RoundKind.HEAT or semi is None:
        return None
    state = _semi_state(semi)
    rows = heat_seat_rows(event)
    here = (table.round.number, table.number)
    old_rows = [row for row in rows if row[:2] == here]
    if state is None or any(row[4] is None for row in old_rows):
        return None
    merged = [r for r in rows if r[:2] < here] + new_rows
    merged += [r for r in rows if r[:2] > here]
    keys = player_names(event)
    gains, losses = _list_change(event, keys, rows, merged)
    won = [_winners(old_rows), _winners(new_rows)]
    if won[0] == won[1] and not gains and not losses:
        return None
    seated = set(
        Seat.objects.filter(round=semi, player_id__in=gains + losses).values_list(
            "player_id", flat=True
        )
    )
    final = event.rounds.filter(kind=RoundKind.FINAL).first()
    lost = _lost_heat_wins(final, rows, merged)
    return _consequences(table, keys, state, won, gains, losses, seated, lost)


def _consequences(
    table: Table,
    keys: dict[int, str],
    state: str,
    won: list[list[int]],
    gains: list[int],
    losses: list[int],
    seated: set[int],
    lost: list[int],
) -> Consequences:
    """The :class:`Consequences` of a correction of ``table`` in the semi-final
    ``state``: the table's winners before and after (``won``), who gains and
    loses a place on the list (``seated``: those of them seated in the
    semi-final), the heat wins ``lost`` by finalists; players named by
    ``keys``."""
    event = table.round.event

    def named(ids: list[int]) -> list[str]:
        return [keys[pk] for pk in ids]

    note = _note(state, named, gains, losses, seated)
    change = [won, gains, losses, state]
    key = hashlib.sha256(json.dumps(change).encode()).hexdigest()[:16]
    final = event.rounds.filter(kind=RoundKind.FINAL).first()
    return Consequences(
        str(table),
        named(won[0]),
        named(won[1]),
        named(gains),
        named(losses),
        state,
        note,
        key,
        published=_published_sentence(event, bool(gains or losses)),
        final=_final_sentence(_semi_state(final) if final else None, named(lost)),
        laurels=_laurels_sentence(final),
    )


def _list_change(
    event: Event,
    keys: dict[int, str],
    before_rows: list[HeatSeatRow],
    after_rows: list[HeatSeatRow],
) -> tuple[list[int], list[int]]:
    """The ids of the players who gain and who lose a place on the live
    semi-final list when ``before_rows`` become ``after_rows``, in list order."""
    absent = absent_ids(event)
    before = event_advancement(event, keys=keys, rows=before_rows, absent=absent)
    after = event_advancement(event, keys=keys, rows=after_rows, absent=absent)
    # The list's players are database ids here (the rows': heat_seat_rows).
    old = [cast(int, q.player) for q in before.qualifiers]
    new = [cast(int, q.player) for q in after.qualifiers]
    return [p for p in new if p not in old], [p for p in old if p not in new]


def _semi_state(semi: Round) -> str | None:
    if PlayerRecord.objects.filter(seat__round=semi).exists():
        return "played"
    return "seated" if Seat.objects.filter(round=semi).exists() else None


def _winners(rows: list[HeatSeatRow]) -> list[int]:
    """Player ids at place 1 (several for a tie for first nobody declared)."""
    return [row[3] for row in rows if row[7] == 1]


def _note(
    state: str,
    named: Callable[[list[int]], list[str]],
    gains: list[int],
    losses: list[int],
    seated: set[int],
) -> str:
    """What the change means for the semi-final's seats (``seated``: the ids of
    the gaining and losing players who hold one); no seat is changed by it.
    In the reader's language; names as they are."""
    if not gains and not losses:
        if state == "played":
            return _("The semi-final is played; its list keeps the same players.")
        return _("The semi-final is seated; its list keeps the same players.")
    kept = named([p for p in losses if p in seated])
    unseated = named([p for p in gains if p not in seated])
    if state == "played":
        return _played_note(kept, unseated)
    parts: list[str] = []
    if kept:
        parts.append(
            ngettext(
                "%(names)s keeps their seat", "%(names)s keep their seats", len(kept)
            )
            % {"names": and_listed(kept)}
        )
    if unseated:
        parts.append(
            ngettext(
                "%(names)s, who now qualifies, has none — seat them by replacing a "
                "no-show or re-seat the semi-final",
                "%(names)s, who now qualify, have none — seat them by replacing a "
                "no-show or re-seat the semi-final",
                len(unseated),
            )
            % {"names": and_listed(unseated)}
        )
    return _("The semi-final is seated: %(changes)s.") % {
        "changes": listed(parts, SEMICOLON) or _("no seat changes")
    }


def _played_note(kept: list[str], unseated: list[str]) -> str:
    """:func:`_note` once the semi-final is played: who lost their place but
    played it (``kept``), who gained one but did not (``unseated``)."""
    parts: list[str] = []
    if kept:
        # Translators: "names" is one name or several ("Ann and Bo").
        parts.append(_("%(names)s played it") % {"names": and_listed(kept)})
    if unseated:
        parts.append(
            ngettext(
                "%(names)s, who now qualifies, did not play it",
                "%(names)s, who now qualify, did not play it",
                len(unseated),
            )
            % {"names": and_listed(unseated)}
        )
    if not parts:
        return _("The semi-final has been played; its results stand.")
    # Translators: "changes" are one or more sentences joined by "; ".
    return _("The semi-final has been played: %(changes)s; its results stand.") % {
        "changes": listed(parts, SEMICOLON)
    }


def _lost_heat_wins(
    final: Round | None, before_rows: list[HeatSeatRow], after_rows: list[HeatSeatRow]
) -> list[int]:
    """Ids of the players seated in ``final`` (a Round or None) who won a heat
    table before the change and none after it."""
    if final is None:
        return []
    before = {row[3] for row in before_rows if row[7] == 1}
    after = {row[3] for row in after_rows if row[7] == 1}
    seated = Seat.objects.filter(round=final).order_by("number")
    return [
        p for p in seated.values_list("player_id", flat=True) if p in before - after
    ]


def _published_sentence(event: Event, changes_list: bool) -> str:
    """What the change means for the published semi-final list."""
    if not PublishedList.objects.filter(event=event).exists():
        return _("No semi-final list is published yet.")
    if changes_list:
        return _(
            "The published semi-final list keeps its players until you publish "
            "the changes on the semi-final page."
        )
    return _("The published semi-final list keeps its players.")


def _final_sentence(state: str | None, lost: list[str]) -> str:
    """What the change means for the final (``state``: None, "seated" or
    "played", as the semi-final's); ``lost``: its players who no longer won
    a heat table."""
    if state is None:
        return _("The final is not seated yet: its field follows the results.")
    if not lost:
        if state == "played":
            return _("The final has been played; its results stand.")
        return _("The final is seated; its players keep their seats.")
    names = and_listed(lost)
    if state == "played":
        return ngettext(
            "The final has been played: %(names)s, who played it, no longer won a "
            "heat table; its results stand.",
            "The final has been played: %(names)s, who played it, no longer won "
            "a heat table; its results stand.",
            len(lost),
        ) % {"names": names}
    return ngettext(
        "The final is seated: %(names)s, who sits in it, no longer won a heat "
        "table; nobody is re-seated by this.",
        "The final is seated: %(names)s, who sit in it, no longer won a heat "
        "table; nobody is re-seated by this.",
        len(lost),
    ) % {"names": names}


def _laurels_sentence(final: Round | None) -> str:
    """What the change means for the laurels (places 1-6)."""
    if final is None or _semi_state(final) != "played":
        return _("No laurels yet: they follow the final's results.")
    return _("The laurels stand: they rank the final as played.")
