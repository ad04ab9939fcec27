"""Plural messages (heats.core.message.Message.plural): the English form is
chosen by the count (singular for exactly 1), both forms are the message's
templates, stored data keeps both and the count field, and data stored with
a "(s)" template before the plural existed loads as the plural message.
Expected texts are written by hand."""

from __future__ import annotations

import pickle

import pytest

from heats.core.i18n import Plural, ngettext_noop
from heats.core.message import (
    Message,
    dump,
    field_names,
    is_data,
    load,
    renewed,
    templates,
)
from scoring.core import warnings_text
from scoring.core.medici import verify

SEATS = ngettext_noop("%(count)s seat left empty", "%(count)s seats left empty")
ONE_SEAT = ngettext_noop("one seat at %(table)s", "%(count)s seats at %(table)s")


@pytest.mark.parametrize(
    ("count", "english"),
    [(0, "0 seats left empty"), (1, "1 seat left empty"), (2, "2 seats left empty")],
)
def test_english_says_one_in_the_singular_and_any_other_count_in_the_plural(
    count, english
):
    message = Message.plural(SEATS, "count", count=count)
    assert message == english
    assert isinstance(message, str) and str(message) == english


def test_a_converted_core_text_reads_as_english_does():
    assert Message.plural(verify.DAYS_MISSING, "days", days=1, game=3) == (
        "sheet has 1 day, a game has 3 unless time is called"
    )
    assert Message.plural(verify.DAYS_CALLED, "days", days=2, day=3) == (
        "sheet has 2 days, but time was called on day 3"
    )
    assert Message.plural(warnings_text.FEW_FOR_FINAL, "count", count=1) == (
        "1 winner for the final: heats winners only calls no alternate, so the "
        "GM decides how the final is played"
    )


def test_the_marker_gives_the_two_forms():
    assert SEATS == Plural("%(count)s seat left empty", "%(count)s seats left empty")
    assert SEATS.singular == "%(count)s seat left empty"


def test_a_plural_message_keeps_both_forms_and_its_count_field():
    message = Message.plural(SEATS, "count", count=3)
    assert message.template == "%(count)s seat left empty"
    assert message.plural_template == "%(count)s seats left empty"
    assert message.count_field == "count" and message.fields == {"count": 3}
    plain = Message("%(first)s, %(second)s", first="a", second="b")
    assert plain.plural_template is None and plain.count_field is None


def test_templates_and_field_names_know_both_forms():
    inner = Message.plural(ONE_SEAT, "count", count=1, table="T1")
    assert inner == "one seat at T1"
    outer = Message("day %(day)s: %(finding)s", day=2, finding=inner)
    assert templates(outer) == {
        "day %(day)s: %(finding)s",
        "one seat at %(table)s",
        "%(count)s seats at %(table)s",
    }
    # The singular leaves the count out: the plural names it.
    assert field_names(*ONE_SEAT) == {"count", "table"}
    assert field_names("one seat at %(table)s") == {"table"}


def test_the_count_must_be_a_whole_number():
    for count in ("2", 2.0, None, True):
        with pytest.raises(TypeError, match="count"):
            Message.plural(SEATS, "count", count=count)
    with pytest.raises(TypeError, match="'seats'"):
        Message.plural(SEATS, "seats", count=2)


def test_stored_data_keeps_the_plural_and_comes_back_whole():
    message = Message.plural(SEATS, "count", count=1)
    data = dump(message)
    assert data == {
        "code": "%(count)s seat left empty",
        "plural": "%(count)s seats left empty",
        "count_field": "count",
        "fields": {"count": 1},
    }
    assert is_data(data)
    back = load(data)
    assert back == "1 seat left empty"
    assert (back.template, back.plural_template, back.count_field) == (
        "%(count)s seat left empty",
        "%(count)s seats left empty",
        "count",
    )
    assert dump(load({**data, "fields": {"count": 4}})) == {
        **data,
        "fields": {"count": 4},
    }
    assert load({**data, "fields": {"count": 4}}) == "4 seats left empty"


def test_a_plural_nested_in_a_list_of_rows_round_trips():
    rows = [
        {
            "day": None,
            "message": Message.plural(verify.DAYS_MISSING, "days", days=2, game=3),
        }
    ]
    back = load(dump(rows))
    assert back == [
        {"day": None, "message": "sheet has 2 days, a game has 3 unless time is called"}
    ]
    assert back[0]["message"].plural_template == verify.DAYS_MISSING.plural
    assert dump(back) == dump(rows)


def test_a_plural_message_pickles_whole():
    message = Message.plural(SEATS, "count", count=1)
    back = pickle.loads(pickle.dumps(message))
    assert back == "1 seat left empty"
    assert back.plural_template == "%(count)s seats left empty"
    assert back.count_field == "count"


def test_data_stored_with_the_old_bracketed_text_loads_as_the_plural():
    # A row stored before plural forms existed (what scoring 0010 and every
    # write since stored): the "(s)" template, no "plural".
    old = {
        "code": "sheet has %(days)s day(s), a game has %(game)s unless time is called",
        "fields": {"days": 1, "game": 3},
    }
    back = load(old)
    assert back == "sheet has 1 day, a game has 3 unless time is called"
    assert (
        back.template
        == "sheet has %(days)s day, a game has %(game)s unless time is called"
    )
    assert back.count_field == "days"
    assert dump(back) == {
        "code": "sheet has %(days)s day, a game has %(game)s unless time is called",
        "plural": "sheet has %(days)s days, a game has %(game)s unless time is called",
        "count_field": "days",
        "fields": {"days": 1, "game": 3},
    }
    seats = {
        "code": "%(count)s seat(s) left empty: no second or third place left to "
        "call (every one is seated, a winner or absent)",
        "fields": {"count": 2},
    }
    assert load(seats) == (
        "2 seats left empty: no second or third place left to call (every one "
        "is seated, a winner or absent)"
    )


def test_other_old_data_still_loads_as_it_was():
    old = {"code": "day %(day)s", "fields": {"day": 2}}
    back = load(old)
    assert back == "day 2" and back.plural_template is None
    assert dump(back) == old
    assert renewed("day %(day)s", day=3) == "day 3"


@pytest.mark.parametrize(
    "data",
    [
        # The count is no whole number.
        {
            "code": "%(count)s seat",
            "plural": "%(count)s seats",
            "count_field": "count",
            "fields": {"count": "2"},
        },
        # The count field is none of the forms' fields.
        {
            "code": "%(count)s seat",
            "plural": "%(count)s seats",
            "count_field": "n",
            "fields": {"count": 2},
        },
        # A field neither form names.
        {
            "code": "%(count)s seat",
            "plural": "%(count)s seats",
            "count_field": "count",
            "fields": {"count": 2, "extra": 1},
        },
    ],
)
def test_broken_plural_data_is_refused_with_a_clear_error(data):
    with pytest.raises(ValueError, match="message '%\\(count\\)s seat'"):
        load(data)


def test_data_with_only_half_of_the_plural_is_no_message_data():
    half = {"code": "%(count)s seat", "plural": "%(count)s seats", "fields": {}}
    assert not is_data(half)
    assert not is_data({**half, "count_field": 3})
