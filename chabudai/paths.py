"""Where Chabudai keeps its files on this computer: settings, saved tables, caches.

``platformdirs`` gives each system's own place: on Linux the XDG folders (``~/.config/chabudai``,
``~/.local/share/chabudai``, ``~/.cache/chabudai``, or under ``$XDG_CONFIG_HOME`` and friends), on
macOS ``~/Library/Application Support/chabudai`` and ``~/Library/Caches/chabudai``, on Windows
``%LOCALAPPDATA%\\chabudai``.

Before this module every system used the Linux folders. :func:`migrate` moves files from those
folders to the new ones on the first start after the change (on Linux the folders are the same, so
nothing moves). It never overwrites a file that is already in the new place.

This module sits at the top of the package and imports only the standard library and
platformdirs, so ``chabudai.net``, ``chabudai.game`` and ``chabudai.tools`` may all use it.
Nothing here touches the disk at import time.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

import platformdirs

APP_NAME = "chabudai"


def _dirs() -> platformdirs.PlatformDirs:
    # appauthor=False: no vendor folder level on Windows (…\AppData\Local\chabudai).
    return platformdirs.PlatformDirs(APP_NAME, appauthor=False)


def config_dir() -> Path:
    """The folder for the player's settings (and what lives next to them)."""
    return _dirs().user_config_path


def data_dir() -> Path:
    """The folder for saved tables (``chabudai host``'s default ``--data-dir``)."""
    return _dirs().user_data_path


def cache_dir() -> Path:
    """The folder for files that may be deleted at any time and made again."""
    return _dirs().user_cache_path


# --- the folders used before platformdirs -----------------------------------------------------


def _xdg(variable: str, *fallback: str) -> Path:
    base = os.environ.get(variable) or os.path.join(os.path.expanduser("~"), *fallback)
    return Path(base) / APP_NAME


def legacy_dirs() -> dict[str, Path]:
    """The folders every system used before: the XDG folders, as Linux has them (nothing was
    cached then, so there is no old cache folder)."""
    return {
        "config": _xdg("XDG_CONFIG_HOME", ".config"),
        "data": _xdg("XDG_DATA_HOME", ".local", "share"),
    }


def current_dirs() -> dict[str, Path]:
    return {"config": config_dir(), "data": data_dir()}


def migrate(old: dict[str, Path] | None = None, new: dict[str, Path] | None = None) -> list[str]:
    """Move the files of each old folder into its new folder when the two differ.

    Returns one line per thing to tell the player (what moved, what was left where and why).
    A name already present in the new folder stays where it is in the old one; an old folder left
    empty is removed. Errors are reported, never raised: the game starts anyway with what it has.
    """
    old = legacy_dirs() if old is None else old
    new = current_dirs() if new is None else new
    messages: list[str] = []
    for kind, source in old.items():
        target = new[kind]
        if _same(source, target) or not source.is_dir():
            continue
        try:
            entries = sorted(source.iterdir())
        except OSError as error:
            messages.append(f"could not read {source} ({error.strerror}); left it there")
            continue
        moved, kept = 0, []
        for entry in entries:
            destination = target / entry.name
            if destination.exists() or destination.is_symlink():
                kept.append(entry.name)
                continue
            try:
                target.mkdir(parents=True, exist_ok=True)
                shutil.move(str(entry), str(destination))
                moved += 1
            except OSError as error:
                messages.append(f"could not move {entry} to {target} ({error.strerror})")
        if moved:
            messages.append(f"moved {moved} file(s) from {source} to {target}")
        if kept:
            messages.append(f"kept {', '.join(kept)} in {source}: {target} already has them")
        with contextlib.suppress(OSError):
            source.rmdir()  # only when it is empty now
    return messages


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b
