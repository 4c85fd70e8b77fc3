"""Issue 31, item 5: every task of the bridge's loop ends with the bridge.

Quitting after hosting once printed "Task was destroyed but it is pending! …
Discovery._update_quietly()": tasks still pending when the loop stopped were garbage collected
with it. The bridge now cancels and finishes every task left on its loop before closing it, and
a stop asked for while another thread is stopping the bridge (``atexit`` after the title's stop
in the background) waits for that stop.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import threading
import time

from chabudai.net.bridge import NetBridge


def test_no_task_is_left_pending_when_the_bridge_stops(caplog):
    bridge = NetBridge()
    bridge.start()
    tasks = []

    async def forgotten() -> None:  # a background task nobody awaits (as a listener makes)
        await asyncio.sleep(3600)

    def spawn(loop: asyncio.AbstractEventLoop = bridge._loop) -> None:
        tasks.append(loop.create_task(forgotten()))

    bridge._loop.call_soon_threadsafe(spawn)
    time.sleep(0.05)
    with caplog.at_level(logging.ERROR, logger="asyncio"):
        bridge.stop()
        assert bridge.leftover_tasks == 1 and tasks[0].cancelled()
        del tasks[:], spawn
        del bridge
        gc.collect()
    assert not [r for r in caplog.records if "destroyed but it is pending" in r.getMessage()]


def test_a_second_stop_waits_for_the_first():
    bridge = NetBridge()
    bridge.start()
    done = threading.Event()

    async def slow_goodbye() -> None:
        await asyncio.sleep(0.5)
        done.set()

    bridge._shutdown = slow_goodbye  # a host saying its zeroconf goodbyes
    threading.Thread(target=bridge.stop, daemon=True).start()
    time.sleep(0.1)
    bridge.stop()  # atexit, a moment later
    assert done.is_set()
    assert not bridge._thread.is_alive()
