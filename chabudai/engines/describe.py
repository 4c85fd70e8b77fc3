"""A move that says itself: one describer turns a move into a structured description, a message
id and its arguments, that a move log, a replay, a hint or any language renders the same way.

``describe_move(state, seat, move)`` is called *before* the move is applied (it reads the hand a
Nanatoridori play is taken from); it returns a :class:`Said`. ``render(said, name_of)`` is the
English rendering (``name_of(seat)`` names a seat, by default "Seat 2"); another language maps
the same ids to its own templates. Renderings never show rule ids (those stay in docstrings).

Message ids (stable: a translation or a saved log keys on them) and their arguments:

``koikoi.play`` {seat, card, name}
    a hand card played to the board or capturing its only match(es) (K-12, K-13).
``koikoi.play_take`` {seat, card, name, take, take_name}
    a hand card capturing the chosen one of two matches (K-13).
``koikoi.take`` {seat, card, name}
    the drawn card's chosen target (K-15).
``koikoi.stop`` {seat} / ``koikoi.koikoi`` {seat}
    the decision after a rise (K-28).
``nanatoridori.play`` {seat, count, value, reserve}
    a set of ``count`` cards of ``value``, ``reserve`` of them from the duel reserve (N-12, N-28).
``nanatoridori.pass`` {seat} / ``nanatoridori.pass_reserve`` {seat, card}
    a pass (N-15), a duel pass spending a reserve card (N-29).
``nanatoridori.insert`` {seat, gap} / ``nanatoridori.discard`` {seat}
    where the waiting cards go (N-13, N-15, N-29).
``nar.play`` {seat, card, colour, value}
    a card played to the trick; colour is "" for a 1 (R-12, R-14).
``nar.declare_out`` {seat} / ``nar.declare_stay`` {seat}
    the announcement (option ``announcements``).
``nimalia.place`` {seat, card, rot, row, col}
    a card placed face down in the seat's reserve (M-11, M-14, M-15).
``move`` {seat, move}
    a move of a game without descriptions (the fallback: the move as it is).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from chabudai.engines.base import GameState, Move


@dataclass(frozen=True)
class Said:
    """A structured description: a message id and its plain arguments."""

    id: str
    args: dict[str, Any] = field(default_factory=dict)


def _koikoi(state: GameState, seat: int, move: dict[str, Any]) -> Said:
    from chabudai.engines.koikoi.cards import CARDS

    if "call" in move:
        return Said("koikoi.stop" if move["call"] == "stop" else "koikoi.koikoi", {"seat": seat})
    if "play" not in move:
        card = move["take"]
        return Said("koikoi.take", {"seat": seat, "card": card, "name": CARDS[card].name})
    card = move["play"]
    args = {"seat": seat, "card": card, "name": CARDS[card].name}
    if "take" in move:
        take = move["take"]
        return Said("koikoi.play_take", {**args, "take": take, "take_name": CARDS[take].name})
    return Said("koikoi.play", args)


def _nanatoridori(state: GameState, seat: int, move: dict[str, Any]) -> Said:
    if "play" in move:
        start, length = move["play"]
        reserve = move.get("reserve", 0)
        value = state.hands[seat][start]  # type: ignore[attr-defined]
        args = {"seat": seat, "count": length + reserve, "value": value, "reserve": reserve}
        return Said("nanatoridori.play", args)
    if "pass" in move:
        if "card" in move:
            return Said("nanatoridori.pass_reserve", {"seat": seat, "card": move["card"]})
        return Said("nanatoridori.pass", {"seat": seat})
    if "insert" in move:
        return Said("nanatoridori.insert", {"seat": seat, "gap": move["insert"]})
    return Said("nanatoridori.discard", {"seat": seat})


def _nar(state: GameState, seat: int, move: dict[str, Any]) -> Said:
    from chabudai.engines.nar.cards import CARD_INFO

    if "declare" in move:
        return Said("nar.declare_out" if move["declare"] else "nar.declare_stay", {"seat": seat})
    card = move["play"]
    colour, value = CARD_INFO[card][0], CARD_INFO[card][1]
    return Said("nar.play", {"seat": seat, "card": card, "colour": colour, "value": value})


def _nimalia(state: GameState, seat: int, move: dict[str, Any]) -> Said:
    return Said(
        "nimalia.place", {"seat": seat, **{k: move[k] for k in ("card", "rot", "row", "col")}}
    )


_DESCRIBERS: dict[str, Callable[[GameState, int, dict[str, Any]], Said]] = {
    "koikoi": _koikoi,
    "nanatoridori": _nanatoridori,
    "nar": _nar,
    "nimalia": _nimalia,
}


def describe_move(state: GameState, seat: int, move: Move) -> Said:
    """The description of a legal ``move`` by ``seat``, made before it is applied."""
    describer = _DESCRIBERS.get(state.game)
    if describer is None or not isinstance(move, dict):
        return Said("move", {"seat": seat, "move": move})
    return describer(state, seat, move)


def _nar_card(a: dict[str, Any]) -> str:
    from chabudai.engines.nar.cards import COLOUR_NAMES

    return "a 1" if not a["colour"] else f"{COLOUR_NAMES[a['colour']]} {a['value']}"


_ENGLISH: dict[str, Callable[[dict[str, Any], str], str]] = {
    "koikoi.play": lambda a, who: f"{who} plays the {a['name']}",
    "koikoi.play_take": lambda a, who: f"{who} plays the {a['name']}, taking the {a['take_name']}",
    "koikoi.take": lambda a, who: f"{who} takes the {a['name']} with the drawn card",
    "koikoi.stop": lambda a, who: f"{who} stops",
    "koikoi.koikoi": lambda a, who: f"{who} calls koi-koi",
    "nanatoridori.play": lambda a, who: (
        f"{who} plays {a['count']} × {a['value']}"
        + (f" ({a['reserve']} from the reserve)" if a["reserve"] else "")
    ),
    "nanatoridori.pass": lambda a, who: f"{who} passes",
    "nanatoridori.pass_reserve": lambda a, who: f"{who} passes, spending the reserve {a['card']}",
    "nanatoridori.insert": lambda a, who: f"{who} puts the cards into the hand",
    "nanatoridori.discard": lambda a, who: f"{who} discards the cards",
    "nar.play": lambda a, who: f"{who} plays {_nar_card(a)}",
    "nar.declare_out": lambda a, who: f"{who} says they will go out",
    "nar.declare_stay": lambda a, who: f"{who} says they will not go out",
    "nimalia.place": lambda a, who: f"{who} places a card",
    "move": lambda a, who: f"{who} moves",
}

MESSAGE_IDS = frozenset(_ENGLISH)  # every id this module gives (the module docstring lists them)


def render(said: Said, name_of: Callable[[int], str] | None = None) -> str:
    """The English sentence for ``said``; ``name_of(seat)`` names the seat ("Seat 2" by default).
    ``KeyError`` for an unknown id."""
    seat = said.args.get("seat")
    who = name_of(seat) if name_of is not None else f"Seat {seat}"
    return _ENGLISH[said.id](said.args, who) + "."


__all__ = ["MESSAGE_IDS", "Said", "describe_move", "render"]
