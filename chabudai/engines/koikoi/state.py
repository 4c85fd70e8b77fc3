"""The Koi-Koi game state: deals, turns, captures, stop / koi-koi (rules/koikoi.md §2–§7).

Moves (plain dicts):

- ``{"play": card}`` — hand step (K-12) for a card with 0, 1 or 3 board matches;
  ``{"play": card, "take": target}`` when two board cards match and the player picks one (K-13).
- ``{"take": target}`` — the choice for the drawn card when it matches two board cards (K-15).
- ``{"call": "stop"}`` / ``{"call": "koikoi"}`` — the decision after a rise (K-28).

Phases: ``play`` (hand step), ``draw_choice`` (the drawn card waits for its target), ``decide``
(stop or koi-koi), ``over``.

Dealing order (K-6): one seeded shuffle per attempt; cards 0–7 of the shuffled deck go to the
dealer, 8–15 to the other player, 16–23 to the board and 24–47 form the stock, drawn from 24 on.
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
    quoted,
    shuffle,
)
from chabudai.engines.koikoi.cards import DECK, month_counts
from chabudai.engines.koikoi.scoring import card_mask, mask_score, mask_total, stop_multiplier

TURNS_PER_DEAL = 16  # K-10
HAND_BONUS = 6  # K-9
DECK_SET = frozenset(DECK)


# Per month (card // 4): the membership test of its four cards (a C-level filter below).
_IN_MONTH = tuple(frozenset(range(4 * m, 4 * m + 4)).__contains__ for m in range(12))


def board_matches(board: list[int], card: int) -> list[int]:
    """The board cards of ``card``'s month (K-13's set M), in board order."""
    return list(filter(_IN_MONTH[card // 4], board))


def hand_bonus(hand: list[int]) -> str | None:
    """``"teshi"`` or ``"kuttsuki"`` if a dealt hand qualifies for K-9, else None."""
    counts = month_counts(hand)
    if 4 in counts:
        return "teshi"
    if counts.count(2) == 4:
        return "kuttsuki"
    return None


class KoiKoiState(TurnBasedState):
    """One game of Koi-Koi: ``rounds`` deals between seats 0 and 1."""

    game = "koikoi"
    title = "Koi-Koi"

    # ------------------------------------------------------------------ construction

    FIELDS = (
        Field("deal_index", 0),  # deals started and counted (K-34), 1-based once dealing began
        Field("attempt", 0),  # redeals within the current deal (K-8, K-9), for the shuffle label
        Field("dealer", 0),
        Field("current", 0),
        Field("turn", 1),
        Field("phase", "play"),
        Field("hands", [[], []], NESTED),
        Field("board", [], LIST),
        Field("stock", [], LIST),  # draw order: stock[0] is the next card
        Field("piles", [[], []], NESTED, attr="_piles"),  # also sets pile_masks (the property)
        Field("pending", None),  # the drawn card waiting for its target (draw_choice)
        Field("last_total", [0, 0], LIST),
        Field("koikoi_calls", [0, 0], LIST),
        Field("scores", [0, 0], LIST),
        Field("history", [], LIST),  # one entry per finished deal; entries never changed
        Field("pile_masks", [0, 0], LIST, saved=False),  # the piles' masks (see ``piles``)
        Field("_next_deck", [], saved=False),  # a pending deal's shuffled deck (_start_deal)
        Field("_decks", {}, saved=False),  # shared by clones (_shuffled)
    )

    def _begin(self) -> None:
        self.dealer = self.chosen(  # K-5
            lambda rng: [rng.randrange(2)], lambda v: v in ([0], [1]), "first dealer"
        )[0]
        self._start_deal([])

    @property
    def piles(self) -> list[list[int]]:
        """The two capture piles, each in capture order (K-13, K-15)."""
        return self._piles

    @piles.setter
    def piles(self, piles: list[list[int]]) -> None:
        """Set both piles (a deal, a determinization, a load) and with them ``pile_masks``: the
        :func:`card_mask` of each pile, which captures keep up to date (bot playouts read them)."""
        self._piles = piles
        self.pile_masks = [card_mask(piles[0]), card_mask(piles[1])]

    # ------------------------------------------------------------------ the contract

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase == "over" or seat != self.current:
            return []
        if self.phase == "play":
            # One pass over the board per call (this runs in every bot playout step).
            by_month: dict[int, list[int]] = {}
            for b in self.board:
                found = by_month.get(b // 4)
                if found is None:
                    by_month[b // 4] = [b]
                else:
                    found.append(b)
            moves: list[Move] = []
            for card in sorted(self.hands[seat]):
                matches = by_month.get(card // 4)
                if matches is not None and len(matches) == 2:
                    moves.append({"play": card, "take": matches[0]})
                    moves.append({"play": card, "take": matches[1]})
                else:
                    moves.append({"play": card})
            return moves
        if self.phase == "draw_choice":
            assert self.pending is not None
            return [{"take": t} for t in board_matches(self.board, self.pending)]
        return [{"call": "stop"}, {"call": "koikoi"}]

    def check(self, seat: int, move: Move) -> Said | None:
        """Why ``move`` is illegal for ``seat`` now (K-13, K-15, K-28), or None."""
        reason = self.turn_problem(seat)
        if reason is not None or move in self.legal_moves(seat):
            return reason
        if not isinstance(move, dict):
            return Said("bad_move", {"move": quoted(move)})
        if self.phase == "play":
            card = move.get("play")
            if card not in self.hands[seat]:
                return Said("not_in_hand", {"card": quoted(card)})
            matches = board_matches(self.board, card)
            if len(matches) == 2:  # K-13
                return Said("koikoi.choose_match", {"card": card, "targets": matches})
            return Said("koikoi.nothing_to_choose", {"card": card, "matches": len(matches)})
        if self.phase == "draw_choice":  # K-15
            options = board_matches(self.board, self.pending or 0)
            return Said("koikoi.drawn_must_take", {"card": self.pending, "targets": options})
        return Said("koikoi.must_decide")  # K-28

    def _step(self, seat: int, move: Move, events: list[Event] | None) -> None:
        """Apply a legal move; its events go to ``events`` (``None``: build none)."""
        if self.phase == "play":
            card = move["play"]
            self.hands[seat].remove(card)
            if events is not None:
                events.append({"e": "play", "seat": seat, "card": card})
            captured = self._resolve(seat, card, move.get("take"), events)
            self._draw_step(seat, events, captured)
        elif self.phase == "draw_choice":
            card, self.pending = self.pending, None
            assert card is not None
            self._resolve(seat, card, move["take"], events)
            self._yaku_check(seat, events, True)
        elif move["call"] == "stop":
            self._stop(seat, *self._score(seat), events)
        else:
            self.koikoi_calls[seat] += 1
            if events is not None:
                events.append(
                    {
                        "e": "koikoi",
                        "seat": seat,
                        "total": self.last_total[seat],
                        "calls": self.koikoi_calls[seat],
                    }
                )
            self._next_turn(events)

    # ------------------------------------------------------------------ turns
    #
    # ``events`` is the list a move's events go to, or ``None`` when nobody reads them.

    def _resolve(
        self,
        seat: int,
        card: int,
        take: int | None,
        events: list[Event] | None,
        matches: list[int] | None = None,
    ) -> bool:
        """K-13: capture or add ``card`` to the board (``matches``: its board matches, if known).

        Returns whether ``seat`` captured.
        """
        if matches is None:
            matches = board_matches(self.board, card)
        if not matches:
            self.board.append(card)
            if events is not None:
                events.append({"e": "place", "seat": seat, "card": card})
            return False
        taken = [take] if len(matches) == 2 else matches
        for t in taken:
            self.board.remove(t)
        captured = [card, *taken]
        self._piles[seat].extend(captured)  # the pile's mask follows (see ``piles``)
        mask = 1 << card
        for t in taken:
            mask |= 1 << t
        self.pile_masks[seat] |= mask
        if events is not None:
            events.append({"e": "capture", "seat": seat, "card": card, "cards": captured})
        return True

    def _draw_step(self, seat: int, events: list[Event] | None, captured: bool) -> None:
        """K-15: turn over the top of the stock and resolve it (``captured``: in the hand step)."""
        card = self.stock.pop(0)
        matches = board_matches(self.board, card)
        if events is not None:
            events.append({"e": "draw", "seat": seat, "card": card, "stock": len(self.stock)})
        if len(matches) == 2:
            self.pending = card
            self.phase = "draw_choice"
            if events is not None:
                events.append({"e": "choose", "seat": seat, "card": card, "targets": matches})
            return
        captured = self._resolve(seat, card, None, events, matches) or captured
        self._yaku_check(seat, events, captured)

    def _score(self, seat: int) -> tuple[int, list[tuple[str, int]]]:
        options = self.options
        return mask_score(self.pile_masks[seat], options["ruleset"], options["sake_cup_plain"])

    def _yaku_check(self, seat: int, events: list[Event] | None, captured: bool) -> None:
        """K-17, K-27, K-32: a rise offers a decision, or stops automatically on turn 16.

        Without a capture this turn (``captured``) the pile and so its total are unchanged, and
        ``last_total`` already holds that total (totals never fall as a pile grows): no rise.
        """
        if not captured:
            self._next_turn(events)
            return
        options = self.options
        total = mask_total(self.pile_masks[seat], options["ruleset"], options["sake_cup_plain"])
        if total > self.last_total[seat]:
            self.last_total[seat] = total  # K-28: either way
            final = self.turn == TURNS_PER_DEAL
            # The yaku list is for the event and the stop's record alone.
            yaku = self._score(seat)[1] if events is not None or final else []
            if events is not None:
                events.append(
                    {"e": "yaku", "seat": seat, "total": total, "yaku": [list(y) for y in yaku]}
                )
            if final:
                self._stop(seat, total, yaku, events)
            else:
                self.phase = "decide"
            return
        self._next_turn(events)

    def _next_turn(self, events: list[Event] | None) -> None:
        if self.turn == TURNS_PER_DEAL:
            self._end_deal(None, [0, 0], "exhausted", [], events)  # K-33
            return
        self.turn += 1
        self.current = 1 - self.current
        self.phase = "play"
        if events is not None:
            events.append({"e": "turn", "seat": self.current, "turn": self.turn})

    def _stop(
        self, seat: int, total: int, yaku: list[tuple[str, int]], events: list[Event] | None
    ) -> None:
        """K-29 (with K-42 multipliers under ``nintendo``); ``total``, ``yaku``: the pile's score."""
        ruleset = self.options["ruleset"]
        multiplier = stop_multiplier(total, ruleset, self.koikoi_calls[1 - seat] > 0)
        points = [0, 0]
        points[seat] = total * multiplier
        if events is not None:
            events.append(
                {
                    "e": "stop",
                    "seat": seat,
                    "total": total,
                    "multiplier": multiplier,
                    "points": points[seat],
                }
            )
        self._end_deal(seat, points, "stop", [list(y) for y in yaku], events)

    # ------------------------------------------------------------------ deals

    def _start_deal(self, events: list[Event] | None) -> None:
        """K-6 to K-9: deal, check the board then the hands, redeal while void.

        Under ``apply_unchecked`` (``events`` is None) a deal that does not end at once with a
        hand bonus (K-9) is left pending (:meth:`GameState.apply_unchecked`): the shuffle and
        the checks are made (a hand bonus is part of settling the deal before), the cards are
        laid out by :meth:`_deal_pending_round`.
        """
        self.deal_index += 1
        self.attempt = 0
        while True:
            deck = self._shuffled()
            reason = None
            board_counts = month_counts(deck[16:24])
            bonuses: list[str | None] = [None, None]
            if 4 in board_counts:
                reason = "four cards of one month on the board (K-8)"
            elif board_counts.count(2) == 4:
                reason = "four pairs on the board (K-8)"
            else:
                dealt = (deck[0:8], deck[8:16]) if self.dealer == 0 else (deck[8:16], deck[0:8])
                bonuses = [hand_bonus(hand) for hand in dealt]  # per seat
                if all(bonuses):
                    reason = "both hands qualify for a hand bonus (K-9)"
            if reason is None:
                break
            if events is not None:
                events.append({"e": "redeal", "reason": reason, "board": deck[16:24]})
            self.attempt += 1
        if events is None and not any(bonuses):
            self.round_pending = True
            self._next_deck = deck
            return
        self._lay_out(deck)
        if events is not None:
            events.append(
                {
                    "e": "deal",
                    "deal": self.deal_index,
                    "dealer": self.dealer,
                    "board": list(self.board),
                    "hand_counts": [8, 8],
                    "stock": len(self.stock),
                }
            )
            for seat in (0, 1):
                events.append(
                    {"e": "hand", "seat": seat, "cards": list(self.hands[seat]), "to": [seat]}
                )
        for seat in (self.dealer, 1 - self.dealer):
            bonus = bonuses[seat]
            if bonus:
                # K-9: the hand is shown to claim the bonus, so it becomes public.
                if events is not None:
                    events.append(
                        {
                            "e": "hand_bonus",
                            "seat": seat,
                            "kind": bonus,
                            "cards": list(self.hands[seat]),
                        }
                    )
                points = [0, 0]
                points[seat] = HAND_BONUS
                self._end_deal(seat, points, bonus, [[bonus, HAND_BONUS]], events)
                return
        if events is not None:
            events.append({"e": "turn", "seat": self.current, "turn": self.turn})

    def _shuffled(self) -> list[int]:
        """K-6: the deck of deal ``deal_index``, attempt ``attempt``, shuffled (never changed).

        It depends on the seed and those two numbers alone, so a state and its clones share one
        memo of the decks drawn: the hard bot plays each determinization once per root move.
        """
        key = (self.deal_index, self.attempt)
        deck = self._decks.get(key)
        if deck is None or self.dealt is not None:
            deck = self._decks[key] = self.shuffled(DECK, "deal", self.deal_index, self.attempt)
        return deck

    def _lay_out(self, deck: list[int]) -> None:
        """K-6: the shuffled ``deck`` dealt; the deal's first turn (K-10)."""
        other = 1 - self.dealer
        self.hands = [[], []]
        self.hands[self.dealer] = sorted(deck[0:8])
        self.hands[other] = sorted(deck[8:16])
        self.board = deck[16:24]
        self.stock = deck[24:]
        self.piles = [[], []]
        self.pending = None
        self.last_total = [0, 0]
        self.koikoi_calls = [0, 0]
        self.turn = 1
        self.current = self.dealer
        self.phase = "play"

    def _deal_pending_round(self) -> None:
        """The deal :meth:`_start_deal` left pending, laid out."""
        self._lay_out(self._next_deck)
        self._next_deck = []

    def _end_deal(
        self,
        winner: int | None,
        points: list[int],
        how: str,
        yaku: list[list[Any]],
        events: list[Event] | None,
    ) -> None:
        """Bank the deal's points; start the next deal or end the game (K-34, K-35)."""
        for seat in (0, 1):
            self.scores[seat] += points[seat]
        entry = {
            "deal": self.deal_index,
            "dealer": self.dealer,
            "winner": winner,
            "how": how,
            "points": list(points),
            "yaku": yaku,
            "koikoi_calls": list(self.koikoi_calls),
        }
        self.history.append(entry)
        if events is not None:
            events.append({"e": "deal_end", **entry, "scores": list(self.scores)})
        if winner is not None:
            self.dealer = winner  # K-34: the winner deals next; after a draw the dealer keeps it
        if len(self.history) >= self.options["rounds"]:
            self.phase = "over"
            self.pending = None
            if events is not None:
                events.append(
                    {"e": "game_end", "scores": list(self.scores), "winners": self._winners()}
                )
            return
        self._start_deal(events)

    def _winners(self) -> list[int]:
        """K-35: the higher total wins; equal totals are a draw (both listed)."""
        best = max(self.scores)
        return [seat for seat in (0, 1) if self.scores[seat] == best]

    # ------------------------------------------------------------------ information

    def view(self, seat: int | None) -> View:
        """K-36: everything public, plus ``seat``'s own hand; the stock order is never shown."""
        totals, yaku = [], []
        for s in (0, 1):
            total, lines = self._score(s)
            totals.append(total)
            yaku.append([list(y) for y in lines])
        return {
            "game": self.game,
            "seat": seat,
            "players": 2,
            "options": dict(self.options),
            "to_move": self.to_move,
            "over": self.is_over,
            "scores": list(self.scores),
            "phase": self.phase,
            "deal": self.deal_index,
            "dealer": self.dealer,
            "current": self.current,
            "turn": self.turn,
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "board": list(self.board),
            "piles": [list(p) for p in self.piles],
            "stock": len(self.stock),
            "pending": self.pending,
            "pending_targets": board_matches(self.board, self.pending)
            if self.pending is not None
            else [],
            "totals": totals,
            "yaku": yaku,
            "last_total": list(self.last_total),
            "koikoi_calls": list(self.koikoi_calls),
            "history": [dict(h) for h in self.history],
        }

    @classmethod
    def from_view(cls, view: View, rng: random.Random) -> KoiKoiState:
        state = cls.__new__(cls)  # every attribute of __init__ is set here (tests check)
        state.players = 2
        state.seed = rng.randrange(SEED_LIMIT)
        state.options = dict(view["options"])
        state.moves = []
        state.deal_index = view["deal"]
        state.attempt = 0
        state.dealer = view["dealer"]
        state.current = view["current"]
        state.turn = view["turn"]
        state.phase = view["phase"]
        state.board = board = list(view["board"])
        state.piles = [list(p) for p in view["piles"]]
        state.pending = view["pending"]
        state.last_total = list(view["last_total"])
        state.koikoi_calls = list(view["koikoi_calls"])
        state.scores = list(view["scores"])
        state.history = [dict(h) for h in view["history"]]
        state.round_pending = False
        state.dealt = None  # a hypothesis: no chance log (GameState.record)
        state.deals = {}
        state._next_deck = []
        state._decks = {}
        seat = view["seat"]
        known = set(board)
        known.update(*state.piles)
        if state.pending is not None:
            known.add(state.pending)
        if seat is not None:
            known.update(view["hand"])
        unknown = sorted(DECK_SET - known)  # in card order
        shuffle(rng, unknown)
        state.hands = [[], []]
        for s in (0, 1):
            if s == seat:
                state.hands[s] = list(view["hand"])
            else:
                count = view["hand_counts"][s]
                state.hands[s] = sorted(unknown[:count])
                del unknown[:count]
        state.stock = unknown
        return state

    def cards(self) -> list[int]:
        """K-1: the 48 cards, in hands, board, stock, capture piles and the waiting drawn card."""
        pending = [self.pending] if self.pending is not None else []
        return [*self.hands[0], *self.hands[1], *self.board, *self.stock, *sum(self.piles, []),
                *pending]  # fmt: skip

    def result(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": self._winners() if self.is_over else [],
            "rounds": [dict(h) for h in self.history],
        }


__all__ = ["KoiKoiState", "board_matches", "hand_bonus"]
