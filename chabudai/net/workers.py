"""Where bots think: worker threads for quick bots, a small process pool for searching ones.

A searching bot (the ``hard`` level) runs pure-Python search for up to its whole time budget. In
a worker *thread* it would hold the GIL most of that time, and the client's render loop (solo
play embeds the host in the client process) would drop frames. In a worker *process* it shares
nothing with the table: it gets the engine, the seat's view and the legal moves (all picklable)
and returns a move, exactly as in a thread — a bot's choice depends only on its seed and the view.

The pool is created on first use (``spawn`` start method: safe beside the client's threads) and
shared by every table of the process. If processes cannot be started, or the pool breaks (a
worker died or could not start), bots think in threads from then on.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from chabudai.engines.base import Engine, Move, View
from chabudai.engines.bots import Bot

log = logging.getLogger("chabudai.net")

SEARCHING_LEVELS = frozenset({"hard"})

_pool: ProcessPoolExecutor | None = None
_pool_failed = False
_lock = threading.Lock()


def process_pool() -> Executor | None:
    """The shared bot process pool, or None when this system cannot run one."""
    global _pool, _pool_failed
    with _lock:
        if _pool is None and not _pool_failed:
            try:
                workers = max(1, min(2, os.cpu_count() or 1))
                _pool = ProcessPoolExecutor(
                    workers, mp_context=multiprocessing.get_context("spawn")
                )
            except (OSError, ValueError, NotImplementedError) as error:
                log.warning("bots will think in threads: no worker processes (%s)", error)
                _pool_failed = True
        return _pool


def shutdown_pool(*, for_good: bool = False) -> None:
    """Stop the worker processes; with ``for_good`` no new pool is started afterwards."""
    global _pool, _pool_failed
    with _lock:
        pool, _pool = _pool, None
        _pool_failed = _pool_failed or for_good
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


async def choose(bot: Bot, engine: Engine, view: View, legal: list[Move]) -> Any:
    """``bot.choose(engine, view, legal)`` off the event loop: a process for searching bots."""
    searching = getattr(bot, "level", "") in SEARCHING_LEVELS
    return await run(bot.choose, engine, view, legal, searching=searching)


async def run(work: Callable[..., Any], *args: Any, searching: bool) -> Any:
    """``work(*args)`` off the event loop: in the process pool when ``searching`` (and there is
    one), else in a thread. ``work`` and its arguments must pickle for the pool."""
    loop = asyncio.get_running_loop()
    pool = process_pool() if searching else None
    if pool is not None:
        try:
            return await loop.run_in_executor(pool, work, *args)
        except BrokenProcessPool:
            log.warning("the bot worker process died; bots think in threads from now on")
            shutdown_pool(for_good=True)
    return await loop.run_in_executor(None, work, *args)
