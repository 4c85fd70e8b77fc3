"""The decks of a Koi-Koi game are drawn once per state and shared by its clones (K-6)."""

from __future__ import annotations

import random

from chabudai import engines
from chabudai.engines.base import seeded_rng
from chabudai.engines.koikoi.cards import DECK

ENGINE = engines.get("koikoi")


def test_clones_share_the_decks_drawn_and_none_is_changed():
    """Every memoized deck is the seeded shuffle of its deal and attempt (K-6, K-8), still as
    drawn after three clones played the game on in different ways, sharing one memo."""
    for seed in range(20):
        rng = random.Random(seed)
        state = ENGINE.new_game(2, seed, {"rounds": 12})
        games = [state.clone() for _ in range(3)]
        for game in games:
            while not game.is_over:
                game.start_pending_round()
                (seat,) = game.to_move
                game.apply_unchecked(seat, rng.choice(game.legal_moves(seat)))
        assert all(game._decks is state._decks for game in games)
        assert {deal for deal, _ in state._decks} == set(range(1, 13))  # one memo for all
        for (deal, attempt), deck in state._decks.items():
            drawn = list(DECK)
            seeded_rng(seed, "deal", deal, attempt).shuffle(drawn)
            assert deck == drawn
        assert ENGINE.from_dict(state.to_dict())._decks == {}  # never saved
