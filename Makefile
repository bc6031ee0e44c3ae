# Scorekeeper: `make run` serves the app, `make test` runs every test. Both set everything up.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 5000
WORKERS ?= 2
THREADS ?= 4
FLASK := $(BIN)/flask --app scorekeeper

.PHONY: run dev test setup system-deps run-deps migrate advisor bench clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)

# Re-installs when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/activate
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

setup: $(VENV)/.installed

# Debian packages: the tests need Chromium, poppler and PostgreSQL; serving needs only Pango and fonts.
system-deps:
	@bash scripts/system-deps.sh test

run-deps:
	@bash scripts/system-deps.sh run

migrate: setup
	$(FLASK) db upgrade

# Builds the coach's tables only where missing (a few seconds each).
advisor: setup
	$(FLASK) advisor build --if-missing

run: run-deps migrate advisor
	@bash scripts/print-address.sh $(PORT)
	$(BIN)/gunicorn --bind $(HOST):$(PORT) --workers $(WORKERS) --threads $(THREADS) \
		--config python:scorekeeper.gunicorn_conf \
		'scorekeeper.wsgi:app'

dev: migrate
	$(FLASK) run --debug --host 127.0.0.1 --port $(PORT)

test: setup system-deps
	$(BIN)/coverage erase
	$(BIN)/coverage run -m pytest -p no:cacheprovider $(PYTEST_ARGS)
	$(BIN)/coverage report --include='scorekeeper/rules/*' --fail-under=100

bench: setup
	$(BIN)/python benchmarks/rules_bench.py
	$(BIN)/python benchmarks/web_bench.py
	$(BIN)/python benchmarks/poll_bench.py
	$(BIN)/python benchmarks/advisor_bench.py

clean:
	rm -rf $(VENV) test-output .coverage
