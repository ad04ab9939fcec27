"""One visitor's cookie header never picks another's language (issue "The
convention floor", 3): the public caches key a page by the language Django renders
it in, reading the cookie header with Django's own parser
(medici_tourney.language.environ_language), so a header one parser reads as
German and another as no choice cannot store a German page for plain visitors."""

from __future__ import annotations

import pytest

from medici_tourney import public_cache
from medici_tourney.language import environ_language
from medici_tourney.wsgi import application
from tests.project.test_language import html_lang, wsgi_get

# Headers Django reads as German ("" and "de" for a cookie without a value);
# the plain visitor after them must get the event's language, English.
GERMAN = [
    "foo; django_language=de",
    "django_language=de; foo",
    'django_language="de"',
    "django_language=fr; django_language=de",
    "a=b c; django_language=de",
    'django_language=de; x="unterminated',
]
# Headers that choose no language (an unknown code, or an empty one).
NONE = ["django_language=xx", "foo; django_language=xx", "django_language="]
PAGES = ["/e/demo/", "/e/demo/heat/1/", "/e/demo/find/"]


@pytest.mark.parametrize("cookie", GERMAN)
def test_the_wsgi_layer_reads_the_cookie_as_django_does(cookie):
    environ = {"PATH_INFO": "/e/demo/", "QUERY_STRING": "", "HTTP_COOKIE": cookie}
    assert environ_language(environ) == "de"


@pytest.mark.parametrize("cookie", NONE)
def test_an_unknown_code_chooses_nothing(cookie):
    environ = {"PATH_INFO": "/e/demo/", "QUERY_STRING": "", "HTTP_COOKIE": cookie}
    assert environ_language(environ) == ""


@pytest.fixture
def repeat(demo_event):
    application.clear()
    yield demo_event
    application.clear()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("cookie", GERMAN)
@pytest.mark.parametrize("path", PAGES)
def test_a_german_cookie_does_not_poison_the_wsgi_store(repeat, cookie, path):
    assert html_lang(wsgi_get(path, cookie=cookie)) == "de"
    assert html_lang(wsgi_get(path)) == "en"
    assert html_lang(wsgi_get(path, cookie="other=1")) == "en"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("cookie", NONE)
def test_an_unknown_cookie_gets_the_events_language(repeat, cookie):
    assert html_lang(wsgi_get("/e/demo/", cookie=cookie)) == "en"
    assert html_lang(wsgi_get("/e/demo/")) == "en"


@pytest.mark.django_db
@pytest.mark.parametrize("cookie", GERMAN)
@pytest.mark.parametrize("path", PAGES)
def test_a_german_cookie_does_not_poison_the_django_cache(
    client, demo_event, cookie, path
):
    assert html_lang(client.get(path, HTTP_COOKIE=cookie)) == "de"
    assert html_lang(client.get(path)) == "en"


# ``?lang=`` spelled another way, or naming no language of the site: the key
# holds the canonical language only, so such a query is no page of its own (a
# flood of made-up values renders nothing and stores nothing new).
ENGLISH_QUERIES = ["", "lang=xx", "lang=junk-2", "lang=", "lang=de&lang=xx"]
GERMAN_QUERIES = ["lang=de", "lang=DE", "lang=de-DE", "lang=xx&lang=de"]


@pytest.mark.django_db
def test_a_junk_or_respelled_lang_is_no_rendering_of_its_own(
    client, demo_event, monkeypatch
):
    made = []
    render = public_cache._render
    monkeypatch.setattr(
        public_cache, "_render", lambda *args: made.append(args) or render(*args)
    )
    for query in ENGLISH_QUERIES:
        assert html_lang(client.get(f"/e/demo/?{query}")) == "en", query
    for query in GERMAN_QUERIES:
        assert html_lang(client.get(f"/e/demo/?{query}")) == "de", query
    assert len(made) == 2  # one English, one German


@pytest.mark.django_db(transaction=True)
def test_a_junk_or_respelled_lang_is_no_stored_answer_of_its_own(repeat):
    for query in ENGLISH_QUERIES:
        assert html_lang(wsgi_get("/e/demo/", query)) == "en", query
    for query in GERMAN_QUERIES:
        assert html_lang(wsgi_get("/e/demo/", query)) == "de", query
    assert len(application.pages) == 2
