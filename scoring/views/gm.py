"""GM pages of an event as a whole: a new event, its settings (archiving and
deleting it too), the results import, acknowledging a table's rules findings,
and the printables (PDF).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.decorators.http import require_POST
from django.views.generic import FormView

from heats.core.errors import UserError
from heats.models import Event
from heats.queries.versions import StaleFormError, form_version
from heats.services.event_admin import SETTINGS
from heats.views.common import (
    EventStaffRequiredMixin,
)
from scoring import pdf, permissions
from scoring.forms.event import EventForm, EventSettingsForm
from scoring.forms.gm import ResultsImportForm
from scoring.queries.printing import render
from scoring.services.events import EventGoneError, edit_event, new_event, remove_event
from scoring.services.results_import.write import import_results
from scoring.services.rules_checks import acknowledge_check
from scoring.views.common import get_table, table_name

# FormView and ListView are generic in django-stubs only (not subscriptable when run).
if TYPE_CHECKING:
    _CreateView = FormView[EventForm]
    _SettingsView = FormView[EventSettingsForm]
    _ImportView = FormView[ResultsImportForm]
else:
    _CreateView = _SettingsView = _ImportView = FormView


class EventCreateView(LoginRequiredMixin, _CreateView):
    """Create an event (any logged-in user, who becomes its GM)."""

    template_name = "scoring/gm/event_create.html"
    form_class = EventForm
    # FormView would treat PUT as a POST; forms only post.
    http_method_names = ["get", "post", "head", "options"]

    def form_valid(self, form: EventForm) -> HttpResponse:
        data = form.cleaned_data
        user = self.request.user
        try:
            event = new_event(
                data["slug"],
                data["name"],
                data["rules"],
                user,
                gm=user,
                settings=form.settings(),
            )
        except UserError as exc:
            form.add_error(None, exc.render())
            return self.form_invalid(form)
        messages.success(
            self.request,
            _(
                "%(event)s created: you are its GM. Add GMs and assistant GMs on "
                "its Staff page."
            )
            % {"event": event.name},
        )
        return redirect("heats:event-gm", event=event.slug)


class EventSettingsView(EventStaffRequiredMixin, _SettingsView):
    """Every setting of the event, changed by its GMs as on creation (assistant
    GMs see them read-only), with archiving and deleting the event below."""

    template_name = "scoring/gm/event_settings.html"
    form_class = EventSettingsForm
    post_permission = permissions.EDIT_SETTINGS

    def get_initial(self) -> dict[str, Any]:
        initial = EventSettingsForm.initial_of(self.event)
        initial["version"] = form_version(self.event, SETTINGS)
        return initial

    def get_form(
        self, form_class: type[EventSettingsForm] | None = None
    ) -> EventSettingsForm:
        form = super().get_form(form_class)
        if not permissions.may(
            self.event, self.request.user, permissions.EDIT_SETTINGS
        ):
            form.read_only()
        return form

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        kwargs["back"] = self.request.path
        return super().get_context_data(**kwargs)

    def form_valid(self, form: EventSettingsForm) -> HttpResponse:
        try:
            lines = edit_event(
                self.event,
                form.changes(),
                self.request.user,
                form.cleaned_data["version"],
            )
        except StaleFormError as exc:
            messages.error(self.request, exc.render())
            return redirect(self.request.path)
        except UserError as exc:
            form.add_error(None, exc.render())
            return self.form_invalid(form)
        if lines:
            messages.success(self.request, "\n".join([_("Settings saved:"), *lines]))
        else:
            messages.info(self.request, _("Nothing changed."))
        return redirect(self.request.path)


@require_POST
def event_delete(request: HttpRequest, event: str) -> HttpResponse:
    """POST: delete the event and everything of it, once ``slug`` (typed by
    the GM) is its short name (GMs of the event only). A press that finds the
    event deleted already (a second press, another GM) goes to the event list
    saying so: neither a 404 nor a 403 for the GMs it no longer has. Without a
    login, a 403 whatever the address (no GM is logged out between presses)."""
    if not request.user.is_authenticated:
        raise permissions.NotAllowed(_("Log in as a GM of the event to delete it."))
    found = Event.objects.filter(slug=event).first()
    try:
        if found is None:
            raise EventGoneError(event)
        name = remove_event(found, request.POST.get("slug", ""), request.user)
    except permissions.NotAllowed:
        if Event.objects.filter(pk=found.pk).exists():  # type: ignore[union-attr]
            raise
        return _gone(request, event)
    except EventGoneError:
        return _gone(request, event)
    except UserError as exc:
        messages.error(request, exc.render())
        return redirect("scoring:event-settings", event=event)
    messages.success(
        request,
        _("%(event)s (%(slug)s) was deleted, with its audit log.")
        % {"event": name, "slug": event},
    )
    return redirect(reverse("scoring:event-list"))


def _gone(request: HttpRequest, slug: str) -> HttpResponse:
    """The event list, saying the event ``slug`` was deleted already."""
    messages.info(request, EventGoneError(slug).render())
    return redirect(reverse("scoring:event-list"))


class ResultsImportView(EventStaffRequiredMixin, _ImportView):
    """Import a results CSV from a page (staff; seating, tie winners and replacing
    need a GM: ``ImportPlan.require_rights`` in
    ``scoring.services.results_import.plan``)."""

    template_name = "scoring/gm/import.html"
    form_class = ResultsImportForm
    post_permission = permissions.IMPORT_RESULTS

    def form_valid(self, form: ResultsImportForm) -> HttpResponse:
        replace = form.cleaned_data["replace"]
        try:
            summary = import_results(
                self.event,
                form.cleaned_data["content"],
                replace=replace,
                user=self.request.user,
                source="page",
            )
        except permissions.NotAllowed as exc:
            form.add_error(None, str(exc))
            return self.render_to_response(self.get_context_data(form=form), status=403)
        except UserError as exc:
            form.add_error(None, exc.message)
            return self.render_to_response(
                self.get_context_data(form=form, problems=exc.problems)
            )
        messages.success(self.request, "\n".join(summary.lines()))
        return redirect("scoring:standings", event=self.event.slug)


@require_POST
def acknowledge_view(
    request: HttpRequest, event: str, round: str, table: int
) -> HttpResponse:
    """A GM acknowledges a table's level-1 findings (POST only)."""
    event_obj = get_object_or_404(Event, slug=event)
    permissions.require(event_obj, request.user, permissions.ACKNOWLEDGE)
    found = get_table(event_obj, round, table)
    acknowledge_check(found, request.user)
    messages.success(
        request, _("Findings at %(table)s acknowledged.") % {"table": table_name(found)}
    )
    return redirect("scoring:table-detail", event=event, round=round, table=table)


class PrintView(EventStaffRequiredMixin, View):
    """GET: the printable ``kind`` of the event (or of ``round``) as an inline
    PDF on the event's paper (its ``paper`` setting; ``?paper=a4`` or
    ``letter`` overrides it), in the event's language unless ``?lang=`` (en,
    de, fr, zh-hans) asks for another (``printing.print_language``)."""

    permission = permissions.SEE_GM_PAGES
    http_method_names = ["get", "head", "options"]

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        kind, code = kwargs["kind"], kwargs.get("round")
        if kind not in (pdf.ROUND_KINDS if code else pdf.EVENT_KINDS):
            raise Http404(_("No printable %(kind)s here.") % {"kind": repr(kind)})
        base = settings.PUBLIC_URL or request.build_absolute_uri("/")
        paper = request.GET.get("paper") or None
        try:
            printout = render(
                self.event,
                kind,
                round_code=code,
                paper=paper,
                base_url=base,
                language=request.GET.get("lang"),
            )
        except UserError as exc:
            messages.error(request, str(exc))
            return redirect("heats:event-gm", event=self.event.slug)
        response = HttpResponse(printout.content, content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{printout.filename}"'
        return response
