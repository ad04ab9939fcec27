"""The table page's scoresheet form with sheets out of bounds (issue 7): staff get the
page again with a message naming the field, nothing is saved, never a 500."""

from __future__ import annotations

import copy
import json
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.models import ScoresheetSubmission
from scoring.services.results_import.write import import_results
from tests.conftest import DEMO_DIR

pytestmark = pytest.mark.django_db

TABLE_URL = "/e/wbc/round/1/table/1/"
NOEL = "Noel Oakhurst"
SHEET = json.loads((DEMO_DIR / "scoresheets.json").read_text())[0]  # heat 1 table 1
MARK = 123456789  # a number no demo sheet holds, replaced in the JSON text


@pytest.fixture
def staff(client, event, demo_csv, gm):
    import_results(event, demo_csv)
    client.force_login(gm)
    return client


def text_with(path: tuple, json_value: str) -> str:
    """The sheet's JSON with ``json_value`` (JSON text) at ``path``."""
    sheet = copy.deepcopy(SHEET)
    target = sheet
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = MARK
    return json.dumps(sheet).replace(str(MARK), json_value)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (
            ("days", 0, "income", NOEL, "ship"),
            "1e400",
            "days[0].income[&#x27;Noel Oakhurst&#x27;].ship: an infinite or too "
            "large number (such as 1e400 or Infinity)",
        ),
        (("note",), "Infinity", "note: an infinite or too large number"),
        (
            ("final", NOEL),
            "1" + "0" * 400,
            "final[&#x27;Noel Oakhurst&#x27;]: the number 1000",
        ),
        (
            ("note",),
            '"a\\u0000b"',
            "note: the text holds a NUL character (\\u0000), which cannot be saved",
        ),
        # Issue 16, item 5: refused on every database; PostgreSQL answered a
        # lone surrogate with a 500 (jsonb cannot hold it).
        (
            ("note",),
            '"a\\ud800b"',
            "note: the text holds U+D800, half of a UTF-16 surrogate pair and not a "
            "character, which cannot be saved",
        ),
        (
            ("players", 1),
            '"Parker\\udc00"',
            "players[1]: the text holds U+DC00, half of a UTF-16 surrogate pair",
        ),
        (
            ("final", NOEL),
            "1e308",
            "final[&#x27;Noel Oakhurst&#x27;]: the number 1e+308 is too large (at "
            f"most {2**53})",
        ),
        (
            ("note",),
            "[" * 30 + "]" * 30,
            f"note{'[0]' * 19}: nested more than 20 levels deep",
        ),
        (("note",), "[" * 10_000 + "]" * 10_000, "nested too deeply"),
        (
            ("days", 1, "purchases", NOEL, "paid"),
            '"17"',
            "days[1].purchases[&#x27;Noel Oakhurst&#x27;].paid: expected a whole "
            "number of florins",
        ),
        (
            ("days", 0, "purchases"),
            "[]",
            "days[0].purchases: expected an object keyed by player",
        ),
    ],
)
def test_a_sheet_out_of_bounds_is_refused_naming_the_field(staff, path, value, message):
    response = staff.post(TABLE_URL, {"text": text_with(path, value)})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not ScoresheetSubmission.objects.exists()


def test_an_unknown_key_deep_in_a_sheet_is_ignored_and_saved(staff):
    text = text_with(("days", 0, "auctions", 0, "note"), '{"by": ["GM", 1.5]}')
    assert staff.post(TABLE_URL, {"text": text}).status_code == 302
    saved = ScoresheetSubmission.objects.get()
    assert (saved.level, saved.findings) == (3, [])
    assert saved.sheet["days"][0]["auctions"][0]["note"] == {"by": ["GM", 1.5]}


def test_a_pasted_sheet_over_the_limit_is_refused(staff):
    text = json.dumps(SHEET) + " " * (512 * 1024)
    response = staff.post(TABLE_URL, {"text": "\n" + text + "\n}"})
    assert response.status_code == 200
    assert "The pasted text is larger than 512 KB (524,288 bytes)." in (
        response.content.decode()
    )


def test_page_and_command_give_the_same_not_utf8_message(staff, tmp_path):
    data = '{\n"players": ["Bé"]}'.encode("latin-1")
    message = "The file is not UTF-8 text (line 2 has byte 0xE9): save it as UTF-8."
    upload = SimpleUploadedFile("sheet.json", data, content_type="application/json")
    response = staff.post(TABLE_URL, {"file": upload})
    assert response.status_code == 200
    assert message in response.content.decode()
    path = tmp_path / "sheet.json"
    path.write_bytes(data)
    err = StringIO()
    with pytest.raises(CommandError) as info:
        call_command("verify_scoresheet", str(path), stderr=err)
    assert info.value.returncode == 2
    assert err.getvalue().splitlines()[0] == f"{path}: cannot read: {message}"
