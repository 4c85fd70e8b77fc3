"""Issue 31, item 5: a spectator's view goes on by itself past a round summary (no one clicks
for a watcher); a player's summary still waits for the click."""

from __future__ import annotations

from chabudai.engines.base import events_for
from chabudai.game.tables import TableContext, make_table
from tests.game.table_helpers import drain
from tests.game.test_koikoi_reference import first_stop

LONG = 14.0  # seconds of table time: past a watcher's summary, well before anyone gives up


def summary_after(seconds: float, seat: int | None):
    before, events = first_stop(3)
    table = make_table("koikoi", TableContext(seat=seat, submit=lambda move: None))
    table.snapshot(before.view(seat))
    drain(table)
    after = before.clone()
    after.apply(0, {"call": "stop"})
    table.apply_update(events_for(events, seat), after.view(seat))
    seen = False
    for _ in range(round(60 * seconds)):
        table.update(1 / 60)
        seen = seen or table.panel is not None
    return seen, table.panel


def test_a_spectators_round_summary_goes_by_itself(offline_app):
    seen, panel = summary_after(LONG, None)
    assert seen and panel is None


def test_a_players_round_summary_waits_for_the_click(offline_app):
    seen, panel = summary_after(LONG, 0)
    assert seen and panel is not None
