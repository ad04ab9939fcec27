"""The standings feed's words for people follow the request's language
(docs/feeds.md): the semi-final list's reasons in German under ``?lang=de``
(expected text written from locale/de's catalogue: "96,9\u00a0%" with its
no-break space), English by default, while names, codes and numbers stay as
they are."""

from __future__ import annotations

import pytest

from heats.core.message import Message
from scoring.services.demo import load_demo
from scoring.wording import words_for_people


@pytest.fixture
def demo(db):
    load_demo("demo", with_gm=False)


def reasons(client, query: str = "") -> dict[str, list[tuple[str, str]]]:
    posted = client.get("/e/demo/standings.json" + query).json()["list"]
    return {
        key: [(row["player"], row["reason"]) for row in posted[key]]
        for key in ("qualifiers", "alternates", "skipped")
    }


def test_the_list_reasons_are_german_under_lang_de(client, demo):
    found = reasons(client, "?lang=de")
    assert found["qualifiers"][:2] == [
        ("Kai Kestrel", "Doppelsieger (Vorrunden 1, 2)"),
        ("Uma Pemberton", "Sieger Vorrunde 1, Tisch 2"),
    ]
    assert found["alternates"] == [
        (
            "Drew Penrose",
            "Nachrücker 1: 96,9\u00a0% des Tischsiegers, Vorrunde 1, Tisch 10",
        )
    ]
    assert found["skipped"][0] == (
        "Avery Vantablack",
        "abwesend: Sieger Vorrunde 1, Tisch 9",
    )


def test_the_numbers_and_codes_stay_as_they_are_under_lang_de(client, demo):
    posted = client.get("/e/demo/standings.json?lang=de").json()["list"]
    assert posted["format"] == "hmw"
    assert posted["alternates"][0]["percent"] == 96.9


def test_the_list_reasons_are_english_by_default(client, demo):
    found = reasons(client)
    assert found["qualifiers"][:2] == [
        ("Kai Kestrel", "double winner (heats 1, 2)"),
        ("Uma Pemberton", "heat 1 table 2 winner"),
    ]
    assert found["alternates"] == [
        ("Drew Penrose", "alternate 1: 96.9% of winner, heat 1 table 10")
    ]


def test_words_for_people_translates_messages_only(settings):
    from django.utils import translation

    winner = Message("heat %(heat)s table %(table)s winner", heat=2, table=7)
    data = {"reason": winner, "player": "heat 2 table 7 winner", "rows": [(1, winner)]}
    with translation.override("de"):
        shown = words_for_people(data)
    assert shown == {
        "reason": "Sieger Vorrunde 2, Tisch 7",
        "player": "heat 2 table 7 winner",
        "rows": [[1, "Sieger Vorrunde 2, Tisch 7"]],
    }
