"""Text files a GM gives the app (results CSV, scoresheets, name lists): bytes in,
text out, with one message for each way a file can be wrong, the same on a page and
in a management command.

Words:
- *limit*: the most bytes a file may have; far above any real file of its kind, it
  keeps a mistaken or hostile upload from filling memory;
- *hint*: how to save the file right, added to the message (e.g. "CSV UTF-8 in
  Excel").

Pure: no Django imports. Errors are ``UserError`` (docs/architecture.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from heats.core.errors import UserError
from heats.core.i18n import gettext_noop
from heats.core.message import Message

# The subjects and advice of the messages below (messages: the edge translates).
THE_FILE = gettext_noop("The file")


def size_text(size: int) -> str:
    """``2097152`` -> ``"2 MB"``, ``2621440`` -> ``"2.5 MB"``, ``524288`` ->
    ``"512 KB"`` (binary units, at most one decimal, only when exact)."""
    mb = 1024 * 1024
    if size >= mb and size * 10 % mb == 0:
        return Message(gettext_noop("%(size)s MB"), size=f"{size / mb:g}")
    if size >= 1024 and size % 1024 == 0:
        return Message(gettext_noop("%(size)s KB"), size=size // 1024)
    return Message(gettext_noop("%(size)s bytes"), size=size)


def size_message(limit: int, what: str = "", advice: str = "") -> str:
    """ "The file is larger than 2 MB (2,097,152 bytes): split it." with ``what``
    ("The file", "The pasted text") and ``advice`` ("split it") filled in: a
    message (``heats.core.message``); ``what`` and ``advice`` may be too."""
    fields = {
        "what": what or Message(THE_FILE),
        "size": size_text(limit),
        "bytes": f"{limit:,}",
    }
    if advice:
        return Message(
            # Translators: e.g. "The file is larger than 2 MB (2,097,152 bytes):
            # split it, by heat for example."
            gettext_noop(
                "%(what)s is larger than %(size)s (%(bytes)s bytes): %(advice)s."
            ),
            advice=advice,
            **fields,
        )
    return Message(
        gettext_noop("%(what)s is larger than %(size)s (%(bytes)s bytes)."), **fields
    )


def check_size(size: int, limit: int, what: str = "", advice: str = "") -> None:
    """UserError (:func:`size_message`) when ``size`` bytes are more than
    ``limit``."""
    if size > limit:
        raise UserError(size_message(limit, what, advice))


def decode_utf8(data: bytes, hint: str = "") -> str:
    """UTF-8 ``data`` as text, a leading byte-order mark dropped.

    Raises UserError naming the line (1-based) and the first byte that is not
    UTF-8: "The file is not UTF-8 text (line 3 has byte 0xE9): save it as UTF-8
    (CSV UTF-8 in Excel)." with ``hint`` in the brackets.
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        byte = f"0x{data[exc.start]:02X}"
        if hint:
            raise UserError(
                Message(
                    gettext_noop(
                        "The file is not UTF-8 text (line %(line)s has byte "
                        "%(byte)s): save it as UTF-8 (%(hint)s)."
                    ),
                    line=line,
                    byte=byte,
                    hint=hint,
                )
            ) from None
        raise UserError(
            Message(
                gettext_noop(
                    "The file is not UTF-8 text (line %(line)s has byte %(byte)s): "
                    "save it as UTF-8."
                ),
                line=line,
                byte=byte,
            )
        ) from None


def read_limited(stream: BinaryIO, limit: int, advice: str = "") -> bytes:
    """At most ``limit`` bytes of ``stream``; UserError (``check_size``) when it
    holds more. Reads one byte past the limit, never the whole stream."""
    data = stream.read(limit + 1)
    check_size(len(data), limit, advice=advice)
    return data


def read_file(path: str, limit: int, advice: str = "") -> bytes:
    """The bytes of the file at ``path`` (``read_limited``); UserError when it
    cannot be opened, saying why."""
    try:
        with Path(path).open("rb") as stream:
            return read_limited(stream, limit, advice)
    except OSError as exc:
        raise UserError(
            Message(
                gettext_noop("Cannot read %(path)s: %(reason)s."),
                path=path,
                reason=exc.strerror or str(exc),
            )
        ) from None


NAME_LIST_LIMIT = 1024 * 1024


def read_name_list(path: str) -> str:
    """A list of names (one a line) from the file at ``path``, as text; UserError
    when it cannot be read, is larger than 1 MB or is not UTF-8 (``decode_utf8``)."""
    data = read_file(path, NAME_LIST_LIMIT, advice=Message(gettext_noop("split it")))
    hint = Message(gettext_noop("UTF-8 in your editor's Save As"))
    return decode_utf8(data, hint=hint)
