"""The hint (chabudai.engines.bots.advice): from the seat's view alone, the hard bot's move,
estimates on shared determinizations, reasons in words, progress and cancel."""

from __future__ import annotations

import random

import pytest

from chabudai import engines
from chabudai.engines.bots import HardBot
from chabudai.engines.bots.advice import (
    Budget,
    Cancelled,
    Z,
    hint,
    legal_from_view,
    measure,
    paired,
)
from chabudai.engines.bots.advice_text import MESSAGE_IDS, PHRASE_IDS, phrase, render
from chabudai.engines.bots.common import move_key
from chabudai.engines.describe import MOVE_IDS, describe_move
from tests.bots.helpers import positions

SMALL = Budget(iterations=40, samples=6, max_candidates=4)
GAMES = [("koikoi", 2), ("nanatoridori", 3), ("nar", 4), ("nimalia", 2)]


def _choice(name: str, players: int, seed: int = 0):
    """A position of ``name`` where the seat to move has more than one legal move."""
    for state, seat in positions(name, players, 30, seed=seed):
        if len(state.legal_moves(seat)) > 1:
            return state, seat
    raise AssertionError("no position with a choice")


def _other_hidden(state, seat: int):
    """A state with the same view for ``seat`` and other hidden cards (a determinization)."""
    for attempt in range(20):
        other = state.determinize(seat, random.Random(attempt))
        if other.to_dict() != state.to_dict():
            return other
    raise AssertionError("every determinization equals the state: nothing is hidden")


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_hint_is_the_same_for_every_state_that_gives_the_same_view(name, players):
    state, seat = _choice(name, players)
    other = _other_hidden(state, seat)
    assert other.view(seat) == state.view(seat)
    first = hint(state.view(seat), seat, SMALL)
    second = hint(other.view(seat), seat, SMALL)
    assert first.to_dict() == second.to_dict()
    assert move_key(first.move) in {move_key(m) for m in state.legal_moves(seat)}


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_hint_plays_the_hard_bots_move_and_estimates_it_first(name, players):
    state, seat = _choice(name, players, seed=3)
    view = state.view(seat)
    advice = hint(view, seat, SMALL)
    bot = HardBot(seed=SMALL.seed, iterations=SMALL.iterations)
    assert move_key(advice.move) == move_key(
        bot.choose(engines.get(name), view, state.legal_moves(seat))
    )
    first = advice.estimates[0]
    assert move_key(first.move) == move_key(advice.move)
    assert (first.diff, first.stderr) == (0.0, 0.0)
    others = [e.points for e in advice.estimates[1:]]
    assert others == sorted(others, reverse=True)
    assert advice.said == describe_move(state, seat, advice.move)
    assert 1 < len(advice.estimates) <= SMALL.max_candidates + 1
    assert advice.samples == SMALL.samples


def test_legal_moves_come_from_the_view_as_the_state_gives_them():
    for name, players in GAMES:
        for state, seat in positions(name, players, 5, seed=1):
            assert legal_from_view(engines.get(name), state.view(seat), seat) == state.legal_moves(
                seat
            )


def test_shared_determinizations_give_one_move_twice_the_same_points():
    """Common random numbers: a move measured twice in a row is the same sample, pair by pair,
    so its paired difference with itself is exactly zero, while the samples differ."""
    state, seat = _choice("koikoi", 2)
    engine = engines.get("koikoi")
    move = state.legal_moves(seat)[0]
    rows = measure(engine, state.view(seat), seat, [move, move], 30, random.Random(4))
    assert all(row[0] == row[1] for row in rows)
    assert paired(rows, 0, 1) == (0.0, 0.0)
    assert len({row[0] for row in rows}) > 1  # the samples themselves vary


def test_a_compared_move_is_weighed_against_the_bots_move():
    state, seat = _choice("nanatoridori", 3, seed=5)
    view = state.view(seat)
    legal = state.legal_moves(seat)
    bot = hint(view, seat, SMALL).move
    other = next(m for m in legal if move_key(m) != move_key(bot))
    advice = hint(view, seat, SMALL, compare=other)
    mine = advice.estimate_of(other)
    assert mine is not None
    gain = -mine.diff
    expected = "advice.better" if gain > Z * mine.stderr and round(gain, 1) > 0 else "advice.close"
    assert advice.reason.id == expected
    assert advice.reason.args["other"] == {"id": mine.said.id, "args": mine.said.args}
    agree = hint(view, seat, SMALL, compare=bot)
    assert agree.reason.id == "advice.agree"


def test_a_single_legal_move_is_the_only_move():
    engine = engines.get("nar")
    rng = random.Random(2)
    state = engine.new_game(4, 2)
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_moves(seat)
        if len(legal) == 1:
            advice = hint(state.view(seat), seat, SMALL)
            assert advice.reason.id == "advice.only"
            assert render(advice.reason).endswith("is the only move.")
            return
        state.apply(seat, rng.choice(legal))
    raise AssertionError("no forced move in the game")


def test_the_hint_refuses_another_seats_view_and_an_illegal_comparison():
    state, seat = _choice("koikoi", 2)
    with pytest.raises(ValueError, match="seat"):
        hint(state.view(1 - seat), seat, SMALL)
    with pytest.raises(ValueError, match="not a legal move"):
        hint(state.view(seat), seat, SMALL, compare={"play": 999})
    with pytest.raises(ValueError):
        Budget(samples=1)


def test_cancel_stops_the_hint_and_progress_rises_to_one():
    state, seat = _choice("nimalia", 2)
    seen: list[float] = []
    hint(state.view(seat), seat, SMALL, progress=seen.append)
    assert seen and seen == sorted(seen) and seen[-1] == 1.0
    asked = []

    def cancel() -> bool:
        asked.append(1)
        return len(asked) > 5

    with pytest.raises(Cancelled):
        hint(state.view(seat), seat, Budget(iterations=5000, samples=500), cancel=cancel)
    assert len(asked) == 6  # it stopped at the first cancel, not after the whole budget


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_reasons_render_in_words_without_rule_ids(name, players):
    state, seat = _choice(name, players, seed=7)
    view = state.view(seat)
    legal = state.legal_moves(seat)
    for compare in (None, legal[-1]):
        text = render(hint(view, seat, SMALL, compare=compare).reason)
        assert text.endswith(".") and text[0].isupper()
        assert "K-" not in text and "N-" not in text and "R-" not in text and "M-" not in text
        assert "{" not in text and "None" not in text


def test_every_move_description_has_a_phrase_and_every_reason_renders():
    assert MESSAGE_IDS == {"advice.better", "advice.close", "advice.agree", "advice.only"}
    assert MOVE_IDS == PHRASE_IDS
    move = {"id": "koikoi.play", "args": {"seat": 0, "card": 0}}
    other = {"id": "koikoi.stop", "args": {"seat": 0}}
    args = {"game": "koikoi", "move": move, "other": other, "versus": "yours"}
    args |= {"gain": 1.2, "stderr": 0.3}
    args |= {"points": 2.0, "unit": "points", "horizon": "round"}
    assert render({"id": "advice.better", "args": args}) == (
        "Playing the Crane and sun (1): about +1.2 points over stopping by the end of the deal."
    )
    place = {"id": "nimalia.place", "args": {"seat": 0, "card": 3, "rot": 0, "row": 4, "col": 4}}
    args |= {"game": "nimalia", "move": place, "other": place, "horizon": "game"}
    assert render({"id": "advice.better", "args": args}) == (
        "The placement shown: about +1.2 points over your placement by the end of the game."
    )
    assert phrase(place) == "placing card 3 at row 5, column 5"
