"""Characters that are digits to ``str.isdigit()`` but not to ``int()``: "²"
(superscript two), "①" (circled one). A form field, a query parameter or a
typed line holding one is refused as any other text that is not a number,
never a server error. ``str.isdecimal()`` is what ``int()`` reads (Arabic-Indic
"٣" is 3 to both)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from heats.core.layout import LayoutTextError, parse_semi_layouts
from heats.models import Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.core.reported import parse_signature

ODD = ["\u00b2", "\u2460", "1\u00b2"]


@pytest.mark.django_db
@pytest.mark.parametrize("odd", ODD)
def test_gm_pages_refuse_a_digit_int_cannot_read(client, event, gm, odd):
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(name, "") for name in ("Ann", "Ben", "Cy", "Di", "Ed")])
    seat_round(heat, seed=1)
    client.force_login(gm)
    client.raise_request_exception = False
    slug = event.slug
    table = {"event": slug, "round": "1", "table": 1}
    posts = {
        reverse("scoring:table-reports", kwargs=table): {"report": odd},
        reverse("heats:staff-remove", kwargs={"event": slug}): {"member": odd},
        reverse("heats:round-create", kwargs={"event": slug}): {"number": odd},
        reverse("scoring:semi-presence", kwargs={"event": slug}): {"shown": odd},
        reverse("heats:round-late-table", kwargs={"event": slug, "round": "1"}): {
            "table": odd
        },
    }
    for url, data in posts.items():
        assert client.post(url, data).status_code < 500, url
    url = reverse("scoring:table-results", kwargs=table) + f"?report={odd}"
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("odd", ODD)
def test_a_seating_signature_with_one_is_not_one(odd):
    assert parse_signature(f"1:{odd},2:7") is None
    assert parse_signature(f"{odd}:7") is None


@pytest.mark.parametrize("odd", ODD)
def test_a_typed_layout_with_one_names_the_line(odd):
    with pytest.raises(LayoutTextError) as refused:
        parse_semi_layouts(f"20: 5 5 5 {odd}")
    assert str(refused.value) == (
        f'Line 1 ("20: 5 5 5 {odd}"): the tables are numbers of players '
        "(4, 5 or 6), e.g. 5 5 5 5 5."
    )


def test_arabic_indic_digits_are_numbers():
    assert parse_signature("\u0661:\u0667") == {1: 7}
