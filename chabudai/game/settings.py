"""Player settings (name, volume, animation speed, fullscreen, replays kept) kept in the user's config folder.

The file is ``settings.json`` in the system's config folder for Chabudai (``chabudai.paths``:
``~/.config/chabudai`` on Linux, ``~/Library/Application Support/chabudai`` on macOS,
``%LOCALAPPDATA%\\chabudai`` on Windows). A file that cannot be read is never overwritten
silently: it is copied to ``settings.json.bad`` first and the defaults are used, with a message
for the player.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from chabudai import paths

ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
NAME_LIMIT = 20


@dataclass
class Settings:
    name: str = "Player"
    volume: float = 0.7  # 0.0 .. 1.0
    animation_speed: float = 1.0  # tween time is divided by this
    fullscreen: bool = False
    replay_limit: int = 1000  # games kept in History besides the starred ones

    def clean(self) -> Settings:
        """Clamp every field into its allowed range (hand-edited files)."""
        name = " ".join(str(self.name).split())[:NAME_LIMIT] or "Player"
        volume = min(1.0, max(0.0, float(self.volume)))
        speed = min(4.0, max(0.25, float(self.animation_speed)))
        limit = min(100_000, max(10, int(self.replay_limit)))
        return Settings(name, round(volume, 2), speed, bool(self.fullscreen), limit)


def config_path() -> Path:
    """Where the settings live."""
    return paths.config_dir() / "settings.json"


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """Read the settings: ``(settings, message)``; message is None unless something was wrong."""
    path = path or config_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        return Settings(), f"could not read {path} ({error.strerror}); using default settings"
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("the file does not hold a JSON object")
        known = {f.name for f in fields(Settings)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown setting(s) {', '.join(unknown)}")
        return Settings(**data).clean(), None
    except (ValueError, TypeError) as error:
        bad = path.with_name(path.name + ".bad")
        try:
            shutil.copyfile(path, bad)
            kept = f"; the old file is kept as {bad}"
        except OSError:
            kept = ""
        return Settings(), f"settings file {path} is damaged ({error}); using defaults{kept}"


def save(settings: Settings, path: Path | None = None) -> None:
    """Write atomically (temporary file, then rename) so a crash never leaves half a file."""
    write_json(path or config_path(), asdict(settings.clean()))


def write_json(path: Path, data: object) -> None:
    """Write ``data`` as JSON to ``path`` atomically (a temporary file beside it, then a rename),
    making the folder if needed: a crash leaves the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=2)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
