"""The record of a tournament: its finished deal groups, so a long run can stop and go on.

``chabudai tournament … --record FILE`` appends each deal group to FILE the moment its last game
ends, as one JSON line. Run the same command again and the groups already in FILE are read back
instead of played: a run stopped with Ctrl-C (or by a crash, or the machine going down) goes on
where it stopped, and a larger ``--games`` adds deal groups to the ones already measured.

The first line is the header: what every game of the tournament shares (game, seats, options,
bots, the hard bot's budget, the first seed, duplicate or not). A record written by another
tournament is refused with the difference named, and the file is left as it is. A last line cut
short (the process was killed while writing it) is dropped with a warning; any other damage is an
error that names the line, and nothing is overwritten.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from chabudai.tools.usage import UsageError

__all__ = ["FORMAT", "TournamentRecord"]

FORMAT = "chabudai tournament record 1"


class TournamentRecord:
    """An open record file: the groups read back from it, and appending finished ones."""

    def __init__(self, path: Path, groups: dict[int, list[dict[str, Any]]]) -> None:
        self.path = path
        #: group number -> its games as recorded (dicts), as read when the file was opened
        self.groups = groups

    @classmethod
    def open(cls, path: str | os.PathLike[str], header: dict[str, Any]) -> TournamentRecord:
        """Read the record at ``path`` (creating it with ``header`` if it does not exist).

        Raises :class:`UsageError` when the file is not a record, records another tournament
        (its header differs from ``header``) or has a damaged line before the last."""
        path = Path(path)
        header = {"format": FORMAT, **_plain(header)}
        if not path.exists() or path.stat().st_size == 0:
            try:
                path.write_text(json.dumps(header) + "\n", encoding="utf-8")
            except OSError as error:
                raise UsageError(f"cannot write the record {path}: {error.strerror}") from None
            return cls(path, {})
        try:
            data = path.read_bytes()
        except OSError as error:
            raise UsageError(f"cannot read the record {path}: {error.strerror}") from None
        lines = data.split(b"\n")
        first = _parse_line(lines[0])
        if not isinstance(first, dict) or first.get("format") != FORMAT:
            raise UsageError(
                f"{path} is not a tournament record (its first line is not a record header);"
                " give --record a new file name"
            )
        _check_header(path, first, header)
        groups: dict[int, list[dict[str, Any]]] = {}
        keep = len(lines[0]) + 1  # bytes of the file that hold whole lines
        for number, raw in enumerate(lines[1:], start=2):
            if not raw.strip():
                keep += len(raw) + 1
                continue
            line = _parse_line(raw)
            if line is None or not _is_group(line):
                # A write cut short leaves an unreadable last line with no newline after it.
                if line is None and number == len(lines):
                    print(
                        f"warning: the last line of {path} was cut short (the run was stopped"
                        " while writing it); that deal group will be played again",
                        file=sys.stderr,
                    )
                    _truncate(path, keep)
                    break
                raise UsageError(
                    f"{path}, line {number}: not a recorded deal group; the file is damaged"
                    " (it was left as it is)"
                )
            if line["group"] in groups:
                raise UsageError(f"{path}, line {number}: deal group {line['group']} twice")
            groups[line["group"]] = line["games"]
            keep += len(raw) + 1
        return cls(path, groups)

    def append(self, group: int, games: list[dict[str, Any]]) -> None:
        """Add one finished deal group, on disk before this returns."""
        line = json.dumps({"group": group, "games": _plain(games)}) + "\n"
        with self.path.open("a", encoding="utf-8") as file:
            file.write(line)
            file.flush()
            os.fsync(file.fileno())


def _plain(value: Any) -> Any:
    """``value`` as JSON reads it back (tuples become lists), so headers compare equal."""
    return json.loads(json.dumps(value))


def _parse_line(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None


def _is_group(line: Any) -> bool:
    return (
        isinstance(line, dict)
        and isinstance(line.get("group"), int)
        and isinstance(line.get("games"), list)
        and all(isinstance(game, dict) for game in line["games"])
    )


def _check_header(path: Path, stored: dict[str, Any], wanted: dict[str, Any]) -> None:
    for key in sorted(set(stored) | set(wanted)):
        if stored.get(key) != wanted.get(key):
            raise UsageError(
                f"{path} records another tournament ({key}: {stored.get(key)!r} there,"
                f" {wanted.get(key)!r} asked for); run it with the same settings or give"
                " --record a new file name"
            )


def _truncate(path: Path, size: int) -> None:
    with path.open("r+b") as file:
        file.truncate(size)
