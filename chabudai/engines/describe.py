"""Moves, events and refusals that say themselves: one describer turns a move, a host event or
the reason a move is refused into a structured description, a :class:`Said` (a message id and
its plain arguments: seats as numbers, cards as card ids, never words), that a move log, a
refusal, a replay, a hint or any language renders the same way.

- ``describe_move(state, seat, move)`` is called *before* the move is applied (it reads the hand
  a Nanatoridori play is taken from);
- ``describe_event(event, game)`` describes one event of ``GameState.apply``;
- ``GameState.check(seat, move)`` gives the reason a move is refused as a :class:`Said`
  (``IllegalMove.said``).

``render(said, name_of, me)`` is the English rendering (``name_of(seat)`` names a seat, by
default "Seat 2"; ``me`` is the seat the words are for, named "You"); another language maps the
same ids to its own templates. Renderings never show rule ids (those stay in docstrings and
comments). Ids in :data:`QUIET` are bookkeeping a move log leaves out (the table shows them).

Message ids (stable: a translation or a saved log keys on them) and their arguments.

Moves:

``koikoi.play`` {seat, card}
    a hand card played to the board or capturing its only match(es) (K-12, K-13).
``koikoi.play_take`` {seat, card, take}
    a hand card capturing the chosen one of two matches (K-13).
``koikoi.take`` {seat, card}
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

Events (``describe_event``; the event kind in brackets):

``koikoi.played`` {seat, card} [play] / ``koikoi.drew`` {seat, card, stock} [draw]
    a hand card played (K-12), the stock's top card turned (K-14).
``koikoi.captured`` {seat, card, cards} [capture]
    ``card`` (played or drawn) took ``cards`` from the board (K-13).
``koikoi.laid`` {seat, card} [place]
    no match: the card stays on the board (K-12).
``koikoi.choosing`` {seat, card, targets} [choose]
    the drawn card matches two board cards: ``seat`` picks one (K-15). Quiet.
``koikoi.yaku`` {seat, total, yaku} [yaku]
    a rise: the pile's yaku ids and points (K-17). Quiet.
``koikoi.called`` {seat, total, calls} [koikoi] / ``koikoi.stopped`` {seat, total,
multiplier, points} [stop]
    the decision after a rise (K-28, K-29).
``koikoi.turn`` {seat, turn} [turn]
    Quiet.
``koikoi.redeal`` {why, board} [redeal]
    the deal is void and dealt again; ``why`` is "month" (four cards of one month on the
    board), "pairs" (four pairs on the board) or "hands" (both hands have a hand bonus)
    (K-8, K-9).
``koikoi.deal`` {deal, dealer} [deal]
    a deal begins (K-6).
``koikoi.hand`` {seat, cards} [hand]
    a seat's dealt hand (private). Quiet.
``koikoi.hand_bonus`` {seat, kind, cards} [hand_bonus]
    a dealt hand that scores at once; kind "teshi" or "kuttsuki" (K-9).
``koikoi.deal_end`` {deal, winner, how, points, scores} [deal_end] / ``koikoi.game_end``
{scores, winners} [game_end]
    Quiet (the table shows the deal's and the game's panels).
``nanatoridori.played`` {seat, count, value, reserve, beat} [play]
    ``beat`` [count, value] of the set beaten, or None (N-10, N-12, N-28).
``nanatoridori.passed`` {seat, card} [pass]
    ``card`` the reserve card spent in the duel, else None (N-15, N-29).
``nanatoridori.drew`` {seat} [draw] / ``nanatoridori.drawn`` {seat, card} [drew]
    a pass drew the top card; what it is (private to the drawer) (N-15).
``nanatoridori.kept`` {seat, gap, kind, cards} [insert]
    the waiting cards go into the hand at ``gap``; kind "take", "draw" or "reserve"; ``cards``
    None for a drawn card (N-13, N-15, N-29).
``nanatoridori.discarded`` {seat, cards} [discard]
    (N-13, N-15, N-21, N-29).
``nanatoridori.cleared`` {owner, cards} [clear]
    everyone else passed: the set goes to the discard pile (N-16).
``nanatoridori.out`` {seat, place} [out] / ``nanatoridori.eliminated`` {seat} [eliminated]
    (N-20, N-30).
``nanatoridori.choosing`` {seat} [choose] / ``nanatoridori.turn`` {seat, lead} [turn] /
``nanatoridori.hand`` {seat, cards} [hand] / ``nanatoridori.round_end`` {round, loser}
[round_end] / ``nanatoridori.game_end`` {scores, winners} [game_end]
    Quiet.
``nanatoridori.deal`` {round} [deal]
    a round begins (N-5).
``nar.deal`` {round, dealer, leader} [deal]
    a round begins (R-6, R-8).
``nar.declared`` {seat, declare} [declare]
    the announcement: True, will go out.
``nar.played`` {seat, card} [play]
    a card played to the trick (R-12, R-13).
``nar.trick_won`` {winner, trick} [trick_won]
    (R-15, R-16).
``nar.fool`` {seats, released} [fool]
    who holds a Fool disc for the next trick (R-17).
``nar.round_end`` {round} [round_end]
    a round is scored (R-21 to R-23).
``nar.trick`` {trick, leader} [trick] / ``nar.hand`` {seat, cards} [hand] /
``nar.game_end`` {scores, winners} [game_end]
    Quiet.
``nimalia.placed`` {seat} [placed]
    a seat has placed its card face down (M-11).
``nimalia.chosen`` {seat, card, rot, row, col} [place]
    the card itself, private to its seat (M-11). Quiet.
``nimalia.revealed`` {round, turn} [reveal]
    every card of the turn turned face up (M-11).
``nimalia.passed`` {round, direction} [pass]
    every hand goes to the neighbour; direction "left" or "right" (M-12).
``nimalia.drew`` {round} [draw]
    three new cards each (M-10).
``nimalia.objective`` {round, colour, objective, points} [score_line]
    one objective of a round's scoring, as a table shows it one at a time (M-26, M-27).
``nimalia.game_end`` {winners} [game_end]
    (M-29).
``nimalia.hand`` {seat, cards} [hand] / ``nimalia.turn`` {round, turn} [turn] /
``nimalia.score`` {round, scores} [score]
    Quiet.
``event`` {e}
    an event kind without a description. Quiet.

Reasons (``GameState.check``; said to the seat that tried the move):

``over`` {} / ``no_seat`` {seat, players} / ``not_your_turn`` {seat, to_move}
    the game is over; there is no such seat; the seat is not one of those to move.
``bad_move`` {move} / ``not_in_hand`` {card}
    a value that is no move of the game now (quoted briefly); a card not in the hand.
``koikoi.choose_match`` {card, targets} / ``koikoi.nothing_to_choose`` {card, matches}
    a card with two board matches must say which it takes; one with 0, 1 or 3 must not (K-13).
``koikoi.drawn_must_take`` {card, targets}
    the drawn card takes one of its matches (K-15).
``koikoi.must_decide`` {}
    stop or koi-koi first (K-28).
``nanatoridori.no_gap`` {gap, cards} / ``nanatoridori.place_first`` {kind}
    no such gap in a hand of ``cards`` cards; the waiting cards (kind as for ``kept``) go into
    the hand or the discard pile first (N-13, N-15, N-29).
``nanatoridori.lead_must_play`` {}
    the leader may not pass (N-11).
``nanatoridori.no_reserve`` {} / ``nanatoridori.pass_spends`` {reserve}
    in the duel a pass spends a reserve card (N-29).
``nanatoridori.empty_set`` {} / ``nanatoridori.outside_hand`` {start, count, cards} /
``nanatoridori.not_a_set`` {start, count}
    a set is a block of at least one card of the hand, all equal (N-9).
``nanatoridori.no_duel`` {} / ``nanatoridori.reserve_short`` {value, have, want}
    reserve cards exist only in the duel; not that many of the value (N-28).
``nanatoridori.too_low`` {count, value, beat_count, beat_value}
    the set does not beat the one in the middle (N-10).
``nar.fool_sits_out`` {seat} / ``nar.announce_first`` {}
    a Fool disc sits out the trick (R-10); the announcement comes first.
``nar.no_card`` {card} / ``nar.follow`` {card, lead}
    no card of the game; the lead colour must be followed, or a 1 played (R-13).
``nimalia.placed_already`` {seat} / ``nimalia.no_turn`` {rot}
    the seat's card of this turn is down (M-11); a turn is 0 to 3 quarter turns (M-15).
``nimalia.first_anchor`` {row, col}
    the first card goes at the one anchor (M-14, M-16).
``nimalia.must_cover`` {} / ``nimalia.too_big`` {rows, cols, limit}
    a card covers a space of the reserve (M-17), which fits in limit × limit (M-19).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from chabudai.engines.base import Said

if TYPE_CHECKING:
    from chabudai.engines.base import Event, GameState, Move


# ------------------------------------------------------------------ moves


def _koikoi(state: GameState, seat: int, move: dict[str, Any]) -> Said:
    if "call" in move:
        return Said("koikoi.stop" if move["call"] == "stop" else "koikoi.koikoi", {"seat": seat})
    if "play" not in move:
        return Said("koikoi.take", {"seat": seat, "card": move["take"]})
    if "take" in move:
        return Said("koikoi.play_take", {"seat": seat, "card": move["play"], "take": move["take"]})
    return Said("koikoi.play", {"seat": seat, "card": move["play"]})


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


# ------------------------------------------------------------------ events

# For each game, event kind -> (message id, the event's fields that are its arguments); a field
# the event lacks is None. The few that need more are in _EVENT_MAKERS.
_EVENT_FIELDS: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    "koikoi": {
        "play": ("koikoi.played", ("seat", "card")),
        "draw": ("koikoi.drew", ("seat", "card", "stock")),
        "capture": ("koikoi.captured", ("seat", "card", "cards")),
        "place": ("koikoi.laid", ("seat", "card")),
        "choose": ("koikoi.choosing", ("seat", "card", "targets")),
        "yaku": ("koikoi.yaku", ("seat", "total", "yaku")),
        "koikoi": ("koikoi.called", ("seat", "total", "calls")),
        "stop": ("koikoi.stopped", ("seat", "total", "multiplier", "points")),
        "turn": ("koikoi.turn", ("seat", "turn")),
        "deal": ("koikoi.deal", ("deal", "dealer")),
        "hand": ("koikoi.hand", ("seat", "cards")),
        "hand_bonus": ("koikoi.hand_bonus", ("seat", "kind", "cards")),
        "deal_end": ("koikoi.deal_end", ("deal", "winner", "how", "points", "scores")),
        "game_end": ("koikoi.game_end", ("scores", "winners")),
    },
    "nanatoridori": {
        "play": ("nanatoridori.played", ("seat", "count", "value", "reserve", "beat")),
        "pass": ("nanatoridori.passed", ("seat", "card")),
        "draw": ("nanatoridori.drew", ("seat",)),
        "drew": ("nanatoridori.drawn", ("seat", "card")),
        "insert": ("nanatoridori.kept", ("seat", "gap", "kind", "cards")),
        "discard": ("nanatoridori.discarded", ("seat", "cards")),
        "clear": ("nanatoridori.cleared", ("owner", "cards")),
        "out": ("nanatoridori.out", ("seat", "place")),
        "eliminated": ("nanatoridori.eliminated", ("seat",)),
        "choose": ("nanatoridori.choosing", ("seat",)),
        "turn": ("nanatoridori.turn", ("seat", "lead")),
        "hand": ("nanatoridori.hand", ("seat", "cards")),
        "deal": ("nanatoridori.deal", ("round",)),
        "round_end": ("nanatoridori.round_end", ("round", "loser")),
        "game_end": ("nanatoridori.game_end", ("scores", "winners")),
    },
    "nar": {
        "deal": ("nar.deal", ("round", "dealer", "leader")),
        "declare": ("nar.declared", ("seat", "declare")),
        "play": ("nar.played", ("seat", "card")),
        "trick": ("nar.trick", ("trick", "leader")),
        "trick_won": ("nar.trick_won", ("winner", "trick")),
        "fool": ("nar.fool", ("seats", "released")),
        "hand": ("nar.hand", ("seat", "cards")),
        "round_end": ("nar.round_end", ("round",)),
        "game_end": ("nar.game_end", ("scores", "winners")),
    },
    "nimalia": {
        "placed": ("nimalia.placed", ("seat",)),
        "place": ("nimalia.chosen", ("seat", "card", "rot", "row", "col")),
        "reveal": ("nimalia.revealed", ("round", "turn")),
        "pass": ("nimalia.passed", ("round", "direction")),
        "draw": ("nimalia.drew", ("round",)),
        "hand": ("nimalia.hand", ("seat", "cards")),
        "turn": ("nimalia.turn", ("round", "turn")),
        "score": ("nimalia.score", ("round", "scores")),
        "game_end": ("nimalia.game_end", ("winners",)),
    },
}


def _redeal(event: Event) -> Said:
    """K-8, K-9: why a deal is void, read from the board it shows (the event's ``reason`` is
    words of an older version, kept as they were)."""
    from chabudai.engines.koikoi.cards import CARDS

    board = list(event.get("board") or [])
    months = [CARDS[c].month for c in board]
    counts = sorted((months.count(m) for m in set(months)), reverse=True)
    why = "month" if counts and counts[0] == 4 else "pairs" if counts[:4] == [2] * 4 else "hands"
    return Said("koikoi.redeal", {"why": why, "board": board})


def _objective(event: Event) -> Said:
    line = event.get("line") or {}
    args = {"round": event.get("round"), "colour": line.get("colour"), "objective": line.get("id")}
    return Said("nimalia.objective", {**args, "points": list(line.get("points", []))})


_EVENT_MAKERS: dict[str, dict[str, Callable[[Event], Said]]] = {
    "koikoi": {"redeal": _redeal},
    "nimalia": {"score_line": _objective},
}


def describe_event(event: Event, game: str) -> Said:
    """The description of one event of ``game`` (as :meth:`GameState.apply` returns it, or a
    table's ``score_line`` step of a Nimalia scoring); ``event`` {e} for a kind without one."""
    kind = event.get("e")
    maker = _EVENT_MAKERS.get(game, {}).get(kind)  # type: ignore[arg-type]
    if maker is not None:
        return maker(event)
    entry = _EVENT_FIELDS.get(game, {}).get(kind)  # type: ignore[arg-type]
    if entry is None:
        return Said("event", {"e": kind})
    said_id, names = entry
    return Said(said_id, {name: event.get(name) for name in names})


QUIET = frozenset(
    {
        "koikoi.choosing",
        "koikoi.yaku",
        "koikoi.turn",
        "koikoi.hand",
        "koikoi.hand_bonus",
        "koikoi.deal_end",
        "koikoi.game_end",
        "nanatoridori.choosing",
        "nanatoridori.turn",
        "nanatoridori.hand",
        "nanatoridori.round_end",
        "nanatoridori.game_end",
        "nar.trick",
        "nar.hand",
        "nar.game_end",
        "nimalia.chosen",
        "nimalia.hand",
        "nimalia.turn",
        "nimalia.score",
        "event",
    }
)  # ids a move log leaves out: the table shows them in other ways


# ------------------------------------------------------------------ English


class _Words:
    """What an English template needs: the name of a seat ("You" for ``me``)."""

    def __init__(self, name_of: Callable[[int], str] | None, me: int | None) -> None:
        self.name_of = name_of
        self.me = me

    def you(self, seat: Any) -> bool:
        return seat is not None and seat == self.me

    def who(self, seat: Any, start: bool = True) -> str:
        if self.you(seat):
            return "You" if start else "you"
        if self.name_of is not None:
            return self.name_of(seat)
        return f"Seat {seat}"

    def be(self, seat: Any) -> str:
        return "are" if self.you(seat) else "is"

    def does(self, seat: Any, third: str, second: str) -> str:
        """The seat and its verb: "Kenji plays" (``third``), "You play" (``second``)."""
        return f"{self.who(seat)} {second if self.you(seat) else third}"

    def seats(self, seats: list[int]) -> str:
        """ "Kenji", "Kenji and you", "Kenji, Mira and Tomas"."""
        return _and([self.who(s, start=i == 0) for i, s in enumerate(seats)])


def _and(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _koikoi_card(card: Any) -> str:
    """A Koi-Koi card with its article: "the pine plain", "the Sake cup (9)"."""
    from chabudai.engines.koikoi.cards import CARDS

    if type(card) is not int or not 0 <= card < len(CARDS):
        return "that card"
    info = CARDS[card]
    if info.name.startswith("Plain"):
        return f"the {info.plant.lower()} plain"
    return f"the {info.name} ({info.month})"


def _koikoi_cards(cards: list[Any]) -> str:
    return _and([_koikoi_card(c) for c in cards])


def _nar_card(card: Any) -> str:
    """ "red 12", "white 1"."""
    from chabudai.engines.nar.cards import CARD_INFO, COLOUR_NAMES

    if card not in CARD_INFO:
        return "that card"
    colour, value = CARD_INFO[card][0], CARD_INFO[card][1]
    return f"{COLOUR_NAMES[colour]} {value}" if colour else "white 1"


def _colour(colour: Any) -> str:
    from chabudai.engines.nar.cards import COLOUR_NAMES

    return COLOUR_NAMES.get(colour, str(colour))


def _set(count: Any, value: Any) -> str:
    """A Nanatoridori set as the rules write it: ``555``."""
    return str(value) * count if type(count) is int and count > 0 else str(value)


def _cards(cards: Any) -> str:
    return "".join(str(c) for c in cards or [])


def _ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def _nanatoridori_played(a: dict[str, Any], w: _Words) -> str:
    line = f"{w.who(a['seat'])} played {_set(a['count'], a['value'])}"
    if a.get("reserve"):
        line += f" ({a['reserve']} from the reserve)"
    if a.get("beat"):
        line += f", beating {_set(*a['beat'])}"
    return line


def _nimalia_objective(a: dict[str, Any], w: _Words) -> str:
    points = a["points"]
    head = f"{str(a['colour']).capitalize()} O{a['objective']}:"
    others = [s for s in range(len(points)) if not w.you(s)]
    parts = [f"you {points[w.me]:+d}"] if w.me is not None and w.me < len(points) else []
    if others:
        best = max(others, key=lambda s: points[s])
        parts.append(f"{w.who(best)} {points[best]:+d}")
    return f"{head} {', '.join(parts)}"


_REDEAL_WHY = {
    "month": "Four cards of one month on the board: the cards are dealt again",
    "pairs": "Four pairs on the board: the cards are dealt again",
    "hands": "Both hands score a hand bonus: the cards are dealt again",
}
_PLACE_WHAT = {"take": "the beaten set", "draw": "the drawn card", "reserve": "the reserve card"}

Template = Callable[[dict[str, Any], _Words], str]

_MOVES: dict[str, Template] = {
    "koikoi.play": lambda a, w: f"{w.does(a['seat'], 'plays', 'play')} {_koikoi_card(a['card'])}.",
    "koikoi.play_take": lambda a, w: (
        f"{w.does(a['seat'], 'plays', 'play')} "
        f"{_koikoi_card(a['card'])}, taking {_koikoi_card(a['take'])}."
    ),
    "koikoi.take": lambda a, w: (
        f"{w.does(a['seat'], 'takes', 'take')} {_koikoi_card(a['card'])} with the drawn card."
    ),
    "koikoi.stop": lambda a, w: f"{w.does(a['seat'], 'stops', 'stop')}.",
    "koikoi.koikoi": lambda a, w: f"{w.does(a['seat'], 'calls', 'call')} koi-koi.",
    "nanatoridori.play": lambda a, w: (
        f"{w.does(a['seat'], 'plays', 'play')} {a['count']} × {a['value']}"
        + (f" ({a['reserve']} from the reserve)" if a["reserve"] else "")
        + "."
    ),
    "nanatoridori.pass": lambda a, w: f"{w.does(a['seat'], 'passes', 'pass')}.",
    "nanatoridori.pass_reserve": lambda a, w: (
        f"{w.does(a['seat'], 'passes', 'pass')}, spending the reserve {a['card']}."
    ),
    "nanatoridori.insert": lambda a, w: (
        f"{w.does(a['seat'], 'puts', 'put')} the cards into the hand."
    ),
    "nanatoridori.discard": lambda a, w: f"{w.does(a['seat'], 'discards', 'discard')} the cards.",
    "nar.play": lambda a, w: (
        f"{w.does(a['seat'], 'plays', 'play')} "
        + ("a 1" if not a["colour"] else f"{_colour(a['colour'])} {a['value']}")
        + "."
    ),
    "nar.declare_out": lambda a, w: f"{w.does(a['seat'], 'says', 'say')} they will go out.",
    "nar.declare_stay": lambda a, w: f"{w.does(a['seat'], 'says', 'say')} they will not go out.",
    "nimalia.place": lambda a, w: f"{w.does(a['seat'], 'places', 'place')} a card.",
    "move": lambda a, w: f"{w.does(a['seat'], 'moves', 'move')}.",
}

_EVENTS: dict[str, Template] = {
    "koikoi.played": lambda a, w: f"{w.who(a['seat'])} played {_koikoi_card(a['card'])}",
    "koikoi.drew": lambda a, w: f"{w.who(a['seat'])} drew {_koikoi_card(a['card'])}",
    # the first card captured is the card played or drawn (K-13)
    "koikoi.captured": lambda a, w: f"{w.who(a['seat'])} took {_koikoi_cards(a['cards'][1:])}",
    "koikoi.laid": lambda a, w: "No match: onto the board",  # the line before names the card
    "koikoi.choosing": lambda a, w: (
        f"{w.does(a['seat'], 'chooses', 'choose')} what {_koikoi_card(a['card'])} takes"
    ),
    "koikoi.yaku": lambda a, w: f"{w.who(a['seat'])} scored {a['total']}",
    "koikoi.called": lambda a, w: f"{w.who(a['seat'])} called Koi-Koi!",
    "koikoi.stopped": lambda a, w: f"{w.who(a['seat'])} stopped: +{a.get('points') or 0}",
    "koikoi.turn": lambda a, w: f"Turn {a['turn']}: {w.who(a['seat'])}",
    "koikoi.redeal": lambda a, w: _REDEAL_WHY[a["why"]],
    "koikoi.deal": lambda a, w: f"Deal {a['deal']}",
    "koikoi.hand": lambda a, w: f"{w.who(a['seat'])} got {len(a['cards'] or [])} cards",
    "koikoi.hand_bonus": lambda a, w: f"{w.who(a['seat'])} showed a hand bonus",
    "koikoi.deal_end": lambda a, w: f"Deal {a['deal']} ends",
    "koikoi.game_end": lambda a, w: "Game over",
    "nanatoridori.played": _nanatoridori_played,
    "nanatoridori.passed": lambda a, w: (
        f"{w.who(a['seat'])} passed"
        + (f", spending the reserve {a['card']}" if a.get("card") is not None else "")
    ),
    "nanatoridori.drew": lambda a, w: f"{w.who(a['seat'])} drew a card",
    "nanatoridori.drawn": lambda a, w: f"It is a {a['card']}",
    "nanatoridori.kept": lambda a, w: (
        f"{w.who(a['seat'])} kept "
        + ("the card" if a.get("cards") is None else _cards(a["cards"]))
        + f" (gap {a['gap']})"
    ),
    "nanatoridori.discarded": lambda a, w: f"{w.who(a['seat'])} discarded {_cards(a['cards'])}",
    "nanatoridori.cleared": lambda a, w: "All passed: the set is cleared",
    "nanatoridori.out": lambda a, w: (
        f"{w.who(a['seat'])} {w.be(a['seat'])} out ({_ordinal(a['place'])})"
    ),
    "nanatoridori.eliminated": lambda a, w: f"{w.who(a['seat'])} cannot play or pass: eliminated",
    "nanatoridori.choosing": lambda a, w: f"{w.who(a['seat'])} took the set",
    "nanatoridori.turn": lambda a, w: f"{w.who(a['seat'])} to play",
    "nanatoridori.hand": lambda a, w: f"{w.who(a['seat'])} got {len(a['cards'] or [])} cards",
    "nanatoridori.deal": lambda a, w: f"Round {a['round']}",
    "nanatoridori.round_end": lambda a, w: f"Round {a['round']} ends",
    "nanatoridori.game_end": lambda a, w: "Game over",
    "nar.deal": lambda a, w: f"Round {a['round']}: {w.who(a['dealer'])} dealt",
    "nar.declared": lambda a, w: (
        f"{w.who(a['seat'])} will go out!"
        if a["declare"]
        else f"{w.who(a['seat'])} made no announcement"
    ),
    "nar.played": lambda a, w: f"{w.who(a['seat'])} played {_nar_card(a['card'])}",
    "nar.trick": lambda a, w: f"Trick {a['trick']}: {w.who(a['leader'])} leads",
    "nar.trick_won": lambda a, w: f"{w.who(a['winner'])} won trick {a['trick']}",
    "nar.fool": lambda a, w: (
        f"Fool: {w.seats(list(a['seats']))}" if a["seats"] else "No Fool this trick"
    ),
    "nar.hand": lambda a, w: f"{w.who(a['seat'])} got {len(a['cards'] or [])} cards",
    "nar.round_end": lambda a, w: f"Round {a['round']} scored",
    "nar.game_end": lambda a, w: "Game over",
    "nimalia.placed": lambda a, w: f"{w.who(a['seat'])} placed a card",
    "nimalia.chosen": lambda a, w: f"{w.who(a['seat'])} chose a card",
    "nimalia.revealed": lambda a, w: f"Turn {a['turn']}: all cards revealed",
    "nimalia.passed": lambda a, w: f"Hands pass {a['direction']}",
    "nimalia.drew": lambda a, w: f"Round {a['round']}: 3 new cards each",
    "nimalia.objective": _nimalia_objective,
    "nimalia.game_end": lambda a, w: (
        f"Game over: {w.seats(list(a['winners']))} "
        + ("win" if len(a["winners"]) != 1 or w.you(a["winners"][0]) else "wins")
    ),
    "nimalia.hand": lambda a, w: f"{w.who(a['seat'])} got {len(a['cards'] or [])} cards",
    "nimalia.turn": lambda a, w: f"Round {a['round']}, turn {a['turn']}",
    "nimalia.score": lambda a, w: f"Round {a['round']} scored",
    "event": lambda a, w: f"{a['e']}",
}

_REASONS: dict[str, Template] = {
    "over": lambda a, w: "The game is over.",
    "no_seat": lambda a, w: f"There is no seat {a['seat']} in this {a['players']}-player game.",
    "not_your_turn": lambda a, w: "It is not your turn.",
    "bad_move": lambda a, w: f"That is not a move of this game now: {a['move']}.",
    "not_in_hand": lambda a, w: "That card is not in your hand.",
    "koikoi.choose_match": lambda a, w: (
        f"{_koikoi_card(a['card']).capitalize()} matches two cards on the board: "
        "choose which one it takes."
    ),
    "koikoi.nothing_to_choose": lambda a, w: (
        f"{_koikoi_card(a['card']).capitalize()} "
        + ("matches nothing on the board" if not a["matches"] else "takes its matches by itself")
        + ": there is nothing to choose."
    ),
    "koikoi.drawn_must_take": lambda a, w: (
        f"The drawn card, {_koikoi_card(a['card'])}, must take one of the two cards it matches."
    ),
    "koikoi.must_decide": lambda a, w: "First choose: stop, or call Koi-Koi.",
    "nanatoridori.no_gap": lambda a, w: (
        f"Your hand has no such gap: with {a['cards']} cards the gaps run from 0 to {a['cards']}."
    ),
    "nanatoridori.place_first": lambda a, w: (
        f"First put {_PLACE_WHAT.get(a['kind'], 'the cards')} into a gap of your hand, or "
        "discard it."
    ),
    "nanatoridori.lead_must_play": lambda a, w: "You lead: play a set; you may not pass.",
    "nanatoridori.no_reserve": lambda a, w: "You have no reserve card, so you cannot pass.",
    "nanatoridori.pass_spends": lambda a, w: (
        "To pass, spend one of your reserve cards ("
        + ", ".join(str(c) for c in a["reserve"])
        + ")."
    ),
    "nanatoridori.empty_set": lambda a, w: "A set has at least one card.",
    "nanatoridori.outside_hand": lambda a, w: "Those cards are not all in your hand.",
    "nanatoridori.not_a_set": lambda a, w: (
        "Those cards are not all the same number: a set is a block of equal cards side by side."
    ),
    "nanatoridori.no_duel": lambda a, w: "Reserve cards are only played in the two-player duel.",
    "nanatoridori.reserve_short": lambda a, w: (
        f"You have {a['have']} reserve card{'' if a['have'] == 1 else 's'} of {a['value']}, "
        f"not {a['want']}."
    ),
    "nanatoridori.too_low": lambda a, w: (
        f"{_set(a['count'], a['value'])} does not beat {_set(a['beat_count'], a['beat_value'])}: "
        "play more cards, or as many of a higher number."
    ),
    "nar.fool_sits_out": lambda a, w: "You hold a Fool disc and sit out this trick.",
    "nar.announce_first": lambda a, w: "First say whether you will go out.",
    "nar.no_card": lambda a, w: f"There is no card {a['card']} in Nar.",
    "nar.follow": lambda a, w: (
        f"You hold {_colour(a['lead'])}, the lead colour: play a {_colour(a['lead'])} card or a 1."
    ),
    "nimalia.placed_already": lambda a, w: (
        "You have placed your card for this turn; the others are still choosing."
    ),
    "nimalia.no_turn": lambda a, w: "A card turns by 0, 1, 2 or 3 quarter turns.",
    "nimalia.first_anchor": lambda a, w: "Your first card goes in the middle of your reserve.",
    "nimalia.must_cover": lambda a, w: "The card must cover at least one space of your reserve.",
    "nimalia.too_big": lambda a, w: (
        f"Your reserve would be {a['rows']} rows by {a['cols']} columns: it must fit in "
        f"{a['limit']} × {a['limit']}."
    ),
}

_ENGLISH: dict[str, Template] = {**_MOVES, **_EVENTS, **_REASONS}

MESSAGE_IDS = frozenset(_ENGLISH)  # every id this module gives (the module docstring lists them)
MOVE_IDS = frozenset(_MOVES)
EVENT_IDS = frozenset(_EVENTS)
REASON_IDS = frozenset(_REASONS)


def render(said: Said, name_of: Callable[[int], str] | None = None, me: int | None = None) -> str:
    """The English words for ``said``: ``name_of(seat)`` names a seat ("Seat 2" by default),
    ``me`` is the seat they are said to ("You"). ``KeyError`` for an unknown id."""
    return _ENGLISH[said.id](said.args, _Words(name_of, me))


def render_reason(said: Said) -> str:
    """The English words of a refusal, said to the seat that tried the move."""
    return render(said, me=said.args.get("seat"))


__all__ = [
    "EVENT_IDS",
    "MESSAGE_IDS",
    "MOVE_IDS",
    "QUIET",
    "REASON_IDS",
    "Said",
    "describe_event",
    "describe_move",
    "render",
    "render_reason",
]
