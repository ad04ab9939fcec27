"""The GM's decisions as the bracket and the report print them (issue 18, 11).

Reading only. Words (tournament.md, "Recording a table" and "Semi-final and
final"):

declared winner
    The player the GM declared the winner of a tie for first, with the reason
    (``PlayerRecord.declared_winner``, ``tie_reason``).
alternate's win
    An alternate who won a semi-final table: the win counts for the laurels, but
    "no alternates advance to the final under any circumstances" (seed 001).
final fill
    The GM's decision for a final fewer than 4 semi-final winners can play
    (``FinalFill``): the runner(s)-up added, or a final of 3, and why.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from heats.core.errors import UserError
from heats.core.i18n import gettext_noop
from heats.models import AuditAction, AuditEntry, Event, RoundKind, Seat
from heats.translate import listed, translate
from scoring.models import PlayerRecord, PublishedList, RecordHistory
from scoring.queries.final import (
    FinalField,
    alternates_winning_semi_tables,
    final_field,
)

# Marks on the bracket, English as the printables read them; the printing edge
# translates them with ``gettext`` (they are messages of the catalogues).
ALTERNATE_WON = gettext_noop("alternate: does not advance")
TIE_BROKEN = gettext_noop("tie broken by the GM")
RUNNER_UP_ADDED = gettext_noop("runner-up added by the GM")


def names_and(names: list[str]) -> str:
    """Names joined by "and" in the active language: "Ann and Bo and Cy"."""
    joined = names[0] if names else ""
    for name in names[1:]:
        joined = gettext("%(first)s and %(second)s") % {
            "first": joined,
            "second": name,
        }
    return joined


def tie_lines(event: Event, keys: dict[int, str]) -> list[str]:
    """One line per tie for first the GM broke, in round and table order: "Heat
    2, table 3: Ann and Bo tied at 90 florins; the GM declared Ann the winner:
    higher money after day 2"."""
    declared = (
        PlayerRecord.objects.filter(seat__round__event=event, declared_winner=True)
        .select_related("seat__table__round")
        .order_by("seat__round__ordinal", "seat__table__number")
    )
    lines = []
    for record in declared:
        table = record.seat.table
        tied = (
            Seat.objects.filter(table=table, record__final=record.final)
            .order_by("number")
            .values_list("player_id", flat=True)
        )
        names = names_and([keys[pk] for pk in tied])
        # The GM's own words, never translated.
        reason = record.tie_reason or gettext("no reason given")
        lines.append(
            # Translators: "Heat 2, table 3: Ann and Bo tied at 90 florins; the GM
            # declared Ann the winner: <the GM's reason>".
            gettext(
                "%(round)s, table %(table)s: %(names)s tied at %(florins)s "
                "florins; the GM declared %(winner)s the winner: %(reason)s"
            )
            % {
                "round": table.round.label,
                "table": table.number,
                "names": names,
                "florins": record.final,
                "winner": keys[record.seat.player_id],
                "reason": reason,
            }
        )
    return lines


def _fill_line(found: FinalField) -> str:
    """The GM's fill decision and why: the final is one table of 4-6 and no
    alternate advances, so too few semi-final winners could play."""
    fill = found.fill
    if fill is None:
        return ""
    count = len(found.winners)
    return ngettext(
        "%(summary)s, because only %(count)s semi-final table winner could play, "
        "the final is one table of 4–6 and no alternate advances.",
        "%(summary)s, because only %(count)s semi-final table winners could play, "
        "the final is one table of 4–6 and no alternate advances.",
        count,
    ) % {"summary": translate(fill.summary), "count": count}


def final_lines(found: FinalField | None, keys: dict[int, str]) -> list[str]:
    """The final's field decisions: alternates who won a semi-final table, semi-
    final winners absent from the final, the GM's fill and why. Empty while the
    field is not known (``found``, from ``known_final_field``, is None: a
    semi-final table owes its result)."""
    if found is None:
        return []
    lines = [
        gettext(
            "%(name)s won a semi-final table as an alternate and does not "
            "advance: no alternate advances to the final."
        )
        % {"name": keys[p.pk]}
        for p in found.excluded
    ]
    lines += [
        gettext(
            "%(name)s, a semi-final table winner, is absent from the final: "
            "nobody takes the seat by right."
        )
        % {"name": keys[p.pk]}
        for p in found.absent
    ]
    fill = _fill_line(found)
    return [*lines, fill] if fill else lines


def alternate_winner_ids(event: Event, found: FinalField | None) -> set[int]:
    """Ids of the alternates who won a semi-final table and do not advance
    (marked on the bracket): the final field's ``excluded`` once it is known
    (``found``, from ``known_final_field``), so a player who played the final
    is never marked (``final._as_played``)."""
    if found is not None:
        return {p.pk for p in found.excluded}
    return {p.pk for p in alternates_winning_semi_tables(event)}


def known_final_field(event: Event) -> FinalField | None:
    """The final's field once it is known (every semi-final table has its
    result), else None."""
    try:
        return final_field(event)
    except UserError:
        return None


def added_runner_up_ids(found: FinalField | None) -> set[int]:
    """Ids of the semi-final runners-up the GM added to the final (marked on the
    bracket); ``found``: the final's field from ``known_final_field``."""
    return {p.pk for p in found.added} if found else set()


def substitute_lines(event: Event, keys: dict[int, str]) -> list[str]:
    """Each no-show the GM replaced in the seated semi-final, in order: "Semi-
    final table 2: Drew Penrose took the seat of Ann Lee, a no-show." (the
    audit's ``substitute`` entries; one saved before they named the players by
    id is printed as logged)."""
    lines = []
    entries = AuditEntry.objects.filter(event=event, action=AuditAction.SUBSTITUTE)
    for entry in entries.order_by("pk"):
        data = entry.data or {}
        if "player" not in data or "alternate" not in data:
            lines.append(entry.detail)
            continue
        lines.append(
            gettext(
                "Semi-final table %(table)s: %(alternate)s took the seat of "
                "%(player)s, a no-show."
            )
            % {
                "table": data.get("table", "?"),
                "alternate": keys.get(data["alternate"], "?"),
                "player": keys.get(data["player"], "?"),
            }
        )
    return lines


def late_correction_lines(event: Event, keys: dict[int, str]) -> list[str]:
    """Each heat table's results corrected after the semi-final list was first
    published, in order, with the finals that changed: "Heat 1, table 3 was
    corrected after the semi-final list was published: Ann Lee 101 (was 84)."
    (``RecordHistory``, tournament.md, Advancement, 9)."""
    first = PublishedList.objects.filter(event=event).order_by("published_at").first()
    if first is None:
        return []
    rows = RecordHistory.objects.filter(
        table__round__event=event,
        table__round__kind=RoundKind.HEAT,
        at__gt=first.published_at,
    ).select_related("table__round")
    lines = []
    for row in rows.order_by("pk"):
        changed = [
            gettext("%(player)s %(final)s (was %(was)s)")
            % {
                "player": keys.get(new.get("player_id"), new.get("player", "?")),
                "final": new.get("final"),
                "was": row.old[seat].get("final"),
            }
            for seat, new in sorted(row.new.items())
            if isinstance(row.old.get(seat), dict)
            and row.old[seat].get("final") != new.get("final")
        ]
        lines.append(
            gettext(
                "%(table)s was corrected after the semi-final list was published: "
                "%(changes)s."
            )
            % {
                "table": row.table,
                "changes": listed(changed) or gettext("day scores only"),
            }
        )
    return lines


def gm_decisions(
    event: Event, keys: dict[int, str], found: FinalField | None
) -> tuple[str, ...]:
    """Every GM decision the report prints: ties broken, corrections after the
    semi-final list was published, no-shows replaced, then the final's field
    (``found``, from ``known_final_field``); players named by ``keys``
    (``player_names``)."""
    return (
        *tie_lines(event, keys),
        *late_correction_lines(event, keys),
        *substitute_lines(event, keys),
        *final_lines(found, keys),
    )
