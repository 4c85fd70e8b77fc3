"""Table saves: one msgpack file per table, written atomically after every change.

A save is written to a temporary file in the same directory, flushed to disk (``fsync``) and moved
over the old file with ``os.replace``, so a crash at any moment leaves either the old or the new
save, never a torn one. A save that cannot be read is moved aside (``*.corrupt-<time>``), reported
in words and never deleted.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from pathlib import Path
from typing import Any

import msgpack

SUFFIX = ".table"
_TID = re.compile(r"^[0-9a-f]{6,32}$")


class TableStore:
    """The save files of one host, in ``directory``."""

    def __init__(self, directory: Path | str) -> None:
        self.directory = Path(directory)

    def path(self, tid: str) -> Path:
        if not _TID.match(tid):
            raise ValueError(f"bad table id {tid!r}")
        return self.directory / f"{tid}{SUFFIX}"

    def save(self, data: dict[str, Any]) -> None:
        """Write one table's save atomically (temp file, fsync, replace, fsync the directory)."""
        self.directory.mkdir(parents=True, exist_ok=True)
        target = self.path(data["tid"])
        payload = msgpack.packb(data, use_bin_type=True)
        temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        with open(temp, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
        self._sync_directory()

    def _sync_directory(self) -> None:
        with contextlib.suppress(OSError):  # not every platform lets a directory be opened
            fd = os.open(self.directory, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)

    def load_all(self) -> tuple[list[tuple[Path, dict[str, Any]]], list[str]]:
        """Every readable save as ``(path, data)``, plus one message per save moved aside."""
        found: list[tuple[Path, dict[str, Any]]] = []
        problems: list[str] = []
        if not self.directory.is_dir():
            return found, problems
        for path in sorted(self.directory.glob(f"*{SUFFIX}")):
            try:
                data = msgpack.unpackb(path.read_bytes(), raw=False, strict_map_key=False)
                if not isinstance(data, dict) or not _TID.match(str(data.get("tid", ""))):
                    raise ValueError("not a table save")
            except Exception as error:
                problems.append(self.set_aside(path, f"unreadable ({error})"))
                continue
            found.append((path, data))
        return found, problems

    def set_aside(self, path: Path, why: str) -> str:
        """Rename a bad save to ``<name>.corrupt-<time>`` and return a message saying so."""
        aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            os.replace(path, aside)
        except OSError as error:
            return f"table save {path} is {why}; could not move it aside: {error}"
        return f"table save {path} is {why}; kept as {aside.name}, the host goes on without it"
