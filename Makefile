# Two entry points for people: `make play` and `make test`. Both build .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench fuzz lint clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python main.py

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 \
		$(BIN)/python -m pytest -q
	$(BIN)/ruff check .

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 \
		$(BIN)/python -m tools.bench

# `make fuzz` sends a million random events through every scene; SEED=S replays a run.
SEED ?= $(shell $(PY) -c 'import random; print(random.randrange(2**31))')
EVENTS ?= 1000000
fuzz: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 \
		$(BIN)/python main.py fuzz --events $(EVENTS) --seed $(SEED) --json

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) build *.egg-info
