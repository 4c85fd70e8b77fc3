"""One replay file: a finished (or left) game, written to be watched again years later.

The format is documented in docs/REPLAY.md. A file is the magic line :data:`MAGIC` followed by
one zlib-compressed msgpack map (the frame codec's rules: str keys, no floats, no binary, no ext
types). The map holds the format version, the game, its options and seats, the seed, the moves
and what chance dealt (``GameState.record()``), the result, the dates and the program version.

:func:`load` never trusts a file: it refuses anything too large, damaged or from a newer format
with a :class:`ReplayError` whose message is for a player, and checks the game by replaying every
move with the engine (an illegal move, a result that does not come out again, a file whose moves
belong to another game are all refused).
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgpack

from chabudai import __version__, engines
from chabudai.engines.base import GameState, IllegalMove
from chabudai.i18n import N_, Notice

MAGIC = b"CHABUDAI REPLAY\n"
FORMAT_VERSION = 1
SUFFIX = ".chabudai-replay"
MAX_FILE = 2 * 1024 * 1024  # compressed bytes; a 400-move 8-seat game is a few kilobytes
MAX_DATA = 16 * 1024 * 1024  # bytes once decompressed
MAX_DEPTH = 32


class ReplayError(ValueError):
    """A replay that cannot be used. ``msgid`` says why (a message marked for the catalogues,
    with named placeholders) and ``params`` fill it in; ``message`` is the sentence in the
    player's language, worded when it is read (so where it is shown); ``str(error)`` is the
    English, for logs and the command line."""

    def __init__(self, msgid: str, **params: Any) -> None:
        self.notice = Notice(msgid, **params)
        super().__init__(str(self.notice))

    @property
    def message(self) -> str:
        """Why, in the current language."""
        return self.notice.said()


@dataclass
class SeatInfo:
    """Who sat at a seat: a name, ``"human"`` or ``"bot"``, and a bot's level."""

    name: str
    kind: str = "human"
    level: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.level is not None:
            data["level"] = self.level
        return data

    @classmethod
    def from_dict(cls, data: Any) -> SeatInfo:
        if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
            raise ReplayError(N_("This replay is damaged (a seat has no name)."))
        kind = data.get("kind", "human")
        level = data.get("level")
        return cls(
            data["name"],
            kind if kind in ("human", "bot") else "human",
            level if isinstance(level, str) else None,
        )


def now_iso() -> str:
    """The time now, UTC, to the second (``2026-12-02T06:30:00Z``)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class Replay:
    """One game as kept: what :meth:`GameState.record` holds plus who played and how it ended.

    ``you`` is the seat of the player who kept it (None for a headless host); ``result`` is the
    engine's result, None when the game was left unfinished (``finished`` False).
    """

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    moves: list[list[Any]]
    deals: list[list[Any]] | None
    seats: list[SeatInfo]
    result: dict[str, Any] | None
    finished: bool
    started: str = ""
    ended: str = ""
    you: int | None = None
    program: str = f"chabudai {__version__}"
    version: int = FORMAT_VERSION
    reviews: dict[str, Any] = field(default_factory=dict)  # seat (str) -> a review, as kept
    extra: dict[str, Any] = field(default_factory=dict)  # keys of a newer minor writer, kept

    @classmethod
    def from_record(
        cls,
        record: Mapping[str, Any],
        seats: list[SeatInfo],
        result: Mapping[str, Any] | None,
        *,
        you: int | None = None,
        started: str = "",
        ended: str = "",
    ) -> Replay:
        """A replay of ``record`` (``GameState.record()``, or the host's ``game_over.record``);
        ``result`` None marks a game left unfinished."""
        return cls(
            game=str(record["game"]),
            players=int(record["players"]),
            options=dict(record.get("options") or {}),
            seed=int(record["seed"]),
            moves=[list(entry) for entry in record.get("moves") or []],
            deals=None if record.get("deals") is None else [list(d) for d in record["deals"]],
            seats=list(seats),
            result=None if result is None else dict(result),
            finished=result is not None,
            started=started or now_iso(),
            ended=ended or now_iso(),
            you=you,
        )

    @classmethod
    def from_state(
        cls, state: GameState, seats: list[SeatInfo], *, you: int | None = None, started: str = ""
    ) -> Replay:
        """A replay of a game in hand; unfinished unless the state is over."""
        result = state.result() if state.is_over else None
        return cls.from_record(state.record(), seats, result, you=you, started=started)

    def record(self) -> dict[str, Any]:
        """The engine's replay record (``engines.replay`` takes it)."""
        record: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "moves": [list(entry) for entry in self.moves],
        }
        if self.deals is not None:
            record["deals"] = [list(d) for d in self.deals]
        return record

    def to_dict(self) -> dict[str, Any]:
        data = {
            **self.extra,
            "version": self.version,
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seats": [seat.to_dict() for seat in self.seats],
            "seed": self.seed,
            "moves": self.moves,
            "deals": self.deals,
            "result": self.result,
            "finished": self.finished,
            "started": self.started,
            "ended": self.ended,
            "you": self.you,
            "program": self.program,
        }
        if self.reviews:  # optional: a file without a review is what it was before reviews
            data["reviews"] = self.reviews
        return data

    def title(self) -> str:
        try:
            return engines.get(self.game).title
        except ValueError:
            return self.game


# ---------------------------------------------------------------------------- bytes


def encode(replay: Replay) -> bytes:
    """The file's bytes: :data:`MAGIC` + zlib(msgpack map)."""
    payload = msgpack.packb(replay.to_dict(), use_bin_type=True)
    return MAGIC + zlib.compress(payload, 9)


def decode_map(data: bytes) -> dict[str, Any]:
    """The map in a file's bytes, unchecked beyond being a plain map; ``ReplayError`` otherwise."""
    if len(data) > MAX_FILE:
        raise ReplayError(
            N_("This file is too large to be a replay ({size} KB; a replay is at most {most} KB)."),
            size=len(data) // 1024,
            most=MAX_FILE // 1024,
        )
    if not data.startswith(MAGIC):
        if MAGIC.startswith(data):
            raise ReplayError(N_("This replay is damaged: the file is cut short."))
        raise ReplayError(N_("This file is not a Chabudai replay."))
    inflater = zlib.decompressobj()
    try:
        payload = inflater.decompress(data[len(MAGIC) :], MAX_DATA)
    except zlib.error:
        raise ReplayError(N_("This replay is damaged: its contents cannot be read.")) from None
    if inflater.unconsumed_tail:
        raise ReplayError(
            N_("This file is too large to be a replay (it unpacks to too much data).")
        )
    if not inflater.eof:
        raise ReplayError(N_("This replay is damaged: the file is cut short."))
    if inflater.unused_data:
        raise ReplayError(N_("This replay is damaged: there is stray data after its end."))
    try:
        value = msgpack.unpackb(
            payload, raw=False, strict_map_key=True, use_list=True, ext_hook=_no_ext
        )
    except Exception:  # msgpack raises several ValueError kinds, UnicodeDecodeError, ...
        raise ReplayError(N_("This replay is damaged: its contents cannot be read.")) from None
    if not isinstance(value, dict) or not _plain(value):
        raise ReplayError(N_("This replay is damaged: its contents are not a replay."))
    return value


def _no_ext(code: int, data: bytes) -> Any:
    raise ValueError("ext types are not allowed")


def _plain(value: Any) -> bool:
    """Maps with str keys, lists, str, int, bool and nil, nested at most :data:`MAX_DEPTH`."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                return False
            inner = item.values() if isinstance(item, dict) else item
            stack.extend((x, depth + 1) for x in inner)
        elif not (item is None or isinstance(item, (str, int, bool))):
            return False
    return True


def from_map(data: Mapping[str, Any]) -> Replay:
    """The replay a decoded map describes, fields checked (not yet replayed)."""
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ReplayError(N_("This replay is damaged: it has no format version."))
    if version > FORMAT_VERSION:
        program = data.get("program")
        if not isinstance(data.get("program"), str):
            raise ReplayError(
                N_(
                    "This replay was made by a newer version (replay format {version}); this "
                    "version of Chabudai opens formats up to {most}. Update Chabudai to watch it."
                ),
                version=version,
                most=FORMAT_VERSION,
            )
        raise ReplayError(
            N_(
                "This replay was made by {program} (replay format {version}); this version of "
                "Chabudai opens formats up to {most}. Update Chabudai to watch it."
            ),
            program=program,
            version=version,
            most=FORMAT_VERSION,
        )
    game = data.get("game")
    if not isinstance(game, str) or game not in engines.names():
        raise ReplayError(
            N_("This replay is of a game this version does not know: {game}."), game=str(game)[:40]
        )
    try:
        players = _int(data, "players")
        seed = _int(data, "seed")
        options = data.get("options") or {}
        moves = data["moves"]
        deals = data.get("deals")
        seats = [SeatInfo.from_dict(s) for s in data.get("seats") or []]
        result = data.get("result")
        if not isinstance(options, dict) or not isinstance(moves, list):
            raise KeyError("options")
        if deals is not None and not isinstance(deals, list):
            raise KeyError("deals")
        if result is not None and not isinstance(result, dict):
            raise KeyError("result")
    except (KeyError, TypeError, ValueError):
        raise ReplayError(N_("This replay is damaged: a part of the game is missing.")) from None
    if len(seats) != players:
        seats = [*seats[:players], *(SeatInfo(f"Seat {i + 1}") for i in range(len(seats), players))]
    you = data.get("you")
    reviews = data.get("reviews")  # optional and never a reason to refuse the game (REPLAY.md)
    known = set(Replay.__dataclass_fields__) - {"extra"}
    return Replay(
        game=game,
        players=players,
        options=options,
        seed=seed,
        moves=moves,
        deals=deals,
        seats=seats,
        result=result,
        finished=bool(data.get("finished", result is not None)),
        started=str(data.get("started") or ""),
        ended=str(data.get("ended") or ""),
        you=you if isinstance(you, int) and not isinstance(you, bool) else None,
        program=str(data.get("program") or ""),
        version=version,
        reviews=reviews if isinstance(reviews, dict) else {},
        extra={k: v for k, v in data.items() if k not in known},
    )


def _int(data: Mapping[str, Any], key: str) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(key)
    return value


# ---------------------------------------------------------------------------- checking


def replay_state(replay: Replay) -> GameState:
    """The game at its last move, replayed with its engine; ``ReplayError`` when the moves do
    not replay (a tampered file, or one whose moves belong to another game) or the recorded
    result does not come out again."""
    title = replay.title()
    try:
        state = engines.replay(replay.record())
    except IllegalMove as error:
        index = _first_bad_move(replay)
        raise ReplayError(
            N_("This replay has been changed: move {number} cannot be played ({reason})."),
            number=index + 1,
            reason=error.reason,
        ) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        raise ReplayError(
            N_("This replay does not play as a game of {title}."), title=title
        ) from None
    if replay.finished and not state.is_over:
        raise ReplayError(N_("This replay has been changed: its game does not reach its end."))
    if (replay.finished or (state.is_over and replay.result is not None)) and (
        replay.result is None or _plain_result(state.result()) != replay.result
    ):
        raise ReplayError(N_("This replay has been changed: its result is not the game's result."))
    return state


def _plain_result(result: Mapping[str, Any]) -> Any:
    # the result as it reads back from msgpack (tuples become lists)
    return msgpack.unpackb(msgpack.packb(result, use_bin_type=True), raw=False)


def _first_bad_move(replay: Replay) -> int:
    """Index of the first move that does not apply (for the message)."""
    try:
        state = engines.replay({**replay.record(), "moves": []})
    except (ValueError, TypeError):
        return 0
    for index, (seat, move) in enumerate(replay.moves):
        try:
            state.apply(seat, move)
        except (ValueError, TypeError, KeyError, IndexError):
            return index
    return len(replay.moves)


def decode(data: bytes, *, check: bool = True) -> Replay:
    """The replay in a file's bytes; with ``check`` its game is replayed and its result compared."""
    replay = from_map(decode_map(data))
    if check:
        replay_state(replay)
    return replay


def read(path: Path, *, check: bool = True) -> Replay:
    """The replay in the file at ``path`` (see :func:`decode`); a file that cannot be read is a
    :class:`ReplayError` too."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE + 1)
    except FileNotFoundError:
        raise ReplayError(N_("There is no file {name}."), name=path.name) from None
    except OSError as error:
        raise ReplayError(
            N_("The file {name} cannot be read ({detail})."), name=path.name, detail=error.strerror
        ) from None
    return decode(data, check=check)


def write(path: Path, replay: Replay) -> None:
    """Write ``replay`` to ``path`` atomically (a temporary file, then a rename)."""
    data = encode(replay)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
