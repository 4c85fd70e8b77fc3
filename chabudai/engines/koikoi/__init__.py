"""Koi-Koi (rules/koikoi.md): a two-player hanafuda fishing game.

``ENGINE`` is the registered engine; :func:`score` is the pure scoring function (K-19 to K-42);
:func:`yaku_table` lists every yaku of a ruleset with its points, cards and rule.
"""

from chabudai.engines.base import Engine
from chabudai.engines.koikoi.cards import CARDS, month
from chabudai.engines.koikoi.scoring import YAKU_NAMES, score, stop_points
from chabudai.engines.koikoi.state import KoiKoiState, board_matches
from chabudai.engines.koikoi.yaku import yaku_table
from chabudai.engines.options import Option
from chabudai.i18n import N_

OPTIONS = (
    Option(
        "ruleset",
        str,
        ("cardavia", "nintendo"),
        "cardavia",
        words=(N_("Cardavia"), N_("Nintendo")),
        label=N_("Ruleset"),
        help=N_(
            "Cardavia: every yaku adds up, Three Brights 6, no multipliers; Nintendo: Three "
            "Brights 5, viewing yaku, and a Stop doubles at 7 points or after a koi-koi."
        ),  # §8
    ),
    Option(
        "rounds",
        int,
        (1, 3, 6, 12),
        1,
        label=N_("Deals"),
        help=N_("How many deals the match lasts; the winner of a deal deals the next."),  # K-34
    ),
    Option(
        "sake_cup_plain",
        bool,
        (True, False),
        True,
        label=N_("Sake cup counts as a Plain"),
        help=N_("On: the Sake cup counts toward Animals and toward the ten Plains at once."),  # K-3
    ),
)

ENGINE = Engine(
    name="koikoi",
    title="Koi-Koi",
    min_players=2,
    max_players=2,
    options=OPTIONS,
    state_class=KoiKoiState,
    summary=N_("Match months to capture hanafuda cards, build yaku, then stop or push your luck."),
)

__all__ = [
    "CARDS",
    "ENGINE",
    "YAKU_NAMES",
    "KoiKoiState",
    "board_matches",
    "month",
    "score",
    "stop_points",
    "yaku_table",
]
