# Scorekeeper: `make run` serves the app, `make test` runs every test (what CI runs). Both set everything up.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 5000
WORKERS ?= 2
THREADS ?= 4
FLASK := $(BIN)/flask --app scorekeeper

.PHONY: run dev test test-fast lint setup system-deps run-deps migrate advisor bench clean \
	compile-translations translations

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)

# Re-installs when pyproject.toml changes. Not quiet: on a fresh clone it is a minute or two of
# downloads, and pip's lines and bars say what it is doing meanwhile.
$(VENV)/.installed: pyproject.toml | $(BIN)/activate
	@echo "Installing the Python packages into $(VENV) (once, and again when pyproject.toml changes)..."
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --progress-bar on -e '.[test]'
	touch $@

setup: $(VENV)/.installed

# Translations: the .po catalogues are the source; the .mo files Flask-Babel reads are built from
# them (git-ignored, so never stale in a commit) and rebuilt whenever a .po changes.
TRANSLATIONS := scorekeeper/translations
LANGUAGES := fr de sv es
MO_FILES := $(foreach lang,$(LANGUAGES),$(TRANSLATIONS)/$(lang)/LC_MESSAGES/messages.mo)

$(TRANSLATIONS)/%/LC_MESSAGES/messages.mo: $(TRANSLATIONS)/%/LC_MESSAGES/messages.po | $(VENV)/.installed
	$(BIN)/pybabel compile --locale $* --input-file $< --output-file $@

compile-translations: $(MO_FILES)

# After adding strings: re-extract messages.pot from the code and templates, merge it into every
# catalogue (new strings arrive empty, never guessed: the catalogue test then names each one to
# translate), and compile. Removed strings leave the catalogues.
translations: setup
	$(BIN)/pybabel extract -F $(TRANSLATIONS)/babel.cfg -k N_ -k NC_:1c,2 -k lazy_gettext \
		--no-location --sort-output -o $(TRANSLATIONS)/messages.pot .
	$(BIN)/pybabel update -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS) \
		--no-fuzzy-matching --ignore-obsolete
	$(MAKE) compile-translations

# Debian packages: the tests need Chromium, poppler and PostgreSQL; serving needs only Pango and fonts.
system-deps:
	@bash scripts/system-deps.sh test

run-deps:
	@bash scripts/system-deps.sh run

migrate: setup
	$(FLASK) db upgrade

# Optional: every coach table built ahead, where missing (seconds each; the chance-to-win tables a
# minute or two each). Without it the app builds an edition's tables in the background when a game
# first turns the coach on, and serves meanwhile.
advisor: setup
	$(FLASK) advisor build --if-missing --chances

run: run-deps migrate compile-translations
	@bash scripts/print-address.sh $(PORT) $(HOST)
	$(BIN)/python -m scorekeeper.server.serve --host $(HOST) --port $(PORT) --workers $(WORKERS) --threads $(THREADS)

dev: migrate compile-translations
	$(FLASK) run --debug --host 127.0.0.1 --port $(PORT)

# Ruff (lint and format) and mypy, configured in pyproject.toml.
lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The loop while working: every test but the browser and slow ones, without coverage, on two
# processes (pytest-xdist; each has its own PostgreSQL cluster, they share the coach's tables;
# worksteal: a process that runs out of tests takes half of what the other has not started).
# SQLite alone (a PostgreSQL database per test was half its time; `make test` runs both backends),
# a quarter of each Hypothesis budget (tests/support/examples.py), and bytecode caches kept even
# where the shell sets PYTHONDONTWRITEBYTECODE: re-compiling every test module costs 8 s a run.
test-fast: setup system-deps compile-translations
	env -u PYTHONDONTWRITEBYTECODE SCOREKEEPER_FAST_TESTS=1 \
		$(BIN)/python -m pytest -p no:cacheprovider -m 'not browser and not slow' -n 2 --dist worksteal \
		$(PYTEST_ARGS)

# Everything, as CI runs it: lint, the whole suite on two processes (CI has two cores; worksteal
# evens out their shares as they go), and every branch of the rules engine covered by the rules
# engine's own tests (tests/unit/rules; pytest-cov gathers the workers' coverage and pauses it
# during the other tests, see tests/conftest.py).
test: setup system-deps lint compile-translations
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -p no:cacheprovider -n 2 --dist worksteal \
		--cov=scorekeeper/rules --cov-branch --cov-report=term-missing:skip-covered \
		--cov-fail-under=100 $(PYTEST_ARGS)

bench: setup
	$(BIN)/python benchmarks/rules_bench.py
	$(BIN)/python benchmarks/web_bench.py
	$(BIN)/python benchmarks/poll_bench.py
	$(BIN)/python benchmarks/pdf_load_bench.py
	$(BIN)/python benchmarks/advisor_bench.py
	$(BIN)/python benchmarks/advisor_build_bench.py
	$(BIN)/python benchmarks/table_stats_bench.py

clean:
	rm -rf $(VENV) test-output .coverage .mypy_cache .ruff_cache
