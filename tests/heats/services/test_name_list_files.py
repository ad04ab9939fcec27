"""Name lists given to commands: a file that is not UTF-8 gets the same message as a
results file on the page, never a raw codec error."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db

MESSAGE = "The file is not UTF-8 text (line 2 has byte 0xE9)"


def test_checkin_refuses_a_latin1_name_list(event, tmp_path):
    path = tmp_path / "names.txt"
    path.write_bytes("Ann\nZo\u00e9\n".encode("latin-1"))
    with pytest.raises(
        CommandError, match=MESSAGE.replace("(", r"\(").replace(")", r"\)")
    ):
        call_command("checkin", "wbc", "1", "--file", str(path))
    assert not event.players.exists()


def test_advancement_refuses_a_latin1_absent_file(event, tmp_path):
    path = tmp_path / "absent.txt"
    path.write_bytes("Ann\nZo\u00e9\n".encode("latin-1"))
    with pytest.raises(CommandError) as info:
        call_command("advancement", "wbc", "--absent-file", str(path))
    assert str(info.value).startswith(MESSAGE)
