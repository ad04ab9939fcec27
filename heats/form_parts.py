"""Pieces the apps' forms are built from, besides the forms themselves: a
button of one colour and a form helper with one such button, crispy layout
objects that draw a template file (never text as template source), one of them
drawing fields, a select drawn in one pass, the posted data as a form checks it
(``tidied_data``) and shows it back (``shown_back``), and the round page's Seat
answered in place (``in_place_helper``).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any, Protocol

from crispy_forms.helper import FormHelper
from crispy_forms.layout import LayoutObject, Submit
from crispy_forms.utils import TEMPLATE_PACK
from django import forms
from django.forms.renderers import BaseRenderer
from django.forms.utils import flatatt
from django.template import Context
from django.template.loader import render_to_string
from django.utils.choices import normalize_choices
from django.utils.safestring import SafeString, mark_safe

from heats.core.names import display_name
from heats.core.storable import text_problem, without_surrogates

#: The round page's parts that Seat changes besides its seating part, taken
#: from the answer by id (htmx's ``hx-select-oob``): the round's state, its
#: figures, the check-in heading, list and answers (the last check-in's, which
#: told the layout before the seating), the clock's start and the messages.
#: The check-in form and the clock itself stay as they are, still running.
SEAT_CHANGES = (
    "#page-messages",
    "#round-header",
    "#round-figures",
    "#checkin-heading",
    "#checkin-messages",
    "#checkin-list",
    "#clock-start",
)


def in_place_helper(helper: FormHelper, action: str) -> None:
    """Post ``helper``'s form with htmx and swap in, from the round page the
    POST redirects to, its seating part (``#round-seating``) and
    ``SEAT_CHANGES``; a second press while one is under way is dropped.
    ``static/js/in_place.js`` finishes the job (a page that is not the round
    page, or no answer, and the form is posted as a page instead). Without
    JavaScript the form posts and the page reloads."""
    helper.attrs = helper.attrs | {
        "hx-post": action,
        "hx-target": "#round-seating",
        "hx-select": "#round-seating",
        "hx-select-oob": ",".join(SEAT_CHANGES),
        "hx-swap": "outerHTML",
        "hx-sync": "this:drop",
        "data-in-place": "1",
    }


class Button(Submit):
    """A submit button whose colour is only the ``css_class`` given (crispy's
    Submit always adds ``btn-primary``, which clashes with other colours)."""

    field_classes = "btn"


def button_helper(
    action: str, submit: str, *, button_id: str, css: str = "btn-primary btn-lg"
) -> FormHelper:
    """A helper posting to ``action`` with one button ``submit`` (its label, in
    the reader's language) of id ``button_id``: crispy's default id,
    "submit-id-go", would repeat on every page showing two of these forms, and
    an id made from the label would change with the language."""
    helper = FormHelper()
    helper.form_action = action
    helper.add_input(Button("go", submit, css_class=css, css_id=button_id))
    return helper


class Details(LayoutObject):
    """``<details>`` holding ``fields``, opened by a ``summary``: text (a
    translated string, escaped when drawn), never a template."""

    template = "heats/gm/_form_details.html"

    def __init__(self, summary: str, *fields: str | LayoutObject) -> None:
        self.summary = summary
        self.fields = list(fields)

    def render(
        self,
        form: forms.BaseForm,
        context: Context,
        template_pack: str = TEMPLATE_PACK,
        **kwargs: Any,
    ) -> str:
        inner = self.get_rendered_fields(form, context, template_pack, **kwargs)
        return render_to_string(
            self.template, {"summary": self.summary, "fields": SafeString(inner)}
        )


class Partial(LayoutObject):
    """A template file drawn in a form's layout: markup of its own (translated
    with the template's tags), where crispy's ``HTML`` would need text."""

    def __init__(self, template: str) -> None:
        self.template = template
        self.fields: list[str] = []

    def render(
        self,
        form: forms.BaseForm,
        context: Context,
        template_pack: str = TEMPLATE_PACK,
        **kwargs: Any,
    ) -> str:
        return render_to_string(self.template)


class PartialFields(LayoutObject):
    """Some of a form's fields drawn by one template file in one pass, where
    crispy would draw each through its field templates (a template render and a
    dozen includes a field): the template gets ``form`` and draws the fields
    with ``{{ field }}``, their labels and errors as it likes.

    ``fields`` names the fields it draws: crispy counts them rendered, and each
    widget gets the classes crispy's Bootstrap 5 field template gives it
    (:func:`bootstrap_classes`), so ``{{ field }}`` draws the input crispy would.
    """

    def __init__(self, template: str, *fields: str) -> None:
        self.template = template
        self.fields = list(fields)

    def render(
        self,
        form: forms.BaseForm,
        context: Context,
        template_pack: str = TEMPLATE_PACK,
        **kwargs: Any,
    ) -> str:
        rendered: set[str] = getattr(form, "rendered_fields", set())
        for name in self.fields:
            bootstrap_classes(form[name])
            rendered.add(name)
        return render_to_string(self.template, {"form": form})


def bootstrap_classes(field: forms.BoundField) -> None:
    """Give ``field``'s widget the classes crispy's Bootstrap 5 field template
    gives it (``crispy_field``): the widget's own, its class name in lower case,
    ``form-select`` for a select, ``form-check-input`` for a checkbox, else
    ``form-control``, and ``is-invalid`` when the field has errors. A class
    already there is not added twice; a hidden widget gets none."""
    widget = field.field.widget
    if widget.is_hidden:
        return
    if isinstance(widget, forms.CheckboxInput):
        kind = "form-check-input"
    elif isinstance(widget, forms.Select):
        kind = "form-select"
    else:
        kind = "form-control"
    classes = widget.attrs.get("class", "").split()
    wanted = [type(widget).__name__.lower(), kind]
    if field.errors:
        wanted.append("is-invalid")
    classes += [c for c in wanted if c not in classes]
    widget.attrs["class"] = " ".join(classes)


class QuickSelect(forms.Select):
    """A select whose options are written in one pass of string formatting, every
    label and value escaped (``html.escape``, as Django's ``escape``), not through a
    template each (Django's ``Select``): a select of 1,000 players costs about a
    millisecond to draw, not tens. Plain options only (no groups); a list of
    choices is kept as given (Django normalises every pair of it, slowly)."""

    @property
    def choices(self) -> Any:
        """The ``(value, label)`` pairs offered."""
        return self._choices

    @choices.setter
    def choices(self, value: Any) -> None:
        self._choices = value if isinstance(value, list) else normalize_choices(value)

    def render(
        self,
        name: str,
        value: Any,
        attrs: dict[str, Any] | None = None,
        renderer: BaseRenderer | None = None,
    ) -> SafeString:
        """The ``<select>`` with its options, ``value`` (one or a list) selected."""
        final = self.build_attrs(self.attrs, attrs)
        final["name"] = name
        values = value if isinstance(value, list | tuple) else [value]
        chosen = {str(v) for v in values if v is not None}
        options = "".join(
            f'<option value="{escape(str(key))}"'
            f"{' selected' if str(key) in chosen else ''}>{escape(str(label))}</option>"
            for key, label in self.choices
        )
        return mark_safe(f"<select{flatatt(final)}>{options}</select>")


class Choosable(Protocol):
    """What a player select offers: anything with an id (``pk``) and a name
    (``str()``): a ``Player``, or a player as a table card holds it."""

    @property
    def pk(self) -> Any: ...


def player_choices(players: Iterable[Choosable]) -> list[tuple[object, str]]:
    """The choices of a player select: none chosen, then ``players`` as given."""
    return [("", "---------"), *((p.pk, str(p)) for p in players)]


def tidied_data(data: Any, names: tuple[str, ...]) -> Any:
    """``data`` (a ``QueryDict`` or a dict) with the text of the fields ``names``
    as ``display_name`` tidies it (a copy when any changes). Text the database
    cannot store (a NUL, a surrogate) is left for the field's check to refuse,
    naming it, never tidied away."""
    changed = {
        key: display_name(data[key])
        for key in names
        if isinstance(data.get(key), str)
        and not text_problem(data[key])
        and display_name(data[key]) != data[key]
    }
    if not changed:
        return data
    tidied = data.copy()
    for key, value in changed.items():
        tidied[key] = value
    return tidied


def shown_back(data: Any) -> Any:
    """``data`` (a ``QueryDict`` or a dict), its text without surrogates; the same
    object when it holds none."""
    if hasattr(data, "lists"):
        pairs = [(key, value) for key, values in data.lists() for value in values]
    else:
        pairs = list(data.items())
    if all(not isinstance(v, str) or without_surrogates(v) == v for _, v in pairs):
        return data
    if not hasattr(data, "lists"):
        return {k: without_surrogates(v) if isinstance(v, str) else v for k, v in pairs}
    shown = data.copy()
    for key, values in data.lists():
        shown.setlist(key, [without_surrogates(v) for v in values])
    return shown
