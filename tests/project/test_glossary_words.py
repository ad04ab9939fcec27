"""The catalogues keep to docs/glossary.md: the words the glossary retires never
come back into a translation, and the messages issue 32 found wrong say the
glossary's words.

Only translations are read (never the English msgids). Each retired word is
written narrowly enough that a right use of its letters is not caught: German
"Tag" only as a word of its own (Handelstag is right), Chinese 牌 apart from
胸牌 (a badge) and 牌桌 (a table), Chinese 批 only in a message about a lot
(批 is one good, 一批货物, in the Chinese rule book)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from medici_tourney.ops import catalogues

# language folder -> (retired word as a pattern, the glossary's word instead)
RETIRED: dict[str, list[tuple[str, str]]] = {
    "de": [
        (r"Zeitnehmer", "Timer (a device; a Zeitnehmer is a person)"),
        (r"Anbieter", "aktive Person"),
        (r"\bStapel", "Vorrat"),
        (r"(?<![\w-])Tag\b", "Handelstag"),
        (r"aktuellen Ladungen", "das laufende Los (the ships' loads are scored)"),
        (r"Ausloggen", "Abmelden"),
        (r"Ergebnis(se)? da\b", "Ergebnis liegt vor, alle Ergebnisse liegen vor"),
        (r"Prozent am Ende", "Endstand in %"),
    ],
    "fr": [
        (r"(?i)arrêt(ée?s?)? au temps", "temps écoulé"),
        (r"(?i)\bgraine\b", "tirage n°"),
        (r"(?i)\bvendeur", "le joueur qui met aux enchères"),
        (r"(?i)\bprimes?\b", "bonus"),
        (r"(?i)\bmarchés?\b", "greniers"),
        (r"cargaisons en cours", "le lot mis aux enchères"),
    ],
    "zh_Hans": [
        (r"牌堆", "布袋"),
        (r"(?<!胸)牌(?!桌)", "板块 (牌 only in 胸牌 and 牌桌)"),
        (r"先手", "起始玩家"),
        (r"购买阶段", "交易日"),
        (r"Medici", "梅第奇"),
        (r"当前货物流拍", "正在拍卖的一组货物流拍"),
    ],
}

# Messages about a lot: in Chinese the lot is 组, never 批.
LOT = re.compile(r"\blots?\b")

# The messages issue 32 found wrong, with the words they must say (written from
# the glossary, not read from the catalogues).
TIME_CALL = (
    "Time is called: all bidding stops, the lot on auction goes unsold, and final "
    "scoring begins."
)
TIME_CALL_MARK = (
    "At the %(minutes)s-minute mark all bidding stops, the lot on auction goes "
    "unsold, and the current day is scored as the game's last."
)
TABLE_TENT = (
    "Any player may fetch a timer from the check-in table: it is set to "
    "%(full)s (%(late)s after the %(mark)s-minute mark). No arguing, no "
    "accusations."
)
PAPERWORK = "Time: turn in the player records"
EXPECTED: dict[str, dict[tuple[str | None, str], str]] = {
    "de": {
        (None, TIME_CALL): "das laufende Los bleibt unverkauft",
        (None, TIME_CALL_MARK): "das laufende Los bleibt unverkauft",
        (None, TABLE_TENT): "Jeder Spieler darf einen Timer vom Anmeldetisch holen",
        (None, "Slow-player timer"): "Timer für langsame Spieler",
        ("final florins", "Final"): "Endstand",
        # The clock at the paperwork mark: the timer rules' word for it.
        (None, PAPERWORK): "Abgabeschluss",
    },
    "fr": {
        (None, TIME_CALL): "le lot mis aux enchères n’est pas vendu",
        (None, TIME_CALL_MARK): "le lot mis aux enchères n’est pas vendu",
        ("start player", "start"): "1er joueur",
        ("final florins", "Final"): "Score final",
        # "Temps écoulé" is the time call only: not the paperwork mark, not a
        # slow player's timer at zero; a place in the standings is a rang (a
        # place is a seat).
        (None, PAPERWORK): "Heure limite",
        (None, "Time is up: no more bids or turns"): "Minuteur à zéro",
        ("place in the standings", "Place"): "Rang",
    },
    "zh_Hans": {
        (None, TIME_CALL): "正在拍卖的一组货物流拍",
        (None, TIME_CALL_MARK): "正在拍卖的一组货物流拍",
        ("start player", "start"): "起始玩家",
        ("final florins", "Final"): "终局",
        (None, PAPERWORK): "交表截止",
    },
}


def translations(po: Path) -> list[tuple[str | None, str, str]]:
    """(context, msgid, translation) of every translated message of ``po``, one
    row per plural form."""
    rows = []
    for message in catalogues.read_catalog(po):
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = (
            [message.string] if isinstance(message.string, str) else message.string
        )
        rows += [(message.context, msgid, text) for text in strings if text]
    return rows


def retired_words(po: Path, language: str) -> list[str]:
    """Each translation in ``po`` that says a word the glossary retires."""
    found = []
    for _context, msgid, text in translations(po):
        for pattern, instead in RETIRED[language]:
            if re.search(pattern, text):
                found.append(f"{msgid!r} says {pattern!r}: write {instead}")
        if language == "zh_Hans" and LOT.search(msgid) and "批" in text:
            found.append(f"{msgid!r} says 批 for a lot: write 组")
    return found


def catalogue(language: str) -> Path:
    (po,) = [po for po in catalogues.po_files() if po.parts[-3] == language]
    return po


@pytest.mark.parametrize("language", sorted(RETIRED))
def test_no_translation_says_a_retired_word(language):
    assert retired_words(catalogue(language), language) == []


@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_the_messages_found_wrong_say_the_glossary_words(language):
    said = {
        (context, msgid): text
        for context, msgid, text in translations(catalogue(language))
    }
    missing = [
        f"{msgid!r}: {said.get((context, msgid))!r} lacks {words!r}"
        for (context, msgid), words in EXPECTED[language].items()
        if words not in said.get((context, msgid), "")
    ]
    assert missing == []


def test_the_retired_words_are_caught(tmp_path):
    """The checks see the words issue 32 found, and let the right uses pass."""
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Timer"\nmsgstr "Zeitnehmer"\n\n'
        'msgid "day %(day)s"\nmsgstr "Tag %(day)s"\n\n'
        'msgid "after day 1"\nmsgstr "nach Handelstag 1"\n\n'
        'msgid "lot %(lot)s"\nmsgstr "第%(lot)s批"\n\n'
        'msgid "five goods"\nmsgstr "5批货物"\n\n'
        'msgid "Badge"\nmsgstr "胸牌号"\n',
        encoding="utf-8",
    )
    assert len(retired_words(po, "de")) == 2
    assert retired_words(po, "zh_Hans") == ["'lot %(lot)s' says 批 for a lot: write 组"]
