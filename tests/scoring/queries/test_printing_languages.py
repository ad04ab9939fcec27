"""Printables in the event's language, or the one asked for (``print_pdf --lang``,
the GM's print links' ``?lang=``): the builders' words go through gettext while
the PDF is built inside the language to print in, and Chinese labels print in
the CJK font, not as empty boxes.

No catalogue is compiled here (the translations come later): a fake catalogue
stands in for Django's gettext, answering in the active language.
"""

from __future__ import annotations

import io
import re
import sys

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader
from pypdf.generic import ContentStream

from heats.core.errors import UserError
from heats.models import Event, Round, RoundKind
from heats.services.checkin import check_in
from heats.services.seating import seat_round
from scoring.pdf import fonts, words
from scoring.pdf.base import grid
from scoring.queries.printing import PRINT_LANGUAGES, print_language, render
from tests.scoring.queries.test_printing import TOFU, Rendered, unlike
from tests.support.pdf_glyphs import _to_unicode

pytestmark = pytest.mark.django_db

GERMAN = {
    "%(round)s — by table": "%(round)s — nach Tisch",
    "%(round)s — by player name": "%(round)s — nach Namen",
    "Table %(number)s": "Tisch %(number)s",
    "Event report": "Turnierbericht",
    "event report": "Turnierbericht",
    "page %(page)s of %(pages)s": "Seite %(page)s von %(pages)s",
}
CHINESE = {
    # The five printables' titles and headings.
    "%(round)s table assignments": "%(round)s 座位分配",
    "%(round)s — by table": "%(round)s — 按桌",
    "%(round)s — by player name": "%(round)s — 按玩家姓名",
    "%(round)s scoresheets": "%(round)s 计分表",
    "%(round)s — scoresheet": "%(round)s — 计分表",
    "timer rules": "计时规则",
    "Each heat lasts %(minutes)s minutes": "每轮预赛 %(minutes)s 分钟",
    "Slow-player timer: %(full)s": "慢速玩家计时器：%(full)s",
    "bracket": "晋级图",
    "%(event)s — bracket": "%(event)s — 晋级图",
    "event report": "赛事报告",
    "Event report": "赛事报告",
    # Labels: table headers (plain cells), captions, the page's foot.
    "Table %(number)s": "第%(number)s桌",
    "Player": "玩家",
    ("table of players", "Table"): "桌号",
    "Seat": "座位",
    "After day 1": "第一天后",
    "After day 2": "第二天后",
    ("final florins", "Final"): "最终",
    "Place": "名次",
    "Initials": "签名",
    "Heats": "预赛",
    "Heat": "预赛",
    "Players": "玩家数",
    "Tables": "桌数",
    "Table sizes": "各桌人数",
    "Owing results": "欠交结果",
    "Heats: table winners": "预赛：各桌胜者",
    ("round kind", "Final"): "决赛",
    "Champion": "冠军",
    "Alternates in call order": "按递补顺序的替补",
    "page %(page)s of %(pages)s": "第%(page)s页，共%(pages)s页",
    "The GM announces the marks in minutes after the heat's start. A player's "
    "own time for the whole game should be about nine minutes: decide a bid "
    "before the lot comes to you.": "裁判以预赛开始后的分钟数宣布各个时间点。"
    "每位玩家整局游戏的用时应约为九分钟：在拍品轮到你之前就想好出价。",
}
TITLES = {
    "assignments": "座位分配",
    "scoresheets": "计分表",
    "timer-rules": "每轮预赛",
    "bracket": "晋级图",
    "report": "赛事报告",
}
HEADERS = {"assignments": "桌号", "scoresheets": "第一天后", "report": "欠交结果"}
"""A column header only a table's header row prints."""
CATALOGUES = {"de": GERMAN, "zh-hans": CHINESE}


@pytest.fixture
def catalogue(monkeypatch):
    """Django's gettext, ngettext and pgettext answer from :data:`CATALOGUES`
    in the active language (the message itself where it has none)."""

    def look(key, default: str) -> str:
        return CATALOGUES.get(translation.get_language(), {}).get(key, default)

    def ngettext(singular: str, plural: str, number: int) -> str:
        message = singular if number == 1 else plural
        return look(message, message)

    monkeypatch.setattr(translation, "gettext", lambda m: look(m, m))
    monkeypatch.setattr(translation, "ngettext", ngettext)
    monkeypatch.setattr(translation, "pgettext", lambda c, m: look((c, m), m))


def set_language(monkeypatch, event: Event, language: str) -> None:
    """Give ``event`` its own language: the ``language`` field once events have
    one, else an attribute every event loaded from the database reads."""
    if any(f.name == "language" for f in Event._meta.get_fields()):
        Event.objects.filter(pk=event.pk).update(language=language)
        event.refresh_from_db()
    else:
        monkeypatch.setattr(Event, "language", language, raising=False)


def text_of(content: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)


def cjk_fonts(content: bytes) -> dict[str, set[str]]:
    """Each CJK character the PDF sets -> the fonts (PDF base font names) it is
    set in, read from the content streams."""
    found: dict[str, set[str]] = {}
    reader = PdfReader(io.BytesIO(content))
    for page in reader.pages:
        resources = page["/Resources"]["/Font"]
        maps = {name: _to_unicode(f.get_object()) for name, f in resources.items()}
        names = {
            name: str(f.get_object()["/BaseFont"]) for name, f in resources.items()
        }
        current, font = {}, ""
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"Tf":
                current, font = maps.get(operands[0], {}), names.get(operands[0], "")
            elif op == b"Tj":
                for byte in operands[0].original_bytes:
                    char = current.get(byte, "")
                    if "\u4e00" <= char <= "\u9fff":
                        found.setdefault(char, set()).add(font)
    return found


def test_print_language_asked_for_else_the_events_else_english(monkeypatch, event):
    assert print_language(event) == "en"
    assert print_language(event, "de") == "de"
    assert print_language(event, "zh-Hans") == "zh-hans"
    set_language(monkeypatch, event, "fr")
    assert print_language(event) == "fr"
    assert print_language(event, "en") == "en"
    with pytest.raises(UserError, match="Unknown language 'xx': one of en, de, fr"):
        print_language(event, "xx")
    assert PRINT_LANGUAGES == ("en", "de", "fr", "zh-hans")


def test_print_pdf_lang_prints_in_that_language(catalogue, demo_event, tmp_path):
    out = tmp_path / "assignments.pdf"
    args = ["print_pdf", "demo", "assignments", "--round", "1", "-o", str(out)]
    call_command(*args, "--lang", "de", stdout=io.StringIO())
    german = text_of(out.read_bytes())
    assert "Vorrunde 1 — nach Tisch" in german and "— nach Namen" in german
    assert "\nTisch 1\n" in german and "Seite 1 von" in german
    # Without --lang: the event's language (English here); names never change.
    call_command(*args, stdout=io.StringIO())
    english = text_of(out.read_bytes())
    assert "Heat 1 — by table" in english and "nach Tisch" not in english
    call_command(
        "print_pdf",
        "demo",
        "report",
        "--lang",
        "de",
        "-o",
        str(out),
        stdout=io.StringIO(),
    )
    assert "Turnierbericht" in text_of(out.read_bytes())


def test_print_pdf_refuses_a_language_it_does_not_print(demo_event, tmp_path):
    out = tmp_path / "report.pdf"
    with pytest.raises(CommandError, match="--lang: invalid choice: 'xx'"):
        call_command("print_pdf", "demo", "report", "--lang", "xx", "-o", str(out))
    assert not out.exists()
    with pytest.raises(UserError, match="Unknown language 'xx'"):
        render(demo_event, "report", language="xx")


def test_the_gm_print_view_prints_in_the_events_language(
    catalogue, monkeypatch, client, demo_event, gm
):
    demo_event.gms.add(gm)
    client.force_login(gm)
    set_language(monkeypatch, demo_event, "de")
    url = reverse("scoring:print-event", kwargs={"event": "demo", "kind": "report"})
    response = client.get(url)
    assert response.status_code == 200
    assert "Turnierbericht" in text_of(response.content)
    # ?lang= asks for another language.
    english = text_of(client.get(url, {"lang": "en"}).content)
    assert "Event report" in english and "Turnierbericht" not in english
    # A language the printables are not printed in: back to the GM page, saying so.
    response = client.get(url, {"lang": "xx"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse(
        "heats:event-gm", kwargs={"event": "demo"}
    )
    assert "Unknown language &#x27;xx&#x27;" in response.content.decode()


@pytest.mark.parametrize("kind", list(TITLES))
def test_chinese_headings_and_labels_print_in_the_cjk_font(catalogue, demo_event, kind):
    round_code = "1" if kind in ("assignments", "scoresheets") else None
    content = render(demo_event, kind, round_code=round_code, language="zh-hans")
    # Text extraction breaks the line where the font changes: read it joined.
    text = text_of(content.content).replace("\n", "")
    assert TITLES[kind] in text
    assert "第1页，共" in text  # the foot of the page
    used = cjk_fonts(content.content)
    assert set(TITLES[kind]) <= set(used)
    # Every Chinese character is set in the CJK font (it has the glyphs).
    wrong = {c: f for c, f in used.items() if not all("WenQuanYi" in n for n in f)}
    assert not wrong
    if kind in HEADERS:
        # Labels in a table's plain cells (column headers) too: a font without
        # the glyphs would set them as blanks.
        assert HEADERS[kind] in text and set(HEADERS[kind]) <= set(used)


def test_chinese_labels_are_glyphs_not_boxes(catalogue, event):
    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    check_in(heat, [("Ann", ""), ("Bo", ""), ("Cy", ""), (TOFU, "")])
    seat_round(heat, seed=1)
    shown = Rendered(
        render(event, "assignments", round_code="1", language="zh-hans").content
    )
    try:
        tofu = shown.glyph(shown.find("Tofu") + 5)
        for label in ("第1桌", "按桌"):
            start = shown.find(label)
            for offset, char in enumerate(label):
                if char.isdigit():
                    continue
                glyph = shown.glyph(start + offset)
                assert sum(glyph) > 10, (label, char)  # ink, not an empty space
                assert unlike(glyph, tofu) > 0.25, (label, char)
    finally:
        shown.close()


def test_without_django_the_builders_words_are_english(monkeypatch):
    """The printables benchmark builds without Django set up: English words."""
    monkeypatch.setitem(sys.modules, "django.conf", None)
    assert words.gettext("Table %(number)s") == "Table %(number)s"
    assert words.ngettext("%(n)s player", "%(n)s players", 2) == "%(n)s players"
    assert words.pgettext("round kind", "Final") == "Final"


def test_a_label_too_wide_for_its_column_wraps_in_it():
    table = grid([["Sitzplatz der Spielerin", "1"]], [40, 20], header=False)
    cell = table._cellvalues[0][0]
    assert not isinstance(cell, str)  # a paragraph: wraps inside the column
    assert table._cellvalues[0][1] == "1"
    assert fonts.width("1", 9) < 20


# Each printable's heading, as the shipped catalogues (locale/) write it in
# Chinese: the message, its fields, and the English it must not stay.
SHIPPED_HEADINGS = {
    "assignments": ("%(round)s — by table", {"round": "第1场预赛"}),
    "scoresheets": ("%(round)s scoresheets", {"round": "第1场预赛"}),
    "timer-rules": ("timer rules", {}),
    "bracket": ("%(event)s — bracket", {"event": "Medici, WBC 2017 (demo)"}),
    "report": ("Event report", {}),
}


@pytest.mark.parametrize("kind", list(SHIPPED_HEADINGS))
def test_the_shipped_chinese_catalogue_prints_chinese_headings(demo_event, kind):
    """No fake catalogue: ``print_pdf --lang zh-hans`` as a GM runs it, read back."""
    message, fields = SHIPPED_HEADINGS[kind]
    with translation.override("zh-hans"):
        heading = translation.gettext(message) % fields
    assert heading != message % fields  # the catalogue translates it
    assert re.search(r"[\u4e00-\u9fff]", heading)
    round_code = "1" if kind in ("assignments", "scoresheets") else None
    content = render(demo_event, kind, round_code=round_code, language="zh-hans")
    text = text_of(content.content).replace("\n", "")
    assert heading.replace(" ", "") in text.replace(" ", "")
    used = cjk_fonts(content.content)
    chinese = {c for c in heading if "\u4e00" <= c <= "\u9fff"}
    assert chinese <= set(used)
    assert all("WenQuanYi" in name for c in chinese for name in used[c])
