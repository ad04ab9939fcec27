"""``{% language_menu %}``: each button is named by what it shows (WCAG 2.5.3,
label in name: a voice user says "click DE"), with its language's own name as its
title (the description a screen reader adds)."""

from __future__ import annotations

from html.parser import HTMLParser

from django.template import Context, Template
from django.test import RequestFactory

MENU = Template("{% load language_menu %}{% language_menu %}")


class Buttons(HTMLParser):
    """Each ``<button>``'s attributes and text."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[dict[str, str | None], str]] = []
        self.inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "button":
            self.found.append((dict(attrs), ""))
            self.inside = True

    def handle_endtag(self, tag: str) -> None:
        self.inside = self.inside and tag != "button"

    def handle_data(self, data: str) -> None:
        if self.inside:
            attrs, text = self.found[-1]
            self.found[-1] = (attrs, text + data)


def test_each_language_button_is_named_by_its_visible_text():
    request = RequestFactory().get("/e/demo/find/")
    parser = Buttons()
    parser.feed(MENU.render(Context({"request": request})))
    shown = [
        (text.strip(), a.get("title"), "aria-label" in a) for a, text in parser.found
    ]
    assert shown == [
        ("EN", "English", False),
        ("DE", "Deutsch", False),
        ("FR", "Français", False),
        ("中文", "简体中文", False),
    ]
