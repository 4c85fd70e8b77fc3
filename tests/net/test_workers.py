"""Bots think off the event loop: searching bots in worker processes, quick ones in threads."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool

from chabudai import engines
from chabudai.engines.bots import make_bot
from chabudai.net import workers


def position(seed: int = 3):
    engine = engines.get("koikoi")
    state = engine.new_game(2, seed)
    seat = state.to_move[0]
    return engine, state.view(seat), state.legal_moves(seat)


def test_a_searching_bot_thinks_in_another_process_and_chooses_the_same_move():
    engine, view, legal = position()
    pool = workers.process_pool()
    assert pool is not None
    assert pool.submit(os.getpid).result(timeout=60) != os.getpid()
    in_thread = make_bot("hard", 5, iterations=40).choose(engine, view, legal)
    in_process = asyncio.run(
        workers.choose(make_bot("hard", 5, iterations=40), engine, view, legal)
    )
    assert in_process == in_thread and in_process in legal


def test_quick_bots_think_in_threads(monkeypatch):
    def no_pool():
        raise AssertionError("a quick bot must not start worker processes")

    monkeypatch.setattr(workers, "process_pool", no_pool)
    engine, view, legal = position()
    move = asyncio.run(workers.choose(make_bot("normal", 1), engine, view, legal))
    assert move == make_bot("normal", 1).choose(engine, view, legal)


def test_a_broken_pool_falls_back_to_a_thread(monkeypatch):
    class Broken(Executor):
        def submit(self, *args, **kwargs):
            raise BrokenProcessPool("worker died")

    stopped = []
    monkeypatch.setattr(workers, "process_pool", lambda: Broken())
    monkeypatch.setattr(workers, "shutdown_pool", lambda **how: stopped.append(how))
    engine, view, legal = position()
    move = asyncio.run(workers.choose(make_bot("hard", 2, iterations=10), engine, view, legal))
    assert move in legal
    assert stopped == [{"for_good": True}]  # no new worker is tried for every later decision
