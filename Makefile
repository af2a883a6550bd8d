# Every target builds .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Every extra: the development environment has all of tradingfloor (see README, Packaging).
EXTRAS := server,sim,ray,rl,openspiel,train,bench,dev

.PHONY: venv serve play test lint format typecheck pytest bench constraints clean

venv: $(STAMP)

$(STAMP): pyproject.toml setup.py requirements/*.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c requirements/constraints.txt -e '.[$(EXTRAS)]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/tradingfloor serve

play: $(STAMP)
	$(BIN)/tradingfloor play middleman --seats you,heuristic,random

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

format: $(STAMP)
	$(BIN)/ruff format src tests benchmarks
	$(BIN)/ruff check --fix src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2 --dist loadgroup

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# The exact versions of the development environment (pip -c), from what .venv holds: a local
# version label (torch's +cpu) is dropped, so that the pin names the release.
constraints: $(STAMP)
	( echo '# Every package of the full development environment, pinned (pip -c). Regenerate with: make constraints'; \
	  $(BIN)/pip list --format=freeze --exclude-editable --exclude pip | sed 's/+[A-Za-z0-9.]*$$//' | sort -f ) \
	  > requirements/constraints.txt

clean:
	rm -rf $(VENV) build dist src/*.egg-info
