"""Moves, events and refusals that say themselves (engines/describe.py): every legal move, every
event and every refusal of every registered game gets a documented message id with plain
arguments, whose English rendering names no rule id ("You" for the seat it is said to)."""

from __future__ import annotations

import random
import re

import pytest

from chabudai import engines
from chabudai.engines import describe
from chabudai.engines.describe import Said, describe_event, describe_move, render, render_reason

RULE_ID = re.compile(r"\b[A-Z]-\d")


@pytest.mark.parametrize("name", engines.names())
def test_every_legal_move_is_described_and_rendered(name):
    engine = engines.get(name)
    seen = set()
    for players in sorted({engine.min_players, engine.max_players}):
        state = engine.new_game(players, 7)
        rng = random.Random(7)
        for _ in range(150):
            if state.is_over:
                break
            for seat in list(state.to_move):
                moves = state.legal_moves(seat)
                for move in moves[:20]:
                    said = describe_move(state, seat, move)
                    assert said.id in describe.MESSAGE_IDS and said.id.startswith(f"{name}.")
                    assert said.id in describe.__doc__
                    text = render(said, lambda s: f"Player {s + 1}")
                    assert text.startswith(f"Player {seat + 1} ") and not RULE_ID.search(text)
                    seen.add(said.id)
                state.apply(seat, rng.choice(moves))
    assert seen


def test_descriptions_carry_what_the_move_means():
    state = engines.get("nanatoridori").new_game(3, 1)
    seat = state.to_move[0]
    move = state.legal_moves(seat)[0]
    start, length = move["play"]
    said = describe_move(state, seat, move)
    assert said == Said(
        "nanatoridori.play",
        {"seat": seat, "count": length, "value": state.hands[seat][start], "reserve": 0},
    )
    assert render(Said("nar.play", {"seat": 0, "card": "R7", "colour": "R", "value": 7})) == (
        "Seat 0 plays red 7."
    )
    assert render(Said("koikoi.koikoi", {"seat": 1}), lambda s: "Aiko") == "Aiko calls koi-koi."
    with pytest.raises(KeyError):
        render(Said("chess.castle", {"seat": 0}))


def _games(name: str, steps: int = 400):
    """Seeded random games of ``name`` at its smallest and largest table: (state, seat, move,
    events) for every move."""
    engine = engines.get(name)
    for players in sorted({engine.min_players, engine.max_players}):
        state = engine.new_game(players, 11)
        rng = random.Random(11)
        for _ in range(steps):
            if state.is_over:
                break
            for seat in list(state.to_move):
                move = rng.choice(state.legal_moves(seat))
                yield state, seat, move, state.apply(seat, move)


def _plain_args(value) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain_args(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain_args(v) for v in value)
    return value is None or isinstance(value, (bool, int, str))


@pytest.mark.parametrize("name", engines.names())
def test_every_event_is_described_with_a_documented_id(name):
    seen = set()
    for _state, seat, _move, events in _games(name):
        for event in events:
            said = describe_event(event, name)
            assert said.id in describe.EVENT_IDS and said.id.startswith(f"{name}."), event
            assert f"``{said.id}``" in describe.__doc__ and _plain_args(said.args), said
            for me in (None, seat):
                text = render(said, lambda s: f"Player {s + 1}", me)
                assert text and not RULE_ID.search(text), text
            seen.add(said.id)
    assert len(seen) >= 6


def test_event_words_say_you_for_your_own_seat():
    out = Said("nanatoridori.out", {"seat": 1, "place": 2})
    assert render(out, lambda s: "Kenji", me=1) == "You are out in place 2"
    assert render(out, lambda s: "Kenji", me=0) == "Kenji is out in place 2"
    took = describe_event({"e": "capture", "seat": 0, "card": 4, "cards": [4, 7]}, "koikoi")
    assert took == Said("koikoi.captured", {"seat": 0, "card": 4, "cards": [4, 7]})
    assert render(took, me=0) == "You took the Plum plain"
    fool = Said("nar.fool", {"seats": [2, 0], "released": []})
    assert render(fool, lambda s: "Mira", me=0) == "Fool: Mira and you"
    redeal = {"e": "redeal", "reason": "old words", "board": [0, 1, 2, 3, 8, 12, 16, 20]}
    assert describe_event(redeal, "koikoi").args["why"] == "month"  # K-8: four of January
    assert describe_event({"e": "new_kind"}, "koikoi") == Said("event", {"e": "new_kind"})
    assert "event" in describe.QUIET


# One sample of every reason id's arguments (a new id needs one here).
REASON_SAMPLES = {
    "over": {},
    "no_seat": {"seat": 5, "players": 2},
    "not_your_turn": {"seat": 1, "to_move": [0]},
    "bad_move": {"move": "['play', 3]"},
    "not_in_hand": {"card": 17},
    "koikoi.choose_match": {"card": 11, "targets": [9, 10]},
    "koikoi.nothing_to_choose": {"card": 11, "matches": 0},
    "koikoi.drawn_must_take": {"card": 11, "targets": [9, 10]},
    "koikoi.must_decide": {},
    "nanatoridori.no_gap": {"gap": 9, "cards": 4},
    "nanatoridori.place_first": {"kind": "draw"},
    "nanatoridori.lead_must_play": {},
    "nanatoridori.no_reserve": {},
    "nanatoridori.pass_spends": {"reserve": [3, 8]},
    "nanatoridori.empty_set": {},
    "nanatoridori.outside_hand": {"start": 6, "count": 2, "cards": 6},
    "nanatoridori.not_a_set": {"start": 0, "count": 2},
    "nanatoridori.no_duel": {},
    "nanatoridori.reserve_short": {"value": 5, "have": 1, "want": 2},
    "nanatoridori.too_low": {"count": 1, "value": 3, "beat_count": 2, "beat_value": 4},
    "nar.fool_sits_out": {"seat": 2},
    "nar.announce_first": {},
    "nar.no_card": {"card": "G99"},
    "nar.follow": {"card": "B9", "lead": "R"},
    "nimalia.placed_already": {"seat": 0},
    "nimalia.no_turn": {"rot": 4},
    "nimalia.first_anchor": {"row": 4, "col": 4},
    "nimalia.must_cover": {},
    "nimalia.too_big": {"rows": 7, "cols": 3, "limit": 6},
}


def test_every_reason_id_is_documented_and_worded_for_players():
    assert set(REASON_SAMPLES) == describe.REASON_IDS
    for said_id, args in REASON_SAMPLES.items():
        assert f"``{said_id}``" in describe.__doc__, said_id
        text = render_reason(Said(said_id, args))
        assert (
            (text[0].isupper() or text[0].isdigit())
            and text.endswith(".")
            and not RULE_ID.search(text)
        ), text


@pytest.mark.parametrize("name", engines.names())
def test_refusals_of_random_wrong_moves_are_reason_ids(name):
    """Moves of one seat tried by another, at another time, or bent out of shape: every refusal
    is a documented reason with plain arguments, in words without rule ids."""
    seen = set()
    history = []
    for state, _seat, move, _events in _games(name, steps=120):
        history.append(move)
        candidates = [*history[-6:], {"x": 1}, "play", 12, None]
        if isinstance(move, dict):
            candidates += [{**move, key: -1} for key in move]
        for bent in candidates:
            for who in (*range(state.players), 99):
                said = state.check(who, bent)
                if said is not None:
                    assert said.id in describe.REASON_IDS and _plain_args(said.args), said
                    assert not RULE_ID.search(render_reason(said))
                    seen.add(said.id)
    assert {"bad_move", "no_seat"} <= seen and len(seen) >= 4, seen
