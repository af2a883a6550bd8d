# Every target builds .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Every extra: the development environment has all of tradingfloor (see README, Packaging).
EXTRAS := server,sim,ray,rl,openspiel,train,bench,dev

.PHONY: venv compiled serve play test lint format typecheck pytest bench constraints clean

venv: $(STAMP)

$(STAMP): pyproject.toml setup.py requirements/*.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c requirements/constraints.txt -e '.[$(EXTRAS)]'
	touch $(STAMP)

# The rules modules built with mypyc into build/compiled/, used while they match these sources
# (src/tradingfloor/compiled.py); an edit of one rebuilds them. Without a C compiler or Python's
# headers the build warns and the pure Python runs: the same engine, slower.
COMPILED_SOURCES := $(addprefix src/tradingfloor/,core/draws.py core/rng.py core/spaces.py core/unvalidated.py \
	games/middleman/allocation.py games/middleman/rules.py games/middleman/spaces.py \
	games/middleman/state.py games/businessmen/draft.py games/businessmen/flow.py \
	games/businessmen/menus.py games/businessmen/rules.py games/businessmen/spaces.py \
	games/businessmen/state.py games/businessmen/table.py)
# Merlin's rules, state records and content (not its options or views: they stay Python classes)
COMPILED_SOURCES += $(addprefix src/tradingfloor/games/merlin/,bankruptcy.py cards.py \
	clones.py content.py economy.py ledger.py market.py market_upkeep.py memo.py permits.py production.py records.py \
	rulebook.py rules.py seasons.py spaces.py state.py tableau.py taxes.py turn_order.py \
	turns.py magic/crowns.py magic/decrees.py magic/exits.py magic/golem_fights.py magic/golems.py \
	magic/labs.py magic/potions.py magic/reading_effects.py magic/readings.py \
	magic/restrict.py magic/shops.py \
	magic/spells.py magic/state.py magic/table.py magic/votes.py \
	finance/auctions.py finance/bids.py finance/chauffeurs.py finance/debts.py \
	finance/futures.py finance/insurance.py finance/items.py finance/loans.py \
	finance/markets.py finance/offers.py finance/payouts.py finance/places.py \
	finance/securities.py finance/settlement.py finance/state.py finance/table.py \
	finance/trades.py)
# The menu and observation of Merlin's RL encoder
COMPILED_SOURCES += $(addprefix src/tradingfloor/rl/merlin/,menu.py graded.py listed.py writing.py \
	observation.py observation_economy.py observation_finance.py observation_magic.py)

compiled: build/compiled/manifest.json

build/compiled/manifest.json: $(STAMP) $(COMPILED_SOURCES) src/tradingfloor/compiling.py
	TRADINGFLOOR_PURE=1 $(BIN)/python -m tradingfloor.compiling $(COMPILED_SOURCES)

serve: $(STAMP) compiled
	$(BIN)/tradingfloor serve

play: $(STAMP) compiled
	$(BIN)/tradingfloor play middleman --seats you,heuristic,random

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

format: $(STAMP)
	$(BIN)/ruff format src tests benchmarks
	$(BIN)/ruff check --fix src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP) compiled
	$(BIN)/pytest -n 2 --dist loadgroup

test: lint typecheck pytest

bench: $(STAMP) compiled
	$(BIN)/python -m benchmarks

# The exact versions of the development environment (pip -c), from what .venv holds: a local
# version label (torch's +cpu) is dropped, so that the pin names the release.
constraints: $(STAMP)
	( echo '# Every package of the full development environment, pinned (pip -c). Regenerate with: make constraints'; \
	  $(BIN)/pip list --format=freeze --exclude-editable --exclude pip | sed 's/+[A-Za-z0-9.]*$$//' | sort -f ) \
	  > requirements/constraints.txt

clean:
	rm -rf $(VENV) build dist src/*.egg-info
