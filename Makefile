# medici-tourney: `make run` serves the demo event, `make test` runs the tests.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# What serving needs alone (requirements.txt): `make run`, `serve`, `restore` and
# `backup` install no test or lint tools, so a spare laptop serves sooner.
RUN_STAMP := $(VENV)/.installed-run
# Where `make run` listens: 127.0.0.1 (this machine only) unless HOST is given;
# any other HOST (0.0.0.0: every interface) also serves the local network.
HOST ?= 127.0.0.1
PORT ?= 8000
LOOPBACK := 127.0.0.1 localhost
LAN := $(if $(filter $(HOST),$(LOOPBACK)),,MEDICI_LAN_PORT=$(PORT))

.PHONY: fonts messages setup setup-run migrate demo run lan serve backup restore test test-deep test-fast test-postgres lint typecheck format bench load browser postgres check-deploy clean

$(RUN_STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -r requirements.txt
	touch $(RUN_STAMP)

$(STAMP): $(RUN_STAMP) requirements-dev.txt
	$(VENV)/bin/pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

# setup: everything (tests, lint, benchmarks); setup-run: what serving needs.
setup: $(STAMP)
setup-run: $(RUN_STAMP)

migrate: setup-run
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py load_demo --url http://127.0.0.1:$(PORT)

# runserver, with a backup every MEDICI_BACKUP_MINUTES (5; 0: off) beside it
# (medici_tourney/ops/run.py).
run: demo
	@$(if $(LAN),$(PY) -m medici_tourney.ops.lan $(PORT),true)
	$(LAN) $(PY) -m medici_tourney.ops.run $(HOST):$(PORT)

# Phones, kiosks and other laptops on the local network (prints their address).
lan:
	@$(MAKE) --no-print-directory run HOST=0.0.0.0 PORT=$(PORT)

# gunicorn with DEBUG off and whitenoise: `make serve HOST=0.0.0.0 PORT=8000` for the
# LAN. Secret key, allowed hosts and HTTPS from the environment (medici_tourney/ops/serve.py);
# a backup every MEDICI_BACKUP_MINUTES (5; 0: off), the last MEDICI_BACKUP_KEEP (48) kept.
# Processes of two threads: a GM's save shares its process's interpreter with one
# reader at most, and runs on the other core while another process renders a page.
WORKERS ?= 4
THREADS ?= 2
serve: setup-run
	$(PY) -m medici_tourney.ops.serve --host $(HOST) --port $(PORT) --workers $(WORKERS) --threads $(THREADS)

# A consistent copy of the database into backups/ (MEDICI_BACKUP_DIR), safe while the
# app runs (SQLite's backup API, or pg_dump for PostgreSQL), readable by its owner
# only: medici_tourney/ops/backup.py.
backup: setup-run
	$(PY) -m medici_tourney.ops.backup

# The newest backup (or FILE=backups/...) back in place of the database, after saying
# what it replaces and asking (YES=1: no question); refused while a server runs here.
restore: setup-run
	$(PY) -m medici_tourney.ops.restore $(FILE) $(if $(filter 1 yes,$(YES)),--yes)

# Debian's Chromium drives the browser tests; installed once if missing (needs root).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
	    || echo "chromium could not be installed: browser tests will be skipped"; \
	  else echo "chromium is missing and not root: browser tests will be skipped"; fi; }

# Debian's PostgreSQL for the second test run; installed once if missing (needs root).
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) \
	    || echo "postgresql could not be installed: the PostgreSQL test run will be skipped"; \
	  else echo "postgresql is missing and not root: the PostgreSQL test run will be skipped"; fi; }

# The database and browser tests on SQLite and, at the same time on the other
# core, the database tests again on a throwaway PostgreSQL cluster
# (tests/with_postgres.py); each pure test runs once, in one pass or the other
# (MEDICI_TEST_SHARE, tests/conftest.py), and browser tests run once. At the end:
# tests run, time and ten slowest tests per pass (tests/run_passes.py).
PG_TESTS := -m "database and not e2e"
test: setup browser postgres
	$(PY) tests/run_passes.py

# The same with ten times the property tests' examples (tests/support/depth.py).
test-deep: setup browser postgres
	MEDICI_TEST_DEPTH=10 $(PY) tests/run_passes.py

# The database tests on a throwaway PostgreSQL cluster alone.
test-postgres: setup postgres
	$(PY) tests/with_postgres.py $(PY) -m pytest $(PG_TESTS)

# The several-servers set-up of docs/deploy.md on loopback, checked from outside:
# a throwaway PostgreSQL, Redis (deploy/redis.conf), two clones of HEAD each
# running `make serve` with the shared environment (deploy/medici.env) and the
# repository's virtualenv, nginx (deploy/nginx.conf) in front; six assertions,
# PASS/FAIL each (deploy/test_deploy.py). Needs redis-server and nginx-light.
.PHONY: test-deploy
test-deploy: setup postgres
	$(PY) -m deploy.test_deploy

test-fast: setup
	$(PY) -m pytest -m "not e2e"

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# Strict type check (django-stubs' plugin for the Django side) of the packages
# listed under [tool.mypy] in pyproject.toml.
typecheck: setup
	$(VENV)/bin/mypy

format: setup
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

bench: setup
	$(PY) bench/run.py

# The load tests alone (also part of make bench): reads and result saves for a fixed
# time on a throwaway PostgreSQL cluster, behind gunicorn; then the convention floor.
load: setup postgres
	$(PY) bench/bench_load.py
	$(PY) bench/bench_floor.py

# The convention floor alone (about 90 s of load): 10 events, 40 kiosks, 600 phones,
# a GM saving on each event every 5 s; freshness, regressions, CPU per request
# (bench/bench_floor.py; Redis when redis-server is installed). docs/capacity.md
# works out a convention's servers from its figures.
.PHONY: load-floor
load-floor: setup postgres
	$(PY) bench/bench_floor.py

# The translation catalogues (docs/translating.md): messages extracted into
# locale/<locale>/LC_MESSAGES/django.po (needs GNU gettext's xgettext), then every
# .mo compiled from its .po with Babel. The .mo files are shipped.
LOCALES := de fr zh_Hans
messages: setup
	$(PY) manage.py makemessages $(addprefix -l ,$(LOCALES)) --no-obsolete --add-location file \
	  --ignore ".venv/*" --ignore "tests/*" --ignore "bench/*" --ignore "staticfiles/*" --ignore "docs/*"
	$(PY) -m medici_tourney.ops.catalogues compile

# The web fonts again: the PDFs' fonts (scoring/pdf/fonts/) cut into WOFF2
# unicode-range slices in static/fonts/ and their @font-face rules in
# static/css/fonts.css (fontTools; the Chinese catalogue orders the common
# characters). The slices are shipped: serving needs nothing of this. A few
# minutes.
fonts: setup
	$(PY) -m medici_tourney.ops.web_fonts

check-deploy: setup
	DJANGO_DEBUG=0 DJANGO_SECRET_KEY=check-deploy-$$(date +%s)-a-long-random-enough-secret-key-value \
	DJANGO_ALLOWED_HOSTS=medici.example.org $(PY) manage.py check --deploy --fail-level WARNING

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .mypy_cache
