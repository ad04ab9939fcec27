"""Printables read back: each PDF of the demo event holds the right facts
(tournament.md, "What people see": Printables; "Heats"; "Semi-final and final")."""

from __future__ import annotations

import io
import re
from collections import Counter
from unittest import mock

import pypdfium2 as pdfium
import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from heats.core.errors import UserError
from heats.models import Player, Round, RoundKind, Seat
from heats.services.checkin import (
    check_in,
)
from heats.services.seating import (
    seat_round,
)
from scoring.core import (
    advancement,
)
from scoring.models import (
    PlayerRecord,
)
from scoring.queries.event_results import (
    event_advancement,
)
from scoring.queries.printing import (
    event_print,
    render,
)
from scoring.queries.result_check import SeatScores
from scoring.queries.rounds import (
    final_round,
    semi_round,
)
from scoring.services import (
    publishing,
    results,
)
from scoring.services import (
    semi_final as rounds,
)
from scoring.services.final_seating import (
    seat_final,
)

pytestmark = pytest.mark.django_db


def pages(content: bytes) -> list[str]:
    """The text of each page."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def seats_of(rnd: Round) -> set[tuple[int, int, str]]:
    """``{(table, seat, name)}`` of a seated round, from the database."""
    rows = Seat.objects.filter(round=rnd).values_list(
        "table__number", "number", "player__name"
    )
    return set(rows)


def test_assignments_name_every_player_once_by_table_and_once_by_name(demo_event):
    heat = demo_event.rounds.get(kind=RoundKind.HEAT, number=1)
    expected = seats_of(heat)
    text = pages(render(demo_event, "assignments", round_code="1").content)
    slips = [t for t in text if "— by table" in t]
    by_name = [t for t in text if "— by player name" in t]
    assert slips and by_name

    on_slips, table = [], None
    for line in "\n".join(slips).splitlines():
        if match := re.fullmatch(r"Table (\d+)", line):
            table, seat = int(match[1]), None
        elif match := re.fullmatch(r"(\d)( ★)?", line):
            seat = int(match[1])
        elif table is not None and seat is not None:
            on_slips.append((table, seat, line))
            seat = None
    assert sorted(on_slips) == sorted(expected)

    lines = "\n".join(by_name).split("Player\nTable\nSeat\n", 1)[1].splitlines()
    listed = [
        (int(lines[i + 1]), int(lines[i + 2].split()[0]), lines[i])
        for i in range(0, len(lines) - 2, 3)
        if lines[i + 1].isdigit()
    ]
    assert sorted(listed) == sorted(expected)
    assert Counter(name for _, _, name in listed).most_common(1)[0][1] == 1
    # Seat 1 is the start player: marked on every table.
    assert "\n".join(by_name).count("1 ★") == len({t for t, _, _ in expected})


def test_a_player_waiting_for_a_seat_is_on_the_by_name_list(event):
    # Seven players: a table of 6 and one waiting for a late table (Heats).
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(f"Seated {i}", "") for i in range(1, 7)])
    seat_round(heat, seed=1)
    check_in(heat, [("Zoe Waiting", "")])
    text = "\n".join(
        t
        for t in pages(render(event, "assignments", round_code="1").content)
        if "— by player name" in t
    )
    assert "Zoe Waiting\nwait\nGM" in text
    assert all(f"Seated {i}" in text for i in range(1, 7))


def test_scoresheets_are_one_page_per_table_with_its_players(demo_event):
    heat = demo_event.rounds.get(kind=RoundKind.HEAT, number=2)
    text = pages(render(demo_event, "scoresheets", round_code="2").content)
    assert len(text) == heat.tables.count() == 11
    for table, _seat, name in seats_of(heat):
        page = text[table - 1]
        assert f"Table {table}\n" in page and f"{name}" in page
        assert "Time called at 53 minutes" in page
        assert f"page {table} of 11" in page


def test_timer_rules_print_the_events_figures_after_they_change(demo_event):
    demo_event.heat_minutes, demo_event.call_minutes = 60, 57
    demo_event.first_mark_minutes, demo_event.second_mark_minutes = 25, 40
    demo_event.timer_seconds, demo_event.late_timer_seconds = 300, 150
    demo_event.slow_bid_seconds, demo_event.slow_draw_seconds = "5–8", "12–18"
    demo_event.save()
    text = "\n".join(pages(render(demo_event, "timer-rules").content))
    assert "Each heat lasts 60 minutes" in text
    for mark in ("25'", "40'", "57'", "60'"):
        assert mark in text
    assert "Slow-player timer: 5:00" in text
    assert "2:30 if picked up after the 40-minute mark" in text
    assert "more than 5–8 seconds for a bid" in text and "12–18 seconds" in text
    # The defaults are gone (seed 001's 55/53/20/35 and 4:00).
    assert not {"55'", "53'", "20'", "35'", "4:00"} & set(text.split())


def test_bracket_shows_the_semi_final_size_and_every_heats_winners(demo_event):
    content = render(demo_event, "bracket").content
    text = "\n".join(pages(content))
    assert len(pages(content)) == 1  # the demo's 32 heat tables fit one page
    assert "Semi-final of 25: 5 + 5 + 5 + 5 + 5" in text
    sections = re.split(r"\n ?Heat (\d+): \d+ players, \d+ tables\n", text)
    by_heat = {int(sections[i]): sections[i + 1] for i in range(1, len(sections), 2)}
    winners = PlayerRecord.objects.filter(
        seat__round__event=demo_event, seat__round__kind=RoundKind.HEAT, place=1
    ).values_list("seat__round__number", "seat__table__number", "seat__player__name")
    assert len(winners) == 32
    for heat, table, name in winners:
        assert re.search(rf"^T{table} {re.escape(name)}$", by_heat[heat], re.M), name
    # Alternates in call order (demo README: Drew Penrose, then Marlo Juniper).
    assert text.index("1. Drew Penrose") < text.index("2. Marlo Juniper")


def enter(table, finals: dict[str, int]) -> None:
    seats = table.seats.select_related("player").order_by("number")
    results.save_table_results(
        table, [SeatScores(s.number, None, None, finals[s.player.name]) for s in seats]
    )


def play_semi_and_final(event) -> list[str]:
    """Seat and play the semi-final and final; return the laurels worked out by
    hand: the final's players by their scores (120, 110, ... by seat), then the
    best semi-final runner-up (table 1's, 89% of its winner)."""
    alternates = {a.label for a in event_advancement(event).alternates}
    rounds.seat_semi(event, seed=1)
    runners_up = []
    for table in semi_round(event).tables.order_by("number"):
        names = [s.player.name for s in table.seats.order_by("number")]
        order = [n for n in names if n not in alternates]
        order += [n for n in names if n in alternates]
        finals = {order[0]: 100, order[1]: 90 - table.number}
        finals.update({n: 40 - i for i, n in enumerate(order[2:])})
        enter(table, finals)
        runners_up.append(order[1])
    seat_final(event, seed=1)
    final = final_round(event).tables.get()
    names = [s.player.name for s in final.seats.order_by("number")]
    enter(final, {n: 120 - 10 * i for i, n in enumerate(names)})
    return [*names, runners_up[0]]


def test_report_lists_the_laurels_once_the_final_is_in(demo_event):
    before = "\n".join(pages(render(demo_event, "report").content))
    assert "The laurels follow the final's results." in before
    assert "78 players, 32 heat games in 3 heats, 30 distinct winners" in before
    laurels = play_semi_and_final(demo_event)
    assert len(laurels) == 6
    text = "\n".join(pages(render(demo_event, "report").content))
    section = text.split("\nLaurels\n", 1)[1].split("\nTime-called tables\n")[0]
    found = re.findall(r"^([1-6])\n(.+)$", section, re.M)
    assert found == [(str(i), name) for i, name in enumerate(laurels, start=1)]
    assert "final, 120 florins" in section
    assert "semi-final runner-up, 89.0% of the winner at table 1" in section
    assert "None recorded." in text.split("\nTime-called tables\n", 1)[1]


def test_a_round_not_seated_has_nothing_to_print(demo_event):
    Round.objects.create(event=demo_event, kind=RoundKind.HEAT, number=4)
    with pytest.raises(UserError, match="Heat 4 is not seated yet"):
        render(demo_event, "assignments", round_code="4")
    with pytest.raises(UserError, match="need a round"):
        render(demo_event, "scoresheets")
    with pytest.raises(UserError, match="Unknown paper"):
        render(demo_event, "report", paper="a3")


def test_the_command_writes_the_pdf(demo_event, tmp_path):
    out = tmp_path / "sheets.pdf"
    call_command(
        "print_pdf",
        "demo",
        "assignments",
        "--round",
        "1",
        "--paper",
        "a4",
        "--base-url",
        "http://10.1.2.3:8000",
        "-o",
        str(out),
        stdout=io.StringIO(),
    )
    reader = PdfReader(out)
    width, height = reader.pages[0].mediabox.width, reader.pages[0].mediabox.height
    assert (round(width), round(height)) == (595, 842)  # A4 in points
    assert "Standings: http://10.1.2.3:8000/e/demo/" in reader.pages[0].extract_text()
    with pytest.raises(CommandError, match="has no round '9'"):
        call_command("print_pdf", "demo", "scoresheets", "--round", "9", "-o", str(out))


def test_gm_print_links_open_pdfs(client, demo_event, gm):
    demo_event.gms.add(gm)
    client.force_login(gm)
    url = reverse(
        "scoring:print-round",
        kwargs={"event": "demo", "round": "1", "kind": "scoresheets"},
    )
    response = client.get(url, {"paper": "a4"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert (
        response["Content-Disposition"] == 'inline; filename="demo-1-scoresheets.pdf"'
    )
    # The table page's address (its QR code's) is built from the request's host.
    first = pages(response.content)[0]
    assert "This table's page: http://testserver/e/demo/round/1/table/1/" in first
    page = client.get(reverse("heats:event-gm", kwargs={"event": "demo"}))
    assert reverse(
        "scoring:print-event", kwargs={"event": "demo", "kind": "bracket"}
    ) in (page.content.decode())
    wrong = reverse(
        "scoring:print-event", kwargs={"event": "demo", "kind": "scoresheets"}
    )
    assert client.get(wrong).status_code == 404


NAMES = ["Zoë Ñúñez-Öztürk", "王芳", "Ann & Bo", "<Zed>", "Ruth O'Neil"]
# Characters no shipped font has: they print as the empty .notdef box ("tofu"),
# the picture every name above must not look like.
TOFU = "Tofu 𓀀𓀁"


@pytest.fixture
def named_heat(event) -> Round:
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [(n, "") for n in [*NAMES, TOFU]])
    seat_round(heat, seed=1)
    return heat


def test_player_names_print_exactly_as_typed(event, named_heat):
    assert Player.objects.filter(event=event).count() == 6
    for kind in ("assignments", "scoresheets"):
        text = "\n".join(pages(render(event, kind, round_code="1").content))
        for name in NAMES:
            assert name in text, (kind, name)
        assert "&amp;" not in text and "&lt;" not in text


class Rendered:
    """Page 1 of a PDF rendered by PDFium, with each character's box."""

    scale = 4

    def __init__(self, content: bytes) -> None:
        self.pdf = pdfium.PdfDocument(content)
        self.page = self.pdf[0]
        self.text = self.page.get_textpage()
        self.image = self.page.render(scale=self.scale).to_pil().convert("L")

    def close(self) -> None:
        for item in (self.text, self.page, self.pdf):
            item.close()

    def find(self, needle: str) -> int:
        found = self.text.search(needle).get_next()
        assert found, needle
        return found[0]

    def glyph(self, index: int) -> list[bool]:
        """The character's ink, scaled to 24 x 24 dots (dark: True)."""
        left, bottom, right, top = self.text.get_charbox(index)
        height, s = self.page.get_height(), self.scale
        box = (left * s, (height - top) * s, right * s + 1, (height - bottom) * s + 1)
        cut = self.image.crop(tuple(int(v) for v in box)).resize((24, 24))
        return [value < 128 for value in cut.tobytes()]


def unlike(a: list[bool], b: list[bool]) -> float:
    return sum(x != y for x, y in zip(a, b, strict=True)) / len(a)


def test_accented_and_chinese_names_render_as_glyphs_not_boxes(event, named_heat):
    shown = Rendered(render(event, "assignments", round_code="1").content)
    try:
        check_glyphs(shown)
    finally:
        shown.close()


def check_glyphs(shown: Rendered) -> None:
    tofu_at = shown.find("Tofu") + 5
    tofu = shown.glyph(tofu_at)
    # The measure tells a box from a box: the two missing characters look alike.
    assert unlike(tofu, shown.glyph(tofu_at + 1)) < 0.15
    for name in ("Zoë Ñúñez-Öztürk", "王芳"):
        start = shown.find(name)
        for offset, char in enumerate(name):
            if char in " -":
                continue
            glyph = shown.glyph(start + offset)
            assert sum(glyph) > 10, (name, char)  # ink, not an empty space
            assert unlike(glyph, tofu) > 0.25, (name, char)


# The bracket's data of the demo event with its list published: the statements
# it runs with the names, the held tables and the final's field read once and
# no live list worked out for it (52 when each part read them again).
BRACKET_QUERIES = 24


def test_the_bracket_prints_the_published_list_without_the_live_one(demo_event, gm):
    demo_event.gms.add(gm)
    publishing.publish(demo_event, user=gm)
    with (
        mock.patch.object(advancement, "advance", wraps=advancement.advance) as advance,
        CaptureQueriesContext(connection) as queries,
    ):
        printed = event_print(demo_event, "http://example.org")
    # Once: the final's field asks whether the event goes straight to the final
    # (no semi-final seated yet); the posted list is the published one.
    assert advance.call_count == 1
    assert len(queries) <= BRACKET_QUERIES
    published = publishing.latest_published(demo_event)
    assert printed.semi_size == published.data["semi_size"]
