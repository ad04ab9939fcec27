"""Where another app adds to heats' GM pages without heats naming it.

An app that builds on heats (the results app) registers functions here from
its ``AppConfig.ready()``; heats' pages call them and render what they return as
plain data: links, and each table card's seat lines and notes. heats imports no
other app and its templates name none (STYLE.md: heats never names the results
app), yet the round page shows each table's scores, the link to enter them and the
printables. Django's own apps plug into each other the same way (signals,
``admin.site.register``).

Words:
- *place*: where a page shows a group of links: ``"nav"`` (the GM menu),
  ``"event"`` (the dashboard's printables), ``"round"`` (a round's printables,
  on its page and its dashboard row), ``"round-screens"`` (the screens for the
  room beside the clock), ``"round-page"`` (a semi-final's or final's own page);
- *card details*: a function that fills a round's ``TableCard`` objects (scores,
  winners, notes, the main action) in place.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PLACES = ("nav", "event", "round", "round-screens", "round-page")


@dataclass(frozen=True)
class Link:
    """A link a page shows: ``label``, ``url``; ``primary`` for the main button,
    ``new_tab`` for printables, ``dom_id`` when tests or scripts look for it;
    ``in_place`` for a page about one table that a round page may open in its
    table panel (its part ``#table-work``, loaded by htmx) rather than leave."""

    label: str
    url: str
    primary: bool = False
    new_tab: bool = False
    dom_id: str = ""
    in_place: bool = False


@dataclass(frozen=True)
class Note:
    """A line under a table card: ``tone`` ("warning" or "danger"), ``text``, and
    a link (``link_text`` to ``url``) to act on it; ``in_place`` as ``Link``'s."""

    tone: str
    text: str
    link_text: str = ""
    url: str = ""
    in_place: bool = False


_links: dict[str, list[Callable[[Any], list[Link]]]] = defaultdict(list)
_card_details: list[Callable[[Any, list[Any]], None]] = []


def provide_links(
    place: str,
) -> Callable[[Callable[[Any], list[Link]]], Callable[[Any], list[Link]]]:
    """Register a function ``f(obj) -> list[Link]`` for ``place`` (``PLACES``);
    ``obj`` is the event for "nav" and "event", else the round. ValueError for an
    unknown place."""
    if place not in PLACES:
        raise ValueError(f"unknown place {place!r}; places: {', '.join(PLACES)}")

    def register(function: Callable[[Any], list[Link]]) -> Callable[[Any], list[Link]]:
        _links[place].append(function)
        return function

    return register


def provide_card_details(
    function: Callable[[Any, list[Any]], None],
) -> Callable[[Any, list[Any]], None]:
    """Register ``f(round, cards)``, which fills the round's table cards."""
    _card_details.append(function)
    return function


def links(place: str, obj: Any) -> list[Link]:
    """Every link registered for ``place``, in registration order."""
    return [link for function in _links[place] for link in function(obj)]


def fill_cards(rnd: Any, cards: list[Any]) -> None:
    """Let every registered function fill ``cards`` (a round's table cards)."""
    for function in _card_details:
        function(rnd, cards)
