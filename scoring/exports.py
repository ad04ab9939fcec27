"""The standings page's spreadsheets: results, qualifiers, alternates, laurels.

The results are the importer's own columns (``scoring.results_export``), so a
file exported here imports as it is. Seats without a record (a table still
playing) are left out, as on the standings page. The export itself (plain cells,
neutralised formulas, the CSV's byte-order mark) is ``heats.exports``.
"""

from __future__ import annotations

from django.http import HttpResponse

from heats.exports import export_response
from heats.models import Event, RoundKind
from scoring import tables
from scoring.gm_tables import LaurelTable
from scoring.results_export import PREFIX, results_table
from scoring.services import rounds
from scoring.services.standings import standings

RESULTS_PREFIX = PREFIX


def results_export(
    request, event: Event, heat: int | None = None
) -> HttpResponse | None:
    """The CSV/XLSX of the event's results (every round), or of heat ``heat``,
    when the request asks for it (``?_export=csv&_table=results``); else None."""
    if request.GET.get("_table") != RESULTS_PREFIX.rstrip("-"):
        return None
    if heat is None:
        table, name = results_table(event), f"{event.slug}-results"
    else:
        table = results_table(event, RoundKind.HEAT, heat)
        name = f"{event.slug}-heat-{heat}-results"
    return export_response(request, table, name)


def standings_export(request, event: Event) -> HttpResponse | None:
    """The CSV/XLSX of one table of the standings page when the request asks for
    it (``_table``: ``results``, ``qualifiers``, ``alternates``, ``next`` for the
    next alternates, ``laurels``); else None. A standings error (``UserError``)
    propagates: the page shows it instead."""
    wanted = request.GET.get("_table", "")
    if wanted == RESULTS_PREFIX.rstrip("-"):
        return results_export(request, event)
    if wanted not in ("qualifiers", "alternates", "next", "laurels"):
        return None
    if wanted == "laurels":
        rows = [x.to_json() for x in rounds.event_laurels(event)]
        table = LaurelTable(rows, prefix="laurels-")
    elif wanted == "qualifiers":
        table = tables.QualifierTable(standings(event).qualifiers, prefix="qualifiers-")
    else:
        data = standings(event)
        rows = data.alternates if wanted == "alternates" else data.next_alternates
        table = tables.AlternateTable(rows, prefix=f"{wanted}-")
    return export_response(request, table, f"{event.slug}-{wanted}")
