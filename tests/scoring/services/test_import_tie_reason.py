"""A tie for first settled through the results CSV's ``place`` column keeps the
GM's reason, from the ``tie_reason`` column, as the tie form does (formats.md,
Results CSV; tournament.md, Recording a table: the GM declares the winner and
why)."""

from __future__ import annotations

import csv
import io

import pytest

from scoring.core.results_csv import COLUMNS, ResultsFileError
from scoring.models import PlayerRecord
from scoring.queries.decisions import tie_lines
from scoring.queries.event_results import player_names
from scoring.queries.rounds import semi_round
from scoring.queries.spreadsheets import result_rows
from scoring.services import semi_final as rounds
from scoring.services.results_import.write import import_results

pytestmark = pytest.mark.django_db

REASON = "won the tie-break auction"


def semi_file(event, reason: str | None) -> str:
    """The seated semi-final's results: at table 1, seats 1 and 2 tie at 100 and
    place 1 goes to seat 2 (with ``reason``, None: no tie_reason column); every
    other table is won by seat 1."""
    header = "heat,table,seat,player,badge,final,place"
    lines = [header + (",tie_reason" if reason is not None else "")]
    for table in semi_round(event).tables.order_by("number"):
        for seat in table.seats.select_related("player").order_by("number"):
            final, place, why = 100 - seat.number, "", ""
            if table.number == 1 and seat.number <= 2:
                final, place = 100, 3 - seat.number
                why = reason or "" if seat.number == 2 else ""
            line = f"semi,{table.number},{seat.number},{seat.player.name},"
            line += f"{seat.player.badge},{final},{place}"
            lines.append(line + (f",{why}" if reason is not None else ""))
    return "\n".join(lines) + "\n"


def test_a_semi_final_tie_settled_in_the_file_keeps_the_gms_reason(demo_event):
    rounds.seat_semi(demo_event, seed=1)
    table = semi_round(demo_event).tables.get(number=1)
    first, second = table.seats.select_related("player").order_by("number")[:2]
    import_results(demo_event, semi_file(demo_event, REASON))
    # The file fills the seated tables (their seats written anew).
    semi = PlayerRecord.objects.filter(seat__round__kind="semi")
    record = semi.get(seat__player=second.player)
    assert (record.place, record.declared_winner, record.tie_reason) == (
        1,
        True,
        REASON,
    )
    assert semi.get(seat__player=first.player).tie_reason == ""
    keys = player_names(demo_event)
    assert tie_lines(demo_event, keys) == [
        f"Semi-final, table 1: {keys[first.player_id]} and "
        f"{keys[second.player_id]} tied at 100 florins; the GM declared "
        f"{keys[second.player_id]} the winner: {REASON}"
    ]
    # The export is a results file: importing it back changes nothing.
    out = io.StringIO()
    writer = csv.DictWriter(out, COLUMNS)
    writer.writeheader()
    writer.writerows(result_rows(demo_event))
    assert not import_results(demo_event, out.getvalue()).changed


def test_a_semi_final_tie_settled_without_a_reason_is_refused(demo_event):
    rounds.seat_semi(demo_event, seed=1)
    second = semi_round(demo_event).tables.get(number=1).seats.get(number=2)
    with pytest.raises(ResultsFileError) as info:
        import_results(demo_event, semi_file(demo_event, None))
    # Line 3: the header, then table 1 seat 1, then seat 2.
    assert [str(p) for p in info.value.line_problems] == [
        f"line 3, column tie_reason: {second.player.name} wins the tie for first "
        "at semi table 1 (100 florins) by place 1: say why in the tie_reason "
        "column (e.g. higher money after day 2), as the tie form asks"
    ]
    assert not PlayerRecord.objects.filter(seat__round__kind="semi").exists()


def test_a_new_reason_for_the_same_winner_replaces_the_saved_one(demo_event):
    # The GM rewords the reason in the file and imports it again (with or
    # without --replace: the scores agree): the reason was silently kept as
    # saved, the import reporting success.
    rounds.seat_semi(demo_event, seed=1)
    second = semi_round(demo_event).tables.get(number=1).seats.get(number=2)
    import_results(demo_event, semi_file(demo_event, REASON))
    summary = import_results(
        demo_event, semi_file(demo_event, "higher money after day 2")
    )
    record = PlayerRecord.objects.get(
        seat__round__kind="semi", seat__player=second.player
    )
    assert (record.declared_winner, record.tie_reason) == (
        True,
        "higher money after day 2",
    )
    assert summary.changed


def test_a_reason_typed_with_odd_spaces_reads_back_unchanged(demo_event):
    # The tie form keeps the GM's spaces; the CSV reader folds them as it
    # does names: the app's own export still imports as no change.
    rounds.seat_semi(demo_event, seed=1)
    import_results(demo_event, semi_file(demo_event, REASON))
    second = semi_round(demo_event).tables.get(number=1).seats.get(number=2)
    PlayerRecord.objects.filter(seat=second).update(tie_reason="won  the\u00a0tie")
    assert PlayerRecord.objects.get(seat=second).declared_winner
    out = io.StringIO()
    writer = csv.DictWriter(out, COLUMNS)
    writer.writeheader()
    writer.writerows(result_rows(demo_event))
    assert not import_results(demo_event, out.getvalue()).changed
