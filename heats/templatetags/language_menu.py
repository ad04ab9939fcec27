"""``{% language_menu %}``: the public pages' language menu (medici_tourney.language).

A small form posting the chosen language to ``set-language`` with the page to
return to (this page's address without ``?lang=``, so the choice is not
overruled by the address it was made on). Each button is named by what it
shows (``SHORT``: a voice user says the word they see, WCAG 2.5.3), with the
language's name in its own words (``settings.LANGUAGES``) as its title, and is
marked with its ``lang``.
"""

from __future__ import annotations

from django import template
from django.conf import settings
from django.template import Context
from django.utils import translation

from medici_tourney.language import PARAM

register = template.Library()

# What each button shows: short, so the menu fits a phone's bar.
SHORT = {"en": "EN", "de": "DE", "fr": "FR", "zh-hans": "中文"}


@register.inclusion_tag("components/language_menu.html", takes_context=True)
def language_menu(context: Context) -> dict[str, object]:
    """Context of the menu: ``languages`` as ``(code, short, name, current)``
    and ``next``, the page's path and query without ``lang``."""
    request = context.get("request")
    next_url = "/"
    if request is not None:
        query = request.GET.copy()
        query.pop(PARAM, None)
        next_url = request.path + (f"?{query.urlencode()}" if query else "")
    current = translation.get_language()
    return {
        "languages": [
            (code, SHORT.get(code, code), name, code == current)
            for code, name in settings.LANGUAGES
        ],
        "next": next_url,
    }
