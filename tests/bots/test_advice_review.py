"""The review (chabudai.engines.bots.advice_review): a random seat's moves are marked more often
than the hard seat's; decisions are taken from the seat's view then; marks never fall inside the
sampling error; progress and cancel."""

from __future__ import annotations

import math

import pytest

from chabudai import engines
from chabudai.engines.bots import make_bot
from chabudai.engines.bots.advice import Cancelled
from chabudai.engines.bots.advice_review import (
    THRESHOLDS,
    decisions_of,
    mark,
    review,
    thresholds_for,
)
from chabudai.engines.bots.play import play_game

ITERATIONS = 60
SAMPLES = 24


def _record(name: str, players: int, seed: int, options: dict | None = None) -> dict:
    """A seeded game: seat 0 the random bot, every other seat the hard bot."""
    bots = [make_bot("random", seed)]
    bots += [make_bot("hard", seed * 10 + s, iterations=ITERATIONS) for s in range(1, players)]
    return play_game(engines.get(name), players, seed, bots, options).record()


def _marked(result) -> int:
    return result.summary["inaccuracies"] + result.summary["mistakes"]


@pytest.mark.parametrize(
    ("name", "players", "options"),
    [
        ("koikoi", 2, {"rounds": 3}),
        ("nanatoridori", 2, None),
        pytest.param("nar", 4, None, marks=pytest.mark.slow),
        pytest.param("nimalia", 2, None, marks=pytest.mark.slow),
    ],
)
def test_the_review_marks_more_of_a_random_seats_moves_than_of_the_hard_seats(
    name, players, options
):
    record = _record(name, players, 7, options)
    random_seat = review(record, 0, ITERATIONS, SAMPLES)
    hard_seat = review(record, 1, ITERATIONS, SAMPLES)
    assert random_seat.summary["decisions"] > 5
    assert _marked(random_seat) > _marked(hard_seat)
    assert random_seat.summary["points_lost"] > hard_seat.summary["points_lost"]
    assert random_seat.summary["agreed"] < random_seat.summary["decisions"]


def test_decisions_are_the_seats_own_with_its_view_then():
    record = _record("koikoi", 2, 3, {"rounds": 3})
    points, forced = decisions_of(record, 0)
    own = [i for i, (seat, _) in enumerate(record["moves"]) if seat == 0]
    assert {p.index for p in points} <= set(own) and len(points) + forced == len(own)
    state = engines.replay({**record, "moves": []})
    wanted = {p.index: p for p in points}
    for index, (seat, move) in enumerate(record["moves"]):
        if index in wanted:
            assert wanted[index].view == state.view(0)
            assert wanted[index].played == move
            assert len(wanted[index].legal) > 1
        state.apply(seat, move)


def test_a_simultaneous_step_is_reviewed_from_the_view_before_anyone_moved():
    """Nimalia: every seat places at once (M-11); seat 1's decision is seen as it was put to it,
    before seat 0's card went down."""
    record = _record("nimalia", 2, 4)
    points, _ = decisions_of(record, 1)
    assert points
    for point in points[:5]:
        assert sorted(point.view["to_move"]) == [0, 1]


def test_marks_never_fall_inside_the_sampling_error():
    for game, (inaccuracy, mistake) in THRESHOLDS.items():
        assert mark(game, mistake * 3, mistake * 2) == "fine"  # within 2 standard errors
        assert mark(game, mistake * 3, mistake) == "mistake"
        assert mark(game, mistake, 0.0) == "mistake"
        assert mark(game, inaccuracy, 0.0) == "inaccuracy"
        assert mark(game, inaccuracy * 0.99, 0.0) == "fine"
        assert mark(game, -mistake * 5, 0.0) == "fine"  # played better than the bot
        assert mark(game, mistake * 10, math.inf) == "fine"
    assert thresholds_for("unknown-game") == pytest.approx((1.0, 2.5))


def test_the_review_is_repeatable_and_reports_progress():
    record = _record("koikoi", 2, 5)
    seen: list[tuple[int, int]] = []
    first = review(record, 0, 30, 8, progress=lambda done, total: seen.append((done, total)))
    assert review(record, 0, 30, 8).to_dict() == first.to_dict()
    total = first.summary["decisions"]
    assert seen == [(i, total) for i in range(1, total + 1)]
    assert set(first.to_dict()["summary"]) == {
        "decisions",
        "forced",
        "agreed",
        "inaccuracies",
        "mistakes",
        "points_lost",
        "mistake_points",
    }


def test_cancel_stops_the_review():
    record = _record("koikoi", 2, 5)
    done: list[int] = []
    with pytest.raises(Cancelled):
        review(
            record, 0, 30, 8, progress=lambda d, t: done.append(d), cancel=lambda: len(done) >= 2
        )
    assert done == [1, 2]


def test_a_seat_outside_the_game_or_a_record_that_does_not_replay_is_refused():
    record = _record("koikoi", 2, 5)
    with pytest.raises(ValueError, match="seat 2"):
        review(record, 2)
    broken = {**record, "moves": [*record["moves"][:3], [0, {"play": 999}]]}
    with pytest.raises(ValueError):
        review(broken, 0, 10, 4)
