"""What scoring's views of one table share for the round page (not a view
module itself): what an action on one table answers when the round page sent it
(htmx), the page's parts that changed, not the whole page again.

Words:

table panel
    The round page's ``#table-panel``, where a table card's in-place links
    (``heats.extensions.Link.in_place``: enter results, confirm a players'
    report) open the page about that table: its part ``#table-work`` (the
    messages, the form), loaded by htmx.
desk update
    The answer to a save or a confirmation made in the table panel
    (``scoring/gm/_desk_update.html``): the new ``#table-work`` (the action's
    messages, and after "Save and next table" the next table's form), and,
    swapped out of band (``hx-swap-oob``), the changed table card and the
    round's figures (checked in, tables seated, tables owing results).

Without JavaScript none of this is used: the forms post, and the action
redirects to a page (the round page, the next table's form).
"""

from __future__ import annotations

import copy
from urllib.parse import urlsplit

from django.http import HttpRequest, HttpResponse, QueryDict
from django.template.response import TemplateResponse

from heats.models import Round, Table
from heats.queries.desk import round_figures, table_cards
from heats.views.common_desk import is_htmx

DESK_TEMPLATE = "scoring/gm/_desk_update.html"


def from_round_page(request: HttpRequest, rnd: Round) -> bool:
    """True for an htmx request sent from ``rnd``'s GM page (its table panel):
    htmx names the page it came from (``HX-Current-URL``)."""
    if not is_htmx(request):
        return False
    current = urlsplit(request.headers.get("HX-Current-URL", "")).path
    return current == rnd.get_absolute_url()


def as_get(request: HttpRequest) -> HttpRequest:
    """A GET of the same user, session and messages as ``request`` (a POST): to
    draw the next page in the POST's answer instead of redirecting to it."""
    get = copy.copy(request)
    get.method = "GET"
    get.GET = QueryDict()
    get.POST = QueryDict()
    return get


def desk_update(
    request: HttpRequest,
    table: Table,
    work: TemplateResponse | None = None,
) -> TemplateResponse:
    """The desk update after an action on ``table`` (see "desk update" above);
    ``work``: the page whose ``#table-work`` comes back in the panel (the next
    table's form, unrendered), else the panel keeps only the messages."""
    rnd = table.round
    card = next(iter(table_cards(rnd, only=table)), None)
    context = {
        "event": rnd.event,
        "round": rnd,
        "figures": round_figures(rnd),
        "card": card,
    }
    if work is None:
        return TemplateResponse(request, DESK_TEMPLATE, context)
    assert work.context_data is not None
    work.context_data.update(context | {"table_work": True})
    work.template_name = DESK_TEMPLATE
    return work


def redirect_page(url: str) -> HttpResponse:
    """An htmx answer that loads the page at ``url`` whole (``HX-Redirect``),
    as a redirect does without JavaScript."""
    response = HttpResponse()
    response["HX-Redirect"] = url
    return response
