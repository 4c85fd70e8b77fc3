"""Moves, events and refusals that say themselves: one describer turns a move, a host event or
the reason a move is refused into a structured description, a :class:`Said` (a message id and
its plain arguments: seats as numbers, cards as card ids, never words), that a move log, a
refusal, a replay, a hint or any language renders the same way.

- ``describe_move(state, seat, move)`` is called *before* the move is applied (it reads the hand
  a Nanatoridori play is taken from);
- ``describe_event(event, game)`` describes one event of ``GameState.apply``;
- ``GameState.check(seat, move)`` gives the reason a move is refused as a :class:`Said`
  (``IllegalMove.said``).

``render(said, name_of, me, tr)`` words it in the language of ``tr`` (a :mod:`gettext`
translation; English without one): ``name_of(seat)`` names a seat, by default "Seat 2"; ``me``
is the seat the words are for, whose sentences are messages of their own ("You play …" and
"{name} plays …"). Every template is a whole sentence of the catalogues with named
placeholders. Renderings never show rule ids (those stay in docstrings and comments). Ids in :data:`QUIET` are bookkeeping a move log leaves out (the table shows them).

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

import gettext
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


# ------------------------------------------------------------------ words


def _english() -> gettext.NullTranslations:
    return gettext.NullTranslations()


class _Words:
    """What a template needs: the translation ``tr`` to word with and the name of a seat (the
    seat ``me`` is said to reads "You": its messages are separate ones)."""

    def __init__(
        self,
        name_of: Callable[[int], str] | None,
        me: int | None,
        tr: gettext.NullTranslations,
    ) -> None:
        self.name_of = name_of
        self.me = me
        self.tr = tr

    def you(self, seat: Any) -> bool:
        return seat is not None and seat == self.me

    def name(self, seat: Any) -> str:
        """Another seat's name ("Seat 2" without ``name_of``)."""
        if self.name_of is not None:
            return self.name_of(seat)
        # Translators: a seat at the table named by its number, where no player name is known
        return self.tr.gettext("Seat {n}").format(n=seat)

    def by(self, seat: Any, mine: str, theirs: str, **args: Any) -> str:
        """``mine`` (already translated: "You play {card}.") for the player's own seat, else
        ``theirs`` ("{name} plays {card}.") with the seat's name; both filled with ``args``."""
        if self.you(seat):
            return mine.format(**args)
        return theirs.format(name=self.name(seat), **args)

    def seats(self, seats: list[int]) -> str:
        """ "Kenji", "Kenji and you", "You and Mira", "Kenji, Mira and Tomas"."""
        tr = self.tr
        parts = []
        for i, seat in enumerate(seats):
            if not self.you(seat):
                parts.append(self.name(seat))
            elif i == 0:
                # Translators: the player's own seat, first in a list of names ("You and Mira")
                parts.append(tr.pgettext("first in a list", "You"))
            else:
                # Translators: the player's own seat in a list of names ("Mira and you")
                parts.append(tr.pgettext("in a list", "you"))
        return join(parts, tr)

    def koi(self, card: Any) -> str:
        return koikoi_card(card, self.tr)

    def koi_list(self, cards: list[Any]) -> str:
        """Koi-Koi cards taken together: "the Plum plain and the Crane and sun (1)"."""
        tr = self.tr
        # Translators: one card of a list of cards taken ("the Plum plain and the Moon (8)")
        return join([tr.gettext("the {card}").format(card=self.koi(c)) for c in cards], tr)

    def nar(self, card: Any) -> str:
        return nar_card(card, self.tr)

    def colour(self, colour: Any) -> str:
        return nar_colour(colour, self.tr)


def join(parts: list[str], tr: gettext.NullTranslations | None = None) -> str:
    """ "a", "a and b", "a, b and c" in the language of ``tr`` (English without one): what
    :func:`chabudai.i18n.join_names` does for the current language."""
    tr = tr or _english()
    if len(parts) <= 1:
        return "".join(parts)
    # Translators: between the names of a list but the last two ("Kenji, Mira and Tomas")
    head = tr.gettext(", ").join(parts[:-1])
    # Translators: the last two of a list of names
    return tr.gettext("{first} and {last}").format(first=head, last=parts[-1])


def koikoi_card(card: Any, tr: gettext.NullTranslations | None = None) -> str:
    """A Koi-Koi card as a sentence names it: "Sake cup (9)" (its name and month), "Plum
    plain" (a Plain's name says its month), in the language of ``tr``."""
    from chabudai.engines.koikoi.cards import CARDS, PLAIN_TYPE

    tr = tr or _english()
    if type(card) is not int or not 0 <= card < len(CARDS):
        # Translators: a card the describer cannot name (a damaged record)
        return tr.gettext("unknown card")
    info = CARDS[card]
    name = tr.gettext(info.title)
    if info.type == PLAIN_TYPE and info.flag != "lightning":
        return name
    # Translators: a hanafuda card and the number of its month: "Sake cup (9)"
    return tr.gettext("{card} ({month})").format(card=name, month=info.month)


def nar_card(card: Any, tr: gettext.NullTranslations | None = None) -> str:
    """A Nar card: "red 12", "white 1", in the language of ``tr``."""
    from chabudai.engines.nar.cards import CARD_INFO

    tr = tr or _english()
    if card not in CARD_INFO:
        # Translators: a card the describer cannot name (a damaged record)
        return tr.gettext("unknown card")
    colour, value = CARD_INFO[card][0], CARD_INFO[card][1]
    if not colour:
        # Translators: a Nar 1 (the white cards that have no colour)
        return tr.gettext("white 1")
    # Translators: a Nar card: its colour and value ("red 12")
    return tr.gettext("{colour} {value}").format(colour=nar_colour(colour, tr), value=value)


def nar_colour(colour: Any, tr: gettext.NullTranslations | None = None) -> str:
    """A Nar colour (``"G"``, ``"R"``, ``"Y"``, ``"B"``) in words: the one naming of the move
    log, the refusals and the table."""
    tr = tr or _english()
    names = {
        # Translators: a Nar card colour, as in "green 12" and "the lead colour is green"
        "G": tr.pgettext("nar colour", "green"),
        "R": tr.pgettext("nar colour", "red"),
        "Y": tr.pgettext("nar colour", "yellow"),
        "B": tr.pgettext("nar colour", "blue"),
    }
    return names.get(colour, str(colour))


def nimalia_colour(colour: Any, tr: gettext.NullTranslations | None = None) -> str:
    """A Nimalia objective colour (``"blue"`` …) in words, as on the card ("Blue O5")."""
    tr = tr or _english()
    names = {
        # Translators: the colour of a Nimalia objective card ("Blue O5")
        "blue": tr.pgettext("nimalia colour", "Blue"),
        "green": tr.pgettext("nimalia colour", "Green"),
        "yellow": tr.pgettext("nimalia colour", "Yellow"),
        "red": tr.pgettext("nimalia colour", "Red"),
    }
    return names.get(colour, str(colour).capitalize())


def _set(count: Any, value: Any) -> str:
    """A Nanatoridori set as the rules write it: ``555`` (digits, not words)."""
    return str(value) * count if type(count) is int and count > 0 else str(value)


def _cards(cards: Any) -> str:
    return "".join(str(c) for c in cards or [])


def _nanatoridori_played(a: dict[str, Any], w: _Words) -> str:
    tr, seat = w.tr, a["seat"]
    args = {"set": _set(a["count"], a["value"]), "reserve": a.get("reserve")}
    beat = a.get("beat")
    if beat:
        args["beaten"] = _set(*beat)
        if a.get("reserve"):
            return w.by(
                seat,
                tr.gettext("You played {set} ({reserve} from the reserve), beating {beaten}"),
                tr.gettext("{name} played {set} ({reserve} from the reserve), beating {beaten}"),
                **args,
            )
        return w.by(
            seat,
            tr.gettext("You played {set}, beating {beaten}"),
            tr.gettext("{name} played {set}, beating {beaten}"),
            **args,
        )
    if a.get("reserve"):
        return w.by(
            seat,
            tr.gettext("You played {set} ({reserve} from the reserve)"),
            tr.gettext("{name} played {set} ({reserve} from the reserve)"),
            **args,
        )
    return w.by(seat, tr.gettext("You played {set}"), tr.gettext("{name} played {set}"), **args)


def _nimalia_objective(a: dict[str, Any], w: _Words) -> str:
    tr = w.tr
    points = a["points"]
    # Translators: a Nimalia objective by its colour and number, as on the card ("Blue O5")
    objective = tr.gettext("{colour} O{number}").format(
        colour=nimalia_colour(a["colour"], tr), number=a["objective"]
    )
    others = [s for s in range(len(points)) if not w.you(s)]
    mine = f"{points[w.me]:+d}" if w.me is not None and w.me < len(points) else None
    if others:
        best = max(others, key=lambda s: points[s])
        args = {"objective": objective, "name": w.name(best), "theirs": f"{points[best]:+d}"}
        if mine is not None:
            # Translators: a scored objective: your points, then the best of the others'
            return tr.gettext("{objective}: you {mine}, {name} {theirs}").format(mine=mine, **args)
        # Translators: a scored objective and the best points of a seat at it
        return tr.gettext("{objective}: {name} {theirs}").format(**args)
    if mine is not None:
        # Translators: a scored objective and your points at it
        return tr.gettext("{objective}: you {mine}").format(objective=objective, mine=mine)
    return tr.gettext("{objective}:").format(objective=objective)


def _redeal(a: dict[str, Any], w: _Words) -> str:
    tr, why = w.tr, a["why"]
    if why == "month":
        return tr.gettext("Four cards of one month on the board: the cards are dealt again")
    if why == "pairs":
        return tr.gettext("Four pairs on the board: the cards are dealt again")
    return tr.gettext("Both hands score a hand bonus: the cards are dealt again")


def _place_first(a: dict[str, Any], w: _Words) -> str:
    tr, kind = w.tr, a.get("kind")
    if kind == "take":
        return tr.gettext("First put the beaten set into a gap of your hand, or discard it.")
    if kind == "draw":
        return tr.gettext("First put the drawn card into a gap of your hand, or discard it.")
    if kind == "reserve":
        return tr.gettext("First put the reserve card into a gap of your hand, or discard it.")
    return tr.gettext("First put the cards into a gap of your hand, or discard them.")


def _got(a: dict[str, Any], w: _Words) -> str:
    n = len(a["cards"] or [])
    return w.by(
        a["seat"],
        w.tr.ngettext("You got {n} card", "You got {n} cards", n),
        w.tr.ngettext("{name} got {n} card", "{name} got {n} cards", n),
        n=n,
    )


def _game_end_winners(a: dict[str, Any], w: _Words) -> str:
    tr, winners = w.tr, list(a["winners"])
    if len(winners) == 1 and w.you(winners[0]):
        return tr.gettext("Game over: You win")
    n = len(winners)
    # Translators: {names} are the winners ("Kenji", "Kenji and you")
    return tr.ngettext("Game over: {names} wins", "Game over: {names} win", n).format(
        names=w.seats(winners)
    )


def _nothing_to_choose(a: dict[str, Any], w: _Words) -> str:
    tr, card = w.tr, w.koi(a["card"])
    if not a["matches"]:
        return tr.gettext(
            "The {card} matches nothing on the board: there is nothing to choose."
        ).format(card=card)
    return tr.gettext("The {card} takes its matches by itself: there is nothing to choose.").format(
        card=card
    )


Template = Callable[[dict[str, Any], _Words], str]

_MOVES: dict[str, Template] = {
    "koikoi.play": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You play the {card}."),
        w.tr.gettext("{name} plays the {card}."),
        card=w.koi(a["card"]),
    ),
    "koikoi.play_take": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You play the {card}, taking the {take}."),
        w.tr.gettext("{name} plays the {card}, taking the {take}."),
        card=w.koi(a["card"]),
        take=w.koi(a["take"]),
    ),
    "koikoi.take": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You take the {card} with the drawn card."),
        w.tr.gettext("{name} takes the {card} with the drawn card."),
        card=w.koi(a["card"]),
    ),
    "koikoi.stop": lambda a, w: w.by(
        a["seat"], w.tr.gettext("You stop."), w.tr.gettext("{name} stops.")
    ),
    "koikoi.koikoi": lambda a, w: w.by(
        a["seat"], w.tr.gettext("You call koi-koi."), w.tr.gettext("{name} calls koi-koi.")
    ),
    "nanatoridori.play": lambda a, w: (
        w.by(
            a["seat"],
            w.tr.gettext("You play {count} × {value} ({reserve} from the reserve)."),
            w.tr.gettext("{name} plays {count} × {value} ({reserve} from the reserve)."),
            count=a["count"],
            value=a["value"],
            reserve=a["reserve"],
        )
        if a["reserve"]
        else w.by(
            a["seat"],
            w.tr.gettext("You play {count} × {value}."),
            w.tr.gettext("{name} plays {count} × {value}."),
            count=a["count"],
            value=a["value"],
        )
    ),
    "nanatoridori.pass": lambda a, w: w.by(
        a["seat"], w.tr.gettext("You pass."), w.tr.gettext("{name} passes.")
    ),
    "nanatoridori.pass_reserve": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You pass, spending the reserve {card}."),
        w.tr.gettext("{name} passes, spending the reserve {card}."),
        card=a["card"],
    ),
    "nanatoridori.insert": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You put the cards into the hand."),
        w.tr.gettext("{name} puts the cards into the hand."),
    ),
    "nanatoridori.discard": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You discard the cards."),
        w.tr.gettext("{name} discards the cards."),
    ),
    "nar.play": lambda a, w: (
        w.by(a["seat"], w.tr.gettext("You play a 1."), w.tr.gettext("{name} plays a 1."))
        if not a["colour"]
        else w.by(
            a["seat"],
            # Translators: {card} is a Nar card: colour and value ("red 12")
            w.tr.gettext("You play {card}."),
            w.tr.gettext("{name} plays {card}."),
            card=w.tr.gettext("{colour} {value}").format(
                colour=w.colour(a["colour"]), value=a["value"]
            ),
        )
    ),
    "nar.declare_out": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You say you will go out."),
        w.tr.gettext("{name} says they will go out."),
    ),
    "nar.declare_stay": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You say you will not go out."),
        w.tr.gettext("{name} says they will not go out."),
    ),
    "nimalia.place": lambda a, w: w.by(
        a["seat"], w.tr.gettext("You place a card."), w.tr.gettext("{name} places a card.")
    ),
    "move": lambda a, w: w.by(a["seat"], w.tr.gettext("You move."), w.tr.gettext("{name} moves.")),
}

_EVENTS: dict[str, Template] = {
    "koikoi.played": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You played the {card}"),
        w.tr.gettext("{name} played the {card}"),
        card=w.koi(a["card"]),
    ),
    "koikoi.drew": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You drew the {card}"),
        w.tr.gettext("{name} drew the {card}"),
        card=w.koi(a["card"]),
    ),
    # the first card captured is the card played or drawn (K-13)
    "koikoi.captured": lambda a, w: w.by(
        a["seat"],
        # Translators: {cards} is a list of cards, each with its article ("the Moon (8)")
        w.tr.gettext("You took {cards}"),
        w.tr.gettext("{name} took {cards}"),
        cards=w.koi_list(a["cards"][1:]),
    ),
    # the line before names the card
    "koikoi.laid": lambda a, w: w.tr.gettext("No match: onto the board"),
    "koikoi.choosing": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You choose what the {card} takes"),
        w.tr.gettext("{name} chooses what the {card} takes"),
        card=w.koi(a["card"]),
    ),
    "koikoi.yaku": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You scored {total}"),
        w.tr.gettext("{name} scored {total}"),
        total=a["total"],
    ),
    "koikoi.called": lambda a, w: w.by(
        a["seat"], w.tr.gettext("You called Koi-Koi!"), w.tr.gettext("{name} called Koi-Koi!")
    ),
    "koikoi.stopped": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You stopped: +{points}"),
        w.tr.gettext("{name} stopped: +{points}"),
        points=a.get("points") or 0,
    ),
    "koikoi.turn": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("Turn {turn}: You"),
        w.tr.gettext("Turn {turn}: {name}"),
        turn=a["turn"],
    ),
    "koikoi.redeal": _redeal,
    "koikoi.deal": lambda a, w: w.tr.gettext("Deal {deal}").format(deal=a["deal"]),
    "koikoi.hand": _got,
    "koikoi.hand_bonus": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You showed a hand bonus"),
        w.tr.gettext("{name} showed a hand bonus"),
    ),
    "koikoi.deal_end": lambda a, w: w.tr.gettext("Deal {deal} ends").format(deal=a["deal"]),
    "koikoi.game_end": lambda a, w: w.tr.gettext("Game over"),
    "nanatoridori.played": _nanatoridori_played,
    "nanatoridori.passed": lambda a, w: (
        w.by(
            a["seat"],
            w.tr.gettext("You passed, spending the reserve {card}"),
            w.tr.gettext("{name} passed, spending the reserve {card}"),
            card=a["card"],
        )
        if a.get("card") is not None
        else w.by(a["seat"], w.tr.gettext("You passed"), w.tr.gettext("{name} passed"))
    ),
    "nanatoridori.drew": lambda a, w: w.by(
        a["seat"], w.tr.gettext("You drew a card"), w.tr.gettext("{name} drew a card")
    ),
    "nanatoridori.drawn": lambda a, w: w.tr.gettext("It is a {card}").format(card=a["card"]),
    "nanatoridori.kept": lambda a, w: (
        w.by(
            a["seat"],
            # Translators: {gap} numbers the places between the cards of a hand
            w.tr.gettext("You kept the card (gap {gap})"),
            w.tr.gettext("{name} kept the card (gap {gap})"),
            gap=a["gap"],
        )
        if a.get("cards") is None
        else w.by(
            a["seat"],
            # Translators: {cards} are card numbers written together ("555"); {gap} numbers
            # the places between the cards of a hand
            w.tr.gettext("You kept {cards} (gap {gap})"),
            w.tr.gettext("{name} kept {cards} (gap {gap})"),
            cards=_cards(a["cards"]),
            gap=a["gap"],
        )
    ),
    "nanatoridori.discarded": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You discarded {cards}"),
        w.tr.gettext("{name} discarded {cards}"),
        cards=_cards(a["cards"]),
    ),
    "nanatoridori.cleared": lambda a, w: w.tr.gettext("All passed: the set is cleared"),
    "nanatoridori.out": lambda a, w: w.by(
        a["seat"],
        # Translators: {place} is the order of going out: 1 for the first out
        w.tr.gettext("You are out in place {place}"),
        w.tr.gettext("{name} is out in place {place}"),
        place=a["place"],
    ),
    "nanatoridori.eliminated": lambda a, w: w.by(
        a["seat"],
        w.tr.gettext("You cannot play or pass: eliminated"),
        w.tr.gettext("{name} cannot play or pass: eliminated"),
    ),
    "nanatoridori.choosing": lambda a, w: w.by(
        a["seat"], w.tr.gettext("You took the set"), w.tr.gettext("{name} took the set")
    ),
    "nanatoridori.turn": lambda a, w: w.by(
        a["seat"], w.tr.gettext("You to play"), w.tr.gettext("{name} to play")
    ),
    "nanatoridori.hand": _got,
    "nanatoridori.deal": lambda a, w: w.tr.gettext("Round {round}").format(round=a["round"]),
    "nanatoridori.round_end": lambda a, w: w.tr.gettext("Round {round} ends").format(
        round=a["round"]
    ),
    "nanatoridori.game_end": lambda a, w: w.tr.gettext("Game over"),
    "nar.deal": lambda a, w: w.by(
        a["dealer"],
        w.tr.gettext("Round {round}: You dealt"),
        w.tr.gettext("Round {round}: {name} dealt"),
        round=a["round"],
    ),
    "nar.declared": lambda a, w: (
        w.by(a["seat"], w.tr.gettext("You will go out!"), w.tr.gettext("{name} will go out!"))
        if a["declare"]
        else w.by(
            a["seat"],
            w.tr.gettext("You made no announcement"),
            w.tr.gettext("{name} made no announcement"),
        )
    ),
    "nar.played": lambda a, w: w.by(
        a["seat"],
        # Translators: {card} is a Nar card ("red 12", "white 1")
        w.tr.gettext("You played {card}"),
        w.tr.gettext("{name} played {card}"),
        card=w.nar(a["card"]),
    ),
    "nar.trick": lambda a, w: w.by(
        a["leader"],
        w.tr.gettext("Trick {trick}: You lead"),
        w.tr.gettext("Trick {trick}: {name} leads"),
        trick=a["trick"],
    ),
    "nar.trick_won": lambda a, w: w.by(
        a["winner"],
        w.tr.gettext("You won trick {trick}"),
        w.tr.gettext("{name} won trick {trick}"),
        trick=a["trick"],
    ),
    "nar.fool": lambda a, w: (
        # Translators: {names} hold a Fool disc for the next trick ("Mira and you")
        w.tr.gettext("Fool: {names}").format(names=w.seats(list(a["seats"])))
        if a["seats"]
        else w.tr.gettext("No Fool this trick")
    ),
    "nar.hand": _got,
    "nar.round_end": lambda a, w: w.tr.gettext("Round {round} scored").format(round=a["round"]),
    "nar.game_end": lambda a, w: w.tr.gettext("Game over"),
    "nimalia.placed": lambda a, w: w.by(
        a["seat"], w.tr.gettext("You placed a card"), w.tr.gettext("{name} placed a card")
    ),
    "nimalia.chosen": lambda a, w: w.by(
        a["seat"], w.tr.gettext("You chose a card"), w.tr.gettext("{name} chose a card")
    ),
    "nimalia.revealed": lambda a, w: w.tr.gettext("Turn {turn}: all cards revealed").format(
        turn=a["turn"]
    ),
    "nimalia.passed": lambda a, w: (
        w.tr.gettext("Hands pass right")
        if a["direction"] == "right"
        else w.tr.gettext("Hands pass left")
    ),
    "nimalia.drew": lambda a, w: w.tr.gettext("Round {round}: 3 new cards each").format(
        round=a["round"]
    ),
    "nimalia.objective": _nimalia_objective,
    "nimalia.game_end": _game_end_winners,
    "nimalia.hand": _got,
    "nimalia.turn": lambda a, w: w.tr.gettext("Round {round}, turn {turn}").format(
        round=a["round"], turn=a["turn"]
    ),
    "nimalia.score": lambda a, w: w.tr.gettext("Round {round} scored").format(round=a["round"]),
    # Translators: an event of a newer version that this one cannot word; {kind} is its code
    "event": lambda a, w: w.tr.gettext("Event: {kind}").format(kind=a["e"]),
}

_REASONS: dict[str, Template] = {
    "over": lambda a, w: w.tr.gettext("The game is over."),
    "no_seat": lambda a, w: w.tr.gettext(
        "There is no seat {seat} in this {players}-player game."
    ).format(seat=a["seat"], players=a["players"]),
    "not_your_turn": lambda a, w: w.tr.gettext("It is not your turn."),
    "bad_move": lambda a, w: w.tr.gettext("That is not a move of this game now: {move}.").format(
        move=a["move"]
    ),
    "not_in_hand": lambda a, w: w.tr.gettext("That card is not in your hand."),
    "koikoi.choose_match": lambda a, w: w.tr.gettext(
        "The {card} matches two cards on the board: choose which one it takes."
    ).format(card=w.koi(a["card"])),
    "koikoi.nothing_to_choose": _nothing_to_choose,
    "koikoi.drawn_must_take": lambda a, w: w.tr.gettext(
        "The drawn card, the {card}, must take one of the two cards it matches."
    ).format(card=w.koi(a["card"])),
    "koikoi.must_decide": lambda a, w: w.tr.gettext("First choose: stop, or call Koi-Koi."),
    "nanatoridori.no_gap": lambda a, w: w.tr.ngettext(
        "Your hand has no such gap: with {cards} card the gaps run from 0 to {cards}.",
        "Your hand has no such gap: with {cards} cards the gaps run from 0 to {cards}.",
        a["cards"],
    ).format(cards=a["cards"]),
    "nanatoridori.place_first": _place_first,
    "nanatoridori.lead_must_play": lambda a, w: w.tr.gettext(
        "You lead: play a set; you may not pass."
    ),
    "nanatoridori.no_reserve": lambda a, w: w.tr.gettext(
        "You have no reserve card, so you cannot pass."
    ),
    # Translators: {cards} lists the reserve card numbers ("3, 8")
    "nanatoridori.pass_spends": lambda a, w: w.tr.gettext(
        "To pass, spend one of your reserve cards ({cards})."
    ).format(cards=w.tr.gettext(", ").join(str(c) for c in a["reserve"])),
    "nanatoridori.empty_set": lambda a, w: w.tr.gettext("A set has at least one card."),
    "nanatoridori.outside_hand": lambda a, w: w.tr.gettext("Those cards are not all in your hand."),
    "nanatoridori.not_a_set": lambda a, w: w.tr.gettext(
        "Those cards are not all the same number: a set is a block of equal cards side by side."
    ),
    "nanatoridori.no_duel": lambda a, w: w.tr.gettext(
        "Reserve cards are only played in the two-player duel."
    ),
    "nanatoridori.reserve_short": lambda a, w: w.tr.ngettext(
        "You have {have} reserve card of {value}, not {want}.",
        "You have {have} reserve cards of {value}, not {want}.",
        a["have"],
    ).format(have=a["have"], value=a["value"], want=a["want"]),
    # Translators: {set} and {beaten} are sets of equal cards as digits ("555")
    "nanatoridori.too_low": lambda a, w: w.tr.gettext(
        "{set} does not beat {beaten}: play more cards, or as many of a higher number."
    ).format(set=_set(a["count"], a["value"]), beaten=_set(a["beat_count"], a["beat_value"])),
    "nar.fool_sits_out": lambda a, w: w.tr.gettext("You hold a Fool disc and sit out this trick."),
    "nar.announce_first": lambda a, w: w.tr.gettext("First say whether you will go out."),
    "nar.no_card": lambda a, w: w.tr.gettext("There is no card {card} in Nar.").format(
        card=a["card"]
    ),
    # Translators: {colour} is a Nar colour ("red"), the colour led in this trick
    "nar.follow": lambda a, w: w.tr.gettext(
        "You hold {colour}, the lead colour: play a {colour} card or a 1."
    ).format(colour=w.colour(a["lead"])),
    "nimalia.placed_already": lambda a, w: w.tr.gettext(
        "You have placed your card for this turn; the others are still choosing."
    ),
    "nimalia.no_turn": lambda a, w: w.tr.gettext("A card turns by 0, 1, 2 or 3 quarter turns."),
    "nimalia.first_anchor": lambda a, w: w.tr.gettext(
        "Your first card goes in the middle of your reserve."
    ),
    "nimalia.must_cover": lambda a, w: w.tr.gettext(
        "The card must cover at least one space of your reserve."
    ),
    "nimalia.too_big": lambda a, w: w.tr.gettext(
        "Your reserve would be {rows} rows by {cols} columns: it must fit in {limit} × {limit}."
    ).format(rows=a["rows"], cols=a["cols"], limit=a["limit"]),
}

_TEMPLATES: dict[str, Template] = {**_MOVES, **_EVENTS, **_REASONS}

MESSAGE_IDS = frozenset(_TEMPLATES)  # every id this module gives (the module docstring lists them)
MOVE_IDS = frozenset(_MOVES)
EVENT_IDS = frozenset(_EVENTS)
REASON_IDS = frozenset(_REASONS)


def render(
    said: Said,
    name_of: Callable[[int], str] | None = None,
    me: int | None = None,
    tr: gettext.NullTranslations | None = None,
) -> str:
    """The words for ``said`` in the language of ``tr`` (a :mod:`gettext` translation:
    ``chabudai.i18n.current()`` for the player's language; English without one):
    ``name_of(seat)`` names a seat ("Seat 2" by default), ``me`` is the seat they are said to
    ("You"). ``KeyError`` for an unknown id."""
    return _TEMPLATES[said.id](said.args, _Words(name_of, me, tr or _english()))


def render_reason(said: Said) -> str:
    """The English words of a refusal, said to the seat that tried the move (the host's
    ``reason`` for clients that cannot word ``reason_id`` themselves)."""
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
    "join",
    "koikoi_card",
    "nar_card",
    "nar_colour",
    "render",
    "render_reason",
]
