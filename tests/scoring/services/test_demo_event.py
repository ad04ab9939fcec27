"""The demo event end to end: imported, no-shows absent, advancement as the WBC
2017 report and data/demo/README.md give it (tournament.md, Advancement)."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.conftest import DEMO_DIR

pytestmark = pytest.mark.django_db

NEXT = ["Marlo Juniper", "Eden Tamsin", "Fern Tamsin"]


def advancement_json(capsys, *args) -> dict:
    call_command("advancement", *args, "--json")
    return json.loads(capsys.readouterr().out)


def assert_demo_figures(data: dict, no_shows: list[str]) -> None:
    assert data["semi_size"] == 25
    assert data["tables"] == [5, 5, 5, 5, 5]
    assert data["winners_present"] == 24
    assert data["cap"] == 39  # 78 participants // 2
    assert [a["player"] for a in data["alternates"]] == ["Drew Penrose"]
    assert data["alternates"][0]["percent"] == 96.9
    assert [a["player"] for a in data["next_alternates"]] == NEXT
    assert [a["percent"] for a in data["next_alternates"]] == [95.6, 91.6, 90.8]
    players = [q["player"] for q in data["qualifiers"]]
    assert len(players) == 25 and len(set(players)) == 25
    assert "Harper Ivesdale" in players  # a double winner, not an alternate
    assert "Harper Ivesdale" in data["double_winners"]
    assert len(data["double_winners"]) == 2
    assert not set(no_shows) & set(players)
    assert data["pared"] == []


def test_advancement_command_with_absent_file(
    event, demo_csv, no_shows, tmp_path, capsys
):
    path = tmp_path / "demo.csv"
    path.write_text(demo_csv)
    call_command("import_results", event.slug, str(path))
    capsys.readouterr()
    data = advancement_json(
        capsys, event.slug, "--absent-file", str(DEMO_DIR / "no_shows.txt")
    )
    assert_demo_figures(data, no_shows)


def test_demo_loader_marks_no_shows_absent(demo_event, no_shows, capsys):
    assert_demo_figures(advancement_json(capsys, "demo"), no_shows)


def test_absent_names_given_one_by_one(event, demo_csv, no_shows, capsys):
    from scoring.services.results_import.write import import_results

    import_results(event, demo_csv)
    args = [arg for name in no_shows for arg in ("--absent", name)]
    assert_demo_figures(advancement_json(capsys, event.slug, *args), no_shows)


def test_without_no_shows_every_winner_plays(event, demo_csv, capsys):
    from scoring.services.results_import.write import import_results

    import_results(event, demo_csv)
    data = advancement_json(capsys, event.slug)
    # 30 distinct winners present -> the semi-final of 30 (six tables of 5), full.
    assert data["semi_size"] == 30 and data["winners_present"] == 30
    assert data["alternates"] == []


def test_unknown_absent_name_is_a_clear_error(demo_event):
    with pytest.raises(CommandError, match="unknown player: 'Nobody Atall'"):
        call_command("advancement", "demo", "--absent", "Nobody Atall")


def test_unknown_event_names_the_known_ones(demo_event):
    with pytest.raises(CommandError, match="No event 'nope' .*demo"):
        call_command("advancement", "nope")


def test_load_demo_twice_changes_nothing(demo_event):
    from heats.models import AuditEntry
    from scoring.services.demo import load_demo

    before = AuditEntry.objects.count()
    load_demo("demo", with_gm=False)
    assert AuditEntry.objects.count() == before


def test_load_demo_prints_the_links_under_the_address_given(demo_event):
    """`make run PORT=8021` serves on 8021: the printed links say so."""
    from io import StringIO

    out = StringIO()
    call_command("load_demo", "--url", "http://127.0.0.1:8021/", stdout=out)
    text = out.getvalue()
    assert "standings: http://127.0.0.1:8021/e/demo/\n" in text
    assert "log in at http://127.0.0.1:8021/accounts/login/" in text
    assert ":8000" not in text


def test_standings_page_shows_the_recommendation(demo_event, client):
    response = client.get("/e/demo/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<div class="figure" id="semi-size">25</div>' in html
    assert '<div class="figure" id="winners-present">24</div>' in html
    assert "Drew Penrose" in html and "96.9%" in html
    for name, percent in zip(NEXT, ["95.6%", "91.6%", "90.8%"], strict=True):
        assert name in html and percent in html
    assert html.count("double winner</span>") == 2
    assert "Heat 3" in html


def test_standings_page_is_public_and_404_for_unknown_event(demo_event, client):
    assert client.get("/e/nope/").status_code == 404
    assert client.get("/").status_code == 200


def test_absent_file_comments_are_skipped(event, demo_csv, no_shows, tmp_path, capsys):
    from scoring.services.results_import.write import import_results

    import_results(event, demo_csv)
    path = tmp_path / "absent.txt"
    path.write_text("# no-shows at the semi-final\n" + "\n".join(no_shows) + "\n#\n")
    assert_demo_figures(
        advancement_json(capsys, event.slug, "--absent-file", str(path)), no_shows
    )


def test_an_event_without_results_says_so(event, capsys):
    call_command("advancement", event.slug)
    assert capsys.readouterr().out.startswith("No heat results yet.")
