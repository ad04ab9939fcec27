"""Formula-like spreadsheet cells: the apostrophe an export puts on them comes off
again on import, for every text (``heats.core.cells``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from heats.core.cells import neutralise, restore


@pytest.mark.parametrize(
    ("name", "exported"),
    [
        ("-2", "'-2"),
        ('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'),
        ("@SUM(1)", "'@SUM(1)"),
        # Already reads as neutralised: one more apostrophe, or import would drop it.
        ("'=quoted", "''=quoted"),
        ("''-2", "'''-2"),
        # An apostrophe before ordinary text is part of the name.
        ("'t Hart", "'t Hart"),
        ("O'Brien", "O'Brien"),
    ],
)
def test_an_export_marks_formula_text_and_the_import_reads_the_name(name, exported):
    assert neutralise(name) == exported
    assert restore(exported) == name


@given(st.text(alphabet=st.sampled_from("'=+-@ \taZ1"), max_size=8) | st.text())
def test_restore_undoes_neutralise_for_every_text(text):
    assert restore(neutralise(text)) == text
