"""Table views by game name: each game's table lives in ``game/tables/<name>/``.

A table package has a pure ``layout`` module (view → card positions, click → move) and a ``view``
module whose ``TABLE`` class (a :class:`game.tables.base.TableView`) animates the host's events
and turns input into moves. A game appears here once its table exists; the setup forms still
list the other games, marked "table coming soon".
"""

from __future__ import annotations

import importlib

from game.tables.base import TableContext, TableView

TABLES: dict[str, str] = {
    "koikoi": "game.tables.koikoi.view",
}


def has_table(game: str | None) -> bool:
    return game in TABLES


def make_table(game: str, ctx: TableContext) -> TableView:
    """The table view for ``game``; ``ValueError`` if that game has no table yet."""
    if game not in TABLES:
        raise ValueError(f"no table view for {game!r} yet (table coming soon)")
    return importlib.import_module(TABLES[game]).TABLE(ctx)


__all__ = ["TABLES", "TableContext", "TableView", "has_table", "make_table"]
