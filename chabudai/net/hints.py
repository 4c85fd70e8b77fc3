"""Hints at a table (issue 32): a seat asks, the host's hard bot answers from that seat's view.

A player sends ``hint`` (docs/PROTOCOL.md section 4); the table hands it to its
:class:`HintDesk`, which refuses it with a ``reject`` (``about: "hint"``, a code and a reason in
words) or thinks about it off the event loop like a bot seat (:func:`chabudai.net.workers.run`:
the shared worker process, or a thread) and sends the asking connection alone a ``hint``.

What the bot is given is ``state.view(seat)`` — exactly what the host sends that seat — so no
other seat's cards enter the search, and the answer holds only the move (one of the seat's own
legal moves) and the reason in words, which names that move and the one it is compared with.
The table option ``hints`` (:data:`chabudai.net.lobby.TABLE_OPTIONS`, set by the host player in
the lobby, off by default) decides whether hints are answered at all.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from chabudai.engines.bots.advice import Advice, Budget, hint
from chabudai.engines.bots.advice_text import render, to_wire
from chabudai.i18n import N_
from chabudai.net import workers

if TYPE_CHECKING:
    from chabudai.net.table import Member, Table

log = logging.getLogger("chabudai.net")

BUDGET = Budget(iterations=400, samples=32)  # about 0.1-0.3 s of search per game (bench advice)
USE_PROCESSES = True  # tests think in threads (a spawned worker costs a second to start)

HINTS_OFF = N_("Hints are off at this table; the first player can turn them on in the lobby.")
NOT_SEATED = N_("Only a seated player can ask for a hint.")
NOT_PLAYING = N_("There is no game in progress to give a hint about.")
NOT_YOUR_TURN = N_("A hint is for your turn.")
PENDING = N_("A hint for your seat is still being thought about.")
NO_COMPARE = N_("The move to compare with is not one you can make now.")
NO_HINT = N_("No hint this time.")
NOT_YOUR_SEAT = N_("A hint is for your own seat only.")
STALE = N_("The hint was asked about an older state of the game.")

# A refused ``hint`` request (``reject`` with ``about: "hint"``) by its code, as a client words it
# in its player's language (``_(HINT_REFUSALS[code])``); the frame's ``reason`` is the English.
HINT_REFUSALS: dict[str, str] = {
    "hints_off": HINTS_OFF,
    "not_seated": NOT_SEATED,
    "not_playing": NOT_PLAYING,
    "not_your_turn": NOT_YOUR_TURN,
    "hint_pending": PENDING,
    "illegal": NO_COMPARE,
    "no_hint": NO_HINT,
    "not_your_seat": NOT_YOUR_SEAT,
    "stale": STALE,
}


def answer_frame(advice: Advice, state_id: int) -> dict[str, Any]:
    """The ``hint`` message for ``advice`` (plain data, no floats: the codec carries none)."""
    return {
        "t": "hint",
        "state_id": state_id,
        "seat": advice.seat,
        "move": advice.move,
        "kind": advice.reason.id.removeprefix("advice."),
        "reason": render(advice.reason),  # English, for older clients
        **to_wire(advice.reason),  # reason_id and args: each client words it in its language
    }


def _legal(state: Any, seat: int, move: Any) -> bool:
    """Whether ``move`` (any plain value a peer sent) is one of ``seat``'s legal moves."""
    try:
        return state.check(seat, move) is None
    except Exception:  # a value of a shape the game's check does not expect
        return False


def _think(view: dict[str, Any], seat: int, budget: Budget, compare: Any) -> Advice:
    """The worker's job (module level: it pickles for the process pool)."""
    return hint(view, seat, budget, compare=compare)


class HintDesk:
    """A table's hint requests: at most one being thought about per seat."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def refusal(self, member: Member, message: dict[str, Any]) -> tuple[str, str] | None:
        """Why the request cannot be answered (a ``reject`` code and reason), or None."""
        table = self.table
        seat = member.seat
        if seat is None:
            return "not_seated", NOT_SEATED
        wanted = message.get("seat")
        if wanted is not None and wanted != seat:
            return "not_your_seat", f"A hint is for your own seat ({seat}) only."
        if not table.lobby.table_options.get("hints"):
            return "hints_off", HINTS_OFF
        state = table.state
        if table.status != "playing" or state is None:
            return "not_playing", NOT_PLAYING
        if not table.accepts(seat, message["state_id"]):
            return "stale", f"The hint was asked about an older state than {table.state_id}."
        if seat not in state.to_move:
            return "not_your_turn", NOT_YOUR_TURN
        compare = message.get("compare")
        if compare is not None and not _legal(state, seat, compare):
            return "illegal", NO_COMPARE
        task = self._tasks.get(seat)
        if task is not None and not task.done():
            return "hint_pending", PENDING
        return None

    def request(self, member: Member, message: dict[str, Any]) -> None:
        refused = self.refusal(member, message)
        if refused is not None:
            self.table._reject(member, *refused, about="hint")
            return
        seat = member.seat
        assert seat is not None and self.table.state is not None
        view = self.table.state.view(seat)
        task = asyncio.get_running_loop().create_task(
            self._answer(member, seat, view, message.get("compare"))
        )
        self._tasks[seat] = task

    async def _answer(self, member: Member, seat: int, view: dict[str, Any], compare: Any) -> None:
        table = self.table
        asked_at = table.state_id
        try:
            advice = await workers.run(_think, view, seat, BUDGET, compare, searching=USE_PROCESSES)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("%s: the hint for seat %d failed", table.name, seat)
            table._reject(member, "no_hint", NO_HINT, about="hint")
            return
        finally:
            if self._tasks.get(seat) is asyncio.current_task():
                del self._tasks[seat]
        if member in table.members and member.seat == seat:
            member.send(answer_frame(advice, asked_at))

    def cancel(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()
