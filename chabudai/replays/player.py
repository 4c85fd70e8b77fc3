"""A replay played back: for any seat (or a spectator), the same views, events and legal lists
the host sent that seat in the live game, at any move, forward or back (issue 30).

The host sends each seat a ``snapshot`` (its ``view`` and ``legal`` moves) and, after each move,
an ``update`` (the move's events that seat may see, the new view, the new legal list; see
``chabudai/net/match.py``). :class:`ReplayPlayer` rebuilds exactly those from the replay with the
engine. It keeps a copy of the state every :data:`SNAPSHOT_EVERY` moves, so any move — even the
400th, stepping back — is reached by at most that many moves from the nearest copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chabudai import engines
from chabudai.engines.base import Event, GameState, View, events_for
from chabudai.replays.file import Replay

SNAPSHOT_EVERY = 16


@dataclass
class Update:
    """One move as a seat received it: its events for that seat, then the view and legal list."""

    events: list[Event]
    view: View
    legal: list[Any]


def host_legal(state: GameState, seat: int | None) -> list[Any]:
    """The ``legal`` list the host sends ``seat`` with ``state``'s view (none when over)."""
    if seat is None or state.is_over:
        return []
    return state.legal_moves(seat)


def round_key(state: GameState) -> tuple[str, str]:
    """What tells one round (one deal) from the next in a spectator's view."""
    view = state.view(None)
    return repr(view.get("round")), repr(view.get("deal"))


class ReplayPlayer:
    """The states of a replayed game, by move number (0 = as dealt, ``length`` = the end)."""

    def __init__(self, replay: Replay, every: int = SNAPSHOT_EVERY) -> None:
        self.replay = replay
        self.every = max(1, every)
        self.length = len(replay.moves)
        first = engines.replay({**replay.record(), "moves": []})
        self.saved: list[GameState] = [first.clone()]
        self.round_starts: list[int] = [0]
        state, key = first, round_key(first)
        for index, (seat, move) in enumerate(replay.moves, start=1):
            state.apply(seat, move)
            if index % self.every == 0:
                self.saved.append(state.clone())
            now = round_key(state)
            if now != key:
                self.round_starts.append(index)
                key = now
        self.final = state
        self._at = self.length
        self._state = state.clone()

    @property
    def result(self) -> dict[str, Any] | None:
        return self.final.result() if self.final.is_over else None

    def state(self, index: int) -> GameState:
        """The game after ``index`` moves (do not change it)."""
        index = max(0, min(index, self.length))
        if index < self._at or index - self._at > self.every:
            base = index // self.every
            self._state = self.saved[base].clone()
            self._at = base * self.every
        while self._at < index:
            seat, move = self.replay.moves[self._at]
            self._state.apply(seat, move)
            self._at += 1
        return self._state

    def snapshot(self, index: int, seat: int | None) -> tuple[View, list[Any]]:
        """The ``snapshot`` ``seat`` would have had after ``index`` moves: view and legal list."""
        state = self.state(index)
        return state.view(seat), host_legal(state, seat)

    def update(self, index: int, seat: int | None) -> Update:
        """The ``update`` of move ``index`` (1 = the first move) as ``seat`` received it."""
        if not 1 <= index <= self.length:
            raise IndexError(f"no move {index}: moves are 1 to {self.length}")
        state = self.state(index - 1).clone()
        mover, move = self.replay.moves[index - 1]
        events = state.apply(mover, move)
        self._state, self._at = state, index  # the next step goes on from here
        return Update(events_for(events, seat), state.view(seat), host_legal(state, seat))

    def round_of(self, index: int) -> int:
        """Which round (0 = the first) move ``index`` is in."""
        return max(i for i, start in enumerate(self.round_starts) if start <= index)

    def mover(self, index: int) -> int | None:
        """The seat that made move ``index`` (1-based)."""
        return self.replay.moves[index - 1][0] if 1 <= index <= self.length else None
