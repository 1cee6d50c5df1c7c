# Scorekeeper: `make run` serves the app, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 8000

.PHONY: run test fast bench lint format demo screenshots clean translations messages referee-model

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.installed
	mkdir -p data
	$(BIN)/python manage.py compile_translations
	$(BIN)/python manage.py migrate --noinput -v 0
	$(BIN)/python manage.py collectstatic --noinput -v 0
	@scripts/print-address.sh $(PORT) $(HOST)
	ALLOWED_HOSTS="$${ALLOWED_HOSTS:-*}" LISTEN_HOST="$(HOST)" $(BIN)/gunicorn scorekeeper.wsgi \
		--bind $(HOST):$(PORT) --workers 2 --worker-class gthread --threads 8 --timeout 30 \
		--access-logfile -

demo: $(VENV)/.installed
	mkdir -p data
	$(BIN)/python manage.py migrate --noinput -v 0
	$(BIN)/python manage.py seed_demo --games 60
	$(MAKE) run

# Two processes (pytest-xdist, a test file each at a time): measured faster here than one.
# PYTEST_ARGS adds to it, e.g. `make test PYTEST_ARGS=--database-only` (CI's PostgreSQL leg).
PYTEST := $(BIN)/pytest -n 2 --dist loadfile

test: $(VENV)/.installed-test
	scripts/ensure-chromium.sh
	$(BIN)/python manage.py compile_translations
	$(BIN)/ruff check .
	$(PYTEST) $(PYTEST_ARGS)

# The fast loop while working: every test but the browser flows, in two processes.
fast: $(VENV)/.installed-test
	$(BIN)/python manage.py compile_translations
	$(PYTEST) -m "not browser" $(PYTEST_ARGS)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed-test
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: $(VENV)/.installed-test
	@for script in $(filter-out bench/lighthouse_summary.py bench/url_walk.py,$(wildcard bench/*.py)); do \
		echo "== $$script"; $(BIN)/python $$script || exit 1; done
	@echo "== bench/lighthouse.sh"; bench/lighthouse.sh

# Train the referee's classifier and fit its verdict again (after changing the rules library,
# its phrasings, the corpus, the calibration questions or the search's normalisation; a
# fingerprint test says when), then cross-validate inside the tuning half: exits non-zero when
# a figure falls below its floor. Training never runs inside `make test`.
referee-model: $(VENV)/.installed-test
	$(BIN)/python scripts/common_words.py
	$(BIN)/python scripts/train_referee.py
	$(BIN)/python scripts/referee_cv.py --floors

screenshots: $(VENV)/.installed-test
	scripts/ensure-chromium.sh
	$(BIN)/python manage.py compile_translations
	$(BIN)/pytest tests/browser/screens.py -q

# The Spanish catalogue, compiled with Babel (a dependency): no GNU gettext needed.
translations: $(VENV)/.installed
	$(BIN)/python manage.py compile_translations

# For translators: gather new strings into locale/es/LC_MESSAGES/django.po (needs GNU gettext's
# xgettext, Debian package `gettext`); translate them, then `make translations`.
messages: $(VENV)/.installed
	$(BIN)/python manage.py makemessages -l es --add-location file --no-obsolete \
		-i .venv -i staticfiles -i tests -i bench -i scripts -i data

clean:
	rm -rf $(VENV) staticfiles
