"""``manage.py makemessages`` (Django's), also finding the texts with plural
forms that pure code marks with ``heats.core.i18n.ngettext_noop``: each pair
becomes one ``msgid``/``msgid_plural`` entry of the catalogues."""

from __future__ import annotations

from django.core.management.commands import makemessages

PLURAL_MARKER = "--keyword=ngettext_noop:1,2"
"""xgettext's option: the first two arguments of ``ngettext_noop`` are the
singular and the plural of one message."""


class Command(makemessages.Command):
    """Django's ``makemessages`` with the plural marker of pure code."""

    xgettext_options = [*makemessages.Command.xgettext_options, PLURAL_MARKER]
