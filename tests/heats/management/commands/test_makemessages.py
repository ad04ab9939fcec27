"""``manage.py makemessages`` (heats' own, Django's with one more marker):
a pair marked with ``heats.core.i18n.ngettext_noop`` becomes one catalogue
entry with ``msgid`` and ``msgid_plural``, as ``gettext_noop`` text becomes
one with ``msgid``."""

from __future__ import annotations

import shutil

import pytest
from django.core.management import call_command, get_commands

from heats.management.commands.makemessages import PLURAL_MARKER
from medici_tourney.ops import catalogues

SOURCE = """
from heats.core.i18n import gettext_noop, ngettext_noop

SEATS = ngettext_noop("%(count)s seat left empty", "%(count)s seats left empty")
MISSING = gettext_noop("missing")
"""


def test_the_project_s_makemessages_is_the_one_run():
    assert get_commands()["makemessages"] == "heats"
    assert PLURAL_MARKER == "--keyword=ngettext_noop:1,2"


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="needs GNU gettext")
def test_a_marked_pair_is_one_plural_entry(tmp_path, monkeypatch, settings):
    (tmp_path / "texts.py").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "locale").mkdir()
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    monkeypatch.chdir(tmp_path)
    call_command("makemessages", locale=["de"], verbosity=0)
    po = tmp_path / "locale" / "de" / "LC_MESSAGES" / "django.po"
    ids = {m.id for m in catalogues.read_catalog(po) if m.id}
    assert ids == {
        ("%(count)s seat left empty", "%(count)s seats left empty"),
        "missing",
    }
