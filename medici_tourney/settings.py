"""Settings for medici-tourney, read from environment variables.

Local defaults are safe for a GM laptop: ``DEBUG`` on, SQLite file ``db.sqlite3`` in
the repository root. Production sets ``DJANGO_DEBUG=0``, ``DJANGO_SECRET_KEY`` (or
``DJANGO_SECRET_KEY_FILE``), ``DJANGO_ALLOWED_HOSTS`` and (for HTTPS)
``DJANGO_SECURE=1``; ``make serve`` (medici_tourney/ops/serve.py) does this for
gunicorn.
Any command can be pointed at a scratch database with ``DATABASE_URL`` (e.g.
``sqlite:////tmp/x.sqlite3``) and at a shared cache with ``DJANGO_CACHE_URL``.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import dj_database_url
from csp.constants import NONE, SELF

if TYPE_CHECKING:
    from heats.models import Event

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """Read a boolean environment variable ("1", "true", "yes", "on" are true)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """Read a comma-separated environment variable into a list of stripped items."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item]


DEBUG = env_bool("DJANGO_DEBUG", True)
_DEV_KEY = "django-insecure-local-only-medici-tourney-dev-key-not-for-production"


def secret_key() -> str:
    """``DJANGO_SECRET_KEY``, else the first line of the file ``DJANGO_SECRET_KEY_FILE``
    names (``make serve`` keeps one outside git), else the development key when
    ``DEBUG`` is on; RuntimeError otherwise."""
    key = os.environ.get("DJANGO_SECRET_KEY", "")
    path = os.environ.get("DJANGO_SECRET_KEY_FILE", "")
    if not key and path:
        key = Path(path).read_text(encoding="utf-8").strip()
    if not key and DEBUG:
        key = _DEV_KEY
    if not key:
        raise RuntimeError(
            "DJANGO_SECRET_KEY (or DJANGO_SECRET_KEY_FILE) must be set when "
            "DJANGO_DEBUG is off"
        )
    return key


SECRET_KEY = secret_key()
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")
# Proxies in front of the app, each appending to X-Forwarded-For (nginx's
# $proxy_add_x_forwarded_for): the client's address is the PROXY_COUNT-th from the
# right of that header; 0 (the default), the header is ignored and REMOTE_ADDR is
# the client's (medici_tourney.client). make serve lets gunicorn trust proxy
# headers only when it is above 0 (medici_tourney/ops/serve.py).
PROXY_COUNT = int(os.environ.get("MEDICI_PROXY_COUNT", "0"))
# The one address phones use to reach this server, for every QR code (the kiosk's
# and the printables'), e.g. "http://192.168.1.20:8000"; empty: the address the
# page was opened with. MEDICI_PUBLIC_URL, or its older name DJANGO_PUBLIC_URL.
PUBLIC_URL = os.environ.get("MEDICI_PUBLIC_URL") or os.environ.get(
    "DJANGO_PUBLIC_URL", ""
)
# `make lan` serves the local network on this port: its addresses are allowed
# hosts, and QR codes point at the first unless an address is set
# (medici_tourney/ops/lan.py).
LAN_PORT = os.environ.get("MEDICI_LAN_PORT", "")
LAN_URL = ""
if LAN_PORT:
    from medici_tourney.ops.lan import lan_addresses

    _lan = lan_addresses()
    ALLOWED_HOSTS += [a for a in _lan if a not in ALLOWED_HOSTS]
    LAN_URL = f"http://{_lan[0]}:{LAN_PORT}" if _lan else ""
    PUBLIC_URL = PUBLIC_URL or LAN_URL

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # runserver (make run, make lan) leaves static files to WhiteNoise, as
    # gunicorn does: compressed by the GZip middleware below it.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "crispy_forms",
    "crispy_bootstrap5",
    "csp",
    "heats",
    "scoring",
    # manage.py migrate under a database lock, and the secret key's record
    # (medici_tourney/ops/__init__.py).
    "medici_tourney.ops",
]

MIDDLEWARE = [
    # The Content-Security-Policy on every response, error pages and answers of
    # the middleware below included (medici_tourney.csp).
    "medici_tourney.csp.PolicyMiddleware",
    # Fields and query strings read as UTF-8 whatever charset a request declares
    # (no UTF-7 surrogates; medici_tourney.utf8).
    "medici_tourney.utf8.Utf8RequestMiddleware",
    # Each request starts and ends in the default time zone; an event's pages
    # switch to the event's own (medici_tourney.zones).
    "medici_tourney.zones.ZoneResetMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Above WhiteNoise, so that with DEBUG on (no compressed copies) the static
    # files a phone loads go gzipped too (bootstrap's CSS: 232 KB, 31 KB
    # gzipped); what WhiteNoise sends already compressed it leaves alone, and
    # byte ranges, fonts and PDFs too (medici_tourney.gzip).
    "medici_tourney.gzip.GZipMiddleware",
    # Static files straight from STATIC_ROOT (or the finders while DEBUG is on),
    # compressed and with far-future caching for the hashed names.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # The request's language: ?lang=, the visitor's menu choice, the event's, the
    # browser's (medici_tourney.language); before the public cache, whose keys
    # hold the choice.
    "medici_tourney.language.LanguageMiddleware",
    # A NUL character in the path, query, form fields or cookies gets the site's
    # 400 page before the public cache or a view meets it (medici_tourney.nul_bytes).
    "medici_tourney.nul_bytes.NulRequestMiddleware",
    # Answers cached public pages to visitors without a session before the
    # session, auth and CSRF middleware and the URL resolver
    # (medici_tourney.public_cache).
    "medici_tourney.public_cache.PublicCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A form over Django's size limit gets the site's page saying so, not a bare
    # 400 (medici_tourney.request_size).
    "medici_tourney.request_size.RequestSizeMiddleware",
    # A view that cannot reach the database answers the site's "database
    # unavailable" page, 503 (medici_tourney.database_down; a middleware's such
    # error gets it from handler500 in medici_tourney/urls.py).
    "medici_tourney.database_down.DatabaseDownMiddleware",
]

ROOT_URLCONF = "medici_tourney.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "medici_tourney.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0")),
        # A kept connection is tested before a request uses it, so the first
        # request after a database restart opens a new one instead of failing.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A GM and assistants save at the same moment: a writer waits for the lock
    # (IMMEDIATE takes it when the transaction starts) instead of failing, and WAL
    # lets the kiosk and standings read while a table is being saved.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }

_VALIDATORS = "django.contrib.auth.password_validation."
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": _VALIDATORS + name}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
]

# Languages of the pages and printables (medici_tourney.language); each named in
# its own language in the menu. Catalogues: locale/<code>/LC_MESSAGES/django.po
# (and the compiled .mo beside it, shipped: docs/translating.md).
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("zh-hans", "简体中文"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "America/New_York")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# The web fonts are slices of the PDFs' fonts in static/fonts/ (make fonts).
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
# With DEBUG off (make serve), ``collectstatic`` writes hashed, pre-compressed copies
# (whitenoise) and pages link the hashed names; with DEBUG on (make run, the tests)
# the files are served as they are, with no collectstatic needed.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if env_bool("DJANGO_STATIC_MANIFEST", not DEBUG)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


# Entries the file cache keeps before dropping a third of them: a page per
# language and address for the last few versions of every event.
FILE_CACHE_ENTRIES = 3000
# Seconds to connect to Redis and to wait for its answer: a dead or stuck Redis
# makes a request a cache miss within this, not a hung request
# (medici_tourney.cache_backends).
REDIS_TIMEOUT = 0.25


def cache_settings(url: str) -> dict[str, dict[str, Any]]:
    """``CACHES`` from ``DJANGO_CACHE_URL``: empty, this process's memory (each
    gunicorn worker its own; right, since the public pages' cache key holds the
    event version read from the database, see medici_tourney/public_cache.py);
    ``redis://host:port/db`` (or ``rediss://``, ``unix://``), Django's own Redis
    backend, one cache shared by every worker and server; ``file:///a/directory``,
    Django's file cache in that directory, shared by the workers of one machine
    (``make serve`` uses one, ``medici_tourney.ops.serve``). ValueError otherwise.
    Redis and the file cache answer a failure (down, full, slow) as a miss
    (``medici_tourney.cache_backends``)."""
    if not url:
        return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    if url.startswith("file:///"):
        return {
            "default": {
                "BACKEND": "medici_tourney.cache_backends.FailSoftFileBasedCache",
                "LOCATION": url.removeprefix("file://"),
                "OPTIONS": {"MAX_ENTRIES": FILE_CACHE_ENTRIES},
            }
        }
    if url.split("://", 1)[0] in {"redis", "rediss", "unix"}:
        return {
            "default": {
                "BACKEND": "medici_tourney.cache_backends.FailSoftRedisCache",
                "LOCATION": url,
                "KEY_PREFIX": "medici",
                "OPTIONS": {
                    "socket_connect_timeout": REDIS_TIMEOUT,
                    "socket_timeout": REDIS_TIMEOUT,
                },
            }
        }
    raise ValueError(
        f"DJANGO_CACHE_URL must be redis://... or file:///..., not {url!r}"
    )


CACHES = cache_settings(os.environ.get("DJANGO_CACHE_URL", ""))
# Bytes of public pages each server process keeps to repeat them without Django
# (medici_tourney.public_pages.PublicPagesWSGI): MEDICI_PUBLIC_PAGES_MB, 16 MB.
PUBLIC_PAGES_BYTES = int(
    float(os.environ.get("MEDICI_PUBLIC_PAGES_MB", "16")) * 1024 * 1024
)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"
DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5-responsive.html"

MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"

# Production hardening (``manage.py check --deploy`` is clean with DJANGO_SECURE=1).
SECURE = env_bool("DJANGO_SECURE", not DEBUG)
SESSION_COOKIE_SECURE = SECURE
CSRF_COOKIE_SECURE = SECURE
LANGUAGE_COOKIE_SECURE = SECURE
# A proxy that redirects to HTTPS itself may turn Django's redirect off.
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", SECURE)
SECURE_HSTS_SECONDS = int(
    os.environ.get("DJANGO_HSTS_SECONDS", "31536000" if SECURE else "0")
)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE
SECURE_HSTS_PRELOAD = SECURE
# Behind an HTTPS proxy (nginx, Caddy) that sets X-Forwarded-Proto: trust it. Only
# when a proxy always sets (or strips) that header, else a client could claim HTTPS.
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https")
    if env_bool("DJANGO_TRUST_X_FORWARDED_PROTO", SECURE)
    else None
)
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# Content-Security-Policy (django-csp): only the app's own static files may run
# script or style a page; no inline <script>, on*= handler or style= attribute, so
# text that slipped into a page as HTML could still not act. img-src allows data:
# for Bootstrap's inline SVG icons and the empty favicon.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# --- Logins: throttling (django-axes) --------------------------------------------
# After 50 wrong passwords, logins are paused for 15 minutes (the page says until
# when: medici_tourney/lockout.py); `manage.py axes_reset` lifts every pause.
# The pause is for one username from one address: at a convention every GM laptop
# and phone shares the hotel Wi-Fi's one public address, so pausing by address
# alone would lock every GM out because of one guesser, and pausing by username
# alone would let anyone anywhere lock a GM out. The address is the one the
# report rate limit uses (medici_tourney.client, PROXY_COUNT above): behind a proxy,
# the one the proxy saw, never what the sender wrote into X-Forwarded-For, so it
# cannot be changed per attempt.
INSTALLED_APPS += ["axes"]
MIDDLEWARE += ["axes.middleware.AxesMiddleware"]
AUTHENTICATION_BACKENDS = [
    # First: refuses a paused login before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 50
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# A good login forgets earlier typos; tries during a pause do not extend it, so
# the time on the page holds.
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "medici_tourney.lockout.locked_out"
AXES_CLIENT_IP_CALLABLE = "medici_tourney.client.client_address"
AXES_VERBOSE = False  # no start-up banner in every management command

# --- Logins: e-mail for password reset --------------------------------------------
# Password reset is offered only when a mail server is set (medici_tourney/accounts.py):
# a GM laptop at a convention usually has none, and a reset page whose mail never
# arrives only misleads.
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "webmaster@localhost")
if not EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {
        "handlers": ["console"],
        "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO"),
    },
}


def _event_home(event: Event) -> str:
    from django.urls import reverse

    return reverse("scoring:standings", kwargs={"event": event.slug})


# An event's home page (``Event.get_absolute_url``) is its public standings, a page
# of the results app: the project says so, since heats' models never name it.
ABSOLUTE_URL_OVERRIDES = {"heats.event": _event_home}
