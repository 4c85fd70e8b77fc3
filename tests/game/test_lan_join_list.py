"""Issue 31, item 5: a host that died without a goodbye leaves the Join list.

The browser greys a table out once its TCP probe fails; the Join screen drops a table that has
stayed unreachable for ``DROP_UNREACHABLE`` seconds (it used to stay greyed for 10+ minutes,
until zeroconf's record expired), and lists it again if it answers again.
"""

from __future__ import annotations

import time

from chabudai.game.scenes import join as join_module
from chabudai.game.scenes.join import JoinScene
from chabudai.tools.autoplay import drive


def table(tid: str, name: str, reachable: bool = True) -> dict:
    return {
        "tid": tid, "name": name, "game": "koikoi", "host": "127.0.0.1", "port": 47474,
        "seats": 2, "open": 1, "st": "lobby", "v": 1, "reachable": reachable,
    }  # fmt: skip


def listed(join: JoinScene) -> list[str]:
    return [t["name"] for _, t in join.rows]


def test_a_table_unreachable_for_long_leaves_the_list(offline_app, monkeypatch):
    monkeypatch.setattr(join_module, "DROP_UNREACHABLE", 0.5)
    app = offline_app
    join = app.push(JoinScene(app))
    join.on_net({"t": "tables", "tables": [table("a" * 12, "Den"), table("b" * 12, "Attic")]})
    assert listed(join) == ["Den", "Attic"]
    join.on_net(
        {"t": "tables", "tables": [table("a" * 12, "Den"), table("b" * 12, "Attic", False)]}
    )
    assert listed(join) == ["Den", "Attic"]  # greyed at first
    assert not join.rows[1][0].enabled
    started = time.monotonic()
    assert drive(app, lambda a: listed(join) == ["Den"], None, 3)
    assert time.monotonic() - started >= 0.4
    join.on_net({"t": "tables", "tables": [table("a" * 12, "Den"), table("b" * 12, "Attic")]})
    assert listed(join) == ["Den", "Attic"]  # it answers again: back in the list
