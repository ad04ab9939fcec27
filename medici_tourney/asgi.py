"""ASGI entry point for medici-tourney (``medici_tourney.asgi.application``)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medici_tourney.settings")

application = get_asgi_application()
