"""Semi-final substitutes after seating (scoring.services.substitutes): a seated no-show
gives their seat to the next present alternate on the list (tournament.md,
Advancement, 3 and 9)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.core.errors import UserError
from heats.models import AuditEntry, EntryStatus, Player, Seat
from heats.permissions import NotAllowed
from scoring.core.sizes import WINNERS_PRESENT
from scoring.queries import no_shows
from scoring.queries.event_results import event_advancement
from scoring.queries.final import final_field
from scoring.queries.published import latest_published
from scoring.queries.result_check import SeatScores
from scoring.queries.rounds import semi_round
from scoring.services import publishing, results, substitutes
from scoring.services import semi_final as rounds

pytestmark = pytest.mark.django_db


def by_name(event, name: str) -> Player:
    return Player.objects.get(event=event, name=name)


def seat_of(event, player: Player) -> Seat:
    return Seat.objects.select_related("table").get(
        round__event=event, round__kind="semi", player=player
    )


@pytest.fixture
def seated(demo_event):
    """The demo's semi-final seated (25: 24 winners + Drew Penrose, the one
    alternate called); Marlo Juniper (95.6%) is the next alternate (demo README)."""
    rounds.seat_semi(demo_event, seed=1)
    return demo_event


def a_winner(event) -> Player:
    """A seated heat winner: the first qualifier on the list."""
    return by_name(event, event_advancement(event).qualifiers[0].label)


def test_the_next_present_alternate_takes_the_no_shows_seat(seated):
    marlo = by_name(seated, "Marlo Juniper")
    rounds.mark_semi(seated, marlo, True)
    no_show = a_winner(seated)
    before = seat_of(seated, no_show)
    seat = substitutes.replace_no_show(seated, no_show)
    after = seat_of(seated, marlo)
    assert (after.table.number, after.number) == (before.table.number, before.number)
    assert seat.player == marlo
    assert not Seat.objects.filter(round__kind="semi", player=no_show).exists()
    semi = semi_round(seated)
    assert semi.entries.get(player=no_show).status == EntryStatus.ABSENT
    entry = AuditEntry.objects.get(action="substitute")
    assert entry.detail.startswith("Marlo Juniper (")
    assert f"takes the seat of {no_show} (no-show)" in entry.detail


def test_next_follows_the_list_order_not_the_check_in_order(seated):
    # The alternate after Marlo checks in first; Marlo is still next on the list.
    later = by_name(seated, event_advancement(seated).next_alternates[1].label)
    marlo = by_name(seated, "Marlo Juniper")
    rounds.mark_semi(seated, later, True)
    rounds.mark_semi(seated, marlo, True)
    names = [c.player.name for c in no_shows.present_alternates(seated)]
    assert names == ["Marlo Juniper", later.name]
    substitutes.replace_no_show(seated, a_winner(seated))
    assert seat_of(seated, marlo)
    # The GM may pick another present alternate for the next no-show.
    other = event_advancement(seated).qualifiers[1].label
    substitutes.replace_no_show(seated, by_name(seated, other), later)
    assert seat_of(seated, later)


def test_nothing_changes_when_no_alternate_is_present(seated):
    no_show = a_winner(seated)
    with pytest.raises(UserError, match="No present alternate"):
        substitutes.replace_no_show(seated, no_show)
    assert seat_of(seated, no_show)
    semi = semi_round(seated)
    assert not semi.entries.filter(player=no_show, status=EntryStatus.ABSENT).exists()


def test_a_table_with_results_keeps_its_players(seated):
    rounds.mark_semi(seated, by_name(seated, "Marlo Juniper"), True)
    no_show = a_winner(seated)
    table = seat_of(seated, no_show).table
    seats = table.seats.order_by("number")
    results.save_table_results(
        table, [SeatScores(s.number, None, None, 50 + s.number) for s in seats]
    )
    with pytest.raises(UserError, match="already has results"):
        substitutes.replace_no_show(seated, no_show)
    assert table.number not in {s.table.number for s in no_shows.open_seats(seated)}


def test_an_alternate_not_present_cannot_be_chosen(seated):
    rounds.mark_semi(seated, by_name(seated, "Marlo Juniper"), True)
    later = by_name(seated, event_advancement(seated).next_alternates[1].label)
    with pytest.raises(UserError, match="not a present alternate"):
        substitutes.replace_no_show(seated, a_winner(seated), later)


def test_before_seating_the_list_page_is_the_place(demo_event):
    with pytest.raises(UserError, match="not seated"):
        substitutes.replace_no_show(demo_event, a_winner(demo_event))


def test_only_a_gm_replaces_a_no_show(seated, assistant):
    seated.assistants.add(assistant)
    with pytest.raises(NotAllowed):
        substitutes.replace_no_show(seated, a_winner(seated), user=assistant)


def test_the_semi_page_offers_the_present_unseated_alternates(client, seated, gm):
    seated.gms.add(gm)
    client.force_login(gm)
    marlo = by_name(seated, "Marlo Juniper")
    rounds.mark_semi(seated, marlo, True)
    page = client.get(reverse("scoring:semi", kwargs={"event": "demo"}))
    form = page.context["no_show_form"]
    assert [label for _, label in form.fields["alternate"].choices][0] == (
        "The next present alternate (Marlo Juniper)"
    )
    assert len(form.fields["player"].choices) == 25
    no_show = a_winner(seated)
    version = form.initial["version"]  # the page's no-show form
    response = client.post(
        reverse("scoring:semi-replace", kwargs={"event": "demo"}),
        {"player": no_show.pk, "alternate": "", "version": version},
    )
    assert response.status_code == 302
    assert seat_of(seated, marlo)


def test_a_winner_arriving_after_seating_takes_no_seat_and_drops_nobody(
    seated, no_shows, gm, client
):
    """The seated tables stand: a late absent winner marked present is told to
    wait for a no-show, and nobody seated is said to be off the list."""
    seated.gms.add(gm)
    client.force_login(gm)
    late = by_name(seated, no_shows[0])
    response = client.post(
        reverse("scoring:semi-mark", kwargs={"event": seated.slug}),
        {"player": late.pk, "status": "present"},
        follow=True,
    )
    page = response.content.decode()
    assert "No longer on the list" not in page
    assert f"The semi-final is already seated and {late} has no seat" in page
    assert Seat.objects.filter(round__kind="semi").count() == 25
    assert seat_of(seated, by_name(seated, "Drew Penrose"))


@pytest.fixture
def winners_seated(demo_event):
    """The demo's semi-final of the winners present (WBC 2017: 24 in
    5+5+5+5+4, no alternate called), Drew Penrose (alternate 1) present and
    unseated."""
    rounds.mark_semi(demo_event, by_name(demo_event, "Drew Penrose"), True)
    publishing.set_override(
        demo_event, WINNERS_PRESENT, [], reason="Six winners did not come."
    )
    rounds.seat_semi(demo_event, seed=1)
    return demo_event


def seated_at(event, number: int) -> list[str]:
    """The names at semi-final table ``number``, in seat order."""
    seats = Seat.objects.filter(round__kind="semi", table__number=number)
    return [s.player.name for s in seats.order_by("number")]


def test_winners_present_no_show_comes_off_the_table(winners_seated):
    table = next(n for n in range(1, 6) if len(seated_at(winners_seated, n)) == 5)
    names = seated_at(winners_seated, table)
    no_show = by_name(winners_seated, names[1])
    done = substitutes.remove_no_show(winners_seated, no_show)
    assert (done.table, done.seat, done.left) == (table, 2, 4)
    # Seats 3-5 move up one; nobody takes the seat (Drew stays unseated).
    assert seated_at(winners_seated, table) == [names[0], *names[2:]]
    assert Seat.objects.filter(round__kind="semi").count() == 23
    drew = by_name(winners_seated, "Drew Penrose")
    assert not Seat.objects.filter(round__kind="semi", player=drew).exists()
    semi = semi_round(winners_seated)
    assert semi.entries.get(player=no_show).status == EntryStatus.ABSENT
    assert no_show.pk in {s.player for s in event_advancement(winners_seated).skipped}
    entry = AuditEntry.objects.get(action="absent", detail__contains="no-show")
    assert entry.detail == (
        f"{no_show} (no-show) taken off semi-final table {table}, seat 2, which "
        "now has 4 players: no alternate is called under the winners present"
    )


def test_winners_present_table_of_4_is_left_with_3(winners_seated):
    table = next(n for n in range(1, 6) if len(seated_at(winners_seated, n)) == 4)
    no_show = by_name(winners_seated, seated_at(winners_seated, table)[0])
    done = substitutes.remove_no_show(winners_seated, no_show)
    assert (done.table, done.seat, done.left) == (table, 1, 3)


def test_off_the_table_only_under_the_winners_present(seated):
    no_show = a_winner(seated)
    with pytest.raises(UserError, match="not of the winners present"):
        substitutes.remove_no_show(seated, no_show)
    assert seat_of(seated, no_show)


def test_the_gm_takes_a_winners_present_no_show_off_the_table(
    client, winners_seated, gm, assistant
):
    """The dead end of issue 31: the form has no alternate to wait for, and
    its POST takes the seat off; an assistant is refused."""
    winners_seated.gms.add(gm)
    winners_seated.assistants.add(assistant)
    url = reverse("scoring:semi", kwargs={"event": "demo"})
    no_show = by_name(winners_seated, seated_at(winners_seated, 1)[0])
    client.force_login(assistant)
    refused = client.post(
        reverse("scoring:semi-remove", kwargs={"event": "demo"}),
        {"player": no_show.pk},
    )
    assert refused.status_code in (302, 403)
    assert seat_of(winners_seated, no_show)
    client.force_login(gm)
    form = client.get(url).context["no_show_form"]
    assert list(form.fields) == ["player", "version"]
    assert form.helper.form_action == reverse(
        "scoring:semi-remove", kwargs={"event": "demo"}
    )
    response = client.post(
        form.helper.form_action,
        {"player": no_show.pk, "version": form.initial["version"]},
        follow=True,
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert (
        f"{no_show} marked absent and taken off semi-final table 1, seat 1: under "
        "the winners present no alternate is called."
    ) in page
    assert not Seat.objects.filter(round__kind="semi", player=no_show).exists()


def test_no_alternate_is_called_under_the_winners_present(winners_seated):
    no_show = by_name(winners_seated, seated_at(winners_seated, 1)[0])
    with pytest.raises(UserError, match="winners present: no alternate is called"):
        substitutes.replace_no_show(winners_seated, no_show)
    assert seat_of(winners_seated, no_show)


def test_the_final_comes_from_the_tables_that_played(winners_seated):
    """A table of 5 plays with 4 once its no-show comes off: its winner (the
    player moved up to seat 1, scoring most) goes to the final with the other
    four tables' winners, and the no-show is nowhere in the field."""
    table = next(n for n in range(1, 6) if len(seated_at(winners_seated, n)) == 5)
    no_show = by_name(winners_seated, seated_at(winners_seated, table)[0])
    substitutes.remove_no_show(winners_seated, no_show)
    winners = []
    for number in range(1, 6):
        names = seated_at(winners_seated, number)
        winners.append(names[0])
        seats = Seat.objects.filter(round__kind="semi", table__number=number)
        scores = [SeatScores(s.number, None, None, 110 - 10 * s.number) for s in seats]
        results.save_table_results(seats[0].table, scores)
    field = final_field(winners_seated)
    assert [pl.name for pl in field.winners] == winners
    assert no_show not in field.players


def test_the_published_list_shows_the_no_show_absent(winners_seated):
    """With automatic publication on, the list is published again: the no-show
    moves from the qualifiers to the absent (skipped) players."""
    publishing.set_auto_publish(winners_seated, True)
    publishing.publish(winners_seated)
    no_show = by_name(winners_seated, seated_at(winners_seated, 1)[0])
    substitutes.remove_no_show(winners_seated, no_show)
    entries = latest_published(winners_seated).entries.filter(player=no_show)
    assert [e.part for e in entries] == ["skipped"]
