"""The shipped translation catalogues (locale/): each compiled .mo says exactly
what its .po says (medici_tourney.ops.catalogues), so a fresh machine needs no
gettext tools."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from medici_tourney.ops import catalogues
from tests.support.public_messages import is_public


def test_every_shipped_mo_matches_its_po():
    assert catalogues.po_files(), "no catalogues in locale/"
    assert catalogues.problems() == []


def test_every_language_has_a_catalogue():
    found = {po.parts[-3] for po in catalogues.po_files()}
    assert found == {"de", "fr", "zh_Hans"}


def write(root: Path, entries: dict) -> Path:
    po = root / "de" / "LC_MESSAGES" / "django.po"
    po.parent.mkdir(parents=True, exist_ok=True)
    catalog = Catalog(locale="de")
    for (context, msgid), (text, fuzzy) in entries.items():
        catalog.add(msgid, text, context=context, flags=("fuzzy",) if fuzzy else ())
    with po.open("wb") as handle:
        write_po(handle, catalog)
    return po


def test_a_stale_or_missing_mo_is_named(tmp_path):
    po = write(tmp_path, {(None, "Heat"): ("Vorrunde", False)})
    assert "missing" in catalogues.problems(tmp_path)[0]
    catalogues.compile_all(tmp_path)
    assert catalogues.problems(tmp_path) == []
    assert catalogues.mo_messages(po.with_suffix(".mo")) == {"Heat": "Vorrunde"}
    write(tmp_path, {(None, "Heat"): ("Runde", False)})
    (problem,) = catalogues.problems(tmp_path)
    assert "does not match" in problem and "Heat" in problem


def test_fuzzy_and_empty_entries_stay_out_and_contexts_are_kept(tmp_path):
    po = write(
        tmp_path,
        {
            ("round kind", "Final"): ("Finale", False),
            (None, "Table"): ("Tisch", True),
            (None, "Seat"): ("", False),
        },
    )
    catalogues.compile_all(tmp_path)
    assert catalogues.mo_messages(po.with_suffix(".mo")) == {
        "round kind\x04Final": "Finale"
    }


def untranslated_public(po: Path) -> list[str]:
    """Messages players read (tests/support/public_messages.py) with no translation
    in ``po``, or only a fuzzy one."""
    missing = []
    for message in catalogues.read_catalog(po):
        if not message.id or not is_public(path for path, _ in message.locations):
            continue
        strings = [message.string] if isinstance(message.id, str) else message.string
        if message.fuzzy or not all(strings):
            text = message.id if isinstance(message.id, str) else message.id[0]
            missing.append(f"{text!r} ({message.locations[0][0]})")
    return missing


@pytest.mark.parametrize("po", catalogues.po_files(), ids=lambda po: po.parts[-3])
def test_every_text_players_read_is_translated(po):
    assert untranslated_public(po) == []


def test_the_public_check_sees_public_messages():
    pos = catalogues.po_files()
    public = [
        m
        for m in catalogues.read_catalog(pos[0])
        if m.id and is_public(path for path, _ in m.locations)
    ]
    assert len(public) > 300  # the kiosk, public pages and printouts
    assert any(m.id == "Semi-final" for m in public)


def test_a_plural_missing_a_form_stays_out(tmp_path):
    po = tmp_path / "de" / "LC_MESSAGES" / "django.po"
    po.parent.mkdir(parents=True)
    catalog = Catalog(locale="de")
    catalog.add(("%(n)s table", "%(n)s tables"), ("%(n)s Tisch", ""))
    catalog.add(("%(n)s seat", "%(n)s seats"), ("%(n)s Platz", "%(n)s Plätze"))
    with po.open("wb") as handle:
        write_po(handle, catalog)
    catalogues.compile_all(tmp_path)
    assert catalogues.problems(tmp_path) == []
    assert catalogues.mo_messages(po.with_suffix(".mo")) == {
        ("%(n)s seat", 0): "%(n)s Platz",
        ("%(n)s seat", 1): "%(n)s Plätze",
    }


@pytest.mark.parametrize("po", catalogues.po_files(), ids=lambda po: po.parts[-3])
def test_no_plural_message_says_s_in_brackets(po):
    """English reads the msgids themselves: a plural message whose texts say "(s)"
    shows a GM "1 rules finding(s)" where "1 rules finding" belongs."""
    bracketed = [
        message.id[0]
        for message in catalogues.read_catalog(po)
        if isinstance(message.id, tuple) and "(s)" in "".join(message.id)
    ]
    assert bracketed == []


def test_no_new_text_says_s_in_brackets():
    """A text counting one thing has a singular and a plural (``ngettext``, or
    ``ngettext_noop`` and ``Message.plural`` in pure code), so "1 saved
    record(s)" reads "1 saved record"."""
    bracketed = {
        message.id
        for message in catalogues.read_catalog(catalogues.po_files()[0])
        if isinstance(message.id, str) and "(s)" in message.id
    }
    assert bracketed == set()
