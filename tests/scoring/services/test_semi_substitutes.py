"""Semi-final substitutes after seating (scoring.services.substitutes): a seated no-show
gives their seat to the next present alternate on the list (tournament.md,
Advancement, 3 and 9)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.core.errors import UserError
from heats.models import AuditEntry, EntryStatus, Player, Seat
from heats.permissions import NotAllowed
from scoring.queries import no_shows
from scoring.queries.event_results import event_advancement
from scoring.queries.result_check import SeatScores
from scoring.queries.rounds import semi_round
from scoring.services import results, substitutes
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
