"""The game as players install it: the wheel (and the sdist) built from this tree, installed into
a fresh venv and run from a folder that is not the repository; and the one-file executable
PyInstaller builds from ``packaging/chabudai.spec``. Each must show the title and one table of
every game (headless ``chabudai screenshot``) and host a table that answers a probe.

The builds take minutes, so these tests are marked ``package`` and ``dist`` as well as ``slow``:
``make test`` leaves them out, ``make check-package`` and ``make dist-check`` run them (CI runs
both after ``make test``). ``--version`` is checked here quickly, in every run."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pygame
import pytest

import chabudai
from chabudai.net.client import probe
from chabudai.tools import cli

from .net.helpers import LOOPBACK, free_port

ROOT = Path(__file__).resolve().parent.parent
VERSION = chabudai.__version__
# The title and one table of each game: the quick set of `chabudai screenshot --only`.
SHOTS = ("title", "koikoi-table", "nanatoridori-choose-set", "nar-table", "nimalia-choose-2p")
WINDOWS = sys.platform == "win32"


def test_version_is_the_package_version(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"chabudai {VERSION}"


def test_the_installed_metadata_has_the_same_version():
    from importlib.metadata import version

    assert version("chabudai") == VERSION  # pyproject reads chabudai.__version__


# --- what a player's copy must do ---------------------------------------------------------------


def player_env(home: Path) -> dict[str, str]:
    """A player's environment: a home of its own, no repository on the path, no display."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "VIRTUAL_ENV", "XDG_", "CHABUDAI_"))
    }
    env.update(HOME=str(home), USERPROFILE=str(home), SDL_VIDEODRIVER="dummy")
    env["SDL_AUDIODRIVER"] = "dummy"
    return env


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 600):
    done = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, (command, done.stdout[-3000:], done.stderr[-3000:])
    return done


def plays_and_hosts(
    chabudai_command: list[str], where: Path, no_python: bool = False
) -> dict[str, float]:
    """Run an installed ``chabudai`` the way a player would, from ``where`` (not the repository):
    ``--version``, the title and a table of each game rendered headless, a whole game played by
    ``chabudai autoplay``, and ``chabudai host`` answering a probe on loopback; with ``no_python``, no Python on its PATH either. Returns the
    seconds each step took."""
    assert ROOT not in where.resolve().parents
    home = where / "home"
    home.mkdir()
    env = player_env(home)
    if no_python:
        (where / "empty").mkdir()
        env["PATH"] = str(where / "empty")
    seconds = {}

    start = time.perf_counter()
    done = run([*chabudai_command, "--version"], where, env)
    seconds["--version"] = time.perf_counter() - start
    assert done.stdout.strip() == f"chabudai {VERSION}"

    only = [word for name in SHOTS for word in ("--only", name)]
    start = time.perf_counter()
    run([*chabudai_command, "screenshot", "--out", str(where / "shots"), *only], where, env)
    seconds["screenshots"] = time.perf_counter() - start
    for name in SHOTS:
        image = pygame.image.load(str(where / "shots" / f"{name}.png"))
        assert image.get_size() == (1280, 720), name
        # drawn from the real art: many colours, not a blank or a fallback screen
        small = pygame.transform.scale(image, (64, 36))
        colours = {small.get_at((x, y))[:3] for x in range(64) for y in range(36)}
        assert len(colours) > 200, (name, len(colours))

    # a whole game through the real client, a bot clicking at the player's seat
    start = time.perf_counter()
    done = run([*chabudai_command, "autoplay", "--game", "nanatoridori", "--seed", "1"], where, env)
    seconds["autoplay"] = time.perf_counter() - start
    assert "game over" in done.stdout, done.stdout

    port = free_port()
    host = subprocess.Popen(
        [
            *chabudai_command, "host", "--game", "koikoi", "--name", "Packaged table",
            "--no-advertise", "--bind", LOOPBACK, "--port", str(port),
            "--data-dir", str(where / "tables"),
        ],
        cwd=where, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        start = time.perf_counter()
        line = host.stdout.readline()  # "<name> (Koi-Koi, 2 seats) at 127.0.0.1:PORT"
        seconds["host"] = time.perf_counter() - start
        assert f"{LOOPBACK}:{port}" in line, (line, host.stderr.read() if host.poll() else "")
        info = asyncio.run(probe(LOOPBACK, port))
        assert info is not None and info["tables"][0]["name"] == "Packaged table"
    finally:
        if WINDOWS:
            host.terminate()
        else:
            host.send_signal(signal.SIGINT)  # Ctrl-C: the host stops cleanly
        _, errors = host.communicate(timeout=20)
    assert WINDOWS or host.returncode == 0, errors
    assert any((where / "tables").glob("*.table"))  # it saved its table where it was told
    return seconds


# --- the wheel and the sdist --------------------------------------------------------------------


def venv_command(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if WINDOWS else "bin") / (name + (".exe" if WINDOWS else ""))


@pytest.mark.slow
@pytest.mark.package
def test_the_wheel_installs_into_a_fresh_venv_and_plays_from_anywhere(tmp_path):
    built = tmp_path / "built"
    # The sdist first, then the wheel built from the sdist (python -m build's default), so a file
    # missing from the sdist fails here too. --no-isolation: the test venv's own setuptools, no
    # build venv to fill from the package index each time.
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(built), str(ROOT)], ROOT)
    (wheel,) = built.glob("chabudai-*.whl")
    (sdist,) = built.glob("chabudai-*.tar.gz")

    names = zipfile.ZipFile(wheel).namelist()
    assert {n.split("/")[0] for n in names} == {"chabudai", f"chabudai-{VERSION}.dist-info"}
    shipped = {n.removeprefix("chabudai/") for n in names}
    assets = [
        p.relative_to(ROOT / "chabudai").as_posix() for p in ROOT.glob("chabudai/assets/**/*")
    ]
    missing = [a for a in assets if (ROOT / "chabudai" / a).is_file() and a not in shipped]
    assert not missing, missing
    assert {"assets/fonts/Cantarell-OFL.txt", "assets/fonts/CherryBomb-OFL.txt"} <= shipped
    with tarfile.open(sdist) as archive:
        in_sdist = {n.split("/", 1)[-1] for n in archive.getnames()}
    assert {"tests/test_packaging.py", "CHANGELOG.md", "chabudai/assets/ui/logo.png"} <= in_sdist

    venv = tmp_path / "venv"
    where = tmp_path / "elsewhere"
    where.mkdir()
    run([sys.executable, "-m", "venv", str(venv)], where)
    pip = [str(venv_command(venv, "python")), "-m", "pip", "--disable-pip-version-check"]
    run([*pip, "install", "--quiet", str(wheel)], where)  # the dependencies: pip's configured index
    done = run(
        [str(venv_command(venv, "python")), "-c", "import chabudai; print(chabudai.__file__)"],
        where,
        player_env(where),
    )
    assert "site-packages" in done.stdout and str(ROOT) not in done.stdout

    seconds = plays_and_hosts([str(venv_command(venv, "chabudai"))], where)
    sizes = f"wheel {wheel.stat().st_size / 1e6:.1f} MB, sdist {sdist.stat().st_size / 1e6:.1f} MB"
    print(sizes, {k: round(v, 2) for k, v in seconds.items()})


# --- the one-file executable --------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.dist
def test_the_one_file_executable_plays_and_hosts(tmp_path):
    """CHABUDAI_EXE names an executable already built (make dist-check sets it); otherwise this
    test builds one with PyInstaller, and skips where PyInstaller is not installed."""
    given = os.environ.get("CHABUDAI_EXE")
    if given:
        executable = Path(given).resolve()
        assert executable.is_file(), f"CHABUDAI_EXE={given} does not exist (run make dist)"
    else:
        pytest.importorskip("PyInstaller", reason="PyInstaller is not installed (make dist does)")
        spec = ROOT / "packaging" / "chabudai.spec"
        work = tmp_path / "work"
        command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
        run([*command, "--distpath", str(tmp_path), "--workpath", str(work), str(spec)], ROOT)
        executable = tmp_path / ("chabudai.exe" if WINDOWS else "chabudai")
    where = tmp_path / "elsewhere"
    where.mkdir()
    seconds = plays_and_hosts([str(executable)], where, no_python=True)
    print(f"executable {executable.stat().st_size / 1e6:.1f} MB", seconds)
