"""Rules findings in the reader's language (scoring.wording): the engine
writes messages with their templates; the edge translates the template and
every nested phrase and keeps names and numbers; stored findings are message
data, read back into the same messages. A fake catalogue stands in for the
German one (the lead compiles the real catalogues)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import pytest
from django.urls import reverse
from django.utils import translation

import heats.translate
from heats.core.message import OR, Message, dump, load, or_list
from scoring.core.medici.findings import Finding
from scoring.core.medici.limits import GAIN_TOO_LARGE, ONE_DAY
from scoring.core.medici.replay import (
    DAY_ENDED,
    EVERY_SHIP_FULL,
    NOBODY,
    ONLY_ONE_SPACE,
    WRONG_DEALER,
)
from scoring.models import ReportLink, ScoresheetSubmission, TableCheck, TableReport
from scoring.queries.rules_findings import FROM_SCORESHEET
from scoring.wording import shown_check, translate_finding, translate_findings

GERMAN = {
    DAY_ENDED: "Los %(lot)s: Das Blatt verzeichnet eine Auktion, aber der Tag war "
    "vorbei: %(reason)s",
    ONLY_ONE_SPACE: "nur %(player)s hatte noch Platz (letztes Schiff wird gefüllt)",
    EVERY_SHIP_FULL: "jedes Schiff war voll",
    WRONG_DEALER: "Los %(lot)s: Geber laut Blatt %(dealer)s, laut Regeln "
    "%(names)s (der Geber wechselt nach links)",
    NOBODY: "niemand",
    OR: "%(first)s oder %(second)s",
    FROM_SCORESHEET: "Spielblatt (Stufe %(level)s): %(message)s",
    GAIN_TOO_LARGE: "Gewinn an %(span)s: laut Ergebnis +%(gain)s (%(before)s -> "
    "%(after)s), höchstens %(bound)s an %(span)s (%(players)s Spieler, %(rules)s)",
    ONE_DAY: "Tag %(day)s",
}


def german_while_active(message: str) -> str:
    """The fake catalogue: German while "de" is active, else the msgid."""
    if translation.get_language() == "de":
        return GERMAN.get(message, message)
    return message


@pytest.fixture
def german(monkeypatch):
    monkeypatch.setattr(heats.translate, "gettext", german_while_active)


@pytest.fixture
def always_german(monkeypatch):
    """For pages: German whatever language the request activates."""
    monkeypatch.setattr(heats.translate, "gettext", lambda m: GERMAN.get(m, m))
    monkeypatch.setattr(heats.translate, "get_language", lambda: "de")


def stored(message: Message) -> Message:
    """``message`` as a row's JSON keeps it and gives it back."""
    return load(json.loads(json.dumps(dump(message))))


def day_ended(player: str) -> Message:
    return Message(DAY_ENDED, lot=3, reason=Message(ONLY_ONE_SPACE, player=player))


def test_the_edge_translates_the_template_and_nested_fields_keeping_names(german):
    finding = Finding(1, None, day_ended("Zoë d'Arc"), "day-end")
    english = (
        "lot 3: sheet logs an auction, but the day had ended: only Zoë d'Arc still "
        "had space (last-ship fill)"
    )
    assert finding.message == english
    assert translate_finding(finding) == english  # English is the default
    with translation.override("de"):
        assert translate_finding(finding) == (
            "Los 3: Das Blatt verzeichnet eine Auktion, aber der Tag war vorbei: "
            "nur Zoë d'Arc hatte noch Platz (letztes Schiff wird gefüllt)"
        )
        # Stored as data (a TableCheck's JSON): read back, the same German.
        back = stored(finding.message)
        assert translate_finding({"message": back}) == translate_finding(finding)
        assert translate_finding(back) == translate_finding(finding)


def test_names_joined_by_or_and_nobody_are_translated_around_the_names(german):
    names = or_list(["Ann Lee", "Bo Kestrel", "Cy"])
    dealer = Message(WRONG_DEALER, lot=12, dealer="Di", names=names)
    nobody = Message(WRONG_DEALER, lot=2, dealer="Di", names=Message(NOBODY))
    with translation.override("de"):
        for message in (dealer, stored(dealer)):
            assert translate_finding(message) == (
                "Los 12: Geber laut Blatt Di, laut Regeln Ann Lee oder Bo Kestrel "
                "oder Cy (der Geber wechselt nach links)"
            )
        assert translate_finding(stored(nobody)).startswith(
            "Los 2: Geber laut Blatt Di, laut Regeln niemand ("
        )


def test_a_scoresheets_finding_inside_the_table_check_is_translated(german):
    inner = Message(DAY_ENDED, lot=5, reason=Message(EVERY_SHIP_FULL))
    kept = stored(Message(FROM_SCORESHEET, level=3, message=inner))
    assert kept == (
        "scoresheet (level 3): lot 5: sheet logs an auction, but the day had ended: "
        "every ship was full"
    )
    with translation.override("de"):
        assert translate_finding(kept) == (
            "Spielblatt (Stufe 3): Los 5: Das Blatt verzeichnet eine Auktion, aber "
            "der Tag war vorbei: jedes Schiff war voll"
        )


def test_a_broken_translation_shows_the_english(monkeypatch):
    broken = {DAY_ENDED: "Los %(los)s: vorbei: %(reason)s"}
    monkeypatch.setattr(heats.translate, "gettext", lambda m: broken.get(m, m))
    message = day_ended("Ann")
    assert translate_finding(message) == message


def test_text_that_is_no_message_is_shown_as_it_is(german):
    with translation.override("de"):
        assert translate_finding("a finding stored by an older version") == (
            "a finding stored by an older version"
        )
        # Plain text is never read back: a name that is a template stays.
        assert translate_finding("nobody") == "nobody"
        assert translate_finding("Ann or Bo") == "Ann or Bo"


@dataclass(frozen=True)
class Checked:
    findings: list[dict]
    other: list[int] = field(default_factory=list)


def test_rows_and_checks_are_copied_with_their_messages_translated(german):
    rows = [{"day": 1, "player": "Ann", "message": stored(day_ended("Ann"))}]
    check = Checked(rows, [1])
    with translation.override("de"):
        (row,) = translate_findings(rows)
        shown = shown_check(check)
    assert (row["day"], row["player"]) == (1, "Ann")
    assert row["message"].startswith("Los 3:")
    assert shown.findings == [row] and shown.other == [1]
    assert check.findings[0]["message"].startswith("lot 3:")  # untouched
    assert shown_check(None) is None


# --- The pages: the result entry form, its stored check, the players' report.

GAIN_DE = "Gewinn an Tag 1: laut Ergebnis +270 (30 -&gt; 300), höchstens 80 an Tag 1"


def _form_data(table, values: dict) -> dict:
    seats = table.seats.order_by("number")
    return {"seating": ",".join(f"{s.number}:{s.player_id}" for s in seats), **values}


def _kwargs(table) -> dict:
    return {"event": "wbc", "round": table.round.code, "table": table.number}


@pytest.mark.django_db
def test_the_result_entry_dry_run_shows_findings_translated(
    always_german, gm_client, heat_table
):
    url = reverse("scoring:table-results-check", kwargs=_kwargs(heat_table))
    data = _form_data(heat_table, {"day1_1": 300})
    with translation.override("de"):
        html = gm_client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    slot = re.search(r'<div id="seat-check-1"[^>]*>(.*?)\n</div>', html, re.S)
    assert slot and GAIN_DE in slot.group(1)
    assert "gain on day 1" not in html


@pytest.mark.django_db
def test_the_result_entry_page_shows_the_stored_check_translated(
    always_german, gm_client, heat_table
):
    english = day_ended("Ann")
    TableCheck.objects.create(
        table=heat_table, findings=[{"day": 1, "player": "Ann", "message": english}]
    )
    url = reverse("scoring:table-results", kwargs=_kwargs(heat_table))
    with translation.override("de"):
        html = gm_client.get(url).content.decode()
    assert "Los 3: Das Blatt verzeichnet eine Auktion" in html
    assert "nur Ann hatte noch Platz" in html
    # Stored as it was: the message, whose English is unchanged.
    back = TableCheck.objects.get(table=heat_table).findings[0]["message"]
    assert dump(back) == dump(english) and back == english


@pytest.mark.django_db
def test_the_players_report_page_shows_findings_translated(
    always_german, client, heat_table
):
    token = ReportLink.objects.get(table=heat_table).token
    url = reverse(
        "scoring:table-report-check",
        kwargs={"event": "wbc", "round": "1", "table": 1, "token": token},
    )
    data = _form_data(heat_table, {"day1_1": 300, "reporter": 1})
    with translation.override("de"):
        html = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert GAIN_DE in html


@pytest.mark.django_db
def test_the_table_page_shows_stored_and_scoresheet_findings_translated(
    always_german, gm_client, heat_table
):
    inner = Message(DAY_ENDED, lot=5, reason=Message(EVERY_SHIP_FULL))
    ScoresheetSubmission.objects.create(
        table=heat_table,
        sheet={"players": [], "days": []},
        level=3,
        findings=[{"day": 1, "player": None, "message": inner}],
    )
    check = Message(FROM_SCORESHEET, level=3, message=inner)
    TableCheck.objects.create(
        table=heat_table, findings=[{"day": 1, "player": None, "message": check}]
    )
    url = reverse(
        "scoring:table-detail", kwargs={"event": "wbc", "round": "1", "table": 1}
    )
    with translation.override("de"):
        html = gm_client.get(url).content.decode()
    assert "Spielblatt (Stufe 3): Los 5: Das Blatt verzeichnet" in html
    assert html.count("jedes Schiff war voll") == 2  # the check and the sheet


@pytest.mark.django_db
def test_the_gms_reports_page_shows_each_reports_findings_translated(
    always_german, gm_client, heat_table
):
    seats = list(heat_table.seats.order_by("number"))
    TableReport.objects.create(
        table=heat_table,
        seat=1,
        scores={
            str(s.number): {
                "day1": 300 if s.number == 1 else None,
                "day2": None,
                "final": 100,
            }
            for s in seats
        },
    )
    url = reverse("scoring:table-reports", kwargs=_kwargs(heat_table))
    with translation.override("de"):
        html = gm_client.get(url).content.decode()
    assert GAIN_DE in html
