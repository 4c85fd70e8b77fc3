"""Builders for Koi-Koi test positions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chabudai import engines
from chabudai.engines.koikoi import KoiKoiState


def position(
    *,
    hands: Sequence[Iterable[int]],
    board: Iterable[int],
    stock: Iterable[int] = (),
    piles: Sequence[Iterable[int]] = ((), ()),
    current: int = 0,
    dealer: int = 0,
    turn: int = 1,
    last_total: Sequence[int] = (0, 0),
    koikoi_calls: Sequence[int] = (0, 0),
    options: dict | None = None,
) -> KoiKoiState:
    """A mid-deal state with exactly the given cards (the rest of the deck is simply absent)."""
    state = engines.get("koikoi").new_game(2, 1, options)
    assert isinstance(state, KoiKoiState)
    state.hands = [sorted(h) for h in hands]
    state.board = list(board)
    state.stock = list(stock)
    state.piles = [list(p) for p in piles]
    state.current = current
    state.dealer = dealer
    state.turn = turn
    state.phase = "play"
    state.pending = None
    state.last_total = list(last_total)
    state.koikoi_calls = list(koikoi_calls)
    return state


class DeckQueue:
    """Stands in for ``seeded_rng``: the first dealer is seat ``dealer``; shuffles yield ``decks``."""

    def __init__(self, decks: list[list[int]], dealer: int = 0) -> None:
        self.decks = decks  # consumed in place, so a test can check how many were dealt
        self.dealer = dealer

    def __call__(self, seed, *labels):  # noqa: ANN001 - mirrors seeded_rng
        return self

    def randrange(self, n: int) -> int:
        return self.dealer

    def shuffle(self, deck: list[int]) -> None:
        deck[:] = self.decks.pop(0)


def queue_decks(monkeypatch, queue: DeckQueue) -> None:  # noqa: ANN001 - pytest's fixture
    """Deal from ``queue``: the first dealer and the shuffles (both through engines.base)."""
    monkeypatch.setattr("chabudai.engines.base.seeded_rng", queue)


def deck(dealer_hand, other_hand, board, rest=None) -> list[int]:
    """A full 48-card deck in dealing order (K-6): dealer hand, other hand, board, stock."""
    head = [*dealer_hand, *other_hand, *board]
    assert len(head) == 24 and len(set(head)) == 24
    stock = list(rest) if rest is not None else [c for c in range(48) if c not in head]
    return head + stock
