"""WSGI entry point for medici-tourney (``medici_tourney.wsgi.application``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medici_tourney.settings")

application = get_wsgi_application()
