"""Nimalia (rules/nimalia.md): draft animal cards and overlap them into a 6 × 6 reserve.

``ENGINE`` is the registered engine; :func:`score_objective` is the pure objective scorer
(M-O1…M-O22, comparisons M-28). Moves are ``{"card": c, "rot": q, "row": r, "col": k}``
(see ``chabudai.engines.nimalia.state``).

Choices where the rules leave room (each also noted where it is implemented):

- the first card always goes at anchor (4, 4): M-16 says "anywhere" and M-14 says only relative
  positions matter, so one canonical spot keeps reserves in rows/columns 0–9 and spares bots
  dozens of equivalent first moves;
- the deck is shuffled once per game and drawn in seat order each round (M-8, M-10);
- a view's reserves of other seats are as of the last reveal; a seat's own ``reserve`` includes
  its pending placement (it has seen it);
- what a seat remembers (M-30) is the hands it passed on this round, listed in
  ``view["known"]`` until their cards are revealed — hands travel whole, so nothing else is
  ever known about another hand;
- ``otter_neighbours="once"`` (M-O1) scores the union of the qualifying neighbour spaces of all
  otters; ``faq_values`` is a yes/no option (``on``/``off`` on the command line).
"""

from chabudai.engines.base import Engine
from chabudai.engines.nimalia.cards import card_cells, cards, parse_space, rotated
from chabudai.engines.nimalia.objectives import COLOURS, GOALS_LEVELS, OBJECTIVES, combinations
from chabudai.engines.nimalia.scoring import score_objective, tiebreak_value
from chabudai.engines.nimalia.state import FIRST_ANCHOR, NimaliaState, grid_from_view, pos_key
from chabudai.engines.options import Option
from chabudai.i18n import N_

OPTIONS = (
    Option(
        "goals_level",
        str,
        GOALS_LEVELS,
        "random",
        words=(N_("any"), N_("easy"), N_("difficult"), N_("introductory game")),
        label=N_("Objectives"),
        help=N_(
            "Which objectives are drawn: any, easy ones (1-2 leaves), difficult ones (2-3 "
            "leaves), or the four of the introductory game."
        ),  # M-7
    ),
    Option(
        "zero_majority",
        str,
        ("no_rank", "rank"),
        "no_rank",
        words=(N_("needs at least 1"), N_("0 counts too")),
        label=N_("'Most' objectives"),
        help=N_(
            "Whether a count of 0 can rank on 'most' objectives, e.g. everyone ties first on "
            "'most pandas' when nobody has one."
        ),  # M-28
    ),
    Option(
        "otter_neighbours",
        str,
        ("per_otter", "once"),
        "per_otter",
        words=(N_("per otter"), N_("once per space")),
        label=N_("Otter neighbours (O1)"),
        help=N_("A space next to several otters counts once for each otter, or only once."),  # M-O1
    ),
    Option(
        "faq_values",
        bool,
        (False, True),
        False,
        words=(N_("as on the cards"), N_("as in the FAQ")),
        label=N_("O8 and O12 values"),
        help=N_(
            "On: a lone bear costs 2 (O8) and a pair scores 2 (O12), as the publisher's FAQ "
            "quotes, instead of the values printed on the cards."
        ),
    ),
)

ENGINE = Engine(
    name="nimalia",
    title="Nimalia",
    min_players=2,
    max_players=4,
    options=OPTIONS,
    state_class=NimaliaState,
    summary=N_("Draft animal cards and overlap them into a 6×6 reserve to meet four objectives."),
)

__all__ = [
    "COLOURS",
    "ENGINE",
    "FIRST_ANCHOR",
    "OBJECTIVES",
    "OPTIONS",
    "NimaliaState",
    "card_cells",
    "cards",
    "combinations",
    "grid_from_view",
    "parse_space",
    "pos_key",
    "rotated",
    "score_objective",
    "tiebreak_value",
]
