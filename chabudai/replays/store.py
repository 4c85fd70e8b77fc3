"""The folder of kept games: one replay file per game and ``index.json``, what History lists.

The index holds one small entry per file (:class:`Entry`: date, game, seats, scores, winners,
star), so History opens without reading any replay. It is rewritten atomically after every
change; when it is missing or damaged it is rebuilt from the files, and files it does not know
(a crash between writing a replay and the index) are added on the next open. Only the last
``limit`` games are kept (1,000 by default, a setting); a starred game is kept for ever.

A file that cannot be read is skipped with a message (:attr:`ReplayStore.problems`) and left
where it is: nothing here deletes a replay but the limit and :meth:`ReplayStore.remove`.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from chabudai import paths
from chabudai.replays import file
from chabudai.replays.file import Replay, ReplayError

INDEX = "index.json"
INDEX_VERSION = 1
DEFAULT_LIMIT = 1000


def default_folder() -> Path:
    """The client's replays: the ``replays`` folder of the user's data folder."""
    return paths.data_dir() / "replays"


@dataclass
class Entry:
    """One kept game as History lists it (all from the index; the file is read on opening)."""

    name: str  # the file name in the folder
    game: str
    title: str
    started: str
    ended: str
    finished: bool
    names: list[str]
    kinds: list[str]
    you: int | None
    scores: list[int] | None
    winners: list[int]
    moves: int
    starred: bool = False
    reviewed: list[int] = field(default_factory=list)  # seats with a review kept in the file

    @classmethod
    def of(cls, name: str, replay: Replay, starred: bool = False) -> Entry:
        result = replay.result or {}
        scores = result.get("scores")
        return cls(
            name=name,
            game=replay.game,
            title=replay.title(),
            started=replay.started,
            ended=replay.ended,
            finished=replay.finished,
            names=[seat.name for seat in replay.seats],
            kinds=[seat.kind for seat in replay.seats],
            you=replay.you,
            scores=list(scores) if isinstance(scores, list) else None,
            winners=[w for w in result.get("winners") or [] if isinstance(w, int)],
            moves=len(replay.moves),
            starred=starred,
            reviewed=sorted(int(k) for k in replay.reviews if k.isdigit()),
        )

    def place(self, seat: int | None) -> int | None:
        """``seat``'s place (1 = a winner): the others ranked by score in the winners' direction
        (higher is better unless the winners scored lowest)."""
        if seat is None or not self.finished or self.scores is None:
            return None
        if not 0 <= seat < len(self.scores):
            return None
        if seat in self.winners:
            return 1
        best = [self.scores[w] for w in self.winners if 0 <= w < len(self.scores)]
        others = [s for i, s in enumerate(self.scores) if i not in self.winners]
        low = bool(best) and others and max(best) < min(others)
        mine = self.scores[seat]
        beaten_by = [s for s in others if (s < mine if low else s > mine)]
        return 1 + len(self.winners) + len(beaten_by)

    def winner_names(self) -> list[str]:
        return [self.names[w] for w in self.winners if 0 <= w < len(self.names)]


@dataclass
class ReplayStore:
    """The replays in ``folder``; ``limit`` games kept besides the starred ones."""

    folder: Path
    limit: int = DEFAULT_LIMIT
    problems: list[str] = field(default_factory=list)
    _entries: list[Entry] | None = field(default=None, repr=False)

    # ------------------------------------------------------------------ reading

    def entries(self) -> list[Entry]:
        """Every kept game, newest first (the index; rebuilt if needed)."""
        if self._entries is None:
            self._entries = self._load()
        return list(self._entries)

    def path(self, entry: Entry | str) -> Path:
        return self.folder / (entry if isinstance(entry, str) else entry.name)

    def open(self, entry: Entry | str) -> Replay:
        """The replay of ``entry``, checked by replaying it (``ReplayError`` with the reason)."""
        return file.read(self.path(entry))

    def _load(self) -> list[Entry]:
        self.problems = []
        try:
            names = {
                p.name
                for p in self.folder.iterdir()
                if p.name.endswith(file.SUFFIX) and p.is_file()
            }
        except FileNotFoundError:
            return []
        except OSError as error:
            self.problems.append(f"The replays folder cannot be read ({error.strerror}).")
            return []
        entries = self._read_index()
        changed = entries is None
        if entries is None:
            entries = []
        known = {entry.name for entry in entries}
        kept = [entry for entry in entries if entry.name in names]
        changed |= len(kept) != len(entries)
        for name in sorted(names - known):
            try:
                replay = file.read(self.folder / name, check=False)
            except ReplayError as error:
                self.problems.append(f"{name}: {error}")
                continue
            kept.append(Entry.of(name, replay))
            changed = True
        kept.sort(key=lambda e: (e.ended, e.name), reverse=True)
        if changed:
            self._write_index(kept)
        return kept

    def _read_index(self) -> list[Entry] | None:
        try:
            data = json.loads((self.folder / INDEX).read_text(encoding="utf-8"))
            if data.get("version") != INDEX_VERSION:
                return None
            names = {f.name for f in fields(Entry)}
            return [Entry(**{k: v for k, v in e.items() if k in names}) for e in data["entries"]]
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return None  # missing or damaged: rebuilt from the files

    def _write_index(self, entries: list[Entry]) -> None:
        data = {"version": INDEX_VERSION, "entries": [asdict(e) for e in entries]}
        tmp = self.folder / f"{INDEX}.tmp"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), "utf-8")
            os.replace(tmp, self.folder / INDEX)
        except OSError as error:
            self.problems.append(f"The list of replays cannot be saved ({error.strerror}).")

    # ------------------------------------------------------------------ changing

    def add(self, replay: Replay) -> Entry:
        """Keep ``replay`` (a new file), then let the oldest unstarred games beyond the limit go.
        ``OSError`` when the folder cannot be written."""
        entries = self.entries()
        self.folder.mkdir(parents=True, exist_ok=True)
        stamp = "".join(ch for ch in replay.ended if ch.isdigit())[:14] or "game"
        name = f"{stamp}-{replay.game}-{secrets.token_hex(3)}{file.SUFFIX}"
        file.write(self.folder / name, replay)
        entry = Entry.of(name, replay)
        entries.insert(0, entry)
        entries.sort(key=lambda e: (e.ended, e.name), reverse=True)
        self._entries = self._prune(entries)
        self._write_index(self._entries)
        return entry

    def save(self, entry: Entry | str, replay: Replay) -> None:
        """Write ``replay`` over its kept file (a review added to it, issue 32), atomically; the
        index entry follows. ``OSError`` when the folder cannot be written."""
        name = entry if isinstance(entry, str) else entry.name
        file.write(self.folder / name, replay)
        entries = self.entries()
        for i, item in enumerate(entries):
            if item.name == name:
                entries[i] = Entry.of(name, replay, item.starred)
        self._entries = entries
        self._write_index(entries)

    def import_file(self, source: Path) -> Entry:
        """Keep a copy of a replay file from elsewhere, checked first (``ReplayError``)."""
        return self.add(file.read(source))

    def export(self, entry: Entry | str, target: Path) -> Path:
        """Copy a kept replay to ``target`` (a file, or a folder to put it in)."""
        source = self.path(entry)
        if target.is_dir():
            target = target / source.name
        target.write_bytes(source.read_bytes())
        return target

    def star(self, entry: Entry | str, starred: bool = True) -> None:
        name = entry if isinstance(entry, str) else entry.name
        entries = self.entries()
        for item in entries:
            if item.name == name:
                item.starred = starred
        self._entries = self._prune(entries)
        self._write_index(self._entries)

    def remove(self, entry: Entry | str) -> None:
        name = entry if isinstance(entry, str) else entry.name
        entries = [e for e in self.entries() if e.name != name]
        self._delete(name)
        self._entries = entries
        self._write_index(entries)

    def set_limit(self, limit: int) -> None:
        self.limit = max(1, int(limit))
        self._entries = self._prune(self.entries())
        self._write_index(self._entries)

    def _prune(self, entries: list[Entry]) -> list[Entry]:
        """Newest first in, the ones kept out: every starred game and the ``limit`` newest."""
        kept, unstarred = [], 0
        for entry in entries:
            if not entry.starred:
                unstarred += 1
                if unstarred > self.limit:
                    self._delete(entry.name)
                    continue
            kept.append(entry)
        return kept

    def _delete(self, name: str) -> None:
        try:
            (self.folder / name).unlink(missing_ok=True)
        except OSError as error:
            self.problems.append(f"{name} cannot be removed ({error.strerror}).")


def seats_from_lobby(seats: list[dict[str, Any]], players: int) -> list[file.SeatInfo]:
    """Who sat where, from the ``seats`` of a ``lobby`` message's table (docs/PROTOCOL.md)."""
    found: dict[int, file.SeatInfo] = {}
    for entry in seats:
        seat = entry.get("seat")
        if not isinstance(seat, int):
            continue
        if entry.get("kind") == "bot":
            level = entry.get("level") if isinstance(entry.get("level"), str) else None
            found[seat] = file.SeatInfo(f"{(level or 'bot').capitalize()} bot", "bot", level)
        elif entry.get("name"):
            found[seat] = file.SeatInfo(str(entry["name"]))
    return [found.get(i, file.SeatInfo(f"Seat {i + 1}")) for i in range(players)]
