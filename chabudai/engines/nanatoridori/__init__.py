"""Nanatoridori (rules/nanatoridori.md): a climbing card game where hands are never reordered.

``ENGINE`` is the registered engine (2–6 players, all with the standard rules; with 2 players the
option ``two_player = duel`` plays the duel, §8); :func:`beats` is the ranking rule N-10 on
``(count, value)`` sets. Moves are described in :mod:`chabudai.engines.nanatoridori.state`.
"""

from chabudai.engines.base import Engine
from chabudai.engines.nanatoridori.rules import beats, plays, sets_in
from chabudai.engines.nanatoridori.state import NanatoridoriState
from chabudai.engines.options import Option
from chabudai.i18n import N_

OPTIONS = (
    Option(
        "scoring",
        str,
        ("basic", "advanced"),
        "basic",
        words=(N_("penguins"), N_("points to 10")),
        label=N_("Scoring"),
        help=N_(
            "Penguins: the loser of a round gives up a penguin and a second loss ends the game; "
            "points: 4 for going out first, 2 for the others, 0 for the loser."
        ),  # N-23, N-24
    ),
    Option(
        "advanced_win",
        str,
        ("all_at_10", "highest"),
        "all_at_10",
        words=(N_("everyone at 10+"), N_("highest total")),
        label=N_("Who wins on points"),
        help=N_(
            "With points scoring: everyone who reaches 10 wins, or only the highest total "
            "(a tie shares the win)."
        ),  # N-25
    ),
    Option(
        "two_player",
        str,
        ("standard", "duel"),
        "standard",
        words=(N_("standard"), N_("duel")),
        label=N_("Two players"),
        help=N_(
            "Standard: 8 cards each and a draw pile, as with more players; duel: 11 "  # N-3, N-5
            "cards and 2 face-up reserve cards each, a pass spends a reserve card. Ignored with "  # §8
            "3 to 6 players."
        ),
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
    summary=N_(
        "Play ever bigger sets of equal cards from a hand you may never sort; "
        "take the beaten sets to build bigger ones. Don't be the last one holding cards."
    ),
)

__all__ = ["ENGINE", "OPTIONS", "NanatoridoriState", "beats", "plays", "sets_in"]
