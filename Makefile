# Two commands: `make play` to play, `make test` to test (README.md).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test test-fast lint format bench clean

$(BIN)/python:
	@echo "Setting up $(VENV) (first run only)…"
	@$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $(STAMP)

# Exit status 2 means "no display": the client has already said so and how to host headless,
# so make adds no error line of its own.
play: $(STAMP)
	@$(BIN)/chabudai; status=$$?; [ $$status -eq 0 ] || [ $$status -eq 2 ] || exit $$status

# The whole suite (CI runs this).
test: $(STAMP)
	$(HEADLESS) $(BIN)/python -m pytest

# While working: everything but the tests marked slow (property runs, multi-process games).
test-fast: $(STAMP)
	$(HEADLESS) $(BIN)/python -m pytest -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: $(STAMP)
	for b in engines bots net client; do $(HEADLESS) $(BIN)/python -m chabudai.tools.bench $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
