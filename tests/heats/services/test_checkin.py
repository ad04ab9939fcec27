"""Check-in: type-ahead, paste lists, new players, undo, the checkin command."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from heats.core.errors import UserError
from heats.models import AuditEntry, Entry, EntryStatus, Player
from heats.permissions import NotAllowed
from heats.queries.seating import checked_in_count
from heats.services.checkin import check_in, numbered_name_list, parse_name_list
from heats.services.checkin_undo import undo_check_in
from heats.services.seating import seat_round
from scoring.models import PlayerRecord
from scoring.services.result_status import update_result_status
from tests.heats.conftest import names, player

pytestmark = pytest.mark.django_db


def round_url(name: str, rnd) -> str:
    return reverse(name, kwargs={"event": rnd.event.slug, "round": rnd.code})


def test_parse_name_list_reads_names_and_badges():
    text = "Ann Lee\n\n  Ben   Ng , 1204 \nAnn Lee\nCy"
    assert parse_name_list(text) == [("Ann Lee", ""), ("Ben Ng", "1204"), ("Cy", "")]


def test_pasted_list_creates_unknown_players_and_checks_everyone_in(
    gm_client, heat, event
):
    Player.objects.create(event=event, name="Ann Lee", badge="1001")
    response = gm_client.post(
        round_url("heats:round-paste", heat),
        {"text": "Ann Lee\nBen Ng, 1204\nCy Fox\n"},
    )
    assert response.status_code == 302
    assert Player.objects.filter(event=event).count() == 3
    assert player(event, "Ben Ng").badge == "1204"
    statuses = dict(heat.entries.values_list("player__name", "status"))
    assert statuses == {"Ann Lee": "in", "Ben Ng": "in", "Cy Fox": "in"}
    assert AuditEntry.objects.filter(event=event, action="check-in").count() == 3


def test_single_check_in_by_name_asks_about_the_badged_player(gm_client, heat, event):
    ann = Player.objects.create(event=event, name="Ann Lee", badge="1001")
    url = round_url("heats:round-checkin", heat)
    response = gm_client.post(url, {"name": " ann  lee "})
    assert not heat.entries.exists()
    assert "The same person: Ann Lee (#1001), no heat yet" in response.content.decode()
    gm_client.post(url, {"name": "Ann Lee", "badge": "1001", "player": ann.pk})
    assert list(heat.entries.values_list("player", flat=True)) == [ann.pk]


def test_a_name_shared_by_two_badged_players_needs_a_badge(heat, event):
    Player.objects.create(event=event, name="Ann Lee", badge="1001")
    Player.objects.create(event=event, name="Ann Lee", badge="1002")
    with pytest.raises(UserError, match="give a badge"):
        check_in(heat, [("Ann Lee", "")])
    report = check_in(heat, [("Ann Lee", "1002")])
    assert [p.badge for p in report.checked_in] == ["1002"]


def test_a_refused_pasted_row_says_nothing_was_saved_and_names_its_line(heat, event):
    Player.objects.create(event=event, name="Ann Lee", badge="1001")
    Player.objects.create(event=event, name="Ann Lee", badge="1002")
    with pytest.raises(UserError) as refused:
        check_in(heat, [("Ann Lee", "")])
    assert refused.value.message == (
        "Nothing was saved: the 1 name pasted was not checked in. Line 1 needs a "
        "fix (below); the pasted list is kept: fix that line and press “Check in "
        "all” again."
    )
    assert refused.value.problems[0] == (
        "line 1: Several players are called 'Ann Lee': give a badge, or check them "
        "in one by one."
    )
    with pytest.raises(UserError, match="none of the 2 names pasted .* Line 7 "):
        check_in(heat, [("Ben", ""), ("Ann Lee", "")], lines=[3, 7])
    assert not heat.entries.exists()


def test_a_refused_pasted_list_says_so_in_german(heat, event):
    Player.objects.create(event=event, name="Ann Lee", badge="1001")
    Player.objects.create(event=event, name="Ann Lee", badge="1002")
    with translation.override("de"), pytest.raises(UserError) as refused:
        check_in(heat, [("Ben", ""), ("Ann Lee", "")])
    assert refused.value.message.startswith(
        "Nichts wurde gespeichert: Keiner der 2 eingefügten Namen wurde angemeldet. "
        "Zeile 2 muss korrigiert werden"
    )
    assert refused.value.problems[0].startswith("Zeile 2: Mehrere Spieler heißen")


def test_numbered_rows_keep_their_line_in_the_text():
    assert numbered_name_list("Ann\n\n  \nBen, 12\nAnn") == [
        (1, ("Ann", "")),
        (4, ("Ben", "12")),
    ]


def test_checking_in_twice_keeps_one_entry(heat):
    check_in(heat, [("Ann", "")])
    report = check_in(heat, [("Ann", "")])
    assert [p.name for p in report.already] == ["Ann"]
    assert heat.entries.count() == 1


def test_undo_removes_the_check_in_and_is_logged(gm_client, heat, event):
    check_in(heat, [("Ann", ""), ("Ben", "")])
    ann = player(event, "Ann")
    response = gm_client.post(round_url("heats:round-undo", heat), {"player": ann.pk})
    assert response.status_code == 302
    assert list(heat.entries.values_list("player__name", flat=True)) == ["Ben"]
    assert AuditEntry.objects.filter(action="undo-check-in").count() == 1


def seat_names(table) -> list[str]:
    return [s.player.name for s in table.seats.order_by("number")]


def test_a_player_seated_by_mistake_leaves_their_table_before_results(heat_23, gm):
    """Seated by mistake, or gone before play: the GM takes the player off a
    table that has no results; the others keep their order (seat 1 still
    starts) and the table keeps 4-6 players (tournament.md, Heats)."""
    seat_round(heat_23, seed=1)
    table = heat_23.tables.get(number=1)
    before = seat_names(table)
    assert len(before) == 6
    gone = player(heat_23.event, before[2])
    undo_check_in(heat_23, gone, gm)
    assert seat_names(table) == before[:2] + before[3:]
    assert [s.number for s in table.seats.order_by("number")] == [1, 2, 3, 4, 5]
    assert not heat_23.entries.filter(player__name=before[2]).exists()
    logged = AuditEntry.objects.get(action="undo-check-in").detail
    assert "table 1 (seat 3)" in logged and "5 players" in logged


def test_a_seated_player_stays_once_their_table_has_results(heat_23, gm):
    seat_round(heat_23, seed=1)
    table = heat_23.tables.get(number=1)
    for n, seat in enumerate(table.seats.order_by("number")):
        PlayerRecord.objects.create(seat=seat, final=60 - n, place=n + 1)
    update_result_status([table.pk])  # what every writer of records ends with
    with pytest.raises(UserError, match="table 1 already has results"):
        undo_check_in(heat_23, table.seats.get(number=2).player, gm)


def test_a_table_of_four_is_left_with_three_and_a_table_of_three_keeps_them(heat, gm):
    """A player leaves a table of 4 before play: the table is left with 3 (the
    round page flags it as short); a table of 3 loses nobody more."""
    check_in(heat, names(8))
    seat_round(heat, seed=1)
    table = heat.tables.get(number=1)
    report = undo_check_in(heat, table.seats.get(number=1).player, gm)
    assert (report.table, report.seat, report.left) == (1, 1, 3)
    assert table.seats.count() == 3
    with pytest.raises(UserError, match="would have 2 players"):
        undo_check_in(heat, table.seats.get(number=1).player, gm)
    assert table.seats.count() == 3


def test_only_a_gm_takes_a_seated_player_off_a_table(heat_23, assistant):
    seat_round(heat_23, seed=1)
    seated = heat_23.tables.get(number=1).seats.get(number=1).player
    with pytest.raises(NotAllowed):
        undo_check_in(heat_23, seated, assistant)
    assert heat_23.seats.filter(player=seated).exists()


def test_check_in_list_offers_a_gm_to_take_seated_players_off(
    gm_client, heat_23, event
):
    seat_round(heat_23, seed=1)
    # A seated round's check-in list is drawn when opened (?checkin-page=1).
    url = round_url("heats:round-detail", heat_23) + "?checkin-page=1"
    page = gm_client.get(url).content.decode()
    assert page.count(">Remove from table<") == 23


def test_count_and_layout_follow_the_table_size_rule(heat):
    check_in(heat, names(23))
    count, layout = checked_in_count(heat)
    assert (count, layout.sizes, layout.waiting) == (23, [6, 6, 6, 5], 0)


def test_round_page_shows_the_count_and_layout(gm_client, heat):
    check_in(heat, names(13))
    page = gm_client.get(round_url("heats:round-detail", heat)).content.decode()
    assert 'id="checked-in-count">13<' in page
    assert 'id="layout">5+4+4<' in page


def test_check_in_after_seating_waits_as_late(heat_23):
    seat_round(heat_23, seed=1)
    report = check_in(heat_23, [("Latecomer", "")])
    assert [p.name for p in report.late] == ["Latecomer"]
    entry = Entry.objects.get(round=heat_23, player__name="Latecomer")
    assert entry.status == EntryStatus.LATE


def test_type_ahead_finds_players_by_name_or_badge(gm_client, event):
    Player.objects.create(event=event, name="Ann Lee", badge="1204")
    Player.objects.create(event=event, name="Joanna Berg", badge="2001")
    Player.objects.create(event=event, name="Ben Ng", badge="3001")
    url = reverse("heats:player-search", kwargs={"event": event.slug})
    by_name = gm_client.get(url, {"q": "ann"}).json()["players"]
    assert [p["name"] for p in by_name] == ["Ann Lee", "Joanna Berg"]
    by_badge = gm_client.get(url, {"q": "30"}).json()["players"]
    assert [(p["name"], p["badge"]) for p in by_badge] == [("Ben Ng", "3001")]


def test_checkin_command_reads_a_file_and_prints_the_layout(tmp_path, event, capsys):
    Player.objects.create(event=event, name="Known Player", badge="77")
    lines = ["Known Player"] + [f"New {i}" for i in range(1, 9)] + ["", "Badged, 505"]
    names_file = tmp_path / "names.txt"
    names_file.write_text("\n".join(lines), encoding="utf-8")
    call_command("checkin", "wbc", "2", "--file", str(names_file))
    out = capsys.readouterr().out
    # 10 players: 5+5 (no 4-player table, then most 5s).
    assert out.splitlines()[-1] == "Heat 2: 10 checked in: 5+5"
    assert Player.objects.filter(event=event).count() == 10
    assert Player.objects.get(event=event, name="Badged").badge == "505"


def test_checkin_command_takes_names_as_arguments(event, capsys):
    call_command("checkin", "wbc", "1", "Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus")
    # 7 players cannot all be seated: one table of 6, one waits.
    assert capsys.readouterr().out.splitlines()[-1] == (
        "Heat 1: 7 checked in: 6, 1 waiting"
    )


def test_undoing_a_new_players_only_check_in_removes_the_player(heat):
    from heats.services.checkin_undo import undo_check_in

    check_in(heat, [("Eden T", "")])
    undo_check_in(heat, Player.objects.get(name="Eden T"))
    assert not Player.objects.filter(name="Eden T").exists()


def test_a_half_typed_name_is_questioned(heat):
    Player.objects.create(event=heat.event, name="Eden Tamsin", badge="1019")
    report = check_in(heat, [("Eden T", "")])
    assert report.lines()[-1] == (
        "New player “Eden T”: did you mean Eden Tamsin (#1019)? If so, undo it."
    )


def test_a_new_badged_namesake_of_a_badged_player_is_not_questioned(heat):
    """A badge is its player: "John Smith, 3301" pasted where John Smith #2187
    plays is another John Smith, and nothing asks "did you mean"; without a
    badge the question stays."""
    Player.objects.create(event=heat.event, name="John Smith", badge="2187")
    report = check_in(heat, [("John Smith", "3301")])
    assert [p.badge for p in report.created] == ["3301"]
    assert not report.similar
    report = check_in(heat, [("John Smit", "")])
    assert report.similar == {"John Smit": ["John Smith (#2187)", "John Smith (#3301)"]}


def test_a_typed_prefix_of_a_name_never_checks_that_player_in(gm_client, heat, event):
    """Issue 7, item 6: "Sam Lee" where only Sam Leeds exists is not Sam Leeds,
    and is not added either until the GM says it is a new player."""
    Player.objects.create(event=event, name="Sam Leeds")
    response = gm_client.post(
        round_url("heats:round-checkin", heat), {"name": "Sam Lee"}, follow=True
    )
    assert not heat.entries.exists()
    assert list(Player.objects.values_list("name", flat=True)) == ["Sam Leeds"]
    text = response.content.decode()
    assert "no player is called “Sam Lee”" in text
    assert "Did you mean Sam Leeds? Pick from the list." in text


def test_a_confirmed_new_name_is_added_beside_the_longer_one(gm_client, heat, event):
    Player.objects.create(event=event, name="Sam Leeds")
    gm_client.post(
        round_url("heats:round-checkin", heat), {"name": "Sam Lee", "new": "on"}
    )
    assert list(heat.entries.values_list("player__name", flat=True)) == ["Sam Lee"]


def test_an_exact_name_asks_about_that_player_only(gm_client, heat, event):
    Player.objects.create(event=event, name="Sam Leeds")
    sam = Player.objects.create(event=event, name="Sam Lee")
    response = gm_client.post(
        round_url("heats:round-checkin", heat), {"name": "SAM  LEE"}
    )
    assert not heat.entries.exists()
    text = response.content.decode()
    assert f'name="player" value="{sam.pk}"' in text
    assert text.count('name="player"') == 1  # Sam Leeds is not offered


def test_type_ahead_marks_the_exact_match(gm_client, event):
    Player.objects.create(event=event, name="Sam Leeds")
    Player.objects.create(event=event, name="Zo\u00eb Lee")
    url = reverse("heats:player-search", kwargs={"event": event.slug})
    sam = gm_client.get(url, {"q": "sam lee"}).json()["players"]
    assert [(p["name"], p["exact"]) for p in sam] == [("Sam Leeds", False)]
    zoe = gm_client.get(url, {"q": "ZOE\u0308 lee"}).json()["players"]
    assert [(p["name"], p["exact"]) for p in zoe] == [("Zo\u00eb Lee", True)]


def test_a_pasted_name_from_an_export_loses_the_exports_apostrophe():
    """The app's CSV exports put an apostrophe before a name a spreadsheet would run
    as a formula ("-2" is written "'-2"); pasted back, it is the same player."""
    text = "'-2\n  '=SUM(A1) , 77\n't Hooft"
    assert parse_name_list(text) == [("-2", ""), ("=SUM(A1)", "77"), ("'t Hooft", "")]


def test_a_name_or_badge_the_database_cannot_store_is_refused(heat, event):
    """Issue 16, item 5: a NUL or a lone surrogate (a name list file, the
    checkin command, a script) is named by its line, as a long badge is; nothing
    is saved, on any database."""
    with pytest.raises(UserError) as info:
        check_in(heat, [("Ann Lee", "12\x00"), ("Ben \ud800", "")])
    assert info.value.problems == [
        "line 1: the badge: the text holds a NUL character (\\u0000), which cannot "
        "be saved",
        "line 2: the name: the text holds U+D800, half of a UTF-16 surrogate pair "
        "and not a character, which cannot be saved",
    ]
    assert not Player.objects.filter(event=event).exists()
