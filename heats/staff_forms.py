"""Forms of the event's staff page (crispy-forms, Bootstrap 5): an existing
login added as GM or assistant GM, a new login made for one
(``heats.services.staff``).
"""

from __future__ import annotations

from typing import Any

from crispy_forms.layout import Column, Layout, Row
from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from heats.form_parts import button_helper
from heats.forms import StorableTextForm

ROLE_CHOICES = [("assistant", _("Assistant GM")), ("gm", _("GM"))]


class StaffAddForm(StorableTextForm):
    """Add an existing login to the event's staff, as a GM or an assistant GM."""

    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(
        label=pgettext_lazy("a login's role: as GM", "as"), choices=ROLE_CHOICES
    )
    next = forms.CharField(required=False, widget=forms.HiddenInput)
    version = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self, *args: Any, action: str = "", back: str = "", **kwargs: Any
    ) -> None:
        # Its own ids: the Staff page also shows LoginCreateForm, whose fields
        # share these names, and a label must point at its own form's input.
        kwargs.setdefault("auto_id", "staff_add_%s")
        super().__init__(*args, **kwargs)
        self.fields["next"].initial = back
        self.helper = button_helper(
            action, gettext("Add"), button_id="submit-add", css="btn-primary"
        )
        self.helper.form_id = "staff-add-form"
        self.helper.layout = Layout(
            Row(Column("username"), Column("role")), "next", "version"
        )


class LoginCreateForm(StorableTextForm):
    """A new login (username and password, typed twice) for a GM or assistant GM;
    the password is checked by the site's validators in the service."""

    username = forms.CharField(label=_("Username"), max_length=150)
    password1 = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label=_("Password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    role = forms.ChoiceField(
        label=pgettext_lazy("a login's role: as GM", "as"), choices=ROLE_CHOICES
    )
    next = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self, *args: Any, action: str = "", back: str = "", **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["next"].initial = back
        self.helper = button_helper(
            action,
            gettext("Create login"),
            button_id="submit-create-login",
            css="btn-outline-primary",
        )
        self.helper.form_id = "login-create-form"
        self.helper.layout = Layout(
            Row(Column("username"), Column("role")),
            Row(Column("password1"), Column("password2")),
            "next",
        )

    def clean(self) -> dict[str, Any] | None:
        data = super().clean()
        if data is not None and data.get("password1") != data.get("password2"):
            raise forms.ValidationError(gettext("The two passwords differ."))
        return data
