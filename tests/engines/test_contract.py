"""The engine contract (engines/base.py) for every registered game."""

from __future__ import annotations

import random

import msgpack
import pytest

from chabudai import engines
from chabudai.engines.options import Option, parse_option_strings, resolve_options

ALL = engines.names()


def test_the_four_games_are_registered_in_order():
    assert ALL[0] == "koikoi"
    assert set(ALL) <= {"koikoi", "nanatoridori", "nar", "nimalia"}


def test_unknown_game_names_the_known_ones():
    with pytest.raises(ValueError, match="unknown game 'chess'; known games: koikoi"):
        engines.get("chess")


@pytest.mark.parametrize("name", ALL)
def test_engine_description(name):
    engine = engines.get(name)
    assert engine.name == name and engine.title
    assert engine.state_class.game == name and engine.state_class.title == engine.title
    assert 1 <= engine.min_players <= engine.max_players
    description = engine.describe()
    assert msgpack.unpackb(msgpack.packb(description), raw=False) == description
    for option in engine.options:
        assert option.default in option.choices


@pytest.mark.parametrize("name", ALL)
def test_bad_player_counts_and_options_are_refused_clearly(name):
    engine = engines.get(name)
    with pytest.raises(ValueError, match="players"):
        engine.new_game(engine.max_players + 1, 1)
    with pytest.raises(ValueError, match="players"):
        engine.new_game(engine.min_players - 1, 1)
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        engine.new_game(engine.min_players, 1, {"colour": "red"})
    with pytest.raises(ValueError, match="seed"):
        engine.new_game(engine.min_players, -1)
    for option in engine.options:
        with pytest.raises(ValueError, match=f"option {option.name!r}; allowed"):
            engine.new_game(engine.min_players, 1, {option.name: object()})


@pytest.mark.parametrize("name", ALL)
def test_views_moves_and_events_are_plain_msgpack_values(name):
    engine = engines.get(name)
    for players in sorted({engine.min_players, engine.max_players}):
        rng = random.Random(players)
        state = engine.new_game(players, 99)
        while not state.is_over:
            for seat in list(state.to_move):
                moves = state.legal_moves(seat)
                assert msgpack.unpackb(msgpack.packb(moves), raw=False) == moves
                events = state.apply(seat, rng.choice(moves))
                assert msgpack.unpackb(msgpack.packb(events), raw=False) == events
        for seat in [None, *range(players)]:
            view = state.view(seat)
            assert msgpack.unpackb(msgpack.packb(view), raw=False) == view
            for key in ("game", "seat", "players", "options", "to_move", "over", "scores"):
                assert key in view
        result = state.result()
        assert set(result) >= {"scores", "winners", "rounds"} and result["winners"]


def test_replay_rejects_a_malformed_record():
    with pytest.raises(ValueError, match="lacks"):
        engines.replay({"game": "koikoi"})
    with pytest.raises(ValueError, match=r"must be \[seat, move\]"):
        engines.replay({"game": "koikoi", "players": 2, "seed": 1, "moves": [5]})
    with pytest.raises(engines.IllegalMove):
        engines.replay(
            {
                "game": "koikoi",
                "players": 2,
                "seed": 1,
                "moves": [[0, {"play": 99}], [1, {"play": 99}]],
            }
        )


def test_options_schema():
    declared = (
        Option("rounds", int, (1, 3), 1),
        Option("fast", bool, (True, False), False),
        Option("mode", str, ("a", "b"), "a"),
    )
    assert resolve_options(declared, None) == {"rounds": 1, "fast": False, "mode": "a"}
    assert resolve_options(declared, {"rounds": 3}) == {"rounds": 3, "fast": False, "mode": "a"}
    assert parse_option_strings(declared, ["rounds=3", "fast=yes", "mode=b"]) == {
        "rounds": 3,
        "fast": True,
        "mode": "b",
    }
    with pytest.raises(ValueError, match="allowed: 1, 3"):
        resolve_options(declared, {"rounds": 2})
    with pytest.raises(ValueError, match="allowed: 1, 3"):
        resolve_options(declared, {"rounds": True})  # a bool is not a number of rounds
    with pytest.raises(ValueError, match="name=value"):
        parse_option_strings(declared, ["rounds"])
    with pytest.raises(ValueError, match="allowed: true, false"):
        parse_option_strings(declared, ["fast=perhaps"])
    with pytest.raises(ValueError, match="default"):
        Option("x", int, (1, 2), 3)
