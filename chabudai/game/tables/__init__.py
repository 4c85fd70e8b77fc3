"""Table views by game name: each game's table lives in ``game/tables/<name>/``.

A table package has a pure ``layout`` module (view → card positions, click → move) and a ``view``
module whose ``TABLE`` class (a :class:`chabudai.game.tables.base.TableView`, built on the kit in
``game/tables/kit/``) animates the host's events and turns input into moves; the module's
``result_sheet(result, name_of)`` says how the results screen lists a finished game. A game appears here once its table exists; the setup forms still
list the other games, marked "table coming soon".
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from chabudai.game.tables.base import ResultSheet, TableContext, TableView, scores_sheet

TABLES: dict[str, str] = {
    "koikoi": "chabudai.game.tables.koikoi.view",
    "nanatoridori": "chabudai.game.tables.nanatoridori.view",
    "nar": "chabudai.game.tables.nar.view",
    "nimalia": "chabudai.game.tables.nimalia.view",
}


def has_table(game: str | None) -> bool:
    return game in TABLES


def make_table(game: str, ctx: TableContext) -> TableView:
    """The table view for ``game``; ``ValueError`` if that game has no table yet."""
    if game not in TABLES:
        raise ValueError(f"no table view for {game!r} yet (table coming soon)")
    return importlib.import_module(TABLES[game]).TABLE(ctx)


def result_sheet(
    game: str | None, result: dict[str, Any], name_of: Callable[[int | None], str]
) -> ResultSheet:
    """How the results screen lists ``result`` (the game's own sheet, or the plain one)."""
    if game in TABLES:
        sheet = getattr(importlib.import_module(TABLES[game]), "result_sheet", None)
        if sheet is not None:
            return sheet(result, name_of)
    return scores_sheet(result, name_of)


__all__ = [
    "TABLES",
    "ResultSheet",
    "TableContext",
    "TableView",
    "has_table",
    "make_table",
    "result_sheet",
]
