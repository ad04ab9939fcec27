"""``{{ name|search_key }}``: a name's search forms in one text
(``heats.core.names.search_key``), for a page that filters names in the browser
as they are typed (the phone's "find your table", ``static/js/find.js``)."""

from __future__ import annotations

from django import template

from heats.core.names import search_key as names_search_key

register = template.Library()


@register.filter
def search_key(name: str) -> str:
    """The forms a typed name is compared with, one a line: ``"Größmann"`` ->
    ``"grossmann\\ngroessmann"`` (``heats.core.names.search_forms``)."""
    return names_search_key(name)
