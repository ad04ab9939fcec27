"""A plural message of the heats core (an event file's list that holds too few
or too many items, heats.core.schema) in each language through the edge
(heats.translate): German and English use the singular for 1 only, French for
0 and 1, Chinese has one form. Expected texts written by hand from the
catalogues (locale/*/LC_MESSAGES)."""

from __future__ import annotations

import pytest
from django.utils import translation

from heats.core.schema import Integer, ListOf, problems
from heats.translate import translate

NB = "\u00a0"
LANGUAGES = ("en", "de", "fr", "zh-hans")
FEW = ListOf(Integer(), min_items=2)
MANY = ListOf(Integer(), max_items=0)

EXPECTED = [
    (
        [],
        FEW,
        (
            "holds 0 items; at least 2",
            "enthält 0 Elemente; mindestens 2",
            f"contient 0 élément{NB}; 2 au moins",
            "含有0项；至少需要2项",
        ),
    ),
    (
        [7],
        FEW,
        (
            "holds 1 item; at least 2",
            "enthält 1 Element; mindestens 2",
            f"contient 1 élément{NB}; 2 au moins",
            "含有1项；至少需要2项",
        ),
    ),
    (
        [7, 8],
        MANY,
        (
            "holds 2 items; at most 0",
            "enthält 2 Elemente; höchstens 0",
            f"contient 2 éléments{NB}; 0 au plus",
            "含有2项；最多0项",
        ),
    ),
]


@pytest.mark.parametrize(("value", "schema", "expected"), EXPECTED)
def test_a_list_s_size_is_counted_in_each_language(value, schema, expected):
    ((path, message),) = problems(value, schema, "layouts")
    assert path == "layouts"
    found = []
    for language in LANGUAGES:
        with translation.override(language):
            found.append(translate(message))
    assert tuple(found) == expected
