"""The bundled demo event: WBC 2017-shaped heats from ``data/demo`` (its README).

Loading is idempotent: the event, its results, the semi-final no-shows and the local
demo GM login are created once; running it again changes nothing.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from heats.core.errors import UserError
from heats.models import Event
from heats.services.events import get_round
from heats.services.players import PlayerDirectory, mark_absent
from scoring.services.events import new_event
from scoring.services.results_import.write import import_results

DEMO_DIR = Path(settings.BASE_DIR) / "data" / "demo"
DEMO_NAME = "Medici, WBC 2017 (demo)"
DEMO_SEED = "wbc-2017-demo"
DEMO_GM_USERNAME = "demo-gm"
DEMO_GM_PASSWORD = "medici-demo"  # noqa: S105 - a local demo login, printed on purpose
# Where `make run` serves by default; `make demo PORT=8080` passes its own.
LOCAL_URL = "http://127.0.0.1:8000"


@transaction.atomic
def load_demo(
    slug: str = "demo", *, with_gm: bool = True, url: str = LOCAL_URL
) -> list[str]:
    """Create or refresh the demo event; returns report lines for the console.

    Reads ``data/demo/results.csv`` and ``no_shows.txt``; marks the no-shows absent
    from the semi-final; with ``with_gm`` creates the local GM login ``demo-gm``
    and names its pages under ``url`` (where ``make run`` serves them).
    """
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        event = new_event(slug, DEMO_NAME, "wbc")
        event.seed = DEMO_SEED
        event.save(update_fields=["seed"])
    text = (DEMO_DIR / "results.csv").read_text(encoding="utf-8-sig")
    summary = import_results(event, text, source="demo results.csv")
    lines = [f"Demo event {slug!r}: " + summary.lines()[0]]
    semi = get_round(event, "semi", create=True)
    directory = PlayerDirectory(event)
    for name in (DEMO_DIR / "no_shows.txt").read_text().splitlines():
        if not name.strip():
            continue
        player = directory.find(name)
        if player is None:
            raise UserError(f"Demo no-show {name!r} is not a player of {slug}.")
        mark_absent(semi, player)
    if with_gm:
        lines.append(_demo_gm(event, url.rstrip("/")))
    return lines


def _demo_gm(event: Event, url: str) -> str:
    user, created = get_user_model().objects.get_or_create(username=DEMO_GM_USERNAME)
    if created:
        user.set_password(DEMO_GM_PASSWORD)
        user.save()
    event.gms.add(user)
    return (
        f"Demo GM login (local use only): {DEMO_GM_USERNAME} / {DEMO_GM_PASSWORD}\n"
        f"  standings: {url}/e/{event.slug}/\n"
        f"  kiosk:     {url}/e/{event.slug}/kiosk/ (clock: "
        f"/e/{event.slug}/clock/, timer: /timer/)\n"
        f"  GM pages:  {url}/e/{event.slug}/gm/ "
        f"(log in at {url}/accounts/login/)"
    )
