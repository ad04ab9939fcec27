"""Forms of scoring's pages (crispy-forms, Bootstrap 5), one module a topic:
``event`` (a new event and its settings), ``result`` (the GM's result entry of
one table), ``report`` (the players' report of their table), ``semi`` (the
semi-final page's check-in and automatic publication) and ``gm`` (results
import and scoresheet; the GM's tie, semi-final override, no-shows, final fill,
player rename and merge).

Import each form from its module (``from scoring.forms.result import
ResultForm``); this package re-exports nothing.
"""
