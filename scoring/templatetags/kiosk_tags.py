"""Template filters of the public room pages."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def mmss(seconds) -> str:
    """Seconds as minutes and seconds: 2160 -> "36:00", 75 -> "1:15"."""
    total = max(0, int(seconds or 0))
    return f"{total // 60}:{total % 60:02d}"


@register.filter
def stars(count) -> str:
    """A star per heat won, for double winners: 2 -> "★★"."""
    return "★" * int(count or 0)
