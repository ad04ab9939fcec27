"""Names found as people type them (``heats.core.names.search_forms``): "ß" and
"ss", umlauts as the letter or spelled out, accents ignored; the identity key
left as it was."""

from __future__ import annotations

from heats.core.names import name_key, search_forms, search_key, search_rank


def test_a_name_with_an_umlaut_has_a_plain_and_a_spelled_out_form():
    assert search_forms("Größmann") == ("grossmann", "groessmann")
    assert search_forms("Müller") == ("muller", "mueller")
    assert search_forms("SCHÄFER") == ("schafer", "schaefer")


def test_a_name_without_an_umlaut_has_one_form_without_accents():
    assert search_forms("François") == ("francois",)
    assert search_forms("Zoe\u0308  Lee") == ("zoe lee",)
    assert search_forms("Nguyễn Văn") == ("nguyen van",)
    assert search_forms("STRAẞE") == ("strasse",)


def test_letters_no_accent_makes_are_spelled_as_keyboards_without_them_do():
    assert search_forms("Œuvray") == ("oeuvray",)
    assert search_forms("Søren Łaski") == ("soren laski",)


def test_marks_that_make_another_sound_are_kept():
    # The kana voicing mark is no accent: ガ (ga) is not カ (ka).
    assert search_forms("ガス") == ("ガス",)
    assert search_forms("王小明") == ("王小明",)


def test_text_without_a_letter_has_no_form():
    assert search_forms(" \u200b ") == ()


def test_every_spelling_finds_grossmann():
    for typed in ("grossmann", "Groessmann", "Grossmann", "größmann", "GROSS"):
        assert search_rank(typed, "Größmann") == 0, typed


def test_muller_and_mueller_find_mueller_with_an_umlaut():
    assert search_rank("muller", "Müller") == 0
    assert search_rank("mueller", "Müller") == 0
    assert search_rank("Müller", "Mueller") == 0
    assert search_rank("ller", "Müller") == 1


def test_francois_finds_francois_with_a_cedilla():
    assert search_rank("Francois", "François") == 0
    assert search_rank("cois", "Jean François") == 1


def test_a_name_that_does_not_hold_the_query_does_not_match():
    assert search_rank("mueler", "Müller") is None
    assert search_rank("", "Müller") is None


def test_the_search_key_holds_each_form_on_its_own_line():
    assert search_key("Größmann") == "grossmann\ngroessmann"
    assert search_key("François") == "francois"


def test_the_identity_key_still_tells_the_spellings_apart():
    keys = {name_key(n) for n in ("Größmann", "Grossmann", "Groessmann")}
    assert keys == {"grössmann", "grossmann", "groessmann"}
