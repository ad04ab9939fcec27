"""WSGI entry point for medici-tourney (``medici_tourney.wsgi.application``):
Django, behind the public pages' repeat of unchanged answers
(``medici_tourney.public_cache.PublicPagesWSGI``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medici_tourney.settings")

django_application = get_wsgi_application()

from medici_tourney.public_cache import PublicPagesWSGI  # noqa: E402 (needs Django set up)

application = PublicPagesWSGI(django_application)
