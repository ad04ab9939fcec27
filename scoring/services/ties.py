"""Ties for first at a table: who is tied, what the day scores suggest, and
the GM's declaration of the winner (tournament.md, "Recording a table").

Words:

tie for first
    Several players with the top final score. The GM declares the winner and why
    (``PlayerRecord.declared_winner`` + ``tie_reason``); until then every tied
    player counts as a winner (``scoring.core.places.table_places``).

The results themselves are saved by ``scoring.services.results``.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from heats.core.errors import UserError
from heats.models import AuditAction, Player, Seat, Table
from heats.permissions import Actor
from heats.queries.desk import shown_names
from heats.services.audit import log
from scoring import permissions
from scoring.core.places import PlayerResult, TablePlaces
from scoring.core.tiebreak import TieSuggestion, suggest_tie_winner
from scoring.permissions import require
from scoring.queries.result_check import SeatScores, saved_values, seat_places
from scoring.queries.seats import seat_record, table_seats
from scoring.services.result_log import keep_history
from scoring.services.result_status import update_result_status
from scoring.services.results import lock_table


@transaction.atomic
def declare_winner(
    table: Table, player: Player, reason: str, user: Actor = None
) -> TablePlaces:
    """The GM resolves a tie for first: ``player`` wins, for ``reason``.

    The other tied players share place 2 (``scoring.core.places``). The old values stay
    in ``RecordHistory``. Raises UserError when the table has no results, no tie
    for first, ``player`` is not tied for first, or ``reason`` is empty;
    NotAllowed unless ``user`` may declare tie winners.
    Source: tournament.md, Recording a table.
    """
    require(table.round.event, user, permissions.DECLARE_TIE)
    lock_table(table)
    seats = table_seats(table)
    if not seats or not all(seat_record(s) for s in seats):
        raise UserError(_("%(table)s has no results yet.") % {"table": table})
    top = max(s.record.final for s in seats)
    tied = [s for s in seats if s.record.final == top]
    if len(tied) < 2:
        raise UserError(_("There is no tie for first at %(table)s.") % {"table": table})
    if player.pk not in {s.player_id for s in tied}:
        raise UserError(
            _("%(player)s is not tied for first at %(table)s.")
            % {"player": player, "table": table}
        )
    if not reason.strip():
        raise UserError(_("Say why this player wins the tie."))
    old = saved_values(seats)
    scores = {
        s.number: SeatScores(s.number, s.record.day1, s.record.day2, s.record.final)
        for s in seats
    }
    places = seat_places(seats, scores, {player.pk})
    for s in seats:
        s.record.place = places.places[str(s.player_id)]
        s.record.declared_winner = s.player_id == player.pk
        s.record.tie_reason = reason.strip() if s.record.declared_winner else ""
        s.record.save(update_fields=["place", "declared_winner", "tie_reason"])
    keep_history(table, user, "tie declaration", old, saved_values(seats))
    update_result_status([table.pk])
    log(
        table.round.event,
        user,
        AuditAction.TIE,
        f"Declared {player} the winner of the tie for first at {table}: {reason}",
        round=table.round.code,
        table=table.number,
    )
    return places


def tie_suggestion(table: Table) -> TieSuggestion | None:
    """What the recorded day scores say about ``table``'s tie for first
    (``scoring.core.tiebreak``); None without a tie."""
    seats = [s for s in table_seats(table) if seat_record(s)]
    if not seats:
        return None
    top = max(s.record.final for s in seats)
    tied = [s for s in seats if s.record.final == top]
    if len(tied) < 2:
        return None
    records = [
        PlayerResult(str(s.player_id), s.record.final, s.record.day1, s.record.day2)
        for s in tied
    ]
    # Namesakes told apart by badge, as the tie page's table names them.
    shown = shown_names(tied[0].player.event_id, [s.player for s in tied])
    return suggest_tie_winner(
        records, {str(s.player_id): shown[s.player_id] for s in tied}
    )


def tied_players(table: Table, seats: list[Seat] | None = None) -> list[Player]:
    """Players sharing the top final score at ``table`` (empty without a tie);
    ``seats``: its :func:`table_seats` when the caller has read them."""
    if seats is None:
        seats = table_seats(table)
    seats = [s for s in seats if seat_record(s)]
    if not seats:
        return []
    top = max(s.record.final for s in seats)
    tied = [s.player for s in seats if s.record.final == top]
    return tied if len(tied) > 1 else []
