"""WSGI entry point for medici-tourney (``medici_tourney.wsgi.application``):
Django, behind the public queue (``medici_tourney.public_gate.PublicGate``: at most
``MEDICI_PUBLIC_SLOTS`` public requests in Django at once, GM requests never
queued), behind the public pages' repeat of unchanged answers
(``medici_tourney.public_cache.PublicPagesWSGI``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medici_tourney.settings")

django_application = get_wsgi_application()

# Both need Django set up.
from medici_tourney.public_cache import PublicPagesWSGI  # noqa: E402
from medici_tourney.public_gate import PublicGate, slots_from_environment  # noqa: E402

application = PublicPagesWSGI(
    PublicGate(django_application, slots_from_environment(os.environ))
)
