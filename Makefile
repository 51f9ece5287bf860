# Two entry points for people: `make play` and `make test`. Both build .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench fuzz mutate mutate-sample lint clean
# Compiled modules are kept (__pycache__, ignored by git) even where the environment
# says not to: without them every test worker and every game started by a test compiles
# the code again and pytest rewrites each test file's asserts again (6 s a worker).
unexport PYTHONDONTWRITEBYTECODE

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python main.py

# Two workers that take each other's tests when one runs dry: the fuzzer's long runs no
# longer leave one core idle at the end (2 min 28 s against 2 min 44 s here). mypy checks
# the types meanwhile (its first run on a fresh clone takes 16 s) and speaks after them.
test: $(STAMP)
	$(BIN)/ruff check .
	@log=$$(mktemp); $(BIN)/mypy > $$log 2>&1 & mypy=$$!; \
	echo "pytest, with mypy beside it"; \
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 \
		$(BIN)/python -m pytest -q -n 2 --dist worksteal; tests=$$?; \
	wait $$mypy; typed=$$?; echo "mypy:"; cat $$log; rm -f $$log; \
	test $$tests -eq 0 && test $$typed -eq 0

# `make bench` prints every speed and strength figure (an hour or more: the computer
# players play thousands of games); `make bench BENCHES=tools.bench_hands` runs one.
BENCHES ?= tools.bench tools.bench_hands tools.bench_poker_squares \
	tools.bench_poker_squares_options tools.bench_poker_squares_hint tools.bench_draw_poker \
	tools.bench_chinese_poker tools.bench_milligan tools.bench_net tools.bench_focus
# Every figure also goes to bench-out/figures.jsonl; the summary (a table, and
# bench-out/summary.json) marks each against its target, with the machine's load.
bench: $(STAMP)
	mkdir -p bench-out && rm -f bench-out/figures.jsonl
	for module in $(BENCHES); do \
		echo "== $$module"; \
		BENCH_FIGURES=bench-out/figures.jsonl SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
			PYGAME_HIDE_SUPPORT_PROMPT=1 $(BIN)/python -m $$module || exit 1; \
	done
	$(BIN)/python -m tools.bench_summary

# `make fuzz` sends a million random events through every scene; SEED=S replays a run.
SEED ?= $(shell $(PY) -c 'import random; print(random.randrange(2**31))')
EVENTS ?= 1000000
fuzz: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 \
		$(BIN)/python main.py fuzz --events $(EVENTS) --seed $(SEED) --json

# `make mutate` plants small bugs in game/rules and game/replay (mutmut; slow: an hour
# or more for all of them) and lists the ones no test caught; MUTANTS="game.rules.hands.*"
# tries one module. Survivors: `$(BIN)/mutmut results`, one of them: `mutmut show NAME`.
MUTANTS ?=
mutate: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[test,mutation]"
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 \
		$(BIN)/mutmut run $(foreach m,$(MUTANTS),'$(m)')
	$(BIN)/mutmut results

# `make mutate-sample` tries a seeded random sample of the mutants (SAMPLE=300: a quarter
# of an hour on one core) and prints the sample's score with its interval and survivors.
SAMPLE ?= 300
mutate-sample: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[test,mutation]"
	test -d mutants || SDL_VIDEODRIVER=dummy $(BIN)/mutmut run 'game.rules.hands.x__high__mutmut_1'
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 \
		$(BIN)/mutmut run --max-children 1 $$($(BIN)/python -m tools.mutant_sample $(SAMPLE))
	$(BIN)/python -m tools.mutant_sample $(SAMPLE) --score

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) build *.egg-info
