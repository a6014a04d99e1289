# The two commands: `make demo` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEMO_ENV := DEBUG=1
# Tests run with production-like settings (DEBUG off) but plain HTTP.
TEST_ENV := SECRET_KEY=tests-only-not-a-secret SECURE_SSL_REDIRECT=0
# Four test processes: a browser test, a started server or PostgreSQL keeps one waiting, so
# two a core keep a two-core machine busy (one a core left it half idle). Each process takes
# tests in the suite's order (pytest-django runs tests that flush the database last), so data
# the migrations seeded is there for the tests before them; `make test PYTEST_ARGS=` runs in
# one process. loadgroup: the tests sharing an expensive set-up (conftest.py's SHARED_SET_UP)
# run in one process; --durations: every run prints its slowest.
PYTEST_ARGS ?= -n 4 --dist loadgroup --durations=25

.PHONY: demo test smoke lint format venv migrate worker beat clean

$(STAMP): requirements.txt requirements-dev.txt requirements-nodeps.txt
	@python=$$(scripts/find-python) || exit 1; \
	  test -x $(PY) || { echo "Creating $(VENV) with $$python"; "$$python" -m venv $(VENV); }
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	$(PY) -m pip install --quiet --no-deps -r requirements-nodeps.txt
	@touch $(STAMP)

venv: $(STAMP)

migrate: $(STAMP)
	$(DEMO_ENV) $(PY) manage.py migrate --noinput

demo: migrate
	$(DEMO_ENV) $(PY) manage.py load_demo
	@echo "Serving on http://127.0.0.1:8000 (Ctrl-C to stop)"
	$(DEMO_ENV) $(PY) manage.py runserver 127.0.0.1:8000

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

format: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

test: lint
	$(TEST_ENV) $(PY) -m pytest $(PYTEST_ARGS)

# The production smoke run alone (part of `make test`): collectstatic, migrate and load_demo
# into its own folder and database, gunicorn with DEBUG off, Chromium on the key pages.
smoke: $(STAMP)
	$(TEST_ENV) $(PY) -m pytest -p no:xdist tests/production

worker: $(STAMP)
	$(PY) -m celery -A config worker --loglevel=info

beat: $(STAMP)
	$(PY) -m celery -A config beat --loglevel=info

clean:
	rm -rf $(VENV) db.sqlite3 var staticfiles test-artifacts
