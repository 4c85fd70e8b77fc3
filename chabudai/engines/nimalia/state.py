"""The Nimalia game state: draft, simultaneous placement, passing and scoring (rules/nimalia.md).

Moves (plain dicts): ``{"card": c, "rot": q, "row": r, "col": k}`` — place card ``c`` (1–60)
from your hand turned ``q`` quarter turns clockwise (0–3, M-15) with its top-left space at
``(r, k)`` of your reserve (M-14). Every seat that has not placed this turn is in ``to_move``
(M-11); a placement stays hidden from the others until all have placed, then all are revealed
together and the hands passed (M-12) or, after turn 3, the round scored (M-26, M-27).

Coordinates. Only relative positions matter (M-14), so every reserve uses one frame: the first
card (M-16, "anywhere") always goes at anchor ``(4, 4)``; as the reserve keeps it and never
exceeds 6 × 6 (M-19), every position stays within rows and columns 0–9 (anchors 0–8).

Dealing (M-8, M-10): one seeded shuffle of all 60 cards at the start; each round seat 0 draws
the first 3 cards, seat 1 the next 3, and so on. The cards never drawn (with 2–3 players) stay
in the deck, so ``deck`` counts every undrawn card.

What a seat knows (M-30): the revealed reserves, its own hand and pending placement, and the
hands it passed on. Hands travel whole, so in turn ``t`` of a round a seat knows the hand of the
seat ``j`` steps along the passing direction for every ``1 ≤ j < t`` (the cards it passed ``j``
turns ago, minus the ones placed since) — ``view["known"]`` lists them. The turn's hidden
placement of that seat is among those cards; which one stays hidden.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

from chabudai.engines.base import (
    DICTS,
    LIST,
    NESTED,
    SEED_LIMIT,
    Event,
    Field,
    GameState,
    Move,
    Said,
    View,
    quoted,
    shuffle,
)
from chabudai.engines.nimalia.board import EMPTY, WIDTH, Board, board_of, positions
from chabudai.engines.nimalia.cards import CARD_IDS, rotated
from chabudai.engines.nimalia.geometry import Grid, Pos, legal_anchors, place, placement_problem
from chabudai.engines.nimalia.objectives import (
    COLOURS,
    DIRECTIONS,
    choose_objectives,
    combinations,
    neighbour,
)
from chabudai.engines.nimalia.scoring import score_round, tiebreak_value, winners

ROUNDS = 5  # M-9
TURNS = 3  # M-9
HAND_SIZE = 3  # M-10
FIRST_ANCHOR: Pos = (4, 4)  # M-16, see the module docstring
MOVE_KEYS = frozenset({"card", "rot", "row", "col"})

Placement = tuple[int, int, int, int]  # (card, rot, row, col)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _placement(values: Any) -> Placement:
    """A saved ``[card, rot, row, col]`` as a :data:`Placement` (``ValueError`` if it is not)."""
    card, rot, row, col = (int(v) for v in values)
    return (card, rot, row, col)


def _move(p: Placement) -> dict[str, int]:
    return {"card": p[0], "rot": p[1], "row": p[2], "col": p[3]}


def copy_history(history: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A fresh copy of per-round score entries (see :func:`scoring.score_round`)."""
    return [
        {
            "round": entry["round"],
            "objectives": [
                {
                    "id": line["id"],
                    "colour": line["colour"],
                    "points": list(line["points"]),
                    "scores": list(line["scores"]),
                }
                for line in entry["objectives"]
            ],
            "scores": list(entry["scores"]),
        }
        for entry in history
    ]


def pos_key(pos: Pos) -> str:
    """``(row, col)`` → ``"row,col"`` (map keys in views must be strings for msgpack)."""
    return f"{pos[0]},{pos[1]}"


def grid_from_view(reserve: Mapping[str, str]) -> Grid:
    """A view's ``{"row,col": code}`` reserve as a ``{(row, col): code}`` grid."""
    grid: Grid = {}
    for key, code in reserve.items():
        r, c = key.split(",")
        grid[(int(r), int(c))] = code
    return grid


@functools.lru_cache(maxsize=256)
def _laid_out(placements: tuple[Placement, ...]) -> tuple[Grid, Board]:
    """The grid (never to be changed: copy it) and board of a reserve with these placements,
    laid in order (M-14, M-15, M-18). Remembered: every determinization of one view lays out
    the same reserves (``from_view``)."""
    grid: Grid = {}
    for card, rot, row, col in placements:
        tl, tr, bl, br = rotated(card, rot)  # as geometry.place
        grid[(row, col)] = tl
        grid[(row, col + 1)] = tr
        grid[(row + 1, col)] = bl
        grid[(row + 1, col + 1)] = br
    return grid, board_of(grid)


@functools.lru_cache(maxsize=1024)
def _anchors_of(occupied: int) -> list[Pos]:
    """``legal_anchors`` of the reserve whose occupied positions are the mask ``occupied``
    (never to be changed). Remembered: the same reserves recur in every playout of a search."""
    return legal_anchors({divmod(bit, WIDTH) for bit in positions(occupied)})


class NimaliaState(GameState):
    """One game of Nimalia for 2–4 seats."""

    game = "nimalia"
    title = "Nimalia"

    FIELDS = (
        Field("objectives", [], LIST),  # blue, green, yellow, red (M-7)
        Field("deck", [], LIST),
        Field("round", 1),
        Field("turn", 1),
        Field("hands", [], NESTED),  # sorted, without the pending card
        Field("pending", [], LIST),  # this turn's hidden choices (M-11): Placement or None
        Field("placements", [], NESTED),  # revealed, in order: lists of Placement
        Field("scores", [], LIST),
        Field("history", [], LIST),  # one entry per scored round; entries never changed
        Field("over", False),
        Field("grids", [], DICTS, saved=False),  # visible spaces, derived from placements
        Field("boards", [], LIST, saved=False),  # the same as masks, for scoring (``board``)
        Field("_anchors", [], LIST, saved=False),  # legal anchors per seat, until a reveal
        Field("_shown", [], LIST, saved=False),  # reserves keyed "r,c", until a reveal
    )

    def _setup(self, players: int) -> None:
        self.players = players
        self.hands = [[] for _ in range(players)]
        self.pending = [None] * players
        self.placements = [[] for _ in range(players)]
        self.grids = [{} for _ in range(players)]
        self.boards = [EMPTY] * players
        self.scores = [0] * players
        self._anchors = [None] * players
        self._shown = [None] * players

    def _begin(self) -> None:
        self._setup(self.players)
        level = self.options["goals_level"]
        self.objectives = self.chosen(  # M-7
            lambda rng: choose_objectives(level, rng),
            lambda v: tuple(v) in set(combinations(level)),
            "objectives",
        )
        self.deck = self.shuffled(list(CARD_IDS), "deck")  # M-8
        self._draw([])

    # ------------------------------------------------------------------ the contract

    @property
    def to_move(self) -> list[int]:
        if self.over:
            return []
        return [s for s in range(self.players) if self.pending[s] is None]

    @property
    def is_over(self) -> bool:
        return self.over

    def anchors(self, seat: int) -> list[Pos]:
        """Every anchor ``seat`` may use now (M-16, M-17, M-19); cached until the next reveal
        (never change the list)."""
        cached = self._anchors[seat]
        if cached is None:
            occupied = self.boards[seat].occupied
            cached = _anchors_of(occupied) if occupied else [FIRST_ANCHOR]
            self._anchors[seat] = cached
        return cached

    def legal_moves(self, seat: int) -> list[Move]:
        if self.over or not _is_int(seat) or not 0 <= seat < self.players:
            return []
        if self.pending[seat] is not None:
            return []
        anchors = self.anchors(seat)
        return [
            {"card": card, "rot": rot, "row": r, "col": c}
            for card in self.hands[seat]
            for rot in range(4)
            for r, c in anchors
        ]

    def check(self, seat: Any, move: Any) -> Said | None:
        """Why ``seat`` may not make ``move`` now (the rule in a comment); None if it is legal."""
        if self.over:
            return Said("over")  # M-9: five rounds have been played
        if not _is_int(seat) or not 0 <= seat < self.players:
            return Said("no_seat", {"seat": quoted(seat), "players": self.players})
        if self.pending[seat] is not None:
            return Said("nimalia.placed_already", {"seat": seat})  # M-11
        if not isinstance(move, dict) or set(move) != MOVE_KEYS:
            return Said("bad_move", {"move": quoted(move)})
        if not all(_is_int(move[k]) for k in MOVE_KEYS):
            return Said("bad_move", {"move": quoted(move)})
        card, rot, row, col = move["card"], move["rot"], move["row"], move["col"]
        if card not in self.hands[seat]:
            return Said("not_in_hand", {"card": quoted(card)})  # M-11
        if not 0 <= rot <= 3:
            return Said("nimalia.no_turn", {"rot": quoted(rot)})  # M-15
        grid = self.grids[seat]
        if not grid:
            if (row, col) != FIRST_ANCHOR:  # M-14, M-16: only relative positions matter
                return Said(
                    "nimalia.first_anchor", {"row": FIRST_ANCHOR[0], "col": FIRST_ANCHOR[1]}
                )
            return None
        return placement_problem(grid, row, col)

    def _step(self, seat: int, move: Move, events: list[Event] | None) -> None:
        """M-11: place a legal move's card face down; its events go to ``events`` (``None``:
        build none)."""
        card, rot, row, col = move["card"], move["rot"], move["row"], move["col"]
        self.hands[seat].remove(card)
        self.pending[seat] = (card, rot, row, col)
        if events is not None:
            events.append({"e": "placed", "seat": seat, "round": self.round, "turn": self.turn})
            events.append(
                {"e": "place", "seat": seat, **_move((card, rot, row, col)), "to": [seat]}
            )
        if None not in self.pending:  # every seat has placed
            self._reveal(events)

    # ------------------------------------------------------------------ turns and rounds

    def target(self, seat: int) -> int:
        """The neighbour ``seat`` passes to this round (M-6, M-12)."""
        return neighbour(seat, DIRECTIONS[self.round], self.players)

    def _reveal(self, events: list[Event] | None) -> None:
        """M-11: all placements of the turn are applied together, then pass or score.

        Under ``apply_unchecked`` (``events`` is None) a round end of a game that goes on
        leaves the next draw pending (:meth:`GameState.apply_unchecked`) for
        :meth:`_deal_pending_round`.
        """
        for seat in range(self.players):
            p = self.pending[seat]
            assert p is not None
            place(self.grids[seat], *p)
            self.boards[seat] = self.boards[seat].placed(*p)
            self.placements[seat].append(p)
            self._anchors[seat] = None
            self._shown[seat] = None
        if events is not None:
            revealed = [{"seat": seat, **_move(p)} for seat, p in enumerate(self.pending)]
            events.append(
                {"e": "reveal", "round": self.round, "turn": self.turn, "placements": revealed}
            )
        self.pending = [None] * self.players
        if self.turn < TURNS:
            self._pass(events)
            self.turn += 1
            if events is not None:
                self._turn_event(events)
            return
        self._score_round(events)
        if self.round == ROUNDS:
            self.over = True
            if events is None:
                return
            events.append(
                {
                    "e": "game_end",
                    "scores": list(self.scores),
                    "winners": self.winners(),
                    "tiebreak": self.tiebreak(),
                }
            )
            return
        self.round += 1
        self.turn = 1
        if events is None:
            self.round_pending = True
        else:
            self._draw(events)

    def _deal_pending_round(self) -> None:
        """The draw (M-10) of the round :meth:`_reveal` left pending."""
        self._draw([])

    def _pass(self, events: list[Event] | None) -> None:
        """M-12: every hand moves to the round's neighbour at once."""
        passed: list[list[int]] = [[] for _ in range(self.players)]
        for seat in range(self.players):
            passed[self.target(seat)] = self.hands[seat]
        self.hands = passed
        if events is None:
            return
        events.append(
            {
                "e": "pass",
                "round": self.round,
                "direction": DIRECTIONS[self.round],
                "counts": [len(h) for h in self.hands],
            }
        )
        for seat in range(self.players):
            events.append(
                {"e": "hand", "seat": seat, "cards": list(self.hands[seat]), "to": [seat]}
            )

    def _draw(self, events: list[Event]) -> None:
        """M-10: each seat draws 3 cards from the top of the deck, seat 0 first."""
        for seat in range(self.players):
            self.hands[seat] = sorted(self.deck[:HAND_SIZE])
            del self.deck[:HAND_SIZE]
        events.append({"e": "draw", "round": self.round, "deck": len(self.deck)})
        for seat in range(self.players):
            events.append(
                {"e": "hand", "seat": seat, "cards": list(self.hands[seat]), "to": [seat]}
            )
        self._turn_event(events)

    def _turn_event(self, events: list[Event]) -> None:
        events.append(
            {
                "e": "turn",
                "round": self.round,
                "turn": self.turn,
                "direction": DIRECTIONS[self.round],
            }
        )

    def _score_round(self, events: list[Event] | None) -> None:
        """M-26, M-27: the round's colours in order, each total floored at 0 after each one."""
        by_colour = dict(zip(COLOURS, self.objectives, strict=True))
        entry = score_round(self.round, by_colour, self.boards, self.scores, self.options)
        self.scores = list(entry["scores"])
        self.history.append(entry)
        if events is not None:
            events.append({"e": "score", **copy_history([entry])[0]})

    def tiebreak(self) -> list[int]:
        """M-29 tie-break value of each seat (its largest count of one animal type)."""
        return [tiebreak_value(b) for b in self.boards]

    def winners(self) -> list[int]:
        """M-29: highest total, then the tie-break; still tied share the win."""
        return winners(self.scores, self.boards)

    def cards(self) -> list[int]:
        """M-8: the 60 cards, in the deck, the hands, this turn's hidden and revealed reserves."""
        held = [card for hand in self.hands for card in hand]
        pending = [p[0] for p in self.pending if p is not None]
        placed = [p[0] for ps in self.placements for p in ps]
        return [*self.deck, *held, *pending, *placed]

    def result(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": self.winners() if self.over else [],
            "rounds": copy_history(self.history),
            "tiebreak": self.tiebreak(),
        }

    # ------------------------------------------------------------------ information

    def known_hands(self, seat: int | None) -> list[list[int] | None]:
        """The hands (with any hidden pending card) ``seat`` knows from passing; see the module
        docstring. ``None`` where unknown, and for ``seat`` itself."""
        known: list[list[int] | None] = [None] * self.players
        if seat is None or self.over:
            return known
        for j in range(1, self.turn):
            other = seat
            for _ in range(j):
                other = self.target(other)
            if other != seat:
                cards = list(self.hands[other])
                p = self.pending[other]
                if p is not None:
                    cards.append(p[0])
                known[other] = sorted(cards)
        return known

    def view(self, seat: int | None) -> View:
        """M-30: public reserves as last revealed, who has placed, own hand and pending choice,
        the hands ``seat`` passed on, objectives, round and scores with the per-round breakdown."""
        if seat is not None and (not _is_int(seat) or not 0 <= seat < self.players):
            raise ValueError(f"there is no seat {seat!r} in this {self.players}-player game")
        own = seat is not None
        pending = self.pending[seat] if own else None
        reserve = None
        if own and pending is None:
            reserve = self.shown(seat)
        elif own:
            grid = dict(self.grids[seat])
            place(grid, *pending)
            reserve = {pos_key(p): code for p, code in sorted(grid.items())}
        return {
            "game": self.game,
            "seat": seat,
            "players": self.players,
            "options": dict(self.options),
            "to_move": self.to_move,
            "over": self.over,
            "scores": list(self.scores),
            "round": self.round,
            "turn": self.turn,
            "direction": DIRECTIONS[self.round],
            "objectives": list(self.objectives),
            "hand": list(self.hands[seat]) if own else None,
            "pending": _move(pending) if pending is not None else None,
            "reserve": reserve,
            "placed": [p is not None for p in self.pending],
            "hand_counts": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "known": self.known_hands(seat),
            "placements": [[list(p) for p in ps] for ps in self.placements],
            "reserves": [self.shown(s) for s in range(self.players)],
            "history": copy_history(self.history),
        }

    def shown(self, seat: int) -> dict[str, str]:
        """``seat``'s revealed reserve as ``{"row,col": code}`` (a fresh copy)."""
        cached = self._shown[seat]
        if cached is None:
            cached = {pos_key(p): code for p, code in sorted(self.grids[seat].items())}
            self._shown[seat] = cached
        return dict(cached)

    @classmethod
    def from_view(cls, view: View, rng: random.Random) -> NimaliaState:
        """A full state matching ``view``: unseen cards dealt at random to the hands ``view``
        does not know and to the deck; a hidden placement of this turn is a random legal one."""
        state = cls()
        state.seed = rng.randrange(SEED_LIMIT)
        state.options = dict(view["options"])
        state._setup(view["players"])
        state.round = view["round"]
        state.turn = view["turn"]
        state.objectives = list(view["objectives"])
        state.scores = list(view["scores"])
        state.history = copy_history(view["history"])
        state.over = view["over"]
        state._load_placements(view["placements"])
        seat = view["seat"]
        seen = {p[0] for ps in state.placements for p in ps}
        if seat is not None:
            state.hands[seat] = list(view["hand"])
            seen.update(view["hand"])
            if view["pending"] is not None:
                mine = view["pending"]
                state.pending[seat] = (mine["card"], mine["rot"], mine["row"], mine["col"])
                seen.add(mine["card"])
        for cards in view["known"]:
            if cards is not None:
                seen.update(cards)
        pool = [c for c in CARD_IDS if c not in seen]
        shuffle(rng, pool)  # rng.shuffle's draws, quicker (bots determinize in every playout)
        for other in range(state.players):
            if other == seat:
                continue
            placed = view["placed"][other]
            cards = view["known"][other]
            if cards is None:
                count = view["hand_counts"][other] + (1 if placed else 0)
                cards, pool = pool[:count], pool[count:]
            cards = list(cards)
            if placed:
                card = cards.pop(rng.randrange(len(cards)))
                row, col = rng.choice(state.anchors(other))
                state.pending[other] = (card, rng.randrange(4), row, col)
            state.hands[other] = sorted(cards)
        if len(pool) != view["deck"]:
            raise ValueError(f"inconsistent Nimalia view: {len(pool)} unseen cards for the deck")
        state.deck = pool
        return state

    def _load_placements(self, placements: list[list[Any]]) -> None:
        self.placements = [[_placement(p) for p in ps] for ps in placements]
        if len(self.placements) != self.players:
            raise ValueError("one list of placements per seat is needed")
        reserves = [_laid_out(tuple(ps)) for ps in self.placements]
        self.grids = [dict(grid) for grid, _ in reserves]
        self.boards = [board for _, board in reserves]
        self._anchors = [None] * self.players
        self._shown = [None] * self.players

    def _after_load(self) -> None:
        """A loaded save: placements as tuples, the reserves laid out again, the seats checked."""
        self.pending = [_placement(p) if p is not None else None for p in self.pending]
        self._load_placements(self.placements)
        if not len(self.hands) == len(self.pending) == len(self.scores) == self.players:
            raise ValueError("seat lists do not match the player count")


__all__ = ["FIRST_ANCHOR", "NimaliaState", "grid_from_view", "pos_key"]
