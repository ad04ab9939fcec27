"""A results file's problems in the reader's language (heats.translate.localize):
the same English as before by default; with a catalogue, each problem's message
and its "line …, column …" are translated, cell values kept."""

from __future__ import annotations

import pytest
from django.utils import translation

import heats.translate
from heats.translate import localize
from scoring.core.results_csv import ResultsFileError, parse_results_csv

FILE = "heat,table,player,final\n1,1,Ann,x\n"
PLURAL_GERMAN = {
    (
        "The results file has %(count)s problem; nothing was saved.",
        "The results file has %(count)s problems; nothing was saved.",
    ): (
        "Die Ergebnisdatei hat %(count)s Problem; nichts wurde gespeichert.",
        "Die Ergebnisdatei hat %(count)s Probleme; nichts wurde gespeichert.",
    ),
}
GERMAN = {
    "line %(line)s, column %(column)s: %(message)s": (
        "Zeile %(line)s, Spalte %(column)s: %(message)s"
    ),
    "%(value)s is not a whole number of florins": (
        "%(value)s ist keine ganze Zahl von Florin"
    ),
}


def _error() -> ResultsFileError:
    with pytest.raises(ResultsFileError) as caught:
        parse_results_csv(FILE)
    return caught.value


def test_the_english_stays_as_it_was():
    error = _error()
    english = error.render()
    assert english == (
        "The results file has 1 problem; nothing was saved.\n"
        "  line 2, column final: 'x' is not a whole number of florins"
    )
    assert localize(error).render() == english


def test_a_results_files_problems_are_translated(monkeypatch):
    monkeypatch.setattr(heats.translate, "gettext", lambda m: GERMAN.get(m, m))
    monkeypatch.setattr(
        heats.translate,
        "ngettext",
        lambda s, p, n: PLURAL_GERMAN.get((s, p), (s, p))[0 if n == 1 else 1],
    )
    with translation.override("de"):
        error = localize(_error())
    assert error.message == (
        "Die Ergebnisdatei hat 1 Problem; nichts wurde gespeichert."
    )
    assert error.problems == [
        "Zeile 2, Spalte final: 'x' ist keine ganze Zahl von Florin"
    ]
