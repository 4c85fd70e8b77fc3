"""The Nar game state: deals, tricks, Fools, round scoring and the game end (rules/nar.md).

Moves (plain dicts):

- ``{"play": card}`` — play a card of your hand to the current trick, e.g. ``{"play": "G7"}``;
  a white one is ``{"play": "1"}``. A 1 needs no declared colour: it always counts as a card of
  the lead colour with value 1 (R-14), whatever colour that turns out to be (R-12).
- ``{"declare": True}`` / ``{"declare": False}`` — only with option ``announcements``: before the
  first trick of each round every player, starting with the first leader and going clockwise,
  says whether they will go out.

Phases: ``announce`` (option ``announcements`` only), ``play``, ``over``.

Events, in the order they happen:

- ``deal`` ``{round, dealer, leader, hand_counts, deck}`` (public), then one private
  ``hand`` ``{seat, cards, "to": [seat]}`` per seat;
- ``declare`` ``{seat, declare}`` (option ``announcements``);
- ``trick`` ``{round, trick, leader, active, fools}`` when a trick starts (``fools`` sit out);
- ``play`` ``{seat, card, lead, left}`` (``lead``: the lead colour after this card);
- ``trick_won`` ``{trick, plays, lead, winner}`` then ``fool`` ``{seats, released}`` (the new
  Fools, worst first, and the previous Fools who give their disc up);
- ``round_end`` ``{round, dealer, points, base, scored_plus10, out, fooled, left, declared,
  scores, plus10}`` (``base`` is R-22's result, ``points`` after announcements);
- ``game_end`` ``{scores, plus10, winners}``.

Choices where the rules file is silent (each what players at a table would expect):

- Dealing (R-6): one seeded shuffle per round (``seeded_rng(seed, "deal", round)``); the first
  ``hand_size`` cards go to the player left of the dealer, the next to the player after, and so
  on. The first dealer (R-5) comes from ``seeded_rng(seed, "first dealer")``.
- Announcements are made one after the other, clockwise from the first leader, each seeing the
  earlier ones (as around a table).
- Remaining hands are not revealed at a round's end: the round summary gives the points each
  seat lost and how many cards it kept, never the cards (R-27 keeps hands private).
- ``last_trick`` is cleared when a new round is dealt (the table is cleared); the final trick of
  the round is in the ``trick_won`` event.
- Known voids (used by ``determinize``): a player who plays a coloured card of another colour
  while a lead colour is set holds none of the lead colour for the rest of the round (R-13).
  Playing a 1 reveals nothing (a 1 is always legal).
"""

from __future__ import annotations

import random
from typing import Any

from chabudai.engines.base import (
    LIST,
    NESTED,
    SEED_LIMIT,
    Event,
    Field,
    Move,
    Said,
    TurnBasedState,
    View,
    plain_copy,
    quoted,
)
from chabudai.engines.nar.cards import (
    CARD_INFO,
    COLOURS,
    DECK_TABLE,
    ONE,
    deck_cards,
    deck_row,
    legal_cards,
    sort_hand,
)
from chabudai.engines.nar.deal import deal_constrained
from chabudai.engines.nar.scoring import game_over_standard, round_score, winners
from chabudai.engines.nar.tricks import fools_per_trick, trick_outcome


def _copy_rounds(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copy of round entries (flat maps of ints, bools and flat lists; faster than plain_copy)."""
    return [{k: list(v) if type(v) is list else v for k, v in r.items()} for r in rounds]


def _copy_last_trick(last: dict[str, Any] | None) -> dict[str, Any] | None:
    """A copy of ``last_trick`` (None, or ints and the flat lists ``plays`` of ``[seat, card]``
    pairs and ``fools``; faster than plain_copy)."""
    if last is None:
        return None
    return {**last, "plays": [list(p) for p in last["plays"]], "fools": list(last["fools"])}


# The seats clockwise from each leader, per player count.
_CLOCKWISE = {n: [(*range(leader, n), *range(leader)) for leader in range(n)] for n in DECK_TABLE}


def _add_void(voids: str, colour: str) -> str:
    """The void letters with ``colour`` added, in the canonical G, R, Y, B order."""
    return "".join(c for c in COLOURS if c in voids or c == colour)


class NarState(TurnBasedState):
    """One game of Nar for 4 to 8 seats."""

    game = "nar"
    title = "Nar"

    # ------------------------------------------------------------------ construction

    # Lists changed in place are copied by a clone; the others are only ever replaced.
    FIELDS = (
        Field("deck", {}),  # the composition in play: top value per colour, ones
        Field("round", 0),  # rounds dealt, 1-based once dealing began
        Field("dealer", 0),
        Field("phase", "play"),
        Field("leader", 0),  # leader of the current trick
        Field("current", 0),  # the seat to move
        Field("active", []),  # seats playing the current trick, in play order
        Field("trick_no", 0),  # tricks started this round, 1-based
        Field("hands", [], NESTED),  # each kept in hand order (cards.SORT_KEY)
        Field("trick", [], LIST),  # [seat, card] in play order; the pairs are never changed
        Field("lead", None),
        Field("fools", []),  # disc holders: they sit out the current trick
        Field("last_trick", None),
        Field("played", [], LIST),  # cards of this round's completed tricks, in play order
        Field("voids", [], LIST),  # per seat: colour letters it is known to hold none of
        Field("scores", [], LIST),
        Field("plus10", [], LIST),  # count of +10 results
        Field("declared", [], LIST),  # option announcements (None = not asked yet)
        Field("history", [], LIST),  # one entry per finished round; entries never changed
        Field("fools_per_trick", 1, saved=False),  # derived from players and options
    )

    def _begin(self) -> None:
        self.deck = deck_row(self.players).composition()
        self.scores = [0] * self.players
        self.plus10 = [0] * self.players
        self._after_load()
        seats = [[s] for s in range(self.players)]
        self.dealer = self.chosen(
            lambda rng: [rng.randrange(self.players)], lambda v: v in seats, "first dealer"
        )[0]
        self._start_round([])

    def _after_load(self) -> None:
        self.fools_per_trick = fools_per_trick(self.players, self.options.get("fools_at_7", 2))

    # ------------------------------------------------------------------ the contract

    def legal_moves(self, seat: int) -> list[Move]:
        if seat != self.current or self.phase == "over":
            return []
        if self.phase == "announce":
            return [{"declare": True}, {"declare": False}]
        return [{"play": card} for card in legal_cards(self.hands[seat], self.lead)]

    def check(self, seat: int, move: Move) -> Said | None:
        """Why ``move`` is illegal for ``seat`` now, or None: a Fool sits out (R-10), a card must
        follow the lead colour (R-13); a move whose values merely compare equal to a legal one
        (``{"declare": 1}``) is refused too."""
        if self.phase == "play" and seat in self.fools and seat != self.current:
            return Said("nar.fool_sits_out", {"seat": seat})
        reason = self.turn_problem(seat)
        if reason is not None:
            return reason
        strict = type(move) is not dict or all(type(v) in (str, bool) for v in move.values())
        if strict and move in self.legal_moves(seat):
            return None
        if self.phase == "announce":
            return Said("nar.announce_first")
        if not isinstance(move, dict) or set(move) != {"play"}:
            return Said("bad_move", {"move": quoted(move)})
        card = move["play"]
        if not isinstance(card, str) or card not in CARD_INFO:
            return Said("nar.no_card", {"card": quoted(card)})
        if card not in self.hands[seat]:
            return Said("not_in_hand", {"card": card})
        return Said("nar.follow", {"card": card, "lead": self.lead or ""})

    def _step(self, seat: int, move: Move, events: list[Event] | None) -> None:
        """Apply a legal move; the events it causes are added to ``events`` unless it is None."""
        if self.phase == "announce":
            self._declare(seat, bool(move["declare"]), events)
            return
        card = move["play"]
        hand = self.hands[seat]
        hand.remove(card)
        colour = CARD_INFO[card][0]
        if colour:
            lead = self.lead
            if lead is None:
                self.lead = colour
            elif colour != lead and lead not in self.voids[seat]:
                self.voids[seat] = _add_void(self.voids[seat], lead)  # holds no lead
        trick = self.trick
        trick.append([seat, card])
        if events is not None:
            events.append(
                {"e": "play", "seat": seat, "card": card, "lead": self.lead, "left": len(hand)}
            )
        played = len(trick)
        active = self.active
        if played < len(active):
            self.current = active[played]
        else:
            self._finish_trick(events)

    # ------------------------------------------------------------------ tricks

    def _start_trick(self, leader: int, events: list[Event] | None) -> None:
        """R-10: everyone but the disc holders plays, clockwise from the leader."""
        self.trick_no += 1
        self.leader = leader
        self.current = leader
        fools = self.fools
        clockwise = _CLOCKWISE[self.players][leader]
        self.active = [s for s in clockwise if s not in fools] if fools else list(clockwise)
        if events is not None:
            events.append(
                {
                    "e": "trick",
                    "round": self.round,
                    "trick": self.trick_no,
                    "leader": leader,
                    "active": list(self.active),
                    "fools": list(fools),
                }
            )

    def _finish_trick(self, events: list[Event] | None) -> None:
        """R-15 to R-21: winner, Fools, discs; then the next trick or the round end."""
        trick = self.trick
        winner, fools = trick_outcome(trick, self.lead, self.fools_per_trick)
        self.played += [card for _, card in trick]
        self.last_trick = {
            "trick": self.trick_no,
            "plays": trick,  # the trick's list is not changed again: a new one starts below
            "lead": self.lead,
            "winner": winner,
            "fools": list(fools),
        }
        if events is not None:
            events.append(
                {
                    "e": "trick_won",
                    "trick": self.trick_no,
                    "plays": [list(p) for p in trick],
                    "lead": self.lead,
                    "winner": winner,
                }
            )
            released = [s for s in self.fools if s not in fools]
            events.append({"e": "fool", "seats": list(fools), "released": released})
        self.fools = fools
        self.trick = []
        self.lead = None
        if not all(self.hands):  # a hand is empty
            self._end_round(events)
        else:
            self._start_trick(winner, events)

    # ------------------------------------------------------------------ rounds

    def _start_round(self, events: list[Event] | None) -> None:
        """R-6 to R-8 (R-24 for later rounds): deal everything, clear the discs, first lead.

        Under ``apply_unchecked`` (``events`` is None) only the round number and the phase
        change here: the deal is left pending (:meth:`GameState.apply_unchecked`) for
        :meth:`_deal_pending_round`. It is drawn from the seed and the round number alone, so it
        is the same whenever it is made.
        """
        self.round += 1
        self.phase = "announce" if self.options.get("announcements") else "play"
        if events is None:
            self.round_pending = True
        else:
            self._deal(events)

    def _deal_pending_round(self) -> None:
        """The deal (R-6) that :meth:`_start_round` left pending."""
        self._deal(None)

    def _deal(self, events: list[Event] | None) -> None:
        """The deal of round ``self.round`` (R-6) and its first trick, or the announcements."""
        n = self.players
        deck = self.shuffled(deck_cards(self.deck), "deal", self.round)
        size = len(deck) // n
        self.hands = [[] for _ in range(n)]
        for i in range(n):
            seat = (self.dealer + 1 + i) % n
            self.hands[seat] = sort_hand(deck[i * size : (i + 1) * size])
        self.fools = []
        self.trick = []
        self.lead = None
        self.played = []
        self.voids = [""] * n
        self.last_trick = None
        self.trick_no = 0
        leader = (self.dealer + 1) % n
        if events is not None:
            events.append(
                {
                    "e": "deal",
                    "round": self.round,
                    "dealer": self.dealer,
                    "leader": leader,
                    "hand_counts": [len(h) for h in self.hands],
                    "deck": dict(self.deck),
                }
            )
            for seat in range(n):
                events.append(
                    {"e": "hand", "seat": seat, "cards": list(self.hands[seat]), "to": [seat]}
                )
        if self.phase == "announce":
            self.declared = [None] * n
            self.leader = leader
            self.current = leader
            self.active = []
        else:
            self.declared = [False] * n
            self._start_trick(leader, events)

    def _declare(self, seat: int, declare: bool, events: list[Event] | None) -> None:
        """Option ``announcements``: one answer, clockwise from the first leader."""
        self.declared[seat] = declare
        if events is not None:
            events.append({"e": "declare", "seat": seat, "declare": declare})
        following = (seat + 1) % self.players
        if following == self.leader:
            self.phase = "play"
            self._start_trick(self.leader, events)
        else:
            self.current = following

    def _end_round(self, events: list[Event] | None) -> None:
        """R-22 to R-26: score the round, then deal again (R-24) or end the game."""
        declared = [bool(d) for d in self.declared] if self.options.get("announcements") else None
        result = round_score(self.hands, self.fools, declared)
        for seat in range(self.players):
            self.scores[seat] += result.points[seat]
            self.plus10[seat] += result.plus10[seat]
        entry = {
            "round": self.round,
            "dealer": self.dealer,
            "points": result.points,
            "base": result.base,
            "scored_plus10": result.plus10,
            "out": [seat for seat, hand in enumerate(self.hands) if not hand],
            "fooled": list(self.fools),
            "left": [len(hand) for hand in self.hands],
            "declared": [bool(d) for d in self.declared],
        }
        self.history.append(entry)
        if events is not None:
            events.append(
                {
                    "e": "round_end",
                    **plain_copy(entry),
                    "scores": list(self.scores),
                    "plus10": list(self.plus10),
                }
            )
        if self._game_ends():
            self.phase = "over"
            self.active = []
            if events is not None:
                events.append(
                    {
                        "e": "game_end",
                        "scores": list(self.scores),
                        "plus10": list(self.plus10),
                        "winners": winners(self.scores),
                    }
                )
            return
        self.dealer = (self.dealer + 1) % self.players
        self._start_round(events)

    def _game_ends(self) -> bool:
        if self.options.get("game_length") == "fixed_rounds":
            return self.round >= 2 * self.players
        return game_over_standard(self.scores, self.plus10)

    # ------------------------------------------------------------------ information

    def view(self, seat: int | None) -> View:
        """R-27: everything public plus ``seat``'s own hand.

        Besides the common keys: ``phase``, ``round``, ``dealer``, ``leader``, ``current``,
        ``trick_no``, ``hand`` (None for a spectator), ``hand_counts``, ``trick`` (``[seat, card]``
        pairs in play order), ``lead`` (colour letter or None), ``active`` (who plays this trick,
        in order), ``fools`` (disc holders sitting out this trick), ``last_trick``, ``played``
        (cards of this round's completed tricks), ``voids`` (per seat, colour letters it is known
        to hold none of), ``plus10`` (counts), ``declared``, ``deck`` (the composition in play:
        top value per colour letter and ``ones``), ``fools_per_trick`` and ``rounds``.
        """
        return {
            "game": self.game,
            "seat": seat,
            "players": self.players,
            "options": dict(self.options),
            "to_move": self.to_move,
            "over": self.phase == "over",
            "scores": list(self.scores),
            "phase": self.phase,
            "round": self.round,
            "dealer": self.dealer,
            "leader": self.leader,
            "current": self.current,
            "trick_no": self.trick_no,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "trick": [list(p) for p in self.trick],
            "lead": self.lead,
            "active": list(self.active),
            "fools": list(self.fools),
            "last_trick": _copy_last_trick(self.last_trick),
            "played": list(self.played),
            "voids": [list(v) for v in self.voids],
            "plus10": list(self.plus10),
            "declared": list(self.declared),
            "deck": dict(self.deck),
            "fools_per_trick": self.fools_per_trick,
            "rounds": _copy_rounds(self.history),
        }

    @classmethod
    def from_view(cls, view: View, rng: random.Random) -> NarState:
        """A full state consistent with ``view``: the unseen cards are dealt to the other seats
        by their hand sizes, none of a colour a seat is known to be void in."""
        state = cls()
        state.players = view["players"]
        state.seed = rng.randrange(SEED_LIMIT)
        state.options = dict(view["options"])
        state.deck = dict(view["deck"])
        state.round = view["round"]
        state.dealer = view["dealer"]
        state.phase = view["phase"]
        state.leader = view["leader"]
        state.current = view["current"]
        state.trick_no = view["trick_no"]
        # The [seat, card] pairs of a trick, the last trick and the round entries are never
        # changed in place (see clone), so the state shares the view's own.
        state.trick = list(view["trick"])
        state.lead = view["lead"]
        state.active = list(view["active"])
        state.fools = list(view["fools"])
        state.last_trick = view["last_trick"]
        state.played = list(view["played"])
        state.voids = ["".join(v) for v in view["voids"]]
        state.scores = list(view["scores"])
        state.plus10 = list(view["plus10"])
        state.declared = list(view["declared"])
        state.history = list(view["rounds"])
        state._after_load()
        seat = view["seat"]
        counts = view["hand_counts"]
        deck = deck_cards(state.deck)  # in hand order, the 1s last
        known = [*state.played, *(card for _, card in state.trick)]
        if seat is not None:
            known.extend(view["hand"])
        seen = set(known)
        unseen = [card for card in deck if card not in seen]
        if ONE in seen:
            unseen.extend([ONE] * (state.deck["ones"] - known.count(ONE)))
        if len(deck) - len(unseen) != len(known):  # a card twice, or one not in play
            raise ValueError("the view shows cards that are not in the deck in play")
        sizes = {s: counts[s] for s in range(state.players) if s != seat}
        dealt = deal_constrained(unseen, sizes, dict(enumerate(state.voids)), rng)
        state.hands = [
            list(view["hand"]) if s == seat else sort_hand(dealt[s]) for s in range(state.players)
        ]
        return state

    def cards(self) -> list[str]:
        """R-3: the deck in play, in hands, this round's completed tricks and the current one."""
        held = [card for hand in self.hands for card in hand]
        return [*held, *self.played, *(card for _, card in self.trick)]

    def result(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": winners(self.scores) if self.is_over else [],
            "rounds": _copy_rounds(self.history),
            "plus10": list(self.plus10),
        }


__all__ = ["NarState"]
