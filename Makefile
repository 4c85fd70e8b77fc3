# Two commands: `make play` to play, `make test` to test (README.md). Releases: `make dist`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

DIST_STAMP := $(VENV)/.dist-installed
EXE := $(if $(filter Windows_NT,$(OS)),.exe,)

.PHONY: play test test-fast lint format bench clean check-package dist dist-check

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

# The whole suite (CI runs this), but for the packaging builds: they take minutes, so they have
# targets of their own below (CI runs those too, after this one).
test: $(STAMP)
	$(HEADLESS) $(BIN)/python -m pytest -m "not package and not dist"

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

# The wheel and sdist built, installed into a fresh venv and played from another folder.
check-package: $(STAMP)
	$(HEADLESS) $(BIN)/python -m pytest -m package tests/test_packaging.py

# PyInstaller is a build tool only (the `dist` extra), never part of an install.
$(DIST_STAMP): $(STAMP)
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,dist]' \
		|| echo "PyInstaller could not be installed here: make dist fails, make dist-check skips"
	@touch $@

# A release: dist/ holds the wheel, the sdist and the one-file executable for this system.
dist: $(DIST_STAMP)
	rm -rf dist
	$(BIN)/python -m build --no-isolation --outdir dist .
	$(BIN)/python -m PyInstaller --noconfirm --log-level WARN --distpath dist \
		--workpath build/pyinstaller packaging/chabudai.spec
	@ls -l dist

# The executable that `make dist` builds, checked as a player would use it (plays, hosts); the
# test skips, saying why, where PyInstaller cannot be installed.
dist-check: $(DIST_STAMP)
	@if $(BIN)/python -c "import PyInstaller" 2>/dev/null; then \
		$(MAKE) --no-print-directory dist && export CHABUDAI_EXE=dist/chabudai$(EXE); fi; \
	$(HEADLESS) $(BIN)/python -m pytest -m dist tests/test_packaging.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis
