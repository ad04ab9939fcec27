"""What every store keeps (heats/core/storable.py; issue 16, item 5): text
PostgreSQL can hold and numbers a JSON reader keeps exact, one rule for every way
in."""

from __future__ import annotations

import math

import pytest

from heats.core.storable import MAX_NUMBER, json_problems, number_problem, text_problem

HALF = "half of a UTF-16 surrogate pair and not a character, which cannot be saved"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("Ann\x00", "the text holds a NUL character (\\u0000), which cannot be saved"),
        ("\ud800", f"the text holds U+D800, {HALF}"),
        ("Ben \udbff", f"the text holds U+DBFF, {HALF}"),
        ("\udc00Cy", f"the text holds U+DC00, {HALF}"),
        # Two halves of a pair as two characters are still no character.
        ("\ud83d\ude00", f"the text holds U+D83D, {HALF}"),
    ],
)
def test_nul_and_surrogates_cannot_be_stored(text, problem):
    assert text_problem(text) == problem


@pytest.mark.parametrize(
    "text", ["", "Ann Lee", "Zoë 😀", "\ufffd", "\uffff", "\ud7ff"]
)
def test_any_character_is_stored(text):
    assert text_problem(text) is None


def test_the_bound_is_2_53():
    assert MAX_NUMBER == 9_007_199_254_740_992


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (2**53 + 1, "the number 9007199254740993 is too large (at most 2**53)"),
        (-(2**53) - 1, "the number -9007199254740993 is too large (at most 2**53)"),
        (1e308, "the number 1e+308 is too large (at most 2**53)"),
        (2.0**53 + 2, "the number 9007199254740994.0 is too large (at most 2**53)"),
        (math.nan, "NaN is not a number JSON allows"),
        (-math.inf, "an infinite or too large number (such as 1e400 or Infinity)"),
    ],
)
def test_numbers_beyond_2_53_and_non_finite_ones_are_refused(value, problem):
    assert number_problem(value) == problem.replace("2**53", str(2**53))


@pytest.mark.parametrize("value", [0, 2**53, -(2**53), 2.0**53, -0.5, 1e-300])
def test_numbers_up_to_2_53_are_kept(value):
    assert number_problem(value) is None


def test_every_problem_of_a_document_is_named_by_its_path():
    """Keys are checked when their object is reached, before its values; the
    document is level 1, so deep[0][0][0] is the fifth."""
    data = {
        "name": "ok",
        "days": [{"money": {"Ann": 1e308, "B\ud800": 1}}, "x\x00"],
        "deep": [[[[]]]],
        "long": "x" * 11,
    }
    assert list(json_problems(data, max_depth=4, max_text=10, path="sheet")) == [
        ("sheet.days[0].money['B\\ud800']", f"the key: the text holds U+D800, {HALF}"),
        (
            "sheet.days[0].money['Ann']",
            f"the number 1e+308 is too large (at most {2**53})",
        ),
        (
            "sheet.days[1]",
            "the text holds a NUL character (\\u0000), which cannot be saved",
        ),
        ("sheet.deep[0][0][0]", "nested more than 4 levels deep"),
        ("sheet.long", "the text has 11 characters; at most 10"),
    ]
