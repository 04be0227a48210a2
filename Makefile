# Muraille: `make run` serves the demo (PORT=8000), `make test` runs every
# check, bringing up what the tests need first (scripts/services_up.sh).
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
PG_URL ?= postgres://postgres@127.0.0.1:5432/muraille
REDIS_TEST_URL ?= redis://127.0.0.1:6379/15
PORT ?= 8000

.PHONY: run venue publish export-event test venv services lint test-passes test-sqlite test-postgres test-worker test-faults test-e2e test-live messages clean

# Debian ships Python's venv module apart: install it when the first try fails.
$(VENV)/.installed: requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV) || \
	  { bash scripts/services_up.sh venv && python3 -m venv --clear $(VENV); }
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

# The fan calculator compiled by mypyc, in place, when a C compiler is there
# (scripts/compile_fans.py; without one it says so and Python runs, same
# answers). Tried again only when a source of the calculator changes.
FANS_BUILT := build/fans-native.done
$(FANS_BUILT): $(wildcard scoring/engine/mcr/fans/*.py) $(VENV)/.installed
	$(PY) scripts/compile_fans.py
	mkdir -p $(@D) && touch $@

venv: $(VENV)/.installed $(FANS_BUILT)

run: venv
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py load_demo --ruleset riichi
	$(PY) manage.py load_league_demo
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# The hall: every interface, DEBUG off, data in venue/ (python manage.py venue
# does it all and runs without make, on Windows and macOS too).
venue: venv
	$(PY) manage.py venue --port $(PORT)

# An event leaves the venue as one JSON archive (docs/event-archive.md): sent
# to another Muraille's API, or written to a file for a USB key. Both read
# the venue's data folder (MURAILLE_VENUE=1), where the day was played.
publish: venv
	@test -n "$(SLUG)" -a -n "$(TO)" || { echo "Usage: make publish SLUG=<event> TO=<base URL> TOKEN=<API key>"; exit 2; }
	MURAILLE_VENUE=1 MURAILLE_PUBLISH_TOKEN="$(TOKEN)" $(PY) manage.py publish_event "$(SLUG)" --to "$(TO)"

export-event: venv
	@test -n "$(SLUG)" -a -n "$(FILE)" || { echo "Usage: make export-event SLUG=<event> FILE=<path>"; exit 2; }
	MURAILLE_VENUE=1 $(PY) manage.py export_event "$(SLUG)" "$(FILE)"

# PostgreSQL, Redis and chromium: started or installed when down or missing.
services:
	bash scripts/services_up.sh

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	$(PY) manage.py check --fail-level WARNING
	$(PY) manage.py makemigrations --check --dry-run
	DEBUG=true $(PY) manage.py spectacular --validate --fail-on-warn --file /dev/null

# Two processes (pytest-xdist) on the machine's two cores; XDIST=0 runs in one.
# A test marked xdist_group shares its worker (and its session fixtures) with
# its group.
XDIST ?= 2
PYTEST := $(VENV)/bin/pytest -q -p no:cacheprovider -n $(XDIST) --dist loadgroup

# The tests that need PostgreSQL (marker postgres) are left to test-postgres.
test-sqlite: venv
	$(PYTEST) -m "not celery_worker and not e2e and not faults and not postgres"

# Only what the engine can change (locks, races, transactions, column limits,
# query counts: markers postgres and db_sensitive); the rest ran on SQLite.
test-postgres: venv
	bash scripts/services_up.sh postgres
	TEST_DATABASE_URL=$(PG_URL) $(PYTEST) \
	  -m "(postgres or db_sensitive) and not celery_worker and not e2e and not faults and not own_sqlite" \
	  tests/integration tests/api

test-worker: venv
	bash scripts/services_up.sh postgres redis
	TEST_DATABASE_URL=$(PG_URL) TEST_CELERY_BROKER_URL=$(REDIS_TEST_URL) \
	  $(VENV)/bin/pytest -q -p no:cacheprovider -m celery_worker tests/integration

# Real servers and workers hurt on purpose (docs/faults.md): an own
# redis-server killed and restarted, a cut proxy in front of PostgreSQL,
# gunicorn and Celery workers killed mid-request and mid-job.
test-faults: venv
	bash scripts/services_up.sh postgres redis
	TEST_DATABASE_URL=$(PG_URL)_faults $(VENV)/bin/pytest -q -p no:cacheprovider -m faults tests/faults

# A real browser: Debian's chromium driven by Playwright.
test-e2e: venv
	bash scripts/services_up.sh chromium
	$(VENV)/bin/pytest -q -p no:cacheprovider -m e2e tests/e2e

# The suites of live processes (a Celery worker, servers hurt on purpose, a
# browser) mostly wait: they run side by side, each on a test database of
# its own, and each prints its output when it ends.
test-live:
	$(MAKE) --no-print-directory --output-sync=target -j3 test-worker test-faults test-e2e

# Services first, so a missing one fails the run at once, not after the suite.
# Then everything side by side: the linters, the two passes and the live
# suites. The machine's two cores stay busy to the end: one after the other,
# the passes left a core idle while one long test (the hostile-forms crawl,
# a venue's start) finished, and the linters ran alone on one core.
test: services venv
	$(MAKE) --no-print-directory --output-sync=target -j6 \
	  lint test-sqlite test-postgres test-worker test-faults test-e2e

test-passes: venv
	$(MAKE) --no-print-directory test-sqlite
	$(MAKE) --no-print-directory test-postgres

messages: venv
	$(PY) manage.py makemessages -l fr --ignore=.venv --ignore=tests --ignore=bench
	$(PY) manage.py compilemessages --ignore=.venv

clean:
	test ! -x $(PY) || $(PY) scripts/compile_fans.py --clean
	rm -rf $(VENV) db.sqlite3 staticfiles build
