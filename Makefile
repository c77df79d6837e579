# The two commands a newcomer needs: `make demo` and `make test`. Each sets up .venv itself.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test lint unit soak bench clean browser native

# The spectator page's test drives Debian's headless Chromium (no browser download at run time).
CHROMEDRIVER := /usr/bin/chromedriver
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	DFG_BRIDGE_PURE=1 $(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

# The engine's hot modules compiled by mypyc (dfg_bridge/engine/native.py, setup.py), built in place and
# rebuilt whenever an engine source changes (compiled code may hold constants of the modules it imports),
# so that a compiled module never runs older code than its source (tests/engine/test_native.py).
ENGINE := $(wildcard dfg_bridge/engine/*.py dfg_bridge/engine/cpu/*.py)
NATIVE := $(VENV)/.native

$(NATIVE): $(STAMP) $(ENGINE) setup.py
	$(PY) -m pip install -q --no-deps -e .
	touch $(NATIVE)

native: $(NATIVE)

demo: $(NATIVE)
	$(PY) -m dfg_bridge demo

lint: $(STAMP)
	$(PY) -m ruff check dfg_bridge tests conftest.py setup.py
	$(PY) -m ruff format --check dfg_bridge tests conftest.py setup.py
	$(PY) -m mypy dfg_bridge

browser: $(CHROMEDRIVER)

$(CHROMEDRIVER):
	@command -v apt-get >/dev/null || { echo "install chromium and its chromedriver (Debian: chromium chromium-driver)"; exit 1; }
	$(SUDO) apt-get update -q
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium chromium-driver

# The suite mostly waits (timers, a sim's round trips), so four workers fit two cores; JOBS=1 runs it serially.
# Whole files go to a worker, the longest first (tests/conftest.py, LONGEST_FILES), so none is left for last.
JOBS ?= 4

unit: $(NATIVE) $(CHROMEDRIVER)
	$(PY) -m pytest -n $(JOBS) --dist loadfile --no-loadscope-reorder

test: lint unit

soak: $(NATIVE)
	$(PY) -m pytest -m slow

bench: $(NATIVE)
	$(PY) -m pytest -m bench -s

clean:
	rm -rf $(VENV) build *.egg-info dfg_bridge_native__mypyc*.so
	find dfg_bridge -name '*.so' -delete
