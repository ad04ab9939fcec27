"""Scoresheets out of bounds (issue 7): non-finite and huge numbers, NUL characters,
deep nesting, long text, wrong types, unknown keys at any depth and huge files give a
finding or a ScoresheetError naming the field, never another exception."""

from __future__ import annotations

import copy
import json
import math
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.core.medici.findings import ScoresheetError
from scoring.core.medici.sheet import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_NUMBER,
    MAX_TEXT,
    Sheet,
    check_json,
    load_json,
    parse_sheet,
)
from scoring.core.medici.verify import verify_sheet
from tests.conftest import REPO
from tests.support.depth import examples

DEMO = REPO / "data" / "demo" / "scoresheets.json"
SHEETS = json.loads(DEMO.read_text(encoding="utf-8"))
NOEL = "Noel Oakhurst"  # heat 1 table 1, seat 1
INF = "an infinite or too large number (such as 1e400 or Infinity)"
NUL = "the text holds a NUL character (\\u0000), which cannot be saved"
# A lone surrogate (issue 16, item 5): UTF-8 cannot encode it, PostgreSQL refuses it.
HALF = "half of a UTF-16 surrogate pair and not a character, which cannot be saved"


def sheet_with(path: tuple, value: Any) -> dict:
    """Heat 1 table 1 with the value at ``path`` (keys and indexes) replaced."""
    sheet = copy.deepcopy(SHEETS[0])
    target = sheet
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return sheet


def refusal(sheet: Any) -> str:
    with pytest.raises(ScoresheetError) as info:
        parse_sheet(sheet)
    return str(info.value)


def nested(depth: int) -> list:
    """``depth`` lists, each the only item of the one before."""
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_the_limits_leave_room_for_the_format():
    # A bid is the 7th container (sheet, days, day, auctions, auction, bids, bid).
    assert MAX_DEPTH >= 7 and MAX_NUMBER == 2**53 and MAX_TEXT >= 120
    assert isinstance(parse_sheet(SHEETS[0]), Sheet)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (
            ("days", 1, "purchases", NOEL, "paid"),
            math.inf,
            f"days[1].purchases['Noel Oakhurst'].paid: {INF}",
        ),
        (
            ("days", 0, "income", NOEL, "ship"),
            math.nan,
            "days[0].income['Noel Oakhurst'].ship: NaN is not a number JSON allows",
        ),
        (
            ("final", NOEL),
            10**400,
            f"final['Noel Oakhurst']: the number {'1' + '0' * 29}… "
            f"(401 digits) is too large (at most {2**53})",
        ),
        (("players", 0), "Noel\x00", f"players[0]: {NUL}"),
        # Issue 16, item 5: any number beyond 2**53, whole or not, and lone
        # surrogates, in read and in ignored fields alike.
        (
            ("final", NOEL),
            1e308,
            f"final['Noel Oakhurst']: the number 1e+308 is too large (at most {2**53})",
        ),
        (
            ("days", 0, "income", NOEL, "ship"),
            -(2.0**53) - 2,
            "days[0].income['Noel Oakhurst'].ship: the number -9007199254740994.0 "
            f"is too large (at most {2**53})",
        ),
        (("players", 0), "Noel\ud800", f"players[0]: the text holds U+D800, {HALF}"),
        (
            ("note",),
            {"ok": ["\udfff"]},
            f"note.ok[0]: the text holds U+DFFF, {HALF}",
        ),
        (
            ("days", 0, "money"),
            {"\udbff": 1},
            f"days[0].money['\\udbff']: the key: the text holds U+DBFF, {HALF}",
        ),
        (
            ("note",),
            {"deep": {"no\x00te": 1}},
            f"note.deep['no\\x00te']: the key: {NUL}",
        ),
        (
            ("note",),
            "x" * (MAX_TEXT + 1),
            "note: the text has 1001 characters; at most 1000",
        ),
        (
            ("days", 0, "auctions", 0, "price"),
            "9",
            "days[0].auctions[0].price: expected a whole number of florins",
        ),
        (
            ("days", 0, "money"),
            [1, 2],
            "days[0].money: expected an object of player: florins",
        ),
        (("days", 0, "fill"), 7, "days[0].fill: expected an object or null"),
    ],
)
def test_a_value_out_of_bounds_is_refused_naming_its_field(path, value, message):
    assert refusal(sheet_with(path, value)) == message


def test_numbers_up_to_2_53_whole_or_not_are_kept():
    sheet = sheet_with(("note",), [2**53, -(2**53), 2.0**53, -(2.0**53), 0.5])
    assert verify_sheet(sheet).findings == []


def test_nesting_deeper_than_the_limit_names_the_field():
    sheet = sheet_with(("note",), nested(10_000))
    # The sheet is level 1, "note" level 2: the 21st level is note + 19 indexes.
    assert refusal(sheet) == (
        f"note{'[0]' * (MAX_DEPTH - 1)}: nested more than {MAX_DEPTH} levels deep"
    )


def test_a_deep_value_in_a_player_field_is_refused_not_a_crash():
    sheet = sheet_with(("days", 0, "auctions", 0, "dealer"), nested(10_000))
    assert refusal(sheet).startswith("days[0].auctions[0].dealer[0][0]")


def test_unknown_keys_at_any_depth_are_ignored():
    sheet = sheet_with(("days", 0, "auctions", 0, "note"), {"by": ["GM", 1.5, None]})
    sheet["days"][2]["money"]["remark"] = "ignored?"
    assert "'remark' is not a player" in refusal(sheet)  # money keys are players
    del sheet["days"][2]["money"]["remark"]
    sheet["x-tra"] = {"nested": [{"deeper": True}]}
    assert verify_sheet(sheet).findings == []


def test_a_long_name_in_a_message_is_cut():
    sheet = sheet_with(("days", 0, "start_player"), "y" * MAX_TEXT)
    assert refusal(sheet) == (
        f"days[0].start_player: '{'y' * 29}… (1002 characters) "
        "is not a player of this sheet"
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"a": 1e400}', {"a": math.inf}),
        ('{"a": -Infinity}', {"a": -math.inf}),
        ("[" + "9" * 5000 + "]", [math.inf]),
        ("[" + "9" * 40 + "]", [int("9" * 40)]),
    ],
)
def test_load_json_keeps_non_finite_numbers_for_the_check(text, value):
    assert load_json(text) == value


def test_load_json_refuses_nesting_too_deep_to_read_and_names_syntax_errors():
    with pytest.raises(ScoresheetError, match="nested too deeply"):
        load_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ScoresheetError) as info:
        load_json('{\n  "players": [,]\n}')
    assert str(info.value) == "not valid JSON: line 2, column 15: Expecting value"


def test_load_json_nan_is_named_by_the_check():
    with pytest.raises(ScoresheetError) as info:
        check_json(load_json('{"days": [{"money": {"Ann": NaN}}]}'))
    assert str(info.value) == "days[0].money['Ann']: NaN is not a number JSON allows"


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=2**53 - 2, max_value=2**80)
    | st.floats()
    | st.text(),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["rules", "players", "days", "final", "money", "x"])
            | st.text(),
            inner,
            max_size=5,
        )
    ),
    max_leaves=30,
)
PROPERTY = settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@PROPERTY
@given(JSON)
def test_any_json_value_gives_a_sheet_or_a_scoresheet_error(value):
    try:
        assert isinstance(parse_sheet(value), Sheet)
    except ScoresheetError:
        pass


def paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every path to a value inside ``value`` (not the root)."""
    found = [path] if path else []
    if isinstance(value, dict | list):
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            found += paths(item, (*path, key))
    return found


FIELDS = paths(SHEETS[0])


@PROPERTY
@given(st.sampled_from(FIELDS), JSON)
def test_any_field_of_a_real_sheet_set_to_any_value_is_checked_or_refused(path, value):
    try:
        verify_sheet(sheet_with(path, value))
    except ScoresheetError:
        pass


def run(*args: str) -> tuple[int, str]:
    """Run verify_scoresheet; returns (exit code, stderr)."""
    out, err = StringIO(), StringIO()
    try:
        call_command("verify_scoresheet", *args, stdout=out, stderr=err)
    except CommandError as error:
        return error.returncode, err.getvalue()
    return 0, err.getvalue()


def test_the_command_exits_2_naming_the_field(tmp_path):
    path = tmp_path / "sheets.json"
    first = json.dumps(SHEETS[0])
    bad = json.dumps(sheet_with(("days", 0, "income", NOEL, "ship"), 123456789))
    path.write_text(f"[{first}, {bad.replace('123456789', '1e400')}]")
    code, err = run(str(path))
    assert code == 2
    assert err.splitlines()[0] == (
        f"{path}#2 (heat 1, table 1): days[0].income['Noel Oakhurst'].ship: {INF}"
    )


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ('"Vale\\ud800"', f"the text holds U+D800, {HALF}"),
        ("1e308", f"the number 1e+308 is too large (at most {2**53})"),
    ],
)
def test_the_command_exits_2_for_a_surrogate_or_a_large_float(
    tmp_path, value, message, mark
):
    path = tmp_path / "sheet.json"
    text = json.dumps(sheet_with(("days", 0, "income", NOEL, "ship"), mark))
    path.write_text(text.replace(str(mark), value))
    code, err = run(str(path))
    assert code == 2
    assert err.splitlines()[0] == (
        f"{path} (heat 1, table 1): days[0].income['Noel Oakhurst'].ship: {message}"
    )


@pytest.fixture
def mark() -> int:
    """A number no demo sheet holds, replaced by JSON text in a file."""
    return 123456789


def test_the_command_refuses_nesting_too_deep_with_exit_2(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 10_000 + "]" * 10_000)
    code, err = run(str(path))
    assert code == 2 and "deep.json: cannot read a JSON document: nested too" in err


def test_the_command_refuses_a_file_over_the_limit_with_exit_2(tmp_path):
    path = tmp_path / "huge.json"
    path.write_bytes(b"[" + b" " * MAX_FILE_BYTES + b"]")
    code, err = run(str(path))
    assert code == 2
    assert err.splitlines()[0] == (
        f"{path}: cannot read: The file is larger than 16 MB (16,777,216 bytes)."
    )


def test_the_command_says_which_line_is_not_utf8(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes('{\n"players": ["Bé"]}'.encode("latin-1"))
    code, err = run(str(path))
    assert code == 2
    assert err.splitlines()[0] == (
        f"{path}: cannot read: The file is not UTF-8 text (line 2 has byte 0xE9): "
        "save it as UTF-8."
    )
