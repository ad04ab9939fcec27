"""The check-in's question, "the same person or a new player?": a page of POST
forms without JavaScript, in the fragment's messages for htmx; each answer
posts a check-in the service obeys."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from heats.models import Entry, Player

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "checkin-list"}


def url(name: str = "round-checkin") -> str:
    return reverse(f"heats:{name}", kwargs={"event": "wbc", "round": "1"})


def forms_of(html: str) -> list[str]:
    return re.findall(
        r"<form[^>]*class=\"checkin-answer[^\"]*\"[^>]*>.*?</form>", html, re.S
    )


def test_without_javascript_the_question_is_a_page_of_post_forms(gm_client, heat):
    first = Player.objects.create(event=heat.event, name="John Smith", badge="1001")
    second = Player.objects.create(event=heat.event, name="John Smith", badge="1002")
    response = gm_client.post(url(), {"name": "John Smith"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html
    answers = forms_of(html)
    assert len(answers) == 3  # two namesakes, a new player
    assert all(
        'method="post"' in form and f'action="{url()}"' in form for form in answers
    )
    assert f'name="player" value="{first.pk}"' in answers[0]
    assert f'name="player" value="{second.pk}"' in answers[1]
    assert 'name="new" value="on"' in answers[2]
    assert "The same person: John Smith (#1001), no heat yet" in html
    assert "autofocus" not in html  # two namesakes: no answer is preselected
    assert not heat.entries.exists()


def test_htmx_gets_the_question_in_the_fragments_messages(gm_client, heat):
    john = Player.objects.create(event=heat.event, name="John Smith")
    response = gm_client.post(url(), {"name": "John Smith"}, **HTMX)
    html = response.content.decode()
    assert "<html" not in html
    messages = html.split('id="checkin-messages"')[1].split('id="round-figures"')[0]
    assert 'id="checkin-question"' in messages
    assert f'hx-post="{url()}"' in messages
    assert f'value="{john.pk}" ' in messages or f'value="{john.pk}">' in messages
    assert "autofocus" in messages  # one namesake: Enter answers "the same"
    assert "required" in messages  # a second John Smith needs a badge
    assert "HX-Trigger" not in response  # nothing saved: the form keeps the name


def test_the_new_player_answer_makes_a_new_player(gm_client, heat):
    john = Player.objects.create(event=heat.event, name="John Smith")
    gm_client.post(url(), {"name": "John Smith", "new": "on", "badge": "2187"})
    assert list(heat.entries.values_list("player__badge", flat=True)) == ["2187"]
    assert not john.entries.exists()


def test_a_namesake_checked_in_already_is_no_answer(gm_client, heat):
    """John Smith #2187 sits in this heat already: a second "John Smith" at the
    desk is someone else. That answer is offered disabled and not preselected;
    the new player's badge takes the focus (a walk of the GM's day: Enter, Enter
    checked in nobody, "Already checked in")."""
    john = Player.objects.create(event=heat.event, name="John Smith", badge="2187")
    Entry.objects.create(round=heat, player=john)
    response = gm_client.post(url(), {"name": "John Smith"}, **HTMX)
    html = response.content.decode()
    same, new = forms_of(html)
    assert "John Smith (#2187), heat 1: checked in to this round already" in same
    assert "disabled" in same and "autofocus" not in same
    assert re.search(r'id="question-badge"[^>]*autofocus', new)
