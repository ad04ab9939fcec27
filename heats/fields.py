"""A model field for text stored as data (``heats.core.message``).

:class:`MessagesField` is a ``JSONField`` whose value may hold messages
anywhere (a list of findings' rows, a published list's warnings, one reason):
they are written as message data (``{"code", "fields"}``, ``message.dump``)
and read back as messages (``message.load``), so the code that reads the row
sees the English text it always saw and the edge (``heats.translate``)
renders it in the reader's language. Event files carry the data as it is
stored (``value_to_string``), and so does a form that edits the field (the
admin's): message data, never the English.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import models

from heats.core import message


class MessagesFormField(forms.JSONField):
    """A form's JSON of a :class:`MessagesField`: its messages as message data."""

    def prepare_value(self, value: Any) -> Any:
        return super().prepare_value(message.dump(value))

    def has_changed(self, initial: Any, data: Any) -> bool:
        return super().has_changed(message.dump(initial), data)


class MessagesField(models.JSONField):
    """JSON holding messages (module docstring)."""

    def formfield(self, **kwargs: Any) -> Any:
        return super().formfield(**{"form_class": MessagesFormField, **kwargs})

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        return message.load(super().from_db_value(value, expression, connection))

    def get_prep_value(self, value: Any) -> Any:
        return super().get_prep_value(message.dump(value))

    def to_python(self, value: Any) -> Any:
        try:
            return message.load(value)
        except ValueError as exc:
            raise ValidationError(str(exc), code="invalid") from None

    def value_to_string(self, obj: Any) -> Any:
        return message.dump(self.value_from_object(obj))
