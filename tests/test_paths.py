"""chabudai.paths: each system's folders through platformdirs, and the move of the files older
versions left in the Linux folders (every system used those before). The macOS layout is
exercised on any system with platformdirs' own macOS class and a fake home folder."""

from __future__ import annotations

import json
import sys

import platformdirs.macos
import pytest

from chabudai import paths
from chabudai.game import settings as settings_module
from chabudai.tools import cli

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG layout")


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fake home folder with no XDG variables set."""
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def as_macos(home, monkeypatch):
    """Folders as platformdirs gives them on macOS (under the fake home)."""
    monkeypatch.setattr(
        paths, "_dirs", lambda: platformdirs.macos.MacOS(paths.APP_NAME, appauthor=False)
    )
    return home / "Library" / "Application Support" / "chabudai"


def old_files(home):
    """What an older version left: settings and a saved table, in the Linux folders."""
    config = home / ".config" / "chabudai"
    data = home / ".local" / "share" / "chabudai"
    config.mkdir(parents=True)
    data.mkdir(parents=True)
    (config / "settings.json").write_text(json.dumps({"name": "Aiko"}), encoding="utf-8")
    (data / "0123456789ab.table").write_bytes(b"saved table")
    return config, data


@linux_only
def test_linux_folders_follow_xdg(home, monkeypatch):
    assert paths.config_dir() == home / ".config" / "chabudai"
    assert paths.data_dir() == home / ".local" / "share" / "chabudai"
    assert paths.cache_dir() == home / ".cache" / "chabudai"
    assert settings_module.config_path() == home / ".config" / "chabudai" / "settings.json"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "c"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "d"))
    assert paths.config_dir() == home / "c" / "chabudai"
    assert paths.data_dir() == home / "d" / "chabudai"


@linux_only
def test_on_linux_nothing_moves(home):
    config, data = old_files(home)
    assert paths.migrate() == []
    assert (config / "settings.json").is_file() and (data / "0123456789ab.table").is_file()


def test_old_linux_files_move_to_the_new_folders(as_macos, home):
    config, data = old_files(home)
    messages = paths.migrate()
    assert (as_macos / "settings.json").is_file()
    assert (as_macos / "0123456789ab.table").read_bytes() == b"saved table"
    assert not config.exists() and not data.exists()  # the emptied old folders are gone
    assert len(messages) == 2 and all(m.startswith("moved 1 file(s) from") for m in messages)
    # the settings are read from the new place
    loaded, message = settings_module.load()
    assert message is None and loaded.name == "Aiko"
    assert paths.migrate() == []  # the next start has nothing to do


def test_a_file_already_in_the_new_folder_is_never_overwritten(as_macos, home):
    config, _ = old_files(home)
    as_macos.mkdir(parents=True)
    (as_macos / "settings.json").write_text(json.dumps({"name": "Kenji"}), encoding="utf-8")
    messages = paths.migrate()
    assert json.loads((as_macos / "settings.json").read_text(encoding="utf-8")) == {"name": "Kenji"}
    assert (config / "settings.json").is_file()  # left where it was, and the player is told
    assert any("kept settings.json" in m for m in messages)
    assert (as_macos / "0123456789ab.table").is_file()


def test_the_command_moves_old_files_before_it_runs(as_macos, home, capsys):
    old_files(home)
    assert cli.main(["sim", "koikoi", "--games", "1", "--seed", "1"]) == 0
    assert (as_macos / "settings.json").is_file()
    assert "moved 1 file(s)" in capsys.readouterr().err
