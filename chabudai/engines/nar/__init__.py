"""Nar (rules/nar.md): the trick-taking game published as Foppen / Fool! for 4 to 8 players.

Winning tricks is worthless; the player of the worst card in a trick becomes the Fool and sits
out the next one (two Fools with 7–8 players). The round ends in the trick where a hand empties:
going out scores +10, cards left cost their value (a 1 costs 5).

Cards are strings: ``G2``…``G27``, ``R2``…``R23``, ``Y2``…``Y21``, ``B2``…``B15`` and ``1`` for a
white one (all 1s are alike). The cards in play per player count are the data table
:data:`DECK_TABLE` (R-3).

Moves (plain dicts, see :mod:`chabudai.engines.nar.state`):

- ``{"play": "G7"}`` — play a card; a white one is ``{"play": "1"}`` and needs no declared
  colour: it always counts as the lead colour with value 1 (R-14).
- ``{"declare": True}`` / ``{"declare": False}`` — the go-out announcement before a round's first
  trick, only with option ``announcements``.

``ENGINE`` is the registered engine; :func:`resolve_trick` is the pure trick resolver (R-15 to
R-18): ``resolve_trick([(seat, card), ...], players) -> (winner_seat, fool_seats)``.
"""

from chabudai.engines.base import Engine
from chabudai.engines.nar.cards import DECK_TABLE, DeckRow, deck_for, legal_cards
from chabudai.engines.nar.deal import deal_constrained
from chabudai.engines.nar.scoring import round_score, winners
from chabudai.engines.nar.state import NarState
from chabudai.engines.nar.tricks import resolve_trick
from chabudai.engines.options import Option
from chabudai.i18n import N_

OPTIONS = (
    Option(
        "fools_at_7",
        int,
        (2, 1),
        2,
        words=(N_("two Fools"), N_("one Fool")),
        label=N_("Fools with 7 players"),
        help=N_(
            "With 7 players, whether the two worst cards of a trick make Fools or only the "
            "worst one; 8 players always have two."
        ),
        players=(7, 7),
    ),
    Option(
        "announcements",
        bool,
        (True, False),
        False,
        label=N_("Announcements (1995)"),
        help=N_(
            "On: before each round's first trick every player may declare they will go out, "
            "for a bonus if they do and double the loss if they do not."
        ),
    ),
    Option(
        "game_length",
        str,
        ("standard", "fixed_rounds"),
        "standard",
        words=(N_("until -80 or six +10s"), N_("two rounds per player")),
        label=N_("Game length"),
        help=N_(
            "Standard: play until someone is at -80 or has gone out six times; or a "
            "fixed two rounds per player, as in the 1995 edition."
        ),
    ),
)

ENGINE = Engine(
    name="nar",
    title="Nar",
    min_players=4,
    max_players=8,
    options=OPTIONS,
    state_class=NarState,
    summary=N_("Shed your cards: play the worst card of a trick and you sit out the next one."),
)

__all__ = [
    "DECK_TABLE",
    "ENGINE",
    "DeckRow",
    "NarState",
    "deal_constrained",
    "deck_for",
    "legal_cards",
    "resolve_trick",
    "round_score",
    "winners",
]
