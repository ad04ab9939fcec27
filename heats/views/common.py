"""What every view of an event shares: the event from the URL (``EventMixin``), the
staff-only pages (``EventStaffRequiredMixin``), the round from its code, and
:func:`event_action` for one-shot POST actions (the event loaded, the role
checked, a ``UserError`` turned into a message on the page the action came from).

Every view that loads an event from its URL makes the event's time zone the
current one (:func:`event_or_404`, :func:`use_zone`): the times its pages show
and the times typed into its forms are the event's (tournament.md, Time).
``medici_tourney.zones`` resets the zone after every request.

Used by the views of both apps; not a view module itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import TYPE_CHECKING, Any

from django.contrib import messages
from django.contrib.auth.mixins import AccessMixin
from django.forms import BaseForm
from django.http import Http404, HttpRequest, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from heats import forms, permissions
from heats.core.errors import UserError
from heats.core.message import SEMICOLON
from heats.models import (
    Event,
    Player,
    Round,
)
from heats.queries.clock import current_round
from heats.queries.seating import seating_state
from heats.services.events import get_round
from heats.services.short_tables import Dispersed
from heats.translate import listed, sentences
from medici_tourney.language import use_event_language

if TYPE_CHECKING:
    from django.views.generic.base import ContextMixin, View

    class _EventView(ContextMixin, View):
        """What the mixins below are mixed into: a view with a context."""

else:
    _EventView = object

ActionView = Callable[..., HttpResponseBase]
"""An action's function: ``fn(request, event, **url_arguments) -> response``."""


def use_zone(event: Event) -> None:
    """Make ``event``'s time zone the current one for the rest of this request,
    and on its public pages its language, unless the visitor chose one
    (``medici_tourney.language``)."""
    timezone.activate(event.zone)
    use_event_language(event)


def event_or_404(slug: str) -> Event:
    """The event ``slug`` (404 when there is none), its time zone made the
    current one (:func:`use_zone`)."""
    event = get_object_or_404(Event, slug=slug)
    use_zone(event)
    return event


class EventMixin(_EventView):
    """Loads ``self.event`` from the ``<slug:event>`` URL argument and puts it in
    the template context as ``event`` (with ``is_gm`` and ``is_staff_member``)."""

    event: Event
    # Forms post; PUT, PATCH and DELETE (which FormView would treat as a POST) are
    # served nowhere.
    http_method_names: Sequence[str] = ["get", "post", "head", "options"]

    def dispatch(
        self, request: HttpRequest, *args: Any, **kwargs: Any
    ) -> HttpResponseBase:
        if getattr(self, "event", None) is None:  # a view's setup() may load it
            self.event = get_object_or_404(Event, slug=kwargs["event"])
        use_zone(self.event)
        permissions.remember_roles(request.user)
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        role = permissions.role_of(self.event, self.request.user)
        context.update(
            event=self.event,
            is_gm=role == permissions.Role.GM,
            is_staff_member=role >= permissions.Role.ASSISTANT,
        )
        return context


class EventStaffRequiredMixin(EventMixin, AccessMixin):
    """A GM page: anonymous users go to the login page; a user who may not take
    ``permission`` (any request) or ``post_permission`` (POST, PUT, …) gets a 403
    saying why."""

    permission: permissions.Action = permissions.SEE_GM_PAGES
    post_permission: permissions.Action | None = None

    def dispatch(
        self, request: HttpRequest, *args: Any, **kwargs: Any
    ) -> HttpResponseBase:
        self.event = event_or_404(kwargs["event"])
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        permissions.remember_roles(request.user)  # one role query per request
        permissions.require(self.event, request.user, self.permission)
        unsafe = request.method not in ("GET", "HEAD", "OPTIONS")
        if unsafe and self.post_permission is not None:
            permissions.require(self.event, request.user, self.post_permission)
        return super(EventMixin, self).dispatch(request, *args, **kwargs)


def round_or_404(event: Event, code: str) -> Round:
    """The round ``code`` of ``event``; 404 for an unknown or missing round."""
    try:
        return get_round(event, code)
    except UserError as exc:
        raise Http404(exc.message) from None


def round_url(rnd: Round) -> str:
    """The GM page of ``rnd`` (check-in, seating, tables)."""
    return rnd.get_absolute_url()


def _back(
    request: HttpRequest, event: Event, kwargs: dict[str, Any], page: str = ""
) -> str:
    """Where an action returns: a safe ``next`` field (a path of this site), the
    action's own ``page`` (a URL name taking the event), the round page, else the
    event's GM page."""
    target = request.POST.get("next", "")
    # Only a path: ``redirect()`` takes other text ("0", "logout") for a URL name.
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, {request.get_host()}
    ):
        return target
    if page:
        return reverse(page, kwargs={"event": event.slug})
    if "round" in kwargs:
        return reverse(
            "heats:round-detail", kwargs={"event": event.slug, "round": kwargs["round"]}
        )
    return reverse("heats:event-gm", kwargs={"event": event.slug})


def back_to(request: HttpRequest, event: Event, page: str = "heats:event-gm") -> str:
    """Where a successful action returns: a safe ``next`` field, else ``page``
    (a URL name taking the event)."""
    return _back(request, event, {}, page)


def event_action(
    action: permissions.Action, back: str = ""
) -> Callable[[ActionView], Callable[..., HttpResponseBase]]:
    """Decorate ``fn(request, event, **kwargs) -> response`` as a POST-only action
    that needs ``action`` (``heats.permissions``): a 403 saying why for anyone else.
    A ``UserError`` becomes an error message and a redirect back (see ``_back``;
    ``back``: the URL name of the page the action's form is on)."""

    def decorate(fn: ActionView) -> Callable[..., HttpResponseBase]:
        @require_POST
        @wraps(fn)
        def view(request: HttpRequest, event: str, **kwargs: Any) -> HttpResponseBase:
            ev = event_or_404(event)
            permissions.remember_roles(request.user)
            permissions.require(ev, request.user, action)
            try:
                return fn(request, ev, **kwargs)
            except UserError as exc:
                messages.error(request, exc.render())
                return redirect(_back(request, ev, kwargs, back))

        return view

    return decorate


def posted_version(request: HttpRequest) -> str:
    """The ``version`` field a form posted (``heats.queries.versions``); ``""``
    when it sent none, which ``require_current`` refuses as stale (never
    ``None``, which would skip the check)."""
    return request.POST.get("version", "")


def event_player(event: Event, value: str | None) -> Player:
    """The player of ``event`` with id ``value``; UserError for anything else."""
    try:
        return Player.objects.get(event=event, pk=int(value or ""))
    except (TypeError, ValueError, Player.DoesNotExist):
        raise UserError(_("Unknown player.")) from None


def round_or_current(event: Event, code: str | None) -> Round | None:
    """The round ``code`` (404 when unknown), else the current round."""
    if not code:
        return current_round(event)
    try:
        return get_round(event, code)
    except UserError:
        raise Http404(_("No round %(code)s") % {"code": repr(code)}) from None


def seat_request(request: HttpRequest) -> tuple[str | None, str]:
    """The seed and the page's seating state posted by a "Seat" button.

    A post without a state (or with a seed too long to read) counts as made from
    a page showing the round unseated: it seats a round not seated yet and leaves
    a seated one as it is. Only a post naming the round's current seating draws
    it anew (``services.seat_round``'s ``state``)."""
    form = forms.SeatForm(request.POST)
    unseated = seating_state(None)
    if not form.is_valid():
        return None, unseated
    return form.cleaned_data["seed"], form.cleaned_data["state"] or unseated


def already_seated(rnd: Round) -> str:
    """The message for a "Seat" press made from a page drawn before the round's
    latest seating (a second press, or another GM's): nothing changed."""
    return _(
        "%(round)s was already seated since this page was opened (Seat pressed "
        "twice, or by another GM): nothing changed. Its seating is below; to draw "
        "it anew, press Seat again."
    ) % {"round": rnd.label}


def form_problems(form: BaseForm) -> list[str]:
    """A refused form's errors, one line each: "Field: what is wrong" (the
    form's own errors, not of one field, without a field)."""
    return [
        _("%(field)s: %(problem)s")
        % {"field": form[name].label, "problem": sentences(errors)}
        if name != "__all__"
        else sentences(errors)
        for name, errors in form.errors.items()
    ]


def dispersal_moves(done: Dispersed) -> str:
    """Each move of a short table's players, as the GM tells the room: "Ann to
    table 1, seat 5 (1 repeat opponent); …" (their tables' numbers after any
    renumbering)."""
    moved = [
        ngettext(
            "%(player)s to table %(table)s, seat %(seat)s (%(count)s repeat opponent)",
            "%(player)s to table %(table)s, seat %(seat)s (%(count)s repeat opponents)",
            move.repeats,
        )
        % {
            "player": seat.player,
            "table": seat.table.number,
            "seat": seat.number,
            "count": move.repeats,
        }
        for seat, move in done.seats
    ]
    return listed(moved, SEMICOLON)
