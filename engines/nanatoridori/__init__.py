"""Nanatoridori (rules/nanatoridori.md): a climbing card game where hands are never reordered.

``ENGINE`` is the registered engine (2–6 players, all with the standard rules; with 2 players the
option ``two_player = duel`` plays the duel, §8); :func:`beats` is the ranking rule N-10 on
``(count, value)`` sets. Moves are described in :mod:`engines.nanatoridori.state`.
"""

from engines.base import Engine
from engines.nanatoridori.rules import beats, plays, sets_in
from engines.nanatoridori.state import NanatoridoriState
from engines.options import Option

OPTIONS = (
    Option(
        "scoring",
        str,
        ("basic", "advanced"),
        "basic",
        label="Scoring",
        help="basic: the loser of a round loses a penguin, two lost ends the game (N-23); "
        "advanced: 4 points for the first out, 2 for the others, 0 for the loser, to 10 (N-24)",
    ),
    Option(
        "advanced_win",
        str,
        ("all_at_10", "highest"),
        "all_at_10",
        label="Advanced winner",
        help="with advanced scoring: everyone with 10 or more points wins, or only the highest "
        "total (ties share the win) (N-25)",
    ),
    Option(
        "two_player",
        str,
        ("standard", "duel"),
        "standard",
        label="Two players",
        help="standard: 8 cards each and a draw pile, as with more players (N-3, N-5); duel: "
        "11 cards and 2 face-up reserve cards each, a pass spends a reserve card (§8). "
        "Ignored with 3 to 6 players",
        players=(2, 2),
    ),
)

ENGINE = Engine(
    name="nanatoridori",
    title="Nanatoridori",
    min_players=2,
    max_players=6,
    options=OPTIONS,
    state_class=NanatoridoriState,
    summary="Play ever bigger sets of equal cards from a hand you may never sort; "
    "take the beaten sets to build bigger ones. Don't be the last one holding cards.",
)

__all__ = ["ENGINE", "OPTIONS", "NanatoridoriState", "beats", "plays", "sets_in"]
