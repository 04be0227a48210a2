# Muraille: `make run` serves the demo, `make test` runs every check.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
PG_URL ?= postgres://postgres@127.0.0.1:5432/muraille
REDIS_TEST_URL ?= redis://127.0.0.1:6379/15

.PHONY: run test venv lint test-sqlite test-postgres test-worker test-e2e messages clean

$(VENV)/.installed: requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

venv: $(VENV)/.installed

run: venv
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py runserver 127.0.0.1:8000

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	$(PY) manage.py check --fail-level WARNING
	$(PY) manage.py makemigrations --check --dry-run
	DEBUG=true $(PY) manage.py spectacular --validate --fail-on-warn --file /dev/null

test-sqlite: venv
	$(VENV)/bin/pytest -q -p no:cacheprovider -m "not celery_worker and not e2e"

test-postgres: venv
	@if bash scripts/service_up.sh postgres; then \
	  TEST_DATABASE_URL=$(PG_URL) $(VENV)/bin/pytest -q -p no:cacheprovider \
	    -m "not celery_worker and not e2e" tests/integration tests/api; \
	else exit 1; fi

test-worker: venv
	@if bash scripts/service_up.sh postgres && bash scripts/service_up.sh redis; then \
	  TEST_DATABASE_URL=$(PG_URL) TEST_CELERY_BROKER_URL=$(REDIS_TEST_URL) \
	    $(VENV)/bin/pytest -q -p no:cacheprovider -m celery_worker tests/integration; \
	else exit 1; fi

# A real browser: Debian's chromium (`apt-get install chromium`) driven by Playwright.
test-e2e: venv
	$(VENV)/bin/pytest -q -p no:cacheprovider -m e2e tests/e2e

test: lint test-sqlite test-postgres test-worker test-e2e

messages: venv
	$(PY) manage.py makemessages -l fr --ignore=.venv --ignore=tests --ignore=bench
	$(PY) manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
