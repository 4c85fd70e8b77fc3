"""The table shots of ``chabudai screenshot``, one module per game with a table.

Each module has ``shoot(shooter, seed)``: it finds seeded game states showing the table's telling
moments and renders them with :meth:`chabudai.tools.screenshot.Shooter.table` (which names and filters the
files). Add a game here when its table exists.
"""

from __future__ import annotations

import importlib
from typing import Any

GAMES: tuple[str, ...] = ("koikoi", "nanatoridori", "nar", "nimalia")


def shoot(game: str, shooter: Any, seed: int) -> None:
    importlib.import_module(f"chabudai.tools.shots.{game}").shoot(shooter, seed)
