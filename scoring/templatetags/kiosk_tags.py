"""Template filters of the public room pages."""

from __future__ import annotations

from django import template

from heats.translate import translate
from scoring.wording import percent_text

register = template.Library()


@register.filter
def mmss(seconds: float | str | None) -> str:
    """Seconds as minutes and seconds: 2160 -> "36:00", 75 -> "1:15"."""
    total = max(0, int(seconds or 0))
    return f"{total // 60}:{total % 60:02d}"


@register.filter
def stars(count: int | str | None) -> str:
    """A star per heat won, for double winners: 2 -> "★★"."""
    return "★" * int(count or 0)


@register.filter
def percent(value: float | None) -> str:
    """A percentage as the reader's language writes it (``percent_text``):
    96.9 -> "96.9%" in English, "96,9 %" in German; None -> "—"."""
    return percent_text(value)


@register.filter
def reason(text: object) -> str:
    """A reason the advancement core wrote (a message: an HMW level, an
    alternate's percentage, a tie the GM decided), in the active language
    (``heats.translate.translate``); "" stays ""."""
    if not text:
        return ""
    return translate(text)
