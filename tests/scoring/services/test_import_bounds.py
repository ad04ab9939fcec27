"""Bounds on a results import (issue 7): rows, bytes, cell lengths, NUL characters and
non-UTF-8 files give a clear problem with line and column, the same on the command
line and on the page; never a crash, never a half-saved file."""

from __future__ import annotations

import csv

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError

from heats.core.errors import UserError
from heats.models import Player
from scoring.core.results_csv import (
    MAX_FILE_BYTES,
    MAX_ROWS,
    ResultsFileError,
    decode_results,
    parse_results_csv,
)
from scoring.models import PlayerRecord, RecordHistory
from scoring.services.results_import.write import import_results

URL = "/e/wbc/gm/import/"
HEADER = "heat,table,seat,player,badge,day1,day2,final\n"
TABLE = (
    "1,1,1,Ann Arbor,101,30,60,90\n"
    "1,1,2,Ben Bell,102,35,55,80\n"
    "1,1,3,Cy Cole,103,20,40,70\n"
    "1,1,4,Di Dunn,104,25,45,60\n"
)
NAME_MAX = Player._meta.get_field("name").max_length
BADGE_MAX = Player._meta.get_field("badge").max_length
# "Bé" in Latin-1: line 3 of the file holds byte 0xE9.
LATIN1 = (HEADER + TABLE.replace("Ben Bell", "Bé Bell")).encode("latin-1")
NOT_UTF8 = (
    "The file is not UTF-8 text (line 3 has byte 0xE9): save it as UTF-8 "
    "(CSV UTF-8 in Excel)."
)


def problems_of(text: str) -> list[str]:
    with pytest.raises(ResultsFileError) as info:
        parse_results_csv(text)
    return [str(p) for p in info.value.line_problems]


def with_cell(old: str, new: str) -> str:
    return HEADER + TABLE.replace(old, new)


def test_the_model_limits_are_read_from_the_model():
    assert (NAME_MAX, BADGE_MAX) == (120, 40)  # heats/models.py, Player


def test_a_name_one_longer_than_the_model_holds_names_line_and_column():
    long = "N" * (NAME_MAX + 1)
    assert problems_of(with_cell("Ben Bell", long)) == [
        f"line 3, column player: the name has {NAME_MAX + 1} characters; "
        f"at most {NAME_MAX}"
    ]


def test_a_name_as_long_as_the_model_holds_is_imported(event):
    name = "N" * NAME_MAX
    import_results(event, with_cell("Ben Bell", name))
    assert Player.objects.filter(name=name).exists()


def test_a_name_too_long_once_case_folded_is_refused():
    # "ß" folds to "ss": 61 of them make a 122-character name key.
    name = "ß" * 61
    assert problems_of(with_cell("Ben Bell", name)) == [
        f"line 3, column player: the name has 122 characters once case is folded "
        f"(ß becomes ss); at most {NAME_MAX}"
    ]


def test_a_badge_longer_than_the_model_holds_is_refused():
    badge = "9" * (BADGE_MAX + 1)
    assert problems_of(with_cell("Cy Cole,103", f"Cy Cole,{badge}")) == [
        f"line 4, column badge: the badge has {BADGE_MAX + 1} characters; "
        f"at most {BADGE_MAX}"
    ]


def test_a_100000_character_name_saves_nothing(event):
    text = with_cell("Ben Bell", "x" * 100_000)
    with pytest.raises(ResultsFileError) as info:
        import_results(event, text)
    assert [str(p) for p in info.value.line_problems] == [
        f"line 3, column player: the name has 100000 characters; at most {NAME_MAX}"
    ]
    assert not Player.objects.exists() and not PlayerRecord.objects.exists()


@pytest.mark.parametrize(("old", "column"), [("Ben Bell", "player"), (",80", "final")])
def test_a_cell_over_the_csv_limit_names_line_and_column(old, column):
    limit = csv.field_size_limit()
    new = "x" * 200_000 if column == "player" else ",8" + "0" * 200_000
    text = with_cell(old, new) + "1,1,5,Ed Eng,105,1,2,x\n"
    assert problems_of(text) == [
        f"line 3, column {column}: the cell has more than {limit} characters; "
        "the lines after it were not read"
    ]


def test_a_quoted_cell_over_the_csv_limit_is_found_too():
    quoted = '"' + 'a""b,' * 40_000 + '"'
    problems = problems_of(with_cell("Di Dunn,104", f"Di Dunn,{quoted}"))
    assert problems[0].startswith("line 5, column badge: the cell has more than")


def test_a_number_of_thousands_of_digits_is_out_of_range():
    digits = "9" * 5000
    assert problems_of(with_cell(",60\n", f",{digits}\n")) == [
        f"line 5, column final: {'9' * 30}… (5000 digits) is above 99999, "
        "too large for florins"
    ]


def test_nul_characters_are_refused_with_line_and_column():
    text = with_cell("Ben Bell", "Ben\x00Bell").replace("Di Dunn,104", "Di Dunn,1\x004")
    message = (
        "holds a NUL character (byte 0), which cannot be saved: is the file UTF-16? "
        "Save it as CSV UTF-8"
    )
    assert problems_of(text) == [
        f"line 3, column player: 'Ben\\x00Bell' {message}",
        f"line 5, column badge: '1\\x004' {message}",
    ]


@pytest.mark.django_db
def test_lone_surrogates_are_refused_with_line_and_column_saving_nothing(event):
    """Issue 16, item 5: text PostgreSQL cannot store (a file cannot hold one, a
    pasted or scripted text can) is a problem like a NUL, on every database."""
    text = with_cell("Ben Bell", "Ben\ud800").replace("Di Dunn,104", "Di Dunn,1\udfff")
    half = "half of a UTF-16 surrogate pair and not a character, which cannot be saved"
    with pytest.raises(ResultsFileError) as info:
        import_results(event, text)
    assert [str(p) for p in info.value.line_problems] == [
        f"line 3, column player: 'Ben\\ud800': the text holds U+D800, {half}",
        f"line 5, column badge: '1\\udfff': the text holds U+DFFF, {half}",
    ]
    assert not Player.objects.exists() and not PlayerRecord.objects.exists()


def test_a_nul_character_in_the_header_is_refused():
    text = HEADER.replace("final", "fin\x00al") + TABLE
    assert problems_of(text) == [
        "line 1, column #8: 'fin\\x00al' holds a NUL character (byte 0), which "
        "cannot be saved: is the file UTF-16? Save it as CSV UTF-8"
    ]


def records(count: int) -> str:
    """``count`` rows: tables of 4, 900 to a heat, every player distinct."""
    return "".join(
        f"{n // 3600 + 1},{n // 4 % 900 + 1},{n % 4 + 1},P{n},,,,{100 - n % 4}\n"
        for n in range(count)
    )


def test_more_rows_than_the_limit_says_the_limit_and_the_count():
    assert MAX_ROWS == 20_000
    text = HEADER + records(MAX_ROWS + 4) + "\n\n"
    assert problems_of(text) == [
        f"line {MAX_ROWS + 2}: the file has {MAX_ROWS + 4} player records; "
        f"an import takes at most {MAX_ROWS}: split the file, by heat for example"
    ]


def test_as_many_rows_as_the_limit_are_read():
    parsed = parse_results_csv(HEADER + "\n" + records(MAX_ROWS))
    assert len(parsed.rows) == MAX_ROWS


def test_bytes_that_are_not_utf8_name_line_and_byte():
    with pytest.raises(UserError) as info:
        decode_results(LATIN1)
    assert info.value.message == NOT_UTF8


def test_a_byte_order_mark_is_dropped():
    assert decode_results(b"\xef\xbb\xbfheat\r\n") == "heat\r\n"


@pytest.mark.django_db
def test_command_and_page_give_the_same_not_utf8_message(client, event, gm, tmp_path):
    path = tmp_path / "latin1.csv"
    path.write_bytes(LATIN1)
    with pytest.raises(CommandError) as info:
        call_command("import_results", "wbc", str(path))
    assert str(info.value) == NOT_UTF8
    client.force_login(gm)
    upload = SimpleUploadedFile("latin1.csv", LATIN1, content_type="text/csv")
    response = client.post(URL, {"file": upload})
    assert response.status_code == 200
    html = response.content.decode()
    assert NOT_UTF8 in html
    assert not PlayerRecord.objects.exists()


@pytest.mark.django_db
def test_command_and_page_accept_a_byte_order_mark(client, event, gm, tmp_path):
    data = ("\ufeff" + HEADER + TABLE).replace("\n", "\r\n").encode()
    path = tmp_path / "bom.csv"
    path.write_bytes(data)
    call_command("import_results", "wbc", str(path))
    assert PlayerRecord.objects.count() == 4
    client.force_login(gm)
    upload = SimpleUploadedFile("bom.csv", data.replace(b",90\r\n", b",91\r\n"))
    assert client.post(URL, {"file": upload, "replace": "on"}).status_code == 302
    assert PlayerRecord.objects.get(seat__player__name="Ann Arbor").final == 91


@pytest.mark.django_db
def test_command_refuses_a_file_over_the_byte_limit(event, tmp_path):
    path = tmp_path / "big.csv"
    path.write_bytes((HEADER + TABLE).encode() + b" " * MAX_FILE_BYTES)
    with pytest.raises(CommandError) as info:
        call_command("import_results", "wbc", str(path))
    assert str(info.value) == (
        "The file is larger than 2 MB (2,097,152 bytes): split it, by heat for example."
    )


@pytest.mark.django_db
def test_a_long_file_name_fits_the_record_history(event, tmp_path):
    import_results(event, HEADER + TABLE)
    path = tmp_path / ("r" * 240 + ".csv")
    path.write_text(HEADER + TABLE.replace(",90\n", ",91\n"))
    call_command("import_results", "wbc", str(path), "--replace")
    source = RecordHistory.objects.get().source
    limit = RecordHistory._meta.get_field("source").max_length
    assert len(source) == limit and source.endswith("… import")


def test_the_page_limit_is_below_djangos_request_limit():
    # A paste over the form's limit must reach the form, which says so, rather than
    # stop at Django's own limit with a bare 400 (the other fields need a little).
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE >= MAX_FILE_BYTES + 64 * 1024


@pytest.mark.django_db
def test_the_page_refuses_a_paste_over_the_limit(client, event, gm):
    client.force_login(gm)
    text = HEADER + TABLE + "," * MAX_FILE_BYTES  # one blank row, too long
    response = client.post(URL, {"text": text})
    assert response.status_code == 200
    assert "The pasted text is larger than 2 MB (2,097,152 bytes)" in (
        response.content.decode()
    )
    assert not PlayerRecord.objects.exists()


@pytest.mark.django_db
def test_the_page_refuses_an_upload_over_the_limit(client, event, gm):
    client.force_login(gm)
    data = (HEADER + TABLE).encode() + b" " * MAX_FILE_BYTES
    response = client.post(URL, {"file": SimpleUploadedFile("big.csv", data)})
    assert response.status_code == 200
    assert "The file is larger than 2 MB (2,097,152 bytes)" in (
        response.content.decode()
    )


@pytest.mark.django_db
def test_the_page_reports_an_over_long_cell_and_a_nul(client, event, gm):
    client.force_login(gm)
    text = with_cell("Ben Bell", "x" * 200_000).replace("Ann Arbor", "Ann\x00")
    upload = SimpleUploadedFile("long.csv", text.encode(), content_type="text/csv")
    response = client.post(URL, {"file": upload})
    assert response.status_code == 200
    html = response.content.decode()
    assert "line 2, column player: &#x27;Ann\\x00&#x27; holds a NUL character" in html
    assert "line 3, column player: the cell has more than" in html
    assert not PlayerRecord.objects.exists()
