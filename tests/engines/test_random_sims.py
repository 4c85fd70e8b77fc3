"""One contract test for every registered game (engines/base.py), in the manner of OpenSpiel's
``random_sim_test``: seeded random games for each game of ``engines.names()`` and each player
count, checking at every step what the contract promises. A game added to the registry is
covered here without a line of test code.

At every step: the pending seats' legal moves all pass ``check``; a ``clone`` taken before a
move is unchanged by it; ``from_dict(to_dict())`` saves the same; ``apply_unchecked`` (then
``start_pending_round``) reaches the state ``apply`` reaches; the cards are the cards of the
first deal (``cards()``); for a spectator and every seat ``from_view(view(s)).view(s) ==
view(s)``; a private event names real seats in ``to``; the events a seat sees reveal no more
than its view: in a world its view cannot tell from the real one (``from_view(view(s))``), the
same move gives it the same events whenever it leaves it the same view (so an event carries no
hidden card, e.g. another seat's drawn card). At the end ``replay(record())`` rebuilds the game
and ``result()`` names winners.

The quick run (``make test-fast``) plays a short opening per game and player count; the slow
run plays games of up to 400 decisions (most games end sooner) with the default options and with each option changed at least once.
These replace the per-game copies of the round-trip, clone and playout-equivalence tests.
"""

from __future__ import annotations

import random
from collections import Counter

import msgpack
import pytest

from chabudai import engines

CASES = [
    (name, players)
    for name in engines.names()
    for players in range(engines.get(name).min_players, engines.get(name).max_players + 1)
]
IDS = [f"{name}-{players}" for name, players in CASES]
OPENING = 40  # decisions played by the quick run
SLOW_GAMES = 1  # whole games per game, player count and option variant in the slow run
SLOW_STEPS = 400  # decisions per slow game at most (random Nanatoridori at 6 seats is long)
VIEW_EVERY = 5  # the slow run checks every seat's determinization every this many steps


def _plain(value):
    return msgpack.unpackb(msgpack.packb(value), raw=False)


def _without_moves(save: dict) -> dict:
    return {k: v for k, v in save.items() if k != "moves"}


def option_variants(name: str) -> list[dict]:
    """The default options, then each declared option set to each of its other choices."""
    variants: list[dict] = [{}]
    for option in engines.get(name).options:
        variants += [{option.name: c} for c in option.choices if c != option.default]
    return variants


def simulate(
    name: str, players: int, seed: int, steps: int | None, view_every: int, options: dict
) -> None:
    """Play one seeded random game of ``name`` (``steps`` decisions at most) checking the
    contract at every step (the module docstring)."""
    engine = engines.get(name)
    rng = random.Random(f"sim:{name}:{players}:{seed}:{sorted(options.items())}")
    state = engine.new_game(players, seed, options)
    quick = state.clone()  # played on with apply_unchecked alone
    deck = Counter(state.cards())
    seats = [None, *range(players)]
    step = 0
    while not state.is_over and (steps is None or step < steps):
        samples = {}  # seat -> a world its view cannot tell from this one
        if step % view_every == 0:
            for seat in seats:
                view = state.view(seat)
                assert _plain(view) == view
                sample = engine.from_view(view, random.Random(step))
                assert sample.view(seat) == view, (seat, step)
                samples[seat] = sample
        save = state.to_dict()
        assert engine.from_dict(_plain(save)).to_dict() == save
        before = state.clone()
        for seat in list(state.to_move):
            moves = state.legal_moves(seat)
            assert moves, (seat, step)
            assert all(state.check(seat, m) is None for m in moves)
            move = rng.choice(moves)
            events = state.apply(seat, move)
            check_events_reveal_no_more_than_views(state, samples, seat, move, events)
            samples = {}  # the first move of a step only: the samples are of its state
            assert quick.apply_unchecked(seat, move) == []
            quick.start_pending_round()
            assert _without_moves(quick.to_dict()) == _without_moves(state.to_dict())
            for event in events:
                assert set(event.get("to", ())) <= set(range(players)), event
            assert Counter(state.cards()) == deck, step
        assert before.to_dict() == save  # the clone was not touched by the moves
        step += 1
    replayed = engines.replay(_plain(state.record()))
    assert replayed.to_dict() == state.to_dict()
    for seat in seats:
        assert replayed.view(seat) == state.view(seat)
    if state.is_over:
        assert state.result()["winners"]


def check_events_reveal_no_more_than_views(state, samples, mover, move, events) -> None:
    """For each seat ``s`` with a sample (a state of the same ``view(s)``, hidden cards
    resampled): if the move is legal there and leaves ``s`` the same view as here, ``s`` must
    see the same events in both worlds. What differs between the worlds is only what ``s`` does
    not know, so an event that showed it would differ."""
    for seat, sample in samples.items():
        if sample.check(mover, move) is not None:
            continue  # the move needs what the sample guessed otherwise (another seat's hand)
        other = sample.apply(mover, move)
        if sample.view(seat) != state.view(seat):
            continue  # the move revealed something, differently in the two worlds
        assert engines.events_for(other, seat) == engines.events_for(events, seat), (seat, move)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_an_opening_of_every_game_keeps_the_contract(name, players):
    simulate(name, players, seed=players, steps=OPENING, view_every=1, options={})


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_long_random_games_keep_the_contract(name, players):
    """Long games, with the default options and each option changed at least once."""
    for index, options in enumerate(option_variants(name) * SLOW_GAMES):
        simulate(name, players, 100 + index, SLOW_STEPS, VIEW_EVERY, options)
