# Two commands a newcomer needs: `make run` and `make test` (see README.md).
# Each creates .venv on first use and installs the project into it.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: install system clients-install run demo simulate schema client test test-faults test-repeat test-explore lint typecheck pytest bench bench-api bench-bots clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# openapi-typescript and TypeScript for the check of the generated types (tests/clients), from the
# lock file; node and npm come from the system.
NPM_STAMP := clients/typescript/node_modules/.installed-stamp
$(NPM_STAMP): clients/typescript/package-lock.json
	npm ci --prefix clients/typescript --no-audit --no-fund --loglevel=error
	touch $(NPM_STAMP)

clients-install: $(NPM_STAMP)

# The service on the embedded defaults (SQLite, a filesystem Celery broker): web and worker at
# http://127.0.0.1:8000, with demo users, bots and a batch of bot games queued.
run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo
	$(PY) manage.py serve 127.0.0.1:8000

demo: run

# The engine alone, from the command line.
simulate: install
	$(PY) -m engine simulate mulligan --players 4 --games 500 --seed 1 --bots heuristic,random,random,random

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check engine bench

typecheck: install
	$(VENV)/bin/mypy

# Debian packages the suite needs: Chromium for the browser tests (tests/browser, driven by
# Playwright, whose own browser download is never used) and bubblewrap, the sandbox submitted bots
# run in. Installed with apt when missing (as root, or with sudo).
CHROMIUM ?= /usr/bin/chromium
BWRAP ?= /usr/bin/bwrap
system:
	@test -x $(CHROMIUM) -a -x $(BWRAP) || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		echo "Installing Debian's chromium and bubblewrap for the tests"; \
		$$SUDO apt-get install -y -q chromium bubblewrap >/dev/null 2>&1 || \
		{ $$SUDO apt-get update -q >/dev/null && $$SUDO apt-get install -y -q chromium bubblewrap >/dev/null; }; \
	}
	@test -x $(CHROMIUM) || { echo "$(CHROMIUM) is missing and could not be installed"; exit 1; }
	@test -x $(BWRAP) || { echo "$(BWRAP) is missing and could not be installed"; exit 1; }

# The suite runs on the real services: PostgreSQL and Redis on this machine unless these are set.
# It runs in a new order each time (pytest-randomly prints `Using --randomly-seed=N`); the seeds the
# service draws are pinned per test from that number and the test's id, so
# `make pytest PYTEST_ARGS=--randomly-seed=N` repeats a run exactly.
PYTEST_ARGS ?=
pytest test-faults test-repeat test-explore: export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/mulligan_league
pytest test-faults test-repeat test-explore: export CELERY_BROKER_URL ?= redis://127.0.0.1:6379/15
pytest test-faults test-repeat test-explore: export CHROMIUM := $(CHROMIUM)
pytest: install system clients-install
	$(PY) -m pytest -n auto -m "not faults" $(PYTEST_ARGS)

# The adversarial suite (marker `faults`: tests/faults and the sandbox attacks): real workers on PostgreSQL and Redis, SIGKILLed, cut off from
# both and stopped as `serve` stops them, while a tournament runs. On its own, after the rest: its
# figures (a JSON line, FAULTS_FIGURES) are measured on a machine the other tests do not load.
test-faults: install
	$(PY) -m pytest -m faults -q $(PYTEST_ARGS)

# The proof that the suite gives the same answer every time: N whole runs in a row, each in another
# order with other pinned seeds. Stops at the first red run and prints the command that repeats it.
N ?= 10
test-repeat: install system clients-install
	@for run in $$(seq 1 $(N)); do \
		seed=$$($(PY) -c 'import secrets; print(secrets.randbelow(2**32))'); \
		echo "== run $$run of $(N): --randomly-seed=$$seed"; \
		$(PY) -m pytest -n auto -q --randomly-seed=$$seed $(PYTEST_ARGS) || { \
			echo "Run $$run of $(N) failed. Repeat it with: make pytest PYTEST_ARGS=--randomly-seed=$$seed"; \
			exit 1; }; \
	done; echo "$(N) of $(N) runs green"

# Hypothesis draws the same examples on every run of the suite (the `ci` profile); this explores
# new ones. A falsifying example it finds belongs in the test as an @example.
test-explore: install
	HYPOTHESIS_PROFILE=explore $(PY) -m pytest -n auto -q $(PYTEST_ARGS)

test: lint typecheck pytest test-faults

# The OpenAPI document as served on PostgreSQL (integer bounds follow the database's columns),
# committed so a change to the API shows in review (tests/games/test_api_schema_document.py). It is
# written only if its version allows what it takes away from the committed one: the changes are
# printed, and a change that breaks clients without a raised version stops here.
schema: export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/mulligan_league
schema: install
	DJANGO_SETTINGS_MODULE=mulligan_league.settings.test $(PY) manage.py spectacular --file $(VENV)/openapi.new.yaml
	$(PY) -m games.api.document_changes games/api/openapi.yaml $(VENV)/openapi.new.yaml
	mv $(VENV)/openapi.new.yaml games/api/openapi.yaml

# The document, then the Python client generated from it (clients/python/mulligan_league_client,
# openapi-python-client with clients/python/generator.yaml) and the TypeScript types
# (clients/typescript/schema.d.ts, not committed).
client: schema clients-install
	$(PY) clients/python/generate.py
	npm run --prefix clients/typescript --silent generate

bench: install bench-api
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev,bench]'
	$(PY) bench/engine_speed.py
	$(PY) bench/three_card.py
	$(PY) bench/ratings.py
	$(PY) bench/sprt.py

# The API at a real ladder's size against a bare Django view, on PostgreSQL and Redis (these URLs
# unless set). The first run seeds 100,000 players and 1,000,000 games into its own database (it
# says so: several minutes, once); BENCH_API_ARGS=--quick measures 2 s per figure instead of 10.
BENCH_API_ARGS ?=
bench-api: export BENCH_API_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/ml_bench
bench-api: export BENCH_API_REDIS_URL ?= redis://127.0.0.1:6379/12
bench-api: install
	$(PY) bench/api.py $(BENCH_API_ARGS)

# Bot protocol overhead (program bots in the sandbox, HTTP bots on loopback); needs bubblewrap.
bench-bots: install
	$(PY) bench/bots.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
