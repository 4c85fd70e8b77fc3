"""The moves the player may make now: the host's ``legal`` list, never worked out on the client.

Every ``snapshot`` and ``update`` the host sends carries ``legal`` — exactly the moves our seat
may send in its view (docs/PROTOCOL.md, "Legal moves"). A table keeps the list of the view it
shows as a :class:`LegalMoves` and highlights, lifts and refuses from it; the rules only word a
refusal's reason. Solo play goes through the same path (its host is embedded).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any


def freeze(value: Any) -> Hashable:
    """A hashable stand-in for a move made of maps, lists and plain values (msgpack data)."""
    if isinstance(value, dict):
        return ("map", tuple(sorted((str(k), freeze(v)) for k, v in value.items())))
    if isinstance(value, (list, tuple)):
        return ("list", tuple(freeze(v) for v in value))
    return value


class LegalMoves:
    """The host's list of legal moves for one view; ``move in legal`` asks whether it allows one."""

    def __init__(self, moves: Iterable[Any] = ()) -> None:
        self.moves: list[Any] = list(moves)
        self._keys = {freeze(move) for move in self.moves}

    def __contains__(self, move: Any) -> bool:
        return freeze(move) in self._keys

    def __iter__(self) -> Iterator[Any]:
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def __bool__(self) -> bool:
        return bool(self.moves)

    def having(self, field: str) -> list[dict[str, Any]]:
        """The legal moves (maps) that have ``field``: ``having("play")`` for the plays."""
        return [m for m in self.moves if isinstance(m, dict) and field in m]

    def values(self, field: str) -> list[Any]:
        """``field`` of every legal move that has it (e.g. the cards that may be played)."""
        return [m[field] for m in self.having(field)]
