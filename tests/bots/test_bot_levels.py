"""Every bot level on every game: legal moves, hidden information, determinism (DESIGN "Bots")."""

from __future__ import annotations

import copy
import random

import pytest

from chabudai import engines
from chabudai.engines.bots import DEFAULT_LEVEL, LEVELS, HardBot, make_bot
from chabudai.engines.bots.common import move_key
from chabudai.engines.bots.policy import policy_for
from tests.bots.helpers import positions, setups

GAMES = engines.names()
CASES = [(g, n, o) for g in GAMES for n, o in setups(engines.get(g))]
IDS = [f"{g}-{n}" + "".join(f"-{v}" for v in o.values()) for g, n, o in CASES]


def _bot(level: str, seed: int):
    return make_bot(level, seed, iterations=12) if level == "hard" else make_bot(level, seed)


def test_levels_are_registered_with_normal_as_default():
    assert set(LEVELS) >= {"random", "easy", "normal", "hard"}
    assert DEFAULT_LEVEL == "normal"
    for level in LEVELS:
        assert make_bot(level, 1).level == level


def test_unknown_level_names_the_levels():
    with pytest.raises(ValueError, match="unknown bot level 'genius'; levels: random, easy"):
        make_bot("genius")


def test_hard_bot_budgets():
    assert make_bot("hard", 1).time_budget == 1.0
    bot = make_bot("hard", 1, budget=0.3)
    assert bot.time_budget == 0.3 and bot.iterations is None
    bot = make_bot("hard", 1, iterations=50)
    assert bot.time_budget is None and bot.iterations == 50
    with pytest.raises(ValueError, match="budget"):
        HardBot(1, budget=0)
    with pytest.raises(ValueError, match="iterations"):
        HardBot(1, iterations=0)


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=IDS)
def test_every_level_returns_a_legal_move(name, players, options):
    engine = engines.get(name)
    for i, (state, seat) in enumerate(positions(name, players, 12, seed=3, options=options)):
        view, legal = state.view(seat), state.legal_moves(seat)
        for level in LEVELS:
            move = _bot(level, i).choose(engine, copy.deepcopy(view), copy.deepcopy(legal))
            assert move in legal, (level, move)


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=IDS)
def test_bots_never_see_hidden_information(name, players, options):
    """Two states that differ only in what the seat cannot see get the same move from a bot.

    The second state is built from the first one's view (``from_view``): the seat's view is
    identical, the other seats' hidden cards differ, and bots are called with nothing but the
    engine, the view and the legal moves (which they do not modify).
    """
    engine = engines.get(name)
    differing = 0
    cases = positions(name, players, 8, seed=11, options=options)
    for i, (state, seat) in enumerate(cases):
        other = engine.from_view(state.view(seat), random.Random(i))
        assert other.view(seat) == state.view(seat)
        assert other.legal_moves(seat) == state.legal_moves(seat)
        hidden_a = [state.view(s) for s in range(players) if s != seat]
        hidden_b = [other.view(s) for s in range(players) if s != seat]
        differing += hidden_a != hidden_b
        for level in LEVELS:
            moves = []
            for st in (state, other):
                view, legal = st.view(seat), st.legal_moves(seat)
                frozen = (copy.deepcopy(view), copy.deepcopy(legal))
                moves.append(_bot(level, 7).choose(engine, view, legal))
                assert (view, legal) == frozen, f"{level} changed its inputs"
            assert moves[0] == moves[1], level
    assert differing >= len(cases) // 2, "the hidden cards were not resampled"


@pytest.mark.parametrize("name", GAMES)
def test_a_seeded_bot_repeats_its_choice_for_the_same_view(name):
    engine = engines.get(name)
    for i, (state, seat) in enumerate(positions(name, engine.min_players, 4, seed=5)):
        view, legal = state.view(seat), state.legal_moves(seat)
        for level in ("easy", "normal", "hard"):
            bot = _bot(level, i)
            first = bot.choose(engine, view, legal)
            assert bot.choose(engine, view, legal) == first
            assert _bot(level, i).choose(engine, view, legal) == first


def test_hard_bot_stops_at_its_time_budget():
    engine = engines.get("koikoi")
    state, seat = positions("koikoi", 2, 1, seed=2)[0]
    bot = make_bot("hard", 3, budget=0.05)
    move = bot.choose(engine, state.view(seat), state.legal_moves(seat))
    assert move in state.legal_moves(seat)
    assert bot.last_iterations >= 1  # it searched, and stopped by itself at the deadline


def test_hard_bot_cpu_clock_counts_only_its_own_thread(monkeypatch):
    """``clock="cpu"``: the budget counts the searching thread's CPU seconds
    (``time.thread_time``), so time the thread does not run (a busy machine) is not charged."""
    import chabudai.engines.bots.hard as hard

    ticks = iter(range(10_000))
    monkeypatch.setitem(hard.CLOCKS, "cpu", lambda: next(ticks) * 0.01)  # 10 ms per reading
    engine = engines.get("koikoi")
    state, seat = positions("koikoi", 2, 1, seed=2)[0]
    view, legal = state.view(seat), state.legal_moves(seat)
    bot = make_bot("hard", 3, budget=0.1, clock="cpu")
    bot.choose(engine, view, legal)
    # One reading at the start, one per iteration: the deadline falls after about 9 iterations,
    # whatever the wall clock says.
    assert 5 <= bot.last_iterations <= 10
    assert bot.think_total == pytest.approx(0.01 * (bot.last_iterations + 1))
    wall = make_bot("hard", 3, budget=0.1)  # the wall clock never reads the fake
    wall.choose(engine, view, legal)
    assert wall.last_iterations > 10
    with pytest.raises(ValueError, match="clock must be one of wall, cpu, not 'sundial'"):
        HardBot(1, clock="sundial")


def test_bots_think_in_worker_threads_with_the_same_results():
    """The host and client run ``choose`` in workers: bots share no state across threads."""
    from concurrent.futures import ThreadPoolExecutor

    jobs = []
    for name in GAMES:
        engine = engines.get(name)
        for state, seat in positions(name, engine.min_players, 2, seed=9):
            jobs.append((engine, state.view(seat), state.legal_moves(seat)))

    def decide(job):
        engine, view, legal = job
        return [_bot(level, 4).choose(engine, view, legal) for level in ("normal", "hard")]

    sequential = [decide(job) for job in jobs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        threaded = list(pool.map(decide, jobs))
    assert threaded == sequential


@pytest.mark.parametrize("name", [g for g in GAMES if g != "nimalia"])
def test_a_short_search_keeps_the_normal_move(name):
    """The hard bot overrules the heuristic only on evidence: with one iteration it cannot."""
    engine = engines.get(name)
    for i, (state, seat) in enumerate(positions(name, engine.min_players, 6, seed=21)):
        view, legal = state.view(seat), state.legal_moves(seat)
        normal = make_bot("normal", i).choose(engine, view, legal)
        assert make_bot("hard", i, iterations=1).choose(engine, view, legal) == normal


def test_hard_bot_reports_how_its_race_ended():
    """``HardBot.last_race``: the root moves searched and still in the race, whether the race
    was decided, and whether the answer overrules the normal policy's move (which Nanatoridori's
    normal policy picks without dice, so it can be asked again here)."""
    engine = engines.get("nanatoridori")
    normal = policy_for("nanatoridori").normal
    bot = make_bot("hard", 9, iterations=150)
    overruled = kept = dropped = 0
    for state, seat in positions("nanatoridori", 6, 12, seed=2):
        view, legal = state.view(seat), state.legal_moves(seat)
        move = bot.choose(engine, view, legal)
        race = bot.last_race
        assert race is not None and race.candidates == len(legal)
        assert 1 <= race.still_in <= race.candidates
        assert race.decided or race.still_in > 1  # one move left ends the race
        expected = move_key(move) != move_key(normal(view, legal, random.Random(0)))
        assert race.overruled == expected
        overruled += race.overruled
        kept += not race.overruled
        dropped += race.candidates - race.still_in
    assert overruled and kept  # both answers occur, so the flag is really compared
    assert dropped  # moves do leave the race
    bot.choose(engine, view, legal[:1])  # one legal move: nothing searched
    assert bot.last_race is None
