"""Player settings (name, language, volume, animation speed, fullscreen, replays kept) kept in
the user's config folder.

The file is ``settings.json`` in the system's config folder for Chabudai (``chabudai.paths``:
``~/.config/chabudai`` on Linux, ``~/Library/Application Support/chabudai`` on macOS,
``%LOCALAPPDATA%\\chabudai`` on Windows). A file that cannot be read is never overwritten
silently: it is copied to ``settings.json.bad`` first and the defaults are used, with a message
for the player. The settings are read before the language is known, so that message is a
:class:`chabudai.i18n.Notice`: English where it is printed, worded in the player's language where it is shown.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from chabudai import paths
from chabudai.i18n import LANGUAGES, N_, Notice

ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
NAME_LIMIT = 20


@dataclass
class Settings:
    name: str = "Player"
    volume: float = 0.7  # 0.0 .. 1.0
    animation_speed: float = 1.0  # tween time is divided by this
    fullscreen: bool = False
    replay_limit: int = 1000  # games kept in History besides the starred ones
    language: str = ""  # a code of chabudai.i18n.LANGUAGES; "" (never chosen): the system's

    def clean(self) -> Settings:
        """Clamp every field into its allowed range (hand-edited files); a language that is not
        one of ours is forgotten (the system's is used)."""
        name = " ".join(str(self.name).split())[:NAME_LIMIT] or "Player"
        volume = min(1.0, max(0.0, float(self.volume)))
        speed = min(4.0, max(0.25, float(self.animation_speed)))
        limit = min(100_000, max(10, int(self.replay_limit)))
        language = self.language if isinstance(self.language, str) else ""
        return Settings(
            name=name,
            volume=round(volume, 2),
            animation_speed=speed,
            fullscreen=bool(self.fullscreen),
            replay_limit=limit,
            language=language if language in LANGUAGES else "",
        )


def config_path() -> Path:
    """Where the settings live."""
    return paths.config_dir() / "settings.json"


def load(path: Path | None = None) -> tuple[Settings, Notice | None]:
    """Read the settings: ``(settings, message)``; message is None unless something was wrong
    (a :class:`Notice`: the language is not known yet). A file without a later field (an older
    version's) gets that field's default."""
    path = path or config_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        message = N_("Could not read {path} ({reason}); using the default settings.")
        return Settings(), Notice(message, path=str(path), reason=error.strerror)
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError(Notice(N_("the file does not hold a JSON object")))
        known = {f.name for f in fields(Settings)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(Notice(N_("unknown settings: {names}"), names=", ".join(unknown)))
        return Settings(**data).clean(), None
    except (ValueError, TypeError) as error:
        reason = error.args[0] if error.args and isinstance(error.args[0], Notice) else str(error)
        bad = path.with_name(path.name + ".bad")
        try:
            shutil.copyfile(path, bad)
        except OSError:
            message = N_("The settings file {path} is damaged ({reason}); using the defaults.")
            return Settings(), Notice(message, path=str(path), reason=reason)
        message = N_(
            "The settings file {path} is damaged ({reason}); using the defaults. "
            "The old file is kept as {bad}."
        )
        return Settings(), Notice(message, path=str(path), reason=reason, bad=str(bad))


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
