"""WSGI entry point for medici-tourney (``medici_tourney.wsgi.application``):
Django, behind the public queue (``medici_tourney.public_gate.PublicGate``: at most
``MEDICI_PUBLIC_SLOTS`` public requests in Django at once, GM requests never
queued), behind the public pages' repeat of unchanged answers
(``medici_tourney.public_pages.PublicPagesWSGI``); threads take turns every
``SWITCH_INTERVAL`` seconds."""

import os
import sys

from django.core.wsgi import get_wsgi_application

# Seconds a thread may run before a thread waiting for the interpreter gets it
# (Python's default is 0.005). A GM's save makes a few dozen database round trips,
# and after each one its thread waits for the interpreter while another thread of
# the process renders a public page: at 5 ms a wait, a save under a stream of
# readers took several times its own work (bench/bench_load.py).
SWITCH_INTERVAL = 0.001
sys.setswitchinterval(SWITCH_INTERVAL)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medici_tourney.settings")

django_application = get_wsgi_application()

# Both need Django set up.
from medici_tourney.public_gate import PublicGate, slots_from_environment  # noqa: E402
from medici_tourney.public_pages import PublicPagesWSGI  # noqa: E402

application = PublicPagesWSGI(
    PublicGate(django_application, slots_from_environment(os.environ))
)
