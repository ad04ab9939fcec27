"""The round the room shows (``heats.queries.clock.current_round``): the last
one seated or started while it is played; once every table of it is in, the
last round made after it (open for check-in)."""

from __future__ import annotations

import pytest

from heats.models import ResultStatus
from heats.queries.clock import current_round
from heats.services.checkin import check_in, create_heat
from heats.services.seating import seat_round
from tests.heats.conftest import names

pytestmark = pytest.mark.django_db


def test_a_heat_made_ahead_waits_until_the_played_one_is_in(event):
    first = create_heat(event)
    assert current_round(event) == first  # made, nothing seated yet
    check_in(first, names(8))
    seat_round(first, seed=1)
    second = create_heat(event)  # the GM opens the next heat ahead
    assert current_round(event) == first  # tables still owe results
    first.tables.update(result_status=ResultStatus.IN)
    assert current_round(event) == second
    second.start_time = first.seated_at
    second.save(update_fields=["start_time"])
    assert current_round(event) == second  # started: the room plays it
