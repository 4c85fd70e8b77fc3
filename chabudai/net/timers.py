"""A table's timers: one-shot callbacks by key, on the running event loop.

A table has three kinds (docs/PROTOCOL.md sections 7 and 8): a grace time per dropped seat
(key ``("grace", seat)``), the results time of a headless table (``"results"``) and the abandon
time of a game nobody is connected to (``"abandon"``). Starting a key again replaces its timer; a
timer that fires is forgotten before its callback runs, so the callback may start it again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from typing import Any


class Timers:
    """One-shot timers by key."""

    def __init__(self) -> None:
        self._handles: dict[Hashable, asyncio.TimerHandle] = {}

    def start(self, key: Hashable, delay: float, callback: Callable[..., Any], *args: Any) -> None:
        """Call ``callback(*args)`` in ``delay`` seconds, replacing any timer of ``key``."""
        self.cancel(key)
        self._handles[key] = asyncio.get_running_loop().call_later(
            delay, self._fire, key, callback, args
        )

    def _fire(self, key: Hashable, callback: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self._handles.pop(key, None)
        callback(*args)

    def cancel(self, key: Hashable) -> None:
        handle = self._handles.pop(key, None)
        if handle is not None:
            handle.cancel()

    def __contains__(self, key: Hashable) -> bool:
        return key in self._handles

    def cancel_all(self) -> None:
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()
