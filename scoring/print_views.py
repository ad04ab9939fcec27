"""GM print links: each printable opens as a PDF in the browser.

Thin views over ``scoring.printing.render`` (STYLE.md); printing needs
``permissions.SEE_GM_PAGES`` (GMs and assistant GMs). A printable that cannot be
built yet (a round not seated) sends the GM back with the reason.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.views import View

from heats.core.errors import UserError
from heats.mixins import EventStaffRequiredMixin
from scoring import pdf, permissions
from scoring.printing import render


class PrintView(EventStaffRequiredMixin, View):
    """GET: the printable ``kind`` of the event (or of ``round``) as an inline
    PDF; ``?paper=a4`` or ``letter`` overrides the ``MEDICI_PAPER`` setting."""

    permission = permissions.SEE_GM_PAGES
    http_method_names = ["get", "head", "options"]

    def get(self, request, *args, **kwargs):
        kind, code = kwargs["kind"], kwargs.get("round")
        if kind not in (pdf.ROUND_KINDS if code else pdf.EVENT_KINDS):
            raise Http404(f"No printable {kind!r} here.")
        base = settings.MEDICI_PUBLIC_URL or request.build_absolute_uri("/")
        paper = request.GET.get("paper") or settings.MEDICI_PAPER
        try:
            printout = render(
                self.event, kind, round_code=code, paper=paper, base_url=base
            )
        except UserError as exc:
            messages.error(request, str(exc))
            return redirect("heats:event-gm", event=self.event.slug)
        response = HttpResponse(printout.content, content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{printout.filename}"'
        return response
