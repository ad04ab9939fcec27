"""``advancement --size``: odd text is refused with a clear error naming the
option, never a traceback."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


@pytest.mark.parametrize(
    "size",
    [
        "²",  # a digit to str.isdigit, not to int()
        "٣",  # an Arabic-Indic three
        "1" * 5000,  # past int()'s 4,300-digit limit
        "a\x00b",
        "-16",
    ],
)
def test_odd_sizes_are_refused_naming_the_option(demo_event, size):
    with pytest.raises(
        CommandError, match=r"^--size: .* is no semi-final size of demo"
    ):
        call_command("advancement", "demo", "--size", size)


def test_a_long_size_is_shortened_in_the_error(demo_event):
    with pytest.raises(CommandError) as raised:
        call_command("advancement", "demo", "--size", "x" * 10_000)
    # The value, cut to 20 characters, then the event's sizes.
    assert str(raised.value) == (
        "--size: 'xxxxxxxxxxxxxxxxxxxx…' is no semi-final size of demo "
        "(sizes: 16, 20, 25, 30, 36, or winners)"
    )


def test_a_layout_size_with_spaces_and_zeros_is_taken(demo_event, capsys):
    call_command("advancement", "demo", "--size", " 020 ")
    assert capsys.readouterr().out.startswith("Semi-final of 20 (")


@pytest.mark.parametrize(
    ("reason", "problem"),
    [
        # A byte not UTF-8 in argv reaches Python as a lone surrogate: printing
        # it was a UnicodeEncodeError traceback.
        ("won\udcff", "the text holds U+DCFF"),
        ("a\x00b", "the text holds a NUL character"),
        ("x" * 201, "at most 200 characters, not 201"),
    ],
)
def test_an_odd_reason_is_refused_naming_the_option(demo_event, reason, problem):
    with pytest.raises(CommandError, match=r"^--reason: ") as raised:
        call_command("advancement", "demo", "--size", "winners", "--reason", reason)
    assert problem in str(raised.value)
