"""``{% extension_links "nav" event as links %}``: the links other apps register
for a place on heats' pages (``heats.extensions``)."""

from __future__ import annotations

from django import template

from heats import extensions

register = template.Library()


@register.simple_tag
def extension_links(place: str, obj: object) -> list[extensions.Link]:
    """The links registered for ``place`` (``heats.extensions.PLACES``)."""
    return extensions.links(place, obj)
