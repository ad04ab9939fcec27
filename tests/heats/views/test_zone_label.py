"""The time-zone badge of the GM pages reads as people write a zone."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_gm_pages_show_the_zone_with_spaces(gm_client, event):
    # America/New_York is written "America/New York", as the settings list it.
    event.time_zone = "America/New_York"
    event.save()
    page = gm_client.get(reverse("heats:event-gm", kwargs={"event": event.slug}))
    assert "Times in America/New York</span>" in page.content.decode()
