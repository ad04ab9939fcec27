"""The translation catalogues in ``locale/``: compile and check them with Babel
(pure Python), so a fresh machine needs no GNU gettext to run the app.

``locale/<locale>/LC_MESSAGES/django.po`` is what translators edit;
``django.mo`` beside it is the compiled copy Django reads, shipped in the
repository. ``python -m medici_tourney.ops.catalogues compile`` writes every
``.mo`` from its ``.po``; ``... check`` exits 1 naming each ``.mo`` that is
missing or says something its ``.po`` does not (the tests run the same check).
Fuzzy and empty translations are left out of the ``.mo``: the English text is
shown instead. Extracting the messages (``make messages``) runs Django's
``makemessages``, which needs GNU gettext's ``xgettext`` (docs/translating.md).
"""

from __future__ import annotations

import gettext
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[2] / "locale"


def po_files(root: Path = LOCALE) -> list[Path]:
    """Every ``django.po`` under ``root``, sorted."""
    return sorted(root.glob("*/LC_MESSAGES/django.po"))


def read_catalog(po: Path) -> Catalog:
    """The catalogue in ``po`` (Babel's ``Catalog``; ``ValueError`` naming the
    file when it cannot be read)."""
    with po.open("rb") as handle:
        try:
            return read_po(handle, abort_invalid=True)
        except Exception as exc:  # Babel's PoFileError and friends
            raise ValueError(f"{po}: {exc}") from exc


def compiled(catalog: Catalog) -> dict[str | tuple[str, int], str]:
    """What a ``.mo`` of ``catalog`` holds, as Python's ``gettext`` reads it:
    ``{msgid or (msgid, n) or "ctx\\x04msgid": translation}`` for each message
    translated and not fuzzy (the header included)."""
    expected: dict[str | tuple[str, int], str] = {}
    for message in catalog:
        if not message.id:
            continue
        strings = _strings(message)
        if message.fuzzy or not message.string or not all(strings):
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        if message.context:
            key = f"{message.context}\x04{key}"
        if isinstance(message.id, str):
            expected[key] = strings[0]
        else:
            for n, text in enumerate(strings):
                expected[(key, n)] = text
    return expected


def _strings(message: Message) -> list[str]:
    """``message``'s translations: one, or one per plural form; none when it has
    no translation."""
    string = message.string
    if string is None:
        return []
    return [string] if isinstance(string, str) else list(string)


def mo_messages(mo: Path) -> dict[str | tuple[str, int], str]:
    """What ``mo`` holds, as Python's ``gettext`` reads it, without its header."""
    with mo.open("rb") as handle:
        table = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    return {key: text for key, text in table.items() if key != ""}


def compile_all(root: Path = LOCALE) -> list[Path]:
    """Write each ``django.mo`` from its ``django.po``; the ``.mo`` files written."""
    written = []
    for po in po_files(root):
        catalog = read_catalog(po)
        for message in catalog:  # a plural missing a form stays English, whole
            if message.id and not all(_strings(message)):
                message.string = ""
        mo = po.with_suffix(".mo")
        with mo.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        written.append(mo)
    return written


def problems(root: Path = LOCALE) -> list[str]:
    """One line per ``.mo`` that is missing or differs from its ``.po``."""
    found = []
    for po in po_files(root):
        mo = po.with_suffix(".mo")
        if not mo.exists():
            found.append(f"{mo}: missing (run make messages)")
            continue
        want = compiled(read_catalog(po))
        have = mo_messages(mo)
        if want != have:
            stale = sorted(str(k) for k in set(want) ^ set(have))[:3]
            changed = sorted(
                str(k) for k in set(want) & set(have) if want[k] != have[k]
            )[:3]
            found.append(
                f"{mo}: does not match {po.name} (run make messages); "
                f"only in one: {stale}, changed: {changed}"
            )
    return found


def main(argv: list[str]) -> int:
    """``compile`` or ``check`` (see the module docstring)."""
    if argv[:1] == ["compile"]:
        for mo in compile_all():
            print(f"wrote {mo.relative_to(LOCALE.parent)}")
        return 0
    if argv[:1] == ["check"]:
        found = problems()
        print("\n".join(found) or "catalogues: every .mo matches its .po")
        return 1 if found else 0
    print("usage: python -m medici_tourney.ops.catalogues compile|check")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
