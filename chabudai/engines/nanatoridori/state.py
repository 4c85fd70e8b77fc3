"""The Nanatoridori game state: deals, tricks, takes, draws, rounds (rules/nanatoridori.md).

Moves (plain dicts; gaps and indices refer to the mover's hand as it is at that moment):

Phase ``play`` — the seat to move plays or passes (N-11):

- ``{"play": [start, length]}`` — play ``hand[start:start+length]``, a block of adjacent equal
  cards, possibly part of a longer run (N-9, N-12). It must beat the current set (N-10) unless
  the play area is empty.
- ``{"play": [start, length], "reserve": k}`` — duel only (N-28): ``k`` (1 or 2) of your face-up
  reserve cards of the block's value join the play. Leave ``"reserve"`` out to add none.
- ``{"pass": True}`` — pass (N-15); never allowed to the leader (N-11). If the draw pile is not
  empty its top card is drawn and the seat moves on to phase ``place``.
- ``{"pass": True, "card": v}`` — the duel pass (N-29): spend the reserve card of value ``v``,
  then phase ``place``.

Phase ``place`` — the same seat decides where the waiting cards go (a beaten set after a play
that beat it, N-13; a drawn card, N-15; a duel reserve card, N-29):

- ``{"insert": gap}`` — insert all waiting cards as one block at ``gap`` (0 = left end,
  ``len(hand)`` = right end).
- ``{"discard": True}`` — put them on the discard pile.

Modes (N-3): 2 to 6 players play the standard rules; with 2 players and the option
``two_player = duel`` the duel (§8) applies instead (:attr:`NanatoridoriState.duel`). A save or
replay record of 2 players from before the option existed is a duel (:meth:`saved_options`).

Choices where the rules leave room (documented for the rules notes):

- Deal (N-5, N-6): one seeded shuffle per round (``seeded_rng(seed, "deal", round)``); seat ``s``
  gets cards ``8s .. 8s+7`` in that order (index 0 first); the rest is the draw pile, drawn from
  its end (47 cards with 2 players). Duel (N-27): hands are cards 0–10 and 11–21, reserves 22–23
  and 24–25, the other 37 are set aside. Round 1's start player comes from
  ``seeded_rng(seed, "start")`` (N-8).
- A set cleared from the play area and a beaten set that was not taken go to the discard pile
  (N-13, N-16); in the duel the reserve cards of a play are part of the set, so a player who
  takes that set puts them into the hand (N-28).
- The duel elimination (N-30) is applied automatically when the turn reaches a player who can
  neither play nor pass, so the seat to move always has a legal move.
- Advanced scoring: the next round's start player is the round's loser (N-8, N-24 note).

- A duel player who holds a reserve card may pass even when they could play (as N-15); only a
  player without reserve cards must play (N-30).
- :meth:`NanatoridoriState.check` checks a move directly instead of searching ``legal_moves``;
  it accepts exactly the listed moves, with strict types (``True`` is no gap).

Public knowledge of hands (N-33) is kept per card position in ``tags``: ``1..7`` = value known to
everyone (a taken set, a kept duel reserve card), ``0`` = hidden dealt card, ``-1`` = hidden card
that was drawn and inserted (everyone saw where it went, not what it is).

Events (``"to"`` marks the only private ones):

- ``deal`` {round, starter, hand_counts, pile, aside, reserves}, then ``hand`` {seat, cards,
  to: [seat]} for each seat, then ``turn``; ``turn`` {seat, lead} (lead: the area is empty);
- ``play`` {seat, start, length, reserve, value, count, beat: [count, value] or None};
  ``choose`` {seat, kind: "take", cards} when the beaten set waits for ``place``;
- ``pass`` {seat} (duel: and ``card``); ``draw`` {seat, pile} plus ``drew`` {seat, card,
  to: [seat]};
- ``insert`` {seat, gap, kind: take | draw | reserve, cards (not for a drawn card)};
  ``discard`` {seat, cards, from: beaten | draw | reserve, auto (N-21 only)};
- ``clear`` {cards, owner}; ``out`` {seat, place}; ``eliminated`` {seat};
- ``round_end`` {round, starter, finish, loser, how: last | eliminated, then penguins (basic) or
  points and totals (advanced)}; ``game_end`` {scores, winners}.

Views: the common keys (``scores`` = penguins left under basic scoring, points under advanced)
plus ``duel`` (True when the duel rules apply: 2 players and ``two_player = duel``), ``round``,
``starter``, ``current``, ``phase``, ``hand`` (the seat's own hand in order), ``hand_counts``,
``public_hands``, ``drawn``, ``reserves``, ``area`` ({count, value, owner} or
None), ``passes``, ``pending`` ({kind, count, cards}; cards is None for another seat's drawn
card), ``pile`` and ``aside`` (sizes), ``discard``, ``out``, ``finish``, ``penguins`` (None under
advanced scoring), ``points``, ``history`` and ``winners``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from chabudai.engines.base import (
    LIST,
    LIST_OR_NONE,
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
    shuffle,
)
from chabudai.engines.nanatoridori.rules import (
    COPIES,
    DECK,
    DUEL_HAND_SIZE,
    DUEL_RESERVE,
    HAND_SIZE,
    PENGUINS,
    VALUES,
    advanced_over,
    advanced_winners,
    basic_winners,
    can_play,
    is_set,
    plays,
    round_points,
)

HIDDEN = 0  # tag of a hidden dealt card
DRAWN = -1  # tag of a hidden drawn card (its position is public, N-33)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _copy_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """A copy of a round-history entry (its values are ints, strs and lists of ints)."""
    return {k: list(v) if type(v) is list else v for k, v in entry.items()}


class NanatoridoriState(TurnBasedState):
    """One game of Nanatoridori for 2 to 6 players (with 2, the standard rules or the duel, §8)."""

    game = "nanatoridori"
    title = "Nanatoridori"

    # ------------------------------------------------------------------ construction

    FIELDS = (
        Field("round", 0),  # rounds started, 1-based once dealing began
        Field("starter", 0),  # start player of the current round (N-8)
        Field("current", 0),  # the seat to move
        Field("phase", "play"),  # "play" | "place" | "over"
        Field("hands", [], NESTED),
        Field("tags", [], NESTED),  # public knowledge per hand position (module docstring)
        Field("reserves", [], NESTED),  # duel reserve cards, sorted (N-27)
        Field("pile", [], LIST),  # draw pile; its top is the last element
        Field("aside", [], LIST),  # duel cards set aside unseen (N-27)
        Field("discard", [], LIST),  # in the order discarded (N-7)
        Field("area", None, LIST_OR_NONE),  # the current set [count, value] (N-7)
        Field("owner", None),
        Field("passes", 0),  # passes since the current set was played (N-16, N-18)
        Field("out", [], LIST),
        Field("finish", [], LIST),  # finishing order of the round (N-19)
        Field("pending", [], LIST),  # cards waiting for phase "place"
        Field("pending_kind", None),  # "take" | "draw" | "reserve"
        Field("penguins", [], LIST),
        Field("points", [], LIST),
        Field("history", [], LIST),  # one entry per finished round; entries never changed
        Field("winners", [], LIST),
    )

    @property
    def duel(self) -> bool:
        """N-3: the duel rules (§8) apply: 2 players and the option ``two_player = duel``."""
        return self.players == 2 and self.options["two_player"] == "duel"

    @classmethod
    def saved_options(cls, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Saves and records from before the ``two_player`` option: 2 players played the duel,
        so they go on as a duel (N-3); with 3–6 players the option has no effect."""
        completed = dict(options)
        completed.setdefault("two_player", "duel" if players == 2 else "standard")
        return completed

    def _begin(self) -> None:
        self.penguins = [PENGUINS] * self.players
        self.points = [0] * self.players
        seats = [[s] for s in range(self.players)]
        self.starter = self.chosen(  # N-8
            lambda rng: [rng.randrange(self.players)], lambda v: v in seats, "start"
        )[0]
        self._start_round([])

    # ------------------------------------------------------------------ the contract

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase == "over" or seat != self.current:
            return []
        hand = self.hands[seat]
        if self.phase == "place":
            moves: list[Move] = [{"insert": g} for g in range(len(hand) + 1)]
            moves.append({"discard": True})
            return moves
        reserve = self.reserves[seat] if self.duel else ()
        moves = [
            {"play": [s, k], "reserve": extra} if extra else {"play": [s, k]}
            for s, k, extra in plays(hand, self.area, reserve)
        ]
        if self.area is not None:
            if self.duel:
                moves.extend({"pass": True, "card": v} for v in sorted(set(reserve)))
            else:
                moves.append({"pass": True})
        return moves

    def check(self, seat: int, move: Move) -> Said | None:
        """Why ``move`` is illegal for ``seat`` now, or ``None`` if it is legal.

        Checks the move directly instead of searching :meth:`legal_moves`, and accepts exactly
        the moves listed there (types are strict: ``True`` is not a gap).
        """
        reason = self.turn_problem(seat)
        if reason is not None:
            return reason
        if not isinstance(move, dict):
            return Said("bad_move", {"move": quoted(move)})
        hand = self.hands[seat]
        if self.phase == "place":
            if move.keys() == {"insert"}:
                gap = move["insert"]
                if not _is_int(gap) or not 0 <= gap <= len(hand):  # N-13, N-15
                    return Said("nanatoridori.no_gap", {"gap": quoted(gap), "cards": len(hand)})
                return None
            if move.keys() == {"discard"} and move["discard"] is True:
                return None
            # N-13, N-15, N-29
            return Said("nanatoridori.place_first", {"kind": self.pending_kind or "take"})
        if "play" in move:
            return self._play_problem(seat, move)
        if "pass" in move:
            if move["pass"] is not True:
                return Said("bad_move", {"move": quoted(move)})
            if self.area is None:
                return Said("nanatoridori.lead_must_play")  # N-11
            if not self.duel:
                if move.keys() != {"pass"}:  # N-15: the drawn card is placed next
                    return Said("bad_move", {"move": quoted(move)})
                return None
            reserve = self.reserves[seat]
            if not reserve:
                return Said("nanatoridori.no_reserve")  # N-29
            card = move.get("card")
            if move.keys() != {"pass", "card"} or not _is_int(card) or card not in reserve:
                return Said("nanatoridori.pass_spends", {"reserve": sorted(set(reserve))})
            return None
        return Said("bad_move", {"move": quoted(move)})

    def _play_problem(self, seat: int, move: dict[str, Any]) -> Said | None:
        """The part of :meth:`check` for a play (N-9, N-10, N-28)."""
        hand = self.hands[seat]
        if not move.keys() <= {"play", "reserve"}:
            return Said("bad_move", {"move": quoted(move)})
        block = move["play"]
        if not (isinstance(block, list) and len(block) == 2 and all(_is_int(x) for x in block)):
            return Said("bad_move", {"move": quoted(move)})
        start, length = block
        if length < 1:
            return Said("nanatoridori.empty_set")  # N-9
        if start < 0 or start + length > len(hand):
            return Said(
                "nanatoridori.outside_hand",
                {"start": quoted(start), "count": quoted(length), "cards": len(hand)},
            )
        if not is_set(hand, start, length):  # N-9
            return Said("nanatoridori.not_a_set", {"start": start, "count": length})
        value = hand[start]
        extra = 0
        if "reserve" in move:
            if not self.duel:  # N-28
                return Said("nanatoridori.no_duel")
            extra = move["reserve"]
            if not _is_int(extra) or not 1 <= extra <= 2:
                return Said("bad_move", {"move": quoted(move)})
            have = self.reserves[seat].count(value)
            if extra > have:  # N-28
                return Said(
                    "nanatoridori.reserve_short", {"value": value, "have": have, "want": extra}
                )
        count = length + extra
        if self.area is not None:
            c0, v0 = self.area
            if not (count > c0 or (count == c0 and value > v0)):  # N-10
                return Said(
                    "nanatoridori.too_low",
                    {"count": count, "value": value, "beat_count": c0, "beat_value": v0},
                )
        return None

    def _step(self, seat: int, move: Move, events: list[Event] | None) -> None:
        """Apply a legal move; its events go to ``events`` (``None``: build none)."""
        if self.phase == "place":
            self._place(seat, move, events)
        elif "play" in move:
            start, length = move["play"]
            self._play(seat, start, length, move.get("reserve", 0), events)
        elif self.duel:
            self._duel_pass(seat, move["card"], events)
        else:
            self._pass(seat, events)

    # ------------------------------------------------------------------ turns
    #
    # ``events`` is the list a move's events go to, or ``None`` when nobody reads them (a bot's
    # playout: then the round end leaves the next deal pending).

    def _play(
        self, seat: int, start: int, length: int, extra: int, events: list[Event] | None
    ) -> None:
        """N-12, N-13, N-20, N-21 (N-28 for reserve cards)."""
        hand = self.hands[seat]
        value = hand[start]
        del hand[start : start + length]
        del self.tags[seat][start : start + length]
        if extra:
            reserve = self.reserves[seat]
            for _ in range(extra):
                reserve.remove(value)
        beaten = self.area
        self.area = [length + extra, value]
        self.owner = seat
        self.passes = 0  # N-18
        if events is not None:
            events.append(
                {
                    "e": "play",
                    "seat": seat,
                    "start": start,
                    "length": length,
                    "reserve": extra,
                    "value": value,
                    "count": length + extra,
                    "beat": list(beaten) if beaten is not None else None,
                }
            )
        if hand:
            if beaten is not None:
                self.pending = [beaten[1]] * beaten[0]
                self.pending_kind = "take"
                self.phase = "place"
                if events is not None:
                    events.append(
                        {"e": "choose", "seat": seat, "kind": "take", "cards": self.pending[:]}
                    )
                return
            self._next_turn(events)
            return
        # N-20: out; N-21: the beaten set is discarded automatically.
        self.out[seat] = True
        self.finish.append(seat)
        if beaten is not None:
            cards = [beaten[1]] * beaten[0]
            self.discard.extend(cards)
            if events is not None:
                events.append(
                    {"e": "discard", "seat": seat, "cards": cards, "from": "beaten", "auto": True}
                )
        if events is not None:
            events.append({"e": "out", "seat": seat, "place": len(self.finish)})
        remaining = [s for s in range(self.players) if not self.out[s]]
        if len(remaining) == 1:
            self._end_round(remaining[0], "last", events)  # N-22, N-32
            return
        self._next_turn(events)

    def _pass(self, seat: int, events: list[Event] | None) -> None:
        """N-15: pass, drawing the top card if there is one."""
        if events is not None:
            events.append({"e": "pass", "seat": seat})
        if not self.pile:
            self._passed(events)
            return
        card = self.pile.pop()
        self.pending = [card]
        self.pending_kind = "draw"
        self.phase = "place"
        if events is not None:
            events.append({"e": "draw", "seat": seat, "pile": len(self.pile)})
            events.append({"e": "drew", "seat": seat, "card": card, "to": [seat]})

    def _duel_pass(self, seat: int, card: int, events: list[Event] | None) -> None:
        """N-29: spend a reserve card, then place it."""
        self.reserves[seat].remove(card)
        self.pending = [card]
        self.pending_kind = "reserve"
        self.phase = "place"
        if events is not None:
            events.append({"e": "pass", "seat": seat, "card": card})

    def _place(self, seat: int, move: dict[str, Any], events: list[Event] | None) -> None:
        """N-13 (take), N-15 (drawn card), N-29 (reserve card): insert as one block or discard."""
        cards, kind = self.pending, self.pending_kind
        self.pending = []
        self.pending_kind = None
        self.phase = "play"
        if "insert" in move:
            gap = move["insert"]
            self.hands[seat][gap:gap] = cards
            self.tags[seat][gap:gap] = [DRAWN] if kind == "draw" else cards
            if events is not None:
                event: Event = {"e": "insert", "seat": seat, "gap": gap, "kind": kind}
                if kind != "draw":
                    event["cards"] = list(cards)
                events.append(event)
        else:
            self.discard.extend(cards)
            if events is not None:
                source = "beaten" if kind == "take" else kind
                events.append({"e": "discard", "seat": seat, "cards": list(cards), "from": source})
        if kind == "take":
            self._next_turn(events)
        else:
            self._passed(events)

    def _passed(self, events: list[Event] | None) -> None:
        """N-16, N-17, N-31: a completed pass; clear the trick when everyone else passed."""
        self.passes += 1
        in_round = self.out.count(False)
        assert self.owner is not None and self.area is not None
        needed = in_round if self.out[self.owner] else in_round - 1
        if self.passes >= needed:
            count, value = self.area
            cards = [value] * count
            self.discard.extend(cards)
            if events is not None:
                events.append({"e": "clear", "cards": cards, "owner": self.owner})
            self.area = None
            self.owner = None
            self.passes = 0
        self._next_turn(events)

    def _next_turn(self, events: list[Event] | None) -> None:
        """The next seat still in the round moves (N-4); after a clear that seat leads (N-16,
        N-17). In the duel a player who can neither play nor pass is eliminated (N-30)."""
        n = self.players
        s = (self.current + 1) % n
        while self.out[s]:
            s = (s + 1) % n
        self.current = s
        self.phase = "play"
        if (
            self.duel
            and self.area is not None
            and not self.reserves[s]
            and not can_play(self.hands[s], self.area)
        ):
            if events is not None:
                events.append({"e": "eliminated", "seat": s})
            self._end_round(s, "eliminated", events)
            return
        if events is not None:
            events.append({"e": "turn", "seat": s, "lead": self.area is None})

    # ------------------------------------------------------------------ rounds

    def _deal_pending_round(self) -> None:
        """The round :meth:`_end_round` left pending, dealt (N-5 to N-8)."""
        self._start_round([])

    def _deal(self) -> list[int]:
        """The shuffled deck of the current round (N-5)."""
        return self.shuffled(DECK, "deal", self.round)

    def _start_round(self, events: list[Event]) -> None:
        """N-5 to N-8 (N-27 in the duel)."""
        self.round += 1
        deck = self._deal()
        n = self.players
        if self.duel:
            h = DUEL_HAND_SIZE
            self.hands = [deck[0:h], deck[h : 2 * h]]
            r = 2 * h
            self.reserves = [
                sorted(deck[r : r + DUEL_RESERVE]),
                sorted(deck[r + DUEL_RESERVE : r + 2 * DUEL_RESERVE]),
            ]
            self.aside = deck[r + 2 * DUEL_RESERVE :]
            self.pile = []
        else:
            self.hands = [deck[HAND_SIZE * s : HAND_SIZE * (s + 1)] for s in range(n)]
            self.pile = deck[HAND_SIZE * n :]
            self.reserves = [[] for _ in range(n)]
            self.aside = []
        self.tags = [[HIDDEN] * len(hand) for hand in self.hands]
        self.discard = []
        self.area = None
        self.owner = None
        self.passes = 0
        self.out = [False] * n
        self.finish = []
        self.pending = []
        self.pending_kind = None
        self.current = self.starter
        self.phase = "play"
        events.append(
            {
                "e": "deal",
                "round": self.round,
                "starter": self.starter,
                "hand_counts": [len(hand) for hand in self.hands],
                "pile": len(self.pile),
                "aside": len(self.aside),
                "reserves": [list(r) for r in self.reserves],
            }
        )
        for seat in range(n):
            events.append(
                {"e": "hand", "seat": seat, "cards": list(self.hands[seat]), "to": [seat]}
            )
        events.append({"e": "turn", "seat": self.current, "lead": True})

    def _end_round(self, loser: int, how: str, events: list[Event] | None) -> None:
        """N-22 to N-26, N-32: score the round, then end the game or deal the next round.

        Under ``apply_unchecked`` (``events`` is None) the round is settled and the next deal
        left pending (:meth:`GameState.apply_unchecked`) for :meth:`_deal_pending_round`.
        """
        entry: dict[str, Any] = {
            "round": self.round,
            "starter": self.starter,
            "finish": list(self.finish),
            "loser": loser,
            "how": how,
        }
        if self.options["scoring"] == "basic":
            self.penguins[loser] -= 1  # N-23
            entry["penguins"] = list(self.penguins)
            over = self.penguins[loser] <= 0
            winners = basic_winners(self.players, loser)
        else:
            points = round_points(self.players, self.finish, loser)  # N-24, N-32
            for s in range(self.players):
                self.points[s] += points[s]
            entry["points"] = points
            entry["totals"] = list(self.points)
            over = advanced_over(self.points)  # N-25
            winners = advanced_winners(self.points, self.options["advanced_win"])
        self.history.append(entry)
        if events is not None:
            events.append({"e": "round_end", **entry})
        self.starter = loser  # N-8, N-32
        if over:
            self.phase = "over"
            self.winners = winners
            if events is not None:
                events.append({"e": "game_end", "scores": self._scores(), "winners": list(winners)})
            return
        if events is None:
            self.round_pending = True
        else:
            self._start_round(events)

    def _scores(self) -> list[int]:
        """Penguins left (basic) or points (advanced)."""
        return list(self.penguins if self.options["scoring"] == "basic" else self.points)

    # ------------------------------------------------------------------ information

    def view(self, seat: int | None) -> View:
        """N-33: everything public, plus ``seat``'s own hand and the card it just drew.

        ``public_hands[s][i]`` is the value everyone knows at position ``i`` of seat ``s``'s hand,
        or ``None``; ``drawn[s]`` lists the hidden positions that hold a kept drawn card.
        """
        basic = self.options["scoring"] == "basic"
        pending = None
        if self.pending_kind is not None:
            shown = self.pending_kind != "draw" or seat == self.current
            pending = {
                "kind": self.pending_kind,
                "count": len(self.pending),
                "cards": list(self.pending) if shown else None,
            }
        area = None
        if self.area is not None:
            area = {"count": self.area[0], "value": self.area[1], "owner": self.owner}
        return {
            "game": self.game,
            "seat": seat,
            "players": self.players,
            "options": dict(self.options),
            "to_move": self.to_move,
            "over": self.is_over,
            "scores": self._scores(),
            "duel": self.duel,
            "round": self.round,
            "starter": self.starter,
            "current": self.current,
            "phase": self.phase,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(hand) for hand in self.hands],
            "public_hands": [[t if t > 0 else None for t in tags] for tags in self.tags],
            "drawn": [
                [i for i, t in enumerate(tags) if t == DRAWN] if DRAWN in tags else []
                for tags in self.tags
            ],
            "reserves": [list(r) for r in self.reserves],
            "area": area,
            "passes": self.passes,
            "pending": pending,
            "pile": len(self.pile),
            "aside": len(self.aside),
            "discard": list(self.discard),
            "out": list(self.out),
            "finish": list(self.finish),
            "penguins": list(self.penguins) if basic else None,
            "points": list(self.points),
            "history": [_copy_entry(h) for h in self.history],
            "winners": list(self.winners),
        }

    @classmethod
    def from_view(cls, view: View, rng: random.Random) -> NanatoridoriState:
        """A state consistent with ``view``: hidden hand cards, a hidden drawn card, the draw
        pile and the duel's set-aside cards are dealt at random from the cards ``view`` cannot
        place; every publicly known card stays where the public knows it is."""
        state = cls()
        n = state.players = view["players"]
        state.seed = rng.randrange(SEED_LIMIT)
        state.options = dict(view["options"])
        state.round = view["round"]
        state.starter = view["starter"]
        state.current = view["current"]
        state.phase = view["phase"]
        area = view["area"]
        state.area = [area["count"], area["value"]] if area is not None else None
        state.owner = area["owner"] if area is not None else None
        state.passes = view["passes"]
        state.discard = list(view["discard"])
        state.out = list(view["out"])
        state.finish = list(view["finish"])
        state.reserves = [list(r) for r in view["reserves"]]
        penguins = view["penguins"]
        state.penguins = list(penguins) if penguins is not None else [PENGUINS] * n
        state.points = list(view["points"])
        state.history = [_copy_entry(h) for h in view["history"]]
        state.winners = list(view["winners"])
        seat = view["seat"]
        pending = view["pending"]

        placed: list[int] = list(state.discard)
        if state.area is not None:
            placed += [state.area[1]] * state.area[0]
        for reserve in state.reserves:
            placed += reserve
        if pending is not None and pending["cards"] is not None:
            placed += pending["cards"]
        for s in range(n):
            if s == seat:
                placed += view["hand"]
            else:
                placed += [v for v in view["public_hands"][s] if v is not None]
        unknown: list[int] = []  # the cards not placed, by value
        for v in VALUES:
            left = COPIES - placed.count(v)
            if left < 0:
                raise ValueError("inconsistent view: more than nine cards of a value are placed")
            unknown += [v] * left
        shuffle(rng, unknown)

        for s in range(n):
            public = view["public_hands"][s]
            drawn = set(view["drawn"][s])
            state.tags.append(
                [
                    v if v is not None else (DRAWN if i in drawn else HIDDEN)
                    for i, v in enumerate(public)
                ]
            )
            if s == seat:
                state.hands.append(list(view["hand"]))
            else:
                state.hands.append([v if v is not None else unknown.pop() for v in public])
        if pending is not None:
            state.pending_kind = pending["kind"]
            cards = pending["cards"]
            state.pending = list(cards) if cards is not None else [unknown.pop()]
        state.aside = [unknown.pop() for _ in range(view["aside"])]
        if len(unknown) != view["pile"]:
            raise ValueError("inconsistent view: the unplaced cards do not match the pile size")
        state.pile = unknown
        return state

    def cards(self) -> list[int]:
        """N-2: hands, pile, set-aside, discard, the set in play, waiting cards and reserves."""
        area = [self.area[1]] * self.area[0] if self.area is not None else []
        held = [card for hand in self.hands for card in hand]
        reserved = [card for reserve in self.reserves for card in reserve]
        return [*held, *self.pile, *self.aside, *self.discard, *area, *self.pending, *reserved]

    def result(self) -> dict[str, Any]:
        return {
            "scores": self._scores(),
            "winners": list(self.winners) if self.is_over else [],
            "rounds": [plain_copy(h) for h in self.history],
        }


__all__ = ["NanatoridoriState"]
