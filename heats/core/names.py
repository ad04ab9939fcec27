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

Pure: no Django import.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# The longest name, badge and name key ``Player`` stores (characters); files and
# forms refuse longer text with a message, never truncate it.
NAME_MAX_LENGTH = 120
BADGE_MAX_LENGTH = 40
KEY_MAX_LENGTH = 120

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
def name_key(name: str) -> str:
    """The identity key of a name: ``"ZOE\\u0308  LEE"`` and ``"zoë lee"`` both
    give ``"zoë lee"``.

    Case folding can decompose a letter (``"ǰ"`` folds to ``"j"`` + U+030C), so the
    folded text is composed again.
    """
    text = "".join(c for c in display_name(name) if c not in ZERO_WIDTH_JOINERS)
    return unicodedata.normalize("NFC", " ".join(text.split()).casefold())


def and_list(names: list[str] | tuple[str, ...]) -> str:
    """Names as a sentence lists them: ``["Ann", "Bo", "Cy"]`` -> ``"Ann, Bo and
    Cy"``; two are joined by "and", one is itself."""
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
