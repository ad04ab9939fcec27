"""Errors people can read (issue 7, item 7): a 403 says why on the page; 404 and
500 pages in the site's style; password reset only when e-mail is configured."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.exceptions import PermissionDenied
from django.template.loader import get_template
from django.test import RequestFactory
from django.urls import reverse
from django.views.defaults import permission_denied

from heats.models import Round, RoundKind

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def text(response) -> str:
    return html.unescape(response.content.decode())


def seat_url(event) -> str:
    Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    return reverse("heats:round-seat", kwargs={"event": event.slug, "round": "1"})


def test_a_strangers_gm_action_is_refused_with_the_reason_on_the_page(
    client, stranger, event
):
    client.force_login(stranger)
    response = client.post(seat_url(event))
    assert response.status_code == 403
    page = text(response)
    # The reason the permission decision gave (heats.permissions), not Django's
    # bare "403 Forbidden".
    assert f"Only the GMs of {event.name} may seat a round." in page
    assert "You are logged in as stranger." in page.replace("<strong>", "").replace(
        "</strong>", ""
    )
    assert f'href="/e/{event.slug}/"' in page  # back to the standings
    assert "Log in as another user" in page


def test_an_anonymous_action_is_told_to_log_in(client, event):
    response = client.post(seat_url(event))
    assert response.status_code == 403
    assert (
        '<p class="lead" id="reason">Only the GMs of Medici, WBC test may seat a '
        "round. Log in first.</p>"
    ) in text(response)


def test_the_reason_is_escaped():
    request = RequestFactory().get("/e/wbc/gm/")
    request.user = get_user_model()()
    response = permission_denied(request, PermissionDenied("<b>not</b> you"))
    page = response.content.decode()
    assert "&lt;b&gt;not&lt;/b&gt; you" in page
    assert "<b>not</b>" not in page


def test_a_missing_event_gets_the_sites_404_page(client):
    response = client.get("/e/no-such-event/")
    assert response.status_code == 404
    page = text(response)
    assert '<h1 class="h3 mb-3">Not found</h1>' in page
    assert "Medici tourney" in page  # the site's navigation bar


def test_an_unknown_address_says_which(client):
    response = client.get("/nowhere/")
    assert response.status_code == 404
    assert "There is no page at <code>/nowhere/</code>." in text(response)


def test_the_500_page_needs_no_context():
    page = get_template("500.html").render()
    assert "Something went wrong on the server" in page


def test_password_reset_is_404_without_email(client, settings):
    settings.EMAIL_HOST = ""
    for name in ("password_reset", "password_reset_done", "password_reset_complete"):
        assert client.get(reverse(name)).status_code == 404, name
    confirm = reverse(
        "password_reset_confirm", kwargs={"uidb64": "MQ", "token": "set-password"}
    )
    assert client.get(confirm).status_code == 404
    response = client.get("/accounts/password_reset/")
    assert "this server sends no e-mail" in text(response)
    assert "password_reset" not in client.get(reverse("login")).content.decode()


def test_password_reset_is_offered_with_email(client, settings, gm):
    settings.EMAIL_HOST = "smtp.example.org"
    gm.email = "gm@example.org"
    gm.save()
    login = client.get(reverse("login")).content.decode()
    assert 'href="/accounts/password_reset/">Forgot your password?</a>' in login
    response = client.post(reverse("password_reset"), {"email": "gm@example.org"})
    assert response.status_code == 302
    assert [m.to for m in mail.outbox] == [["gm@example.org"]]


# --- a request over Django's size limit (issue 16, item 8) -------------------------

TOO_BIG = (
    "The text sent is larger than 2.5 MB (2,621,440 bytes): nothing was saved. "
    "Split it and send the parts one at a time."
)


def test_the_request_limit_is_djangos_default(settings):
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == 2_621_440


def test_an_oversize_urlencoded_paste_gets_the_apps_message(client, event, gm):
    Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    client.force_login(gm)
    names = "\n".join(f"Player {i:07d}" for i in range(200_000))  # 3.2 MB
    response = client.post(
        reverse("heats:round-paste", kwargs={"event": event.slug, "round": "1"}),
        "text=" + names.replace("\n", "%0A").replace(" ", "+"),
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 413
    page = text(response)
    assert TOO_BIG in page
    assert '<h1 class="h3 mb-3">Too much at once</h1>' in page
    assert "Medici tourney" in page  # the site's navigation bar
    assert not event.players.exists()


def test_an_oversize_multipart_paste_gets_the_apps_message(client, event, gm):
    client.force_login(gm)
    csv = "heat,table,player,final\n" + "1,1,Ann,90\n" * 300_000  # 3.3 MB
    response = client.post(
        reverse("scoring:results-import", kwargs={"event": event.slug}), {"text": csv}
    )
    assert response.status_code == 413
    assert TOO_BIG in text(response)
    assert "Content-Security-Policy" in response


def test_the_oversize_message_is_given_in_debug_too(client, event, gm, settings):
    settings.DEBUG = True
    client.force_login(gm)
    response = client.post(
        reverse("scoring:results-import", kwargs={"event": event.slug}),
        {"text": "x" * 3_000_000},
    )
    assert response.status_code == 413
    assert TOO_BIG in text(response)


def test_a_bad_request_gets_the_sites_400_page(client):
    response = client.get("/", HTTP_HOST="not-an-allowed-host.example")
    assert response.status_code == 400
    page = text(response)
    assert '<h1 class="h3 mb-3">Bad request</h1>' in page
    assert "Medici tourney" in page


def test_a_refused_button_logs_in_back_to_the_page_it_was_on(client, event):
    """A button pressed after the session ended (its form on the round page):
    the login returns to the round page, not to the POST-only address nor to
    the home page."""
    round_page = f"/e/{event.slug}/gm/round/1/"
    response = client.post(
        seat_url(event), headers={"referer": f"http://testserver{round_page}"}
    )
    assert response.status_code == 403
    assert f'href="/accounts/login/?next=/e/{event.slug}/gm/round/1/"' in text(response)


def test_a_refused_button_from_another_site_logs_in_to_the_home_page(client, event):
    response = client.post(
        seat_url(event), headers={"referer": "http://elsewhere.example/e/x/"}
    )
    assert 'href="/accounts/login/"' in text(response)


def test_a_refused_page_logs_in_back_to_itself_with_its_query(client, stranger, event):
    client.force_login(stranger)
    Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    response = client.get(f"/e/{event.slug}/gm/round/1/?checkin-page=2")
    assert response.status_code == 403
    assert (
        f'href="/accounts/login/?next=/e/{event.slug}/gm/round/1/%3Fcheckin-page%3D2"'
        in text(response)
    )
