"""Player names as typed, and the key that makes two spellings of a name one player.

Words:
- *display name*: the name as stored and shown: Unicode NFC, invisible characters
  removed, every run of white space (a no-break space too) one space, no space at
  either end;
- *name key*: a player's identity when there is no badge (formats.md, Results CSV:
  "case and surrounding spaces ignored"): the display name without zero-width
  joiners, case-folded, in NFC again.

Why NFC: the same letter arrives in two forms. "Zoë" typed on one keyboard is one
character (U+00EB); pasted from a macOS file name or a PDF it is "e" plus a combining
diaeresis (U+0308). Both look alike and must be one player, so every name is
composed (NFC) before anything else looks at it.

Why not NFKC: it would also fold compatibility forms (full-width "Ｓａｍ" into
"Sam", "ﬁ" into "fi", "Ⅱ" into "II"), but those are typed on purpose or by an IME
in full-width mode, not produced silently by copy and paste; the type-ahead shows
that such a name matches nobody before it is added. NFKC also lengthens some
characters (one "ﷺ" becomes 18 letters), so a key could outgrow its column.

Invisible characters (Unicode categories Cc and Cf: zero-width space, byte order
mark, word joiner, soft hyphen, direction overrides) are removed from names, since
nobody can see or type them on purpose. The zero-width non-joiner and joiner
(U+200C, U+200D) stay in the display name, as they shape Persian and Indic
writing and emoji, but not in the key: with or without them it is one name.

*Search forms* (:func:`search_forms`) are for finding a name as people type it,
never for telling players apart: the name key without accents, "ß" as "ss",
and, for a name with a German umlaut, a second form with the umlaut spelled out
("Müller": "muller" and "mueller"). A player's identity stays the name key.

Pure: no Django import.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Collection, Sequence
from functools import lru_cache

# The longest name, badge and name key ``Player`` stores (characters); files and
# forms refuse longer text with a message, never truncate it.
NAME_MAX_LENGTH = 120
BADGE_MAX_LENGTH = 40
KEY_MAX_LENGTH = 120
# A draw key: a name, a badge told apart, a clash's number (``new_draw_keys``).
DRAW_KEY_MAX_LENGTH = 180

ZERO_WIDTH_JOINERS = frozenset("\u200c\u200d")
_INVISIBLE = frozenset({"Cc", "Cf", "Cs"})


def _visible(char: str) -> bool:
    if char.isspace() or char in ZERO_WIDTH_JOINERS:
        return True
    return unicodedata.category(char) not in _INVISIBLE


# Cached: a check-in or an import asks for the same name's forms several times.
@lru_cache(maxsize=8192)
def display_name(name: str) -> str:
    """The name as stored and shown: ``"  Zoe\\u0308\\u00a0 Lee\\u200b"`` ->
    ``"Zoë Lee"`` (NFC, invisible characters removed, white space folded)."""
    text = "".join(char for char in name if _visible(char))
    return unicodedata.normalize("NFC", " ".join(text.split()))


@lru_cache(maxsize=8192)
def folded_name(name: str) -> str:
    """A name as its key compares it, whole: ``"ZOE\u0308  LEE"`` and
    ``"zoë lee"`` both give ``"zoë lee"``. Case folding can decompose a letter
    (``"ǰ"`` folds to ``"j"`` + U+030C), so the folded text is composed again;
    it can lengthen a name (``"ß"`` is ``"ss"``): files refuse a name longer
    than ``KEY_MAX_LENGTH`` this way."""
    text = "".join(c for c in display_name(name) if c not in ZERO_WIDTH_JOINERS)
    return unicodedata.normalize("NFC", " ".join(text.split()).casefold())


def name_key(name: str) -> str:
    """The identity key of a name (:func:`folded_name`), at most
    ``KEY_MAX_LENGTH`` characters: cut to what a player stores; names alike
    that far are namesakes, whom the check-in desk asks about."""
    return folded_name(name)[:KEY_MAX_LENGTH]


# Letters people type as others when searching: German umlauts as the letter or
# the letter and "e" (both forms are kept); letters no accent mark makes, as
# keyboards without them spell them.
_UMLAUTS = {"ä": ("a", "ae"), "ö": ("o", "oe"), "ü": ("u", "ue")}
_LETTERS = {"æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th"}
# The accents dropped: the combining diacritical marks of Latin, Greek and
# Cyrillic letters (not, say, the kana voicing marks, which make another sound).
_ACCENTS = range(0x300, 0x370)
# Between a name's search forms in a search key: never in a folded name, so a
# query never matches across two forms.
SEARCH_SEPARATOR = "\n"


def _unaccented(char: str) -> str:
    return "".join(
        c for c in unicodedata.normalize("NFD", char) if ord(c) not in _ACCENTS
    )


@lru_cache(maxsize=8192)
def search_forms(text: str) -> tuple[str, ...]:
    """The forms a search compares ``text`` (a name, or what is typed) by: its
    :func:`folded_name` (case, "ß"/"ss", Unicode forms and spaces ignored)
    without accents, and, when it has an umlaut, the same with the umlaut
    spelled out: ``"Größmann"`` -> ``("grossmann", "groessmann")``,
    ``"François"`` -> ``("francois",)``. Empty for text with no letter."""
    plain, spelled = [], []
    for char in folded_name(text):
        umlaut = _UMLAUTS.get(char)
        if umlaut:
            plain.append(umlaut[0])
            spelled.append(umlaut[1])
        else:
            letter = _LETTERS.get(char) or _unaccented(char)
            plain.append(letter)
            spelled.append(letter)
    forms = [unicodedata.normalize("NFC", "".join(f)) for f in (plain, spelled)]
    return tuple(dict.fromkeys(f for f in forms if f))


def search_key(name: str) -> str:
    """A name's :func:`search_forms` in one text, :data:`SEARCH_SEPARATOR`
    between them: what a page filtering in the browser compares typed text with."""
    return SEARCH_SEPARATOR.join(search_forms(name))


def search_rank(query: str, name: str) -> int | None:
    """How ``name`` answers a search for ``query``, compared by their
    :func:`search_forms`: 0 when a form of the name starts with a form of the
    query, 1 when one only contains one, None when it does not match (or the
    query has no letter)."""
    found = [
        form.find(typed)
        for typed in search_forms(query)
        for form in search_forms(name)
        if typed in form
    ]
    if not found:
        return None
    return 0 if 0 in found else 1


def and_list(names: list[str] | tuple[str, ...]) -> str:
    """Names as a sentence lists them: ``["Ann", "Bo", "Cy"]`` -> ``"Ann, Bo and
    Cy"``; two are joined by "and", one is itself."""
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def badged_name(name: str, badge: str, namesakes: int) -> str:
    """A player's name told apart from namesakes: ``"Ann Lee (#1204)"`` when
    ``namesakes`` (players of the event with this name key, the player included)
    is more than one and the player has a badge; else the name itself."""
    return f"{name} (#{badge})" if badge and namesakes > 1 else name


def free_draw_key(wanted: str, taken: Collection[str]) -> str:
    """``wanted``, or ``"wanted [2]"``, ``"wanted [3]"``... the first not in
    ``taken``: the draw keys of an event are unique, so no two players ever
    share a die roll (tournament.md, Advancement, 7)."""
    key, number = wanted, 2
    while key in taken:
        key, number = f"{wanted} [{number}]", number + 1
    return key


def new_draw_keys(
    new: Sequence[tuple[str, str, str]],
    existing_keys: Collection[str],
    taken: Collection[str],
) -> list[str]:
    """The draw keys of players created together: ``new`` is ``(name, name key,
    badge)`` of each, ``existing_keys`` the name keys of the event's players
    (one per player), ``taken`` their draw keys.

    A player's draw key is the name as the pages told it apart when the player was
    created (``badged_name``: "Ann Lee", or "Ann Lee (#99)" beside a namesake), and
    never changes afterwards (``Player.draw_key``): a namesake arriving later, a
    corrected typo or a merge never re-rolls a die (tournament.md, Advancement, 7).
    """
    counts = Counter(existing_keys)
    counts.update(key for _, key, _ in new)
    used = set(taken)
    keys = []
    for name, key, badge in new:
        draw = free_draw_key(badged_name(name, badge, counts[key]), used)
        used.add(draw)
        keys.append(draw)
    return keys


def legacy_draw_keys(
    players: Sequence[tuple[int, str, str, str, str]],
) -> dict[int, str]:
    """Draw keys for players saved before ``Player.draw_key`` existed: ``players``
    is ``(id, name, name key, badge, kept name)`` of one event, the kept name
    being the name their rolls kept after a correction ("" if none).

    Each gets the key its rolls were seeded with until then (the kept name, else
    ``badged_name`` among today's namesakes), so no past roll changes; a clash is
    made unique by ``free_draw_key``, in id order.
    """
    counts = Counter(key for _, _, key, _, _ in players)
    used: set[str] = set()
    keys = {}
    for pk, name, key, badge, kept in sorted(players):
        draw = free_draw_key(kept or badged_name(name, badge, counts[key]), used)
        used.add(draw)
        keys[pk] = draw
    return keys
