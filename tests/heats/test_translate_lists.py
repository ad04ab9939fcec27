"""Lists in the reader's language (``heats.translate.listed`` and the pure
``heats.core.message.listed``), with the shipped catalogues: English joins as
``", ".join`` always did, Chinese lists with 、 and parts with ；, French puts
a no-break space before its semicolon, German writes English's separators."""

from __future__ import annotations

import pytest
from django.utils import translation

from heats.core.message import COMMA, SEMICOLON, Message, dump, fold, listed
from heats.translate import and_listed, sentences, translate
from heats.translate import listed as listed_text

ITEMS = ["1", "2", "3"]

EXPECTED = [
    ("en", COMMA, "1, 2, 3"),
    ("en", SEMICOLON, "1; 2; 3"),
    ("zh-hans", COMMA, "1、2、3"),
    ("zh-hans", SEMICOLON, "1；2；3"),
    ("fr", COMMA, "1, 2, 3"),
    ("fr", SEMICOLON, "1\u00a0; 2\u00a0; 3"),
    ("de", COMMA, "1, 2, 3"),
    ("de", SEMICOLON, "1; 2; 3"),
]


@pytest.mark.parametrize(("language", "pair", "expected"), EXPECTED)
def test_a_list_is_joined_the_languages_way(language, pair, expected):
    with translation.override(language):
        assert listed_text(ITEMS, pair) == expected


def test_english_is_what_join_wrote():
    names = ["Ann, jr.", "Bo%", "<Cy>"]
    with translation.override("en"):
        assert listed_text(names) == ", ".join(names)
        assert listed_text(names, SEMICOLON) == "; ".join(names)
    assert fold(COMMA, names) == ", ".join(names)
    assert listed_text([]) == "" and listed_text(["Ann"]) == "Ann"


def test_items_are_translated_and_numbers_kept():
    day = Message("day %(day)s", day=2)
    with translation.override("zh-hans"):
        assert listed_text([day, 5]) == "第2天、5"


def test_a_core_list_is_a_message_the_edge_writes_per_language():
    names = listed(["Ann, jr.", "Bo"])
    assert names == "Ann, jr., Bo"  # its English, as ", ".join wrote it
    assert dump(names) == {
        "code": "%(first)s, %(second)s",
        "fields": {"first": "Ann, jr.", "second": "Bo"},
    }
    with translation.override("zh-hans"):
        assert translate(names) == "Ann, jr.、Bo"  # the names whole
    assert listed([]) == "" and listed(["Ann"]) == "Ann"


@pytest.mark.parametrize(
    ("language", "said", "expected"),
    [
        ("en", ["Saved.", "Tell the room."], "Saved. Tell the room."),
        ("zh-hans", ["已保存。", "请通知全场。"], "已保存。请通知全场。"),
        ("de", ["Gespeichert.", "Sagen Sie es an."], "Gespeichert. Sagen Sie es an."),
    ],
)
def test_sentences_follow_one_another_the_languages_way(language, said, expected):
    with translation.override(language):
        assert sentences(said) == expected
        assert sentences(said[:1]) == said[0]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Ann, Bo and Cy"),
        ("de", "Ann, Bo und Cy"),
        ("fr", "Ann, Bo et Cy"),
        ("zh-hans", "Ann、Bo、Cy"),
    ],
)
def test_names_a_sentence_lists(language, expected):
    with translation.override(language):
        assert and_listed(["Ann", "Bo", "Cy"]) == expected
        assert and_listed(["Ann"]) == "Ann"
