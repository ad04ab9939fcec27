"""Seating a round: load check-ins and history, call the pure ``heats.core.seating``,
save tables and seats; swaps, late tables and keep-apart pairs.

tournament.md, Heats (seating, late arrivals) and Semi-final and final.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from heats import permissions, signals
from heats.core import seating
from heats.core.errors import UserError
from heats.models import (
    AuditAction,
    Entry,
    EntryStatus,
    Player,
    ResultStatus,
    Round,
    RoundKind,
    Seat,
    Table,
)
from heats.models.rounds import SeatingSnapshot
from heats.permissions import Actor
from heats.queries.seating import (
    WAITING_STATUSES,
    current_objective,
    has_results,
    keep_apart_pairs,
    seating_history,
    seating_snapshot,
    seating_state,
    waiting_players,
)
from heats.services.audit import lock, log


def _players_to_seat(rnd: Round) -> list[int]:
    """Who a seating takes when no list is given: the ids of the players checked
    in (in or late). The semi-final's and the final's players come from their
    list and field (the results app's seating of the semi-final and the final).
    Ids alone (1,000 players loaded as rows cost more than the draw), in no
    order: the draw sorts them."""
    entries = rnd.entries.filter(status__in=WAITING_STATUSES).order_by()
    return list(entries.values_list("player_id", flat=True))


def _layout_for(rnd: Round, count: int) -> list[int] | None:
    """A forced layout: the semi-final's standard layout for its size, the final as
    one table; None lets the seating use the event's table-size policy."""
    if rnd.kind == RoundKind.SEMI:
        layout = rnd.event.semi_layout_map().get(count)
        return list(layout) if layout else None
    if rnd.kind == RoundKind.FINAL:
        if not seating.MIN_TABLE <= count <= seating.MAX_TABLE:
            raise UserError(
                _("The final is one table of 4–6 players, not %(count)s.")
                % {"count": count}
            )
        return [count]
    return None


def lock_tables(rnd: Round, ids: list[int] | None = None) -> None:
    """Lock the round's tables (those of ``ids`` only, when given), by id, after
    the round itself: a result being saved at one of them finishes first."""
    tables = Table.objects.select_for_update(no_key=True).filter(round=rnd)
    if ids is not None:
        tables = tables.filter(pk__in=ids)
    list(tables.order_by("pk").values_list("pk", flat=True))


@transaction.atomic
def seat_round(
    rnd: Round,
    *,
    seed: int | str | None = None,
    user: Actor = None,
    players: list[Player] | None = None,
    sizes: list[int] | None = None,
    state: str | None = None,
    smallest: int = seating.MIN_TABLE,
) -> seating.Seating | None:
    """Seat ``rnd`` and save its tables; returns the seating (player keys are ids).

    ``players`` defaults to ``_players_to_seat``; ``sizes`` to the round's forced
    layout (``_layout_for``), else the event's policy. History from earlier rounds
    and the keep-apart pairs feed the objective; the seed is saved on the round.
    Players left waiting become "late" (tournament.md, Heats). Any earlier seating
    of the round is replaced. With ``state`` (``seating_state`` as the GM's page
    showed it), a round seated since then is left as it is and None is returned:
    "Seat" pressed twice seats once. ``smallest`` lets a forced layout hold a
    smaller table (``heats.core.seating.seat``; a final of 3 the GM confirmed). Raises
    UserError if the round has results, or for a layout the players cannot fill
    (SeatingError's message).

    Seating again keeps the seating it replaces (``Round.previous_seating``, put
    back by ``heats.services.reseating.undo_seating``) and the round's first
    seating time: a clock never started runs from the first seating, and a
    clock started keeps its start (tournament.md, Heats: the GM seats "two
    minutes after the designated start").
    """
    permissions.require(rnd.event, user, permissions.SEAT)
    lock(rnd)
    if state is not None and state != seating_state(rnd):
        return None
    lock_tables(rnd)
    if has_results(rnd):
        raise UserError(
            _("%(round)s already has results: it cannot be seated again.")
            % {"round": rnd.label}
        )
    if players is None:
        people, entered = _players_to_seat(rnd), True
    else:
        people, entered = [p.pk for p in players], False
    if sizes is None:
        sizes = _layout_for(rnd, len(people))
    result = _draw_seating(rnd, people, seed, sizes, smallest)
    previous = seating_snapshot(rnd)
    rnd.tables.all().delete()
    tables = _save_tables(rnd, result.tables, start=1, late=False)
    _set_statuses(rnd, people, result.waiting, entered=entered)
    _record_seating(rnd, str(result.seed), previous)
    entry = log(
        rnd.event,
        user,
        AuditAction.SEATING,
        f"Seated {rnd.label}: {_shape(result.tables)}, seed {result.seed}, "
        f"{len(result.waiting)} waiting, repeat cost {result.repeat_cost}, "
        f"{result.keep_apart_violations} keep-apart violation(s)",
        round=rnd.code,
        seating=result.to_json(),
    )
    signals.tables_seated.send(rnd.event, entry=entry, round=rnd, tables=tables)
    return result


def mark_seated(rounds: Iterable[Round]) -> None:
    """Mark seated now each of ``rounds`` that has tables and no seating time:
    tables a results file wrote were seated at the tables, not on the round
    page, which would otherwise show the round open for check-in and offer
    "Seat now". The caller holds the rounds' locks. One statement, whatever
    the number of rounds."""
    now = timezone.now()
    Round.objects.filter(
        pk__in=[r.pk for r in rounds], seated_at__isnull=True, tables__isnull=False
    ).update(seated_at=now, first_seated_at=Coalesce("first_seated_at", Value(now)))


def _record_seating(rnd: Round, seed: str, previous: SeatingSnapshot | None) -> None:
    """Save a new seating's seed and time on ``rnd``, keeping its first seating
    time (the clock's start when none was recorded) and ``previous``."""
    rnd.seed, rnd.seated_at = seed, timezone.now()
    rnd.first_seated_at = rnd.first_seated_at or rnd.seated_at
    rnd.previous_seating = previous
    fields = ["seed", "seated_at", "first_seated_at", "previous_seating"]
    rnd.save(update_fields=fields)


def _draw_seating(
    rnd: Round,
    people: list[int],
    seed: int | str | None,
    sizes: list[int] | None,
    smallest: int,
) -> seating.Seating:
    """The pure seating of ``people`` (player ids) for ``rnd`` (earlier rounds'
    history, the keep-apart pairs, the event's policy); UserError for a layout
    they cannot fill or fewer than 4 players."""
    try:
        result = seating.seat(
            [str(pk) for pk in people],
            seed,
            history=seating_history(rnd),
            keep_apart=keep_apart_pairs(rnd.event),
            sizes=sizes,
            policy=rnd.event.seating_policy,
            smallest=smallest,
        )
    except seating.SeatingError as exc:
        raise UserError(str(exc)) from None
    if not result.tables:
        raise UserError(
            ngettext(
                "%(count)s player checked in: a table needs at least 4.",
                "%(count)s players checked in: a table needs at least 4.",
                len(people),
            )
            % {"count": len(people)}
        )
    return result


def _shape(tables: list[list[str]]) -> str:
    return "+".join(str(len(t)) for t in tables) or "no tables"


def _save_tables(
    rnd: Round, tables: list[list[str]], *, start: int, late: bool
) -> list[Table]:
    """Save ``tables`` (player keys in seat order) as tables numbered from
    ``start``: one bulk insert of tables and one of seats, whatever their number;
    the tables saved, in number order."""
    saved = Table.objects.bulk_create(
        Table(round=rnd, number=number, late=late)
        for number in range(start, start + len(tables))
    )
    if any(t.pk is None for t in saved):
        # A database that does not return ids from a bulk insert.
        numbers = range(start, start + len(tables))
        saved = list(rnd.tables.filter(number__in=numbers).order_by("number"))
    # Ids, not rows: setting 1,000 seats' relations to model instances costs
    # more than inserting them.
    Seat.objects.bulk_create(
        Seat(table_id=table.pk, round_id=rnd.pk, number=n, player_id=int(key))
        for table, keys in zip(saved, tables, strict=True)
        for n, key in enumerate(keys, start=1)
    )
    return saved


def _set_statuses(
    rnd: Round, people: list[int], waiting: list[str], *, entered: bool
) -> None:
    """Seated players' entries "in" (created if missing), waiting ones "late";
    ``people``: player ids, ``entered`` when they are the round's checked-in
    entries (``_players_to_seat``: none is missing)."""
    late = {int(k) for k in waiting}
    if entered:
        entries = rnd.entries.filter(status__in=WAITING_STATUSES)
    else:
        # Only the missing ones (a semi-final's or final's list): inserting all
        # of a heat's 1,000 entries again, to be ignored, cost more than the
        # seating.
        saved = set(rnd.entries.values_list("player_id", flat=True))
        Entry.objects.bulk_create(
            [Entry(round=rnd, player_id=pk) for pk in people if pk not in saved],
            ignore_conflicts=True,
        )
        entries = Entry.objects.filter(round=rnd, player_id__in=people)
    entries.exclude(player_id__in=late).update(status=EntryStatus.CHECKED_IN)
    entries.filter(player_id__in=late).update(status=EntryStatus.LATE)


@dataclass(frozen=True)
class SwapReport:
    """A GM's swap: the objective ``(repeat_cost, keep_apart_violations)`` before
    and after (heats.core.seating.objective)."""

    player_a: Player
    player_b: Player
    before: tuple[int, int]
    after: tuple[int, int]


@transaction.atomic
def swap_seats(rnd: Round, a: Player, b: Player, user: Actor = None) -> SwapReport:
    """Exchange two players' seats in ``rnd`` (a GM's swap), logged.

    Either may be waiting (late, unseated): the waiting one takes the other's seat
    and the other waits. Raises UserError for the same player twice, a player
    neither seated nor waiting, two waiting players, or a table with results.
    """
    permissions.require(rnd.event, user, permissions.SWAP)
    if a.pk == b.pk:
        raise UserError(_("Choose two different players to swap."))
    lock(rnd)
    seats = {s.player_id: s for s in Seat.objects.filter(round=rnd, player__in=[a, b])}
    lock_tables(rnd, [s.table_id for s in seats.values()])
    _check_swappable(rnd, [a, b], seats)
    before = current_objective(rnd)
    moves = [
        (s.table, s.number, b if s.player_id == a.pk else a) for s in seats.values()
    ]
    Seat.objects.filter(pk__in=[s.pk for s in seats.values()]).delete()
    for table, number, player in moves:
        Seat.objects.create(table=table, round=rnd, number=number, player=player)
    for player in (a, b):
        seated = any(m[2] == player for m in moves)
        status = EntryStatus.CHECKED_IN if seated else EntryStatus.LATE
        Entry.objects.filter(round=rnd, player=player).update(status=status)
    after = current_objective(rnd)
    log(
        rnd.event,
        user,
        AuditAction.SWAP,
        f"Swapped {a} and {b} in {rnd.label}: objective {before} -> {after}",
        round=rnd.code,
        before=list(before),
        after=list(after),
    )
    return SwapReport(a, b, before, after)


def _check_swappable(rnd: Round, players: list[Player], seats: dict[int, Seat]) -> None:
    if not seats:
        raise UserError(_("Neither player is seated: there is nothing to swap."))
    if rnd.kind != RoundKind.HEAT and len(seats) < len(players):
        raise UserError(
            _(
                "In the %(round)s only seated players swap: its seats come from the "
                "list (no alternate advances to the final)."
            )
            % {"round": rnd.label}
        )
    waiting = set(
        rnd.entries.filter(status=EntryStatus.LATE).values_list("player", flat=True)
    )
    problems = [
        _("%(player)s is neither seated nor waiting in %(round)s")
        % {"player": p, "round": rnd.label}
        for p in players
        if p.pk not in seats and p.pk not in waiting
    ]
    problems += [
        _("table %(table)s already has results") % {"table": s.table.number}
        for s in seats.values()
        if s.table.result_status != ResultStatus.OWED
    ]
    if problems:
        raise UserError(_("These players cannot be swapped."), problems)


def _draw_late_tables(
    rnd: Round, seed: int | str | None, small: bool
) -> tuple[int, seating.Seating]:
    """The minimum late table used and the pure late seating of the players
    waiting in ``rnd``; UserError while too few wait."""
    waiting = waiting_players(rnd)
    minimum = rnd.event.min_late_table
    if small:
        minimum = min(minimum, max(seating.MIN_TABLE, len(waiting)))
    result = seating.late_table(
        [str(p.pk) for p in waiting],
        minimum,
        seed,
        history=seating_history(rnd),
        keep_apart=keep_apart_pairs(rnd.event),
        policy=rnd.event.seating_policy,
    )
    if result is None:
        values = {"count": len(waiting), "minimum": minimum}
        if small:
            text = ngettext(
                "%(count)s player waiting: a late table needs %(minimum)s. Seat "
                "them at a table with no score recorded yet.",
                "%(count)s players waiting: a late table needs %(minimum)s. Seat "
                "them at a table with no score recorded yet.",
                len(waiting),
            )
        else:
            text = ngettext(
                "%(count)s player waiting: a late table needs %(minimum)s.",
                "%(count)s players waiting: a late table needs %(minimum)s.",
                len(waiting),
            )
        raise UserError(text % values)
    return minimum, result


@transaction.atomic
def form_late_table(
    rnd: Round,
    *,
    seed: int | str | None = None,
    user: Actor = None,
    small: bool = False,
) -> seating.Seating:
    """Seat the waiting players at new late tables numbered after the round's.

    Uses ``seating.late_table`` with the event's ``min_late_table`` (default 5);
    UserError while too few wait, or before the round is seated. With ``small``
    (the GM confirmed it) fewer than the minimum but at least 4 (a table's least)
    form one smaller table. Source: tournament.md, Heats, Late arrivals. Returns
    the ``Seating``.
    """
    permissions.require(rnd.event, user, permissions.LATE_TABLE)
    if rnd.kind != RoundKind.HEAT:
        raise UserError(
            _("Late tables are for heats only, not the %(round)s.")
            % {"round": rnd.label}
        )
    lock(rnd)
    if not rnd.seated_at:
        raise UserError(
            _("Seat %(round)s first; late tables come after.") % {"round": rnd.label}
        )
    minimum, result = _draw_late_tables(rnd, seed, small)
    start = (rnd.tables.aggregate(m=Max("number"))["m"] or 0) + 1
    tables = _save_tables(rnd, result.tables, start=start, late=True)
    seated = {int(k) for t in result.tables for k in t}
    rnd.entries.filter(player__in=seated).update(status=EntryStatus.CHECKED_IN)
    entry = log(
        rnd.event,
        user,
        AuditAction.LATE_TABLE,
        f"Late table(s) in {rnd.label} from table {start}: {_shape(result.tables)}, "
        f"seed {result.seed}, {len(result.waiting)} still waiting"
        + (
            f" (under the event's minimum of {rnd.event.min_late_table}, "
            "confirmed by the GM)"
            if minimum < rnd.event.min_late_table
            else ""
        ),
        round=rnd.code,
        seating=result.to_json(),
    )
    signals.late_table_seated.send(rnd.event, entry=entry, round=rnd, tables=tables)
    return result


# --- keep-apart pairs --------------------------------------------------------------
