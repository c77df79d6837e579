# The two commands a newcomer needs: `make demo` and `make test`. Each sets up .venv itself.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test lint unit soak bench clean browser

# The spectator page's test drives Debian's headless Chromium (no browser download at run time).
CHROMEDRIVER := /usr/bin/chromedriver
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(PY) -m dfg_bridge demo

lint: $(STAMP)
	$(PY) -m ruff check dfg_bridge tests
	$(PY) -m ruff format --check dfg_bridge tests
	$(PY) -m mypy dfg_bridge

browser: $(CHROMEDRIVER)

$(CHROMEDRIVER):
	@command -v apt-get >/dev/null || { echo "install chromium and its chromedriver (Debian: chromium chromium-driver)"; exit 1; }
	$(SUDO) apt-get update -q
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium chromium-driver

# The suite mostly waits (timers, a sim's round trips), so four workers fit two cores; JOBS=1 runs it serially.
# Whole files go to a worker, the longest first (tests/conftest.py, LONGEST_FILES), so none is left for last.
JOBS ?= 4

unit: $(STAMP) $(CHROMEDRIVER)
	$(PY) -m pytest -n $(JOBS) --dist loadfile --no-loadscope-reorder

test: lint unit

soak: $(STAMP)
	$(PY) -m pytest -m slow

bench: $(STAMP)
	$(PY) -m pytest -m bench -s

clean:
	rm -rf $(VENV) build *.egg-info
