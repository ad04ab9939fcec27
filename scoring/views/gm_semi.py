"""GM actions of the semi-final page's check-in: every player's presence in one
save, and the event's automatic publication of the list. The page itself is
``scoring.views.gm_rounds.SemiView``; the services are
``scoring.services.semi_final`` and ``scoring.services.publishing``.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect

from heats.core.errors import UserError
from heats.models import Event
from heats.views.common import event_action
from scoring import permissions
from scoring.forms_semi import AutoPublishForm, SemiPresenceForm
from scoring.services import event_advancement, publishing
from scoring.services import semi_final as rounds


def _moved(event: Event, before: dict[int, str]) -> str:
    """ " Called in: …. No longer on the list: …." against ``before`` (the
    qualifiers by id, before the save)."""
    after = {q.player: q.label for q in event_advancement(event).qualifiers}
    called = [n for p, n in after.items() if p not in before]
    dropped = [n for p, n in before.items() if p not in after]
    text = f" Called in: {', '.join(called)}." if called else ""
    if dropped:
        text += f" No longer on the list: {', '.join(dropped)}."
    return text


@event_action(permissions.MARK_SEMI_PRESENCE, back="scoring:semi")
def semi_presence(request, event: Event):
    """POST: save the presence of every player listed in one go (tick boxes,
    "All present", the others absent if asked); says who is called in or
    drops off the list, and whether the list was published again."""
    form = SemiPresenceForm(request.POST)
    if not form.is_valid():
        raise UserError("Nothing was saved: the form names an unknown player.")
    semi = rounds.semi_round(event)
    seated = semi is not None and semi.seated_at is not None
    before = {q.player: q.label for q in event_advancement(event).qualifiers}
    changes = rounds.save_semi_presence(
        event,
        form.cleaned_data["shown"],
        form.present_ids(),
        absent_rest=form.cleaned_data["absent_rest"],
        user=request.user,
        version=form.cleaned_data["version"],
    )
    if not changes:
        messages.info(request, "Semi-final check-in: nothing changed.")
        return redirect("scoring:semi", event=event.slug)
    text = f"Semi-final check-in saved: {changes.summary()}."
    # Once seated, the tables stand: nobody is called in or dropped by a mark.
    if not seated:
        text += _moved(event, before)
    if changes.published is not None:
        text += " The list was published again automatically."
    messages.success(request, text)
    return redirect("scoring:semi", event=event.slug)


@event_action(permissions.RUN_SEMI_FINAL, back="scoring:semi")
def semi_auto_publish(request, event: Event):
    """POST: turn the event's automatic publication of the list on or off (GMs)."""
    form = AutoPublishForm(request.POST)
    if not form.is_valid():
        raise UserError("The setting was not saved.")
    on = form.cleaned_data["auto_publish"]
    changed = publishing.set_auto_publish(
        event, on, request.user, version=form.cleaned_data["version"]
    )
    if not changed:
        messages.info(request, "The setting was already so: nothing changed.")
    elif on:
        messages.success(
            request,
            "The semi-final list is now published again automatically after each "
            "presence save and result change, once it has been published.",
        )
    else:
        messages.success(
            request, "Automatic publication off: publish each change yourself."
        )
    return redirect("scoring:semi", event=event.slug)
