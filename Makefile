# The two entry points a new user needs: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install demo test bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[cuda,dev]'
	touch $(STAMP)

demo: install
	$(BIN)/python scripts/demo.py

test: install
	$(BIN)/python -m pytest -q -ra --durations=25 -n 2 --dist loadfile

clean:
	rm -rf $(VENV) build .pytest_cache demo-out
