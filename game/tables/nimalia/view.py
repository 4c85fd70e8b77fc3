"""The Nimalia table view: simultaneous drafting, the ghost placement, reveals, passing, scoring.

The kit (:class:`game.tables.kit.KitTable`) runs the event queue, the sprites and the overlays.
Here each host event changes the model (a Nimalia view dict): ``placed`` (someone chose, face
down), ``place`` (your own choice), ``reveal`` (every placement at once, M-11), ``pass`` (hands
to the round's neighbour, M-12), ``hand``, ``draw`` (a new round), ``turn``, ``score`` (shown
objective by objective, M-27) and ``game_end`` (M-29). The pure layout (``layout``) says where
every card goes, what the ghost over your reserve is worth and what a click means.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pygame

from engines.nimalia import grid_from_view, pos_key, score_objective
from engines.nimalia.geometry import LIMIT, bounding_box, place
from engines.nimalia.marks import Marks, objective_marks
from engines.nimalia.objectives import COLOURS, DIRECTIONS, OBJECTIVES, SCHEDULE, neighbour
from engines.nimalia.scoring import COMPARATIVE
from game import assets, theme, ui
from game.tables.base import ResultSheet, TableContext
from game.tables.kit import Click, KitTable, Panel, Place
from game.tables.kit.geometry import LIFT, center, contains
from game.tables.kit.overlays import draw_seat_badge
from game.tables.kit.sprites import card_shadow, draw_glow, pulse, turned
from game.tables.nimalia import layout as lay
from game.tables.nimalia.texts import HELP_TEXT, OBJECTIVE_TEXT
from game.tween import back_out

GAME = "nimalia"

HOLDS = {  # seconds the table lingers on an event before the next (at animation speed 1)
    "placed": 0.0,  # others place while you choose: never hold your hand
    "place": 0.3,
    "reveal": 1.1,
    "pass_show": 0.9,
    "pass": 0.75,
    "hand": 0.45,
    "draw": 0.7,
    "turn": 0.05,
    "score_line": 2.0,
    "score": 0.2,
    "game_end": 0.4,
}
ROUND_SUMMARY_SECONDS = 3.0

# One palette for the game (art/STYLE.md): the objective colours and the four seats.
COLOUR_RGB = {
    "blue": (84, 142, 226),
    "green": (92, 178, 96),
    "yellow": (238, 196, 66),
    "red": (222, 84, 70),
}
SEAT_RGB = ((236, 120, 84), (110, 176, 236), (232, 206, 92), (150, 206, 120))
LEGAL_RGB = (120, 220, 130)


@dataclass
class Marker:
    """A seat's pawn on the score track (its value is tweened when the score changes)."""

    value: float


@dataclass
class ScoringShow:
    """One objective being scored (M-27): its line, the marked spaces, the totals before it."""

    line: dict[str, Any]
    marks: list[Marks]
    before: list[int]


@dataclass
class PassShow:
    direction: str


def signed(points: int) -> str:
    """Points as a change: "+3", "-5", "0"."""
    return f"{points:+d}" if points else "0"


def colour_name(colour: str) -> str:
    return colour.capitalize()


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def tiebreak_note(
    scores: list[int], winners: list[int], values: list[int], name_of: Callable[[int], str]
) -> str:
    """M-29 in words when a tie on points decided (or did not decide) the game; "" otherwise."""
    if not scores or not winners:
        return ""
    top = max(scores)
    tied = [s for s, x in enumerate(scores) if x == top]
    if len(tied) < 2:
        return ""
    names = join_names([name_of(s) for s in winners])
    best = values[winners[0]]
    if len(winners) < len(tied):
        others = max(values[s] for s in tied if s not in winners)
        verb = "wins" if len(winners) == 1 else "win"
        return (
            f"Tied at {top} points: {names} {verb} the tie-break with {best} spaces of one animal "
            f"against {others} (M-29)."
        )
    return f"Tied at {top} points and at {best} spaces of one animal: {names} share the win (M-29)."


def expand(events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The host's events with the steps the table shows one by one: the passing direction
    before the pass (M-12), and each objective of a round's scoring in turn (M-27)."""
    out: list[dict[str, Any]] = []
    for event in events:
        kind = event.get("e")
        if kind == "pass":
            out.append({**event, "e": "pass_show"})
        elif kind == "score":
            for index, line in enumerate(event["objectives"]):
                out.append(
                    {"e": "score_line", "round": event["round"], "index": index, "line": line}
                )
        out.append(event)
    return out


class NimaliaTable(KitTable):
    game = GAME
    help_title = "How to play Nimalia"
    help_text = HELP_TEXT
    holds = HOLDS
    card_heights = lay.CARD_HEIGHTS
    reason_centre = (round(lay.HAND_CENTRE), 526)
    log_lines = 4

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.layout: lay.Layout | None = None
        self.selected: int | None = None  # the hand card the ghost shows
        self.rot = 0  # its quarter turns (M-15)
        self.anchor: lay.Pos | None = None  # where the ghost points (None: the default spot)
        self.sent: lay.Ghost | None = None  # the placement on its way to the host
        self.markers: list[Marker] = []
        self.scoring: ScoringShow | None = None
        self.passing: PassShow | None = None
        self.zoom_seat: int | None = None
        self.zoom_objective: int | None = None  # pinned open (click or O)
        self.hover_objective: int | None = None
        self._ghosts: dict[tuple, lay.Ghost] = {}
        self._now: dict[int, list[int]] = {}  # objective points of the model's reserves
        self._images: dict[tuple, pygame.Surface] = {}
        self._layers: dict[tuple, pygame.Surface] = {}

    # ------------------------------------------------------------------ layout

    def places(self) -> list[Place]:
        assert self.model is not None
        self.layout = lay.compute(self.model, self.selected, self.rot)
        return self.layout.places

    def deck_rect(self) -> lay.Rect:
        return lay.DECK

    def relayout(self, *args: Any, **kw: Any) -> None:
        self.sync_selection()
        super().relayout(*args, **kw)

    def sync_selection(self) -> None:
        """Keep a card in hand selected while you choose (the first, until you pick another)."""
        model = self.model or {}
        hand = list(model.get("hand") or [])
        if not lay.can_act(model) or not hand:
            self.selected, self.rot = None, 0
        elif self.selected not in hand:
            self.selected, self.rot = hand[0], 0

    def name_of(self, seat: int) -> str:
        """A seat's name, with its seat number when two seats share it ("Normal bot 3")."""
        model = self.model or {}
        names = [self.ctx.name_of(s) for s in range(model.get("players", 0))]
        name = self.ctx.name_of(seat)
        return f"{name} {seat + 1}" if names.count(name) > 1 else name

    @property
    def bottom(self) -> int:
        return self.layout.bottom if self.layout is not None else (self.me or 0)

    def grids(self) -> list[lay.Grid]:
        """Every seat's reserve in the model (yours with a pending card on it)."""
        model = self.model
        return [lay.reserve_grid(model, s) for s in range(model["players"])]

    def points_now(self, objective: int) -> list[int]:
        """``objective`` scored on the reserves as they are (cached per model)."""
        if objective not in self._now:
            options = self.model.get("options", {})
            self._now[objective] = score_objective(objective, self.grids(), options)
        return self._now[objective]

    # ------------------------------------------------------------------ host input

    def on_snapshot(self, view: dict[str, Any]) -> None:
        self.forget()
        self.markers = [Marker(float(s)) for s in view["scores"]]
        self.scoring = self.passing = None
        self.sent = None
        fresh = (
            view["round"] == 1
            and view["turn"] == 1
            and not any(view["placements"])
            and not any(view["placed"])
            and not view["over"]
        )
        if fresh:  # the opening deal from the deck
            self.relayout(stagger=0.05, duration=0.45)
            self.hold = 0.6
            self.round_banner(1)
            self.ctx.sound("shuffle")
        else:
            super().on_snapshot(view)

    def apply_update(self, events: list[dict[str, Any]], view: dict[str, Any]) -> None:
        # Other players' placements (M-11) arrive while ours is on its way: it is still awaited
        # until the update carrying our own ``place`` comes back.
        ours = any(e.get("e") == "place" for e in events)
        still = self.awaiting and not ours
        super().apply_update(expand(events), view)
        self.awaiting = still
        if not still:
            self.sent = None

    def rejected(self, reason: str) -> None:
        super().rejected(reason)
        self.sent = None

    def settle(self, view: dict[str, Any]) -> None:
        self.forget()
        super().settle(view)
        self.move_markers()

    def move_markers(self) -> None:
        scores = self.model["scores"]
        if len(self.markers) != len(scores):
            self.markers = [Marker(float(s)) for s in scores]
        for marker, score in zip(self.markers, scores, strict=True):
            if marker.value != score:
                self.tweens.value(marker, "value", float(score), 0.8)

    def forget(self) -> None:
        """The model changed: what was worked out from it no longer holds."""
        self._ghosts.clear()
        self._now.clear()

    def animate(self, ev: dict[str, Any]) -> None:
        assert self.model is not None
        self.forget()
        e = ev.get("e")
        if e != "score_line":
            self.scoring = None
        if e not in ("pass_show", "pass"):
            self.passing = None
        handler = {
            "placed": self.on_placed,
            "place": self.on_place,
            "reveal": self.on_reveal,
            "pass_show": self.on_pass_show,
            "pass": self.on_pass,
            "hand": self.on_hand,
            "draw": self.on_draw,
            "turn": self.on_turn,
            "score_line": self.on_score_line,
            "score": self.on_score,
            "game_end": self.on_game_end,
        }.get(e)
        if handler is not None:
            handler(ev)

    def on_placed(self, ev: dict[str, Any]) -> None:
        """Someone has chosen (M-11): a back leaves their hand for the placed slot."""
        model, seat = self.model, ev["seat"]
        model["placed"][seat] = True
        model["to_move"] = [s for s in model["to_move"] if s != seat]
        model["hand_counts"][seat] -= 1
        if seat == self.me:
            return  # our own card moves with the ``place`` event that follows
        self.stage.rekey(("back", seat, model["hand_counts"][seat]), ("placed", seat))
        self.ctx.sound("flick")
        self.relayout(duration=0.3)

    def on_place(self, ev: dict[str, Any]) -> None:
        """Our own placement, seen only by us until the reveal."""
        model = self.model
        card = ev["card"]
        if card in (model.get("hand") or []):
            model["hand"].remove(card)
        move = {k: ev[k] for k in ("card", "rot", "row", "col")}
        model["pending"] = move
        grid = grid_from_view(model.get("reserve") or {})
        place(grid, card, move["rot"], move["row"], move["col"])
        model["reserve"] = {pos_key(p): code for p, code in sorted(grid.items())}
        self.sent = None
        self.ctx.sound("place")
        self.relayout(duration=0.3)

    def on_reveal(self, ev: dict[str, Any]) -> None:
        """Every placement of the turn is revealed and laid at once (M-11, M-18)."""
        model = self.model
        for p in ev["placements"]:
            seat = p["seat"]
            model["placements"][seat].append([p["card"], p["rot"], p["row"], p["col"]])
            grid = grid_from_view(model["reserves"][seat])
            place(grid, p["card"], p["rot"], p["row"], p["col"])
            model["reserves"][seat] = {pos_key(q): code for q, code in sorted(grid.items())}
            if seat != self.me:
                self.stage.rekey(("placed", seat), p["card"], p["card"])
        model["pending"] = None
        model["placed"] = [False] * model["players"]
        if self.me is not None:
            model["reserve"] = dict(model["reserves"][self.me])
        self.ctx.sound("capture")
        self.relayout(duration=0.55, ease=back_out)

    def on_pass_show(self, ev: dict[str, Any]) -> None:
        self.passing = PassShow(ev["direction"])

    def on_pass(self, ev: dict[str, Any]) -> None:
        """The hands move to the round's neighbour, all at once (M-12)."""
        model = self.model
        players = model["players"]
        self.passing = PassShow(ev["direction"])
        flying = []
        for seat in range(players):
            if seat == self.me:
                keys = list(model.get("hand") or [])
            else:
                keys = [("back", seat, i) for i in range(model["hand_counts"][seat])]
            target = neighbour(seat, ev["direction"], players)
            for i, key in enumerate(keys):
                if self.stage.rekey(key, ("passing", target, i)) is not None:
                    flying.append((target, i))
        for target, i in flying:  # second step: no key is taken while others still hold it
            self.stage.rekey(("passing", target, i), ("back", target, i))
        model["hand_counts"] = list(ev["counts"])
        if self.me is not None:
            model["hand"] = []
        self.ctx.sound("shuffle")
        self.relayout(duration=0.6)

    def on_hand(self, ev: dict[str, Any]) -> None:
        """Our new hand: the backs that arrived turn over (M-10, M-12)."""
        model = self.model
        cards = sorted(ev["cards"])
        for i, card in enumerate(cards):
            self.stage.rekey(("back", self.me, i), card, card)
        model["hand"] = cards
        model["hand_counts"][self.me] = len(cards)
        self.ctx.sound("flick")
        self.relayout(duration=0.45)

    def on_draw(self, ev: dict[str, Any]) -> None:
        """A new round: three cards each from the deck (M-10)."""
        model = self.model
        model["deck"] = ev["deck"]
        model["round"] = ev["round"]
        model["hand_counts"] = [3] * model["players"]
        if self.me is not None:
            model["hand"] = []
        self.round_banner(ev["round"])
        self.ctx.sound("shuffle")
        self.relayout(stagger=0.05, duration=0.45)

    def on_turn(self, ev: dict[str, Any]) -> None:
        model = self.model
        model.update(round=ev["round"], turn=ev["turn"], direction=ev["direction"])
        model["to_move"] = list(range(model["players"]))
        model["placed"] = [False] * model["players"]
        self.anchor = None

    def on_score_line(self, ev: dict[str, Any]) -> None:
        """One objective scored on every reserve (M-27): its spaces light up, points rise."""
        model = self.model
        line = ev["line"]
        before = list(model["scores"])
        marks = objective_marks(line["id"], self.grids(), model.get("options", {}))
        self.scoring = ScoringShow(line, marks, before)
        model["scores"] = list(line["scores"])
        for seat, points in enumerate(line["points"]):
            floored = points < 0 and before[seat] + points < 0
            text = signed(points)
            if floored:
                text += " · floor 0"
            color = theme.GOLD if points > 0 else theme.WARN if points < 0 else theme.CREAM
            self.popup_at(self.board_centre(seat), text, color)
        mine = line["points"][self.me] if self.me is not None else 0
        self.ctx.sound("capture" if mine > 0 else "place")
        self.move_markers()

    def on_score(self, ev: dict[str, Any]) -> None:
        """The round's scoring is over: its line joins the history (M-26)."""
        model = self.model
        entry = {k: v for k, v in ev.items() if k != "e"}
        model["history"].append(entry)
        model["scores"] = list(ev["scores"])
        self.move_markers()
        if ev["round"] < lay.ROUNDS:
            self.show_round_summary(entry)

    def on_game_end(self, ev: dict[str, Any]) -> None:
        model = self.model
        model["over"] = True
        model["to_move"] = []
        winners = list(ev.get("winners", []))
        names = [("You" if w == self.me else self.name_of(w)) for w in winners]
        if len(winners) == 1:
            title = "You win!" if winners[0] == self.me else f"{names[0]} wins!"
        else:
            title = f"{join_names(names)} share the win!"
        note = tiebreak_note(ev["scores"], winners, ev.get("tiebreak", []), self.name_of)
        sub = "Tied on points: the most spaces of one animal decides (M-29)" if note else ""
        self.show_banner(
            title, sub or "Final scores next", theme.GOLD, seconds=2.4 if note else 1.8
        )
        if self.me is not None:
            self.ctx.sound("game_won" if self.me in winners else "game_lost")

    def round_banner(self, number: int) -> None:
        colours = join_names([colour_name(c) for c in SCHEDULE[number]])
        sub = f"scores {colours}  ·  hands pass {DIRECTIONS[number]}"
        self.show_banner(f"Round {number}", sub, theme.GOLD, seconds=1.4)

    def board_centre(self, seat: int) -> tuple[float, float]:
        """The middle of ``seat``'s cards on screen (of its board when it has none)."""
        board = self.layout.boards[seat]
        grid = lay.reserve_grid(self.model, seat)
        if not grid:
            return center(board.area)
        top, bottom, left, right = bounding_box(grid)
        x, y, _w, _h = board.rect(top, left)
        return x + (right - left + 1) * board.cell / 2, y + (bottom - top + 1) * board.cell / 2

    def popup_at(self, centre: tuple[float, float], text: str, color) -> None:
        w, h = theme.text_size(text, 34, "title")
        self.popup(text, (centre[0] - w / 2, centre[1] - h / 2), color, 34, plate=True)

    def describe(self, ev: dict[str, Any]) -> str:
        """One line for the move log."""
        e = ev.get("e")
        if e == "placed" and ev["seat"] != self.me:
            return f"{self.name_of(ev['seat'])} has placed"
        if e == "place":
            return "You placed a card"
        if e == "reveal":
            return f"Turn {ev['turn']}: all cards revealed"
        if e == "pass":
            return f"Hands pass {ev['direction']}"
        if e == "draw":
            return f"Round {ev['round']}: 3 new cards each"
        if e == "score_line":
            line = ev["line"]
            head = f"{colour_name(line['colour'])} O{line['id']}:"
            points = line["points"]
            others = [s for s in range(len(points)) if s != self.me]
            best = max(others, key=lambda s: points[s]) if others else None
            parts = [f"you {points[self.me]:+d}"] if self.me is not None else []
            if best is not None:
                parts.append(f"{self.name_of(best)} {points[best]:+d}")
            return f"{head} {', '.join(parts)}"
        if e == "game_end":
            names = join_names([self.name_of(w) for w in ev.get("winners", [])])
            return f"Game over: {names} {'wins' if len(ev.get('winners', [])) == 1 else 'win'}"
        return ""

    # ------------------------------------------------------------------ player input

    def resolve_click(self, pos: tuple[float, float]) -> Click:
        assert self.model is not None and self.layout is not None
        return lay.resolve_click(self.model, self.layout, pos, self.selected, self.rot)

    def clicks_for(self, move: Any) -> list[tuple[int, int]]:
        assert self.model is not None and self.layout is not None
        return lay.clicks_for(self.model, self.layout, move, self.selected, self.rot)

    def legal_keys(self) -> set[Any]:
        model = self.model or {}
        return set(model.get("hand") or []) if lay.can_act(model) else set()

    def keyboard_focus(self, keys: list | None = None) -> Any:
        return self.selected if self.acting() else None

    def lift_target(self, key, place: Place, legal: set, focused) -> float:
        if key not in legal or place.zone != "hand":
            return 0.0
        return LIFT * (2 if key == self.selected else 1) + (4 if key == self.hover else 0)

    def on_select(self, click: Click) -> None:
        key = click.key
        if isinstance(key, tuple) and key[0] == "rotate":
            self.turn_card(key[1])
            return
        if key != self.selected:
            self.selected, self.rot = key, 0
            self.relayout(duration=0.15)
        self.ctx.sound("click")

    def on_submit(self, move: Any) -> None:
        self.sent = self.ghost_for((move["row"], move["col"]))

    def turn_card(self, step: int) -> None:
        if self.selected is None:
            return
        self.rot = (self.rot + step) % 4
        self.ctx.sound("flick")
        self.relayout(duration=0.12)

    def ghost_for(self, anchor: lay.Pos) -> lay.Ghost | None:
        if self.selected is None or self.model is None:
            return None
        key = (self.selected, self.rot, anchor)
        found = self._ghosts.get(key)
        if found is None:
            if len(self._ghosts) > 200:
                self._ghosts.clear()
            found = self._ghosts[key] = lay.ghost(self.model, self.selected, self.rot, anchor)
        return found

    def current_ghost(self) -> lay.Ghost | None:
        """The ghost under the mouse or the arrow keys, while you choose."""
        if not self.acting() or self.selected is None:
            return None
        if self.anchor is None:
            self.anchor = lay.default_anchor(self.model)
        return self.ghost_for(self.anchor)

    def handle_table(self, event: pygame.event.Event) -> bool:
        if self.layout is None:
            return False
        if self.zoom_seat is not None or self.zoom_objective is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_z, pygame.K_o):
                return self.handle_key(event)
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.zoom_seat = self.zoom_objective = None
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover_objective = lay.objective_at(event.pos)
            if self.acting() and contains(self.layout.mine.area, event.pos):
                self.anchor = self.layout.mine.anchor_at(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.acting():
                self.turn_card(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.acting():
            self.turn_card(1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = lay.objective_at(event.pos)
            if index is not None:
                self.zoom_objective = index
                return True
            seat = lay.board_at(self.layout, event.pos)
            if seat is not None and (seat != self.bottom or not self.acting()):
                self.zoom_seat = seat
                return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Tab / 1–3 pick the card, R (Shift+R) turns it, arrows move the ghost, Enter places;
        O opens the objectives and Z the reserves, one after another."""
        self.hover = None
        self.keys_used = True
        key, shift = event.key, event.mod & pygame.KMOD_SHIFT
        if key == pygame.K_o:
            index = -1 if self.zoom_objective is None else self.zoom_objective
            self.zoom_seat = None
            self.zoom_objective = (index + 1) % 4 if index < 3 else None
            return True
        if key == pygame.K_z:
            order = self.layout.order if self.layout else []
            seq = order[1:] + order[:1]
            at = seq.index(self.zoom_seat) + 1 if self.zoom_seat in seq else 0
            self.zoom_objective = None
            self.zoom_seat = seq[at] if at < len(seq) else None
            return True
        if not self.acting():
            return False
        hand = list(self.model.get("hand") or [])
        numbers = (pygame.K_1, pygame.K_2, pygame.K_3)
        if key == pygame.K_TAB and hand:
            at = hand.index(self.selected) if self.selected in hand else 0
            self.on_select(Click("select", key=hand[(at + (-1 if shift else 1)) % len(hand)]))
            return True
        if key in numbers and numbers.index(key) < len(hand):
            self.on_select(Click("select", key=hand[numbers.index(key)]))
            return True
        if key == pygame.K_r:
            self.turn_card(-1 if shift else 1)
            return True
        steps = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1)}
        steps[pygame.K_RIGHT] = (0, 1)
        if key in steps:
            row, col = self.anchor or lay.default_anchor(self.model)
            dr, dc = steps[key]
            board = self.layout.mine
            self.anchor = (
                min(max(row + dr, board.top), board.top + board.size - 2),
                min(max(col + dc, board.left), board.left + board.size - 2),
            )
            return True
        if key in (*ui.ENTER_KEYS, pygame.K_SPACE):
            held = self.current_ghost()
            if held is not None:
                self.click(self.layout.mine.centre_of(self.anchor))
            return True
        return False

    # ------------------------------------------------------------------ drawing

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_left(surface)
        self.draw_cards(surface, skip=self.draw_boards(surface))
        self.draw_outlines(surface)
        self.draw_scoring(surface)
        self.draw_ghost(surface)
        self.draw_hand_area(surface)
        if self.passing is not None:
            self.draw_passing(surface)

    def draw_dialogs(self, surface: pygame.Surface) -> None:
        if self.zoom_seat is not None:
            self.draw_zoom(surface, self.zoom_seat)
        elif self.zoom_objective is not None:
            self.draw_objective_zoom(surface, self.zoom_objective)
        elif self.hover_objective is not None and self.banner is None and self.panel is None:
            self.draw_objective_zoom(surface, self.hover_objective)

    def seat_badge(self, seat: int):
        model = self.model
        placed = model["placed"][seat] and not model["over"]
        return self.badge(
            seat,
            name=self.name_of(seat),
            score=f"{model['scores'][seat]} pts",
            note="placed" if placed else "",
        )

    # the left column ---------------------------------------------------

    def draw_left(self, surface: pygame.Surface) -> None:
        model = self.model
        draw_seat_badge(surface, lay.BADGE, self.seat_badge(self.bottom), self.time)
        x, y = lay.BADGE[0] + 4, lay.INFO_Y
        over = model["over"]
        head = "Game over" if over else f"Round {model['round']} of {lay.ROUNDS}"
        if not over:
            head += f"  ·  turn {model['turn']} of 3"
        theme.draw_text(surface, head, (x, y), 17, theme.CREAM)
        if not over:
            players = model["players"]
            target = neighbour(self.bottom, model["direction"], players)
            text = f"Hands pass {model['direction']}, to {self.name_of(target)}"
            width = lay.DECK[0] - x - 6
            size = 15 if theme.text_size(text, 15)[0] <= width else 14
            theme.draw_text(surface, text, (x, y + 22), size, theme.MUTED)
        if model["deck"]:
            back = assets.card_back(GAME, height=lay.DECK[3])
            surface.blit(back, lay.DECK[:2])
            theme.draw_text(surface, str(model["deck"]), center(lay.DECK), 16, anchor="center")
        self.draw_objectives(surface)
        self.draw_track(surface)
        self.log.draw(surface, lay.LOG_POS, lay.LOG_W)
        theme.draw_text(
            surface, "F1 help  ·  Esc leave", (18, 704), 14, theme.MUTED, anchor="midleft"
        )

    def objective_status(self, colour: str) -> tuple[str, tuple[int, int, int]]:
        """When the objective of ``colour`` scores: now, next round, or its rounds (M-26)."""
        model = self.model
        number = model["round"]
        if model["over"]:
            return "", theme.MUTED
        if colour in SCHEDULE[number]:
            return "scores now", theme.GOLD
        if colour in SCHEDULE.get(number + 1, ()):
            return "next round", theme.CREAM
        rounds = [str(r) for r in SCHEDULE if colour in SCHEDULE[r] and r > number]
        return ("rounds " + ", ".join(rounds)) if rounds else "done", theme.MUTED

    def draw_objectives(self, surface: pygame.Surface) -> None:
        model = self.model
        scoring = self.scoring.line["id"] if self.scoring is not None else None
        for rect, colour, oid in zip(lay.OBJECTIVES, COLOURS, model["objectives"], strict=True):
            box = pygame.Rect(rect)
            if oid == scoring:
                draw_glow(surface, box, pulse(self.time, 2.0), COLOUR_RGB[colour])
            surface.blit(assets.card_image(GAME, f"O{oid}", height=box.h), box)
            text, color = self.objective_status(colour)
            if text == "scores now":
                pygame.draw.rect(surface, theme.GOLD, box.inflate(6, 6), 3, border_radius=10)
            theme.draw_text(
                surface, text, (box.centerx, box.bottom + 4), 15, color, anchor="midtop"
            )

    def draw_track(self, surface: pygame.Surface) -> None:
        """The score track: a pawn per seat (its colour and initial) on a line marked every 10;
        pawns on the same spot stack under the line."""
        x, y, w, _h = lay.TRACK
        values = [m.value for m in self.markers] or [0.0]
        top = max(40, int(max(values) // 10 + 2) * 10)
        line_y = y + 22
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, line_y), (x + w, line_y), 4)
        for tick in range(0, top + 1, 10):
            tx = x + w * tick / top
            pygame.draw.line(surface, theme.CREAM, (tx, line_y - 5), (tx, line_y + 5), 2)
            theme.draw_text(surface, str(tick), (tx, y), 14, theme.MUTED, anchor="midtop")
        placed: list[int] = []
        order = sorted(range(len(self.markers)), key=lambda s: (self.markers[s].value, s))
        for seat in order:
            px = round(x + w * min(self.markers[seat].value, top) / top)
            level = sum(1 for other in placed if abs(other - px) < 22)
            placed.append(px)
            centre = (px, line_y + level * 20)
            name = self.name_of(seat)
            label = name[:1].upper() + (name[-1] if name[-1].isdigit() else "")
            pawn = pygame.Rect(0, 0, max(20, theme.text_size(label, 14, "bold")[0] + 10), 20)
            pawn.center = centre
            pygame.draw.rect(surface, theme.INK, pawn.inflate(4, 4), border_radius=12)
            pygame.draw.rect(surface, SEAT_RGB[seat % len(SEAT_RGB)], pawn, border_radius=10)
            theme.draw_text(surface, label, centre, 14, theme.INK, "bold", "center", shadow=False)

    # the reserves ------------------------------------------------------

    def draw_boards(self, surface: pygame.Surface) -> set[int]:
        """Every reserve's panel — with its cards when they all rest in place, as one cached
        image (a reserve holds up to 15 overlapping cards) — and the others' badges. Returns
        the cards drawn so, for the stage to skip."""
        model = self.model
        drawn: set[int] = set()
        tags = self.passing_tags()
        for seat, board in self.layout.boards.items():
            cards = [tuple(p) for p in model["placements"][seat]]
            resting = bool(cards) and all(self.resting(p[0]) for p in cards)
            if seat in tags:
                draw_glow(surface, pygame.Rect(board.panel), pulse(self.time, 2.0))
            surface.blit(self.board_image(board, cards if resting else []), board.panel[:2])
            if resting:
                drawn.update(p[0] for p in cards)
            if seat == self.bottom:
                continue
            px, py, pw, _ = board.panel
            badge = (px + 4, py + 4, pw - 8, lay.HEADER - 6)  # the kit badge, 58 high
            draw_seat_badge(surface, badge, self.seat_badge(seat), self.time)
            if not cards:
                at = center(board.area)
                theme.draw_text(surface, "no cards yet", at, 16, theme.MUTED, anchor="center")
        return drawn

    def resting(self, key: int) -> bool:
        """The card's sprite lies face up exactly where the layout puts it, nothing moving."""
        sprite, place = self.stage.get(key), self.place_of(key)
        return (
            sprite is not None
            and place is not None
            and not sprite.moving
            and sprite.flip >= 1.0
            and sprite.shake <= 0
            and sprite.shows_face
            and sprite.rot == place.rot
            and sprite.rect == pygame.FRect(place.rect)
        )

    def board_image(self, board: lay.Board, cards: list[tuple]) -> pygame.Surface:
        """A reserve's panel as one cached image: yours with its grid and the spaces the 6 × 6
        limit closes (M-19), the others' with their seat colour; ``cards`` laid on it in the
        order they were placed (M-18)."""
        mine = board.seat == self.bottom
        grid = lay.reserve_grid(self.model, board.seat) if mine else {}
        key = ("board", board, tuple(bounding_box(grid)) if grid else None, tuple(cards))
        image = self._layers.get(key)
        if image is not None:
            return image
        if len(self._layers) > 16:
            self._layers.clear()
        px, py, pw, ph = board.panel
        image = pygame.Surface((round(pw), round(ph)), pygame.SRCALPHA)
        theme.panel(image, image.get_rect(), 120 if mine else 150, 12)
        if mine:
            self.draw_grid(image, board, grid)
        else:
            colour = SEAT_RGB[board.seat % len(SEAT_RGB)]
            pygame.draw.line(image, colour, (12, 2), (round(pw) - 12, 2), 4)
        height = round(2 * board.cell)
        for card, rot, row, col in cards:
            x, y, _w, _h = board.rect(row, col)
            at = (round(x - px), round(y - py))
            image.blit(card_shadow((height, height), False), (at[0] + 3, at[1] + 4))
            image.blit(self.face(card, height, rot), at)
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        self._layers[key] = image
        return image

    def draw_grid(self, panel: pygame.Surface, board: lay.Board, grid: lay.Grid) -> None:
        """Your reserve's grid lines, and the spaces the 6 × 6 limit closes (M-19)."""
        px, py = board.panel[0], board.panel[1]
        size = round(board.size * board.cell)
        image = panel.subsurface((round(board.area[0] - px), round(board.area[1] - py), size, size))
        cell = board.cell
        if grid:
            top, bottom, left, right = bounding_box(grid)
            for r in range(board.top, board.top + board.size):
                for c in range(board.left, board.left + board.size):
                    if bottom - LIMIT < r < top + LIMIT and right - LIMIT < c < left + LIMIT:
                        continue
                    x, y = (c - board.left) * cell, (r - board.top) * cell
                    image.fill((22, 13, 8, 200), (round(x), round(y), round(cell), round(cell)))
        for i in range(board.size + 1):
            at = round(i * cell)
            pygame.draw.line(image, (78, 56, 36, 170), (at, 0), (at, size), 1)
            pygame.draw.line(image, (78, 56, 36, 170), (0, at), (size, at), 1)

    def draw_outlines(self, surface: pygame.Surface) -> None:
        """The last card placed on each reserve, and your card waiting for the reveal."""
        model = self.model
        for seat, board in self.layout.boards.items():
            placements = model["placements"][seat]
            if placements:
                _card, _rot, row, col = placements[-1]
                rect = pygame.Rect(board.rect(row, col)).inflate(4, 4)
                pygame.draw.rect(surface, theme.CREAM, rect, 2, border_radius=8)
        pending = model.get("pending")
        if pending is not None and self.me is not None:
            rect = pygame.Rect(self.layout.mine.rect(pending["row"], pending["col"])).inflate(6, 6)
            strength = pulse(self.time)
            pygame.draw.rect(surface, theme.GOLD, rect, 2 + round(2 * strength), border_radius=9)
        for seat, slot in self.layout.slots.items():
            if model["placed"][seat] and seat != self.me:
                box = pygame.Rect(slot)
                pygame.draw.rect(surface, theme.GOLD, box.inflate(6, 6), 2, 6)
                draw_mark(surface, (box.x - 16, box.centery), True)

    def draw_scoring(self, surface: pygame.Surface) -> None:
        """The spaces the objective being scored counts, on every reserve (M-27): the other
        spaces are dimmed, the counted ones ringed, the ones that cost points marked."""
        show = self.scoring
        if show is None:
            return
        colour = COLOUR_RGB[show.line["colour"]]
        grids = self.grids()
        for seat, board in self.layout.boards.items():
            marks = show.marks[seat]
            size = round(board.cell)
            dim = self.cell_overlay(size, colour, "dim")
            images = {"good": self.cell_overlay(size, colour, "good")}
            images["bad"] = self.cell_overlay(size, colour, "bad")
            for pos in grids[seat]:
                kind = "good" if pos in marks.good else "bad" if pos in marks.bad else "dim"
                x, y, _w, _h = board.rect(*pos, 1)
                surface.blit(images.get(kind, dim), (round(x), round(y)))

    def cell_overlay(self, size: int, colour, kind: str) -> pygame.Surface:
        """A space while an objective is scored: ``good`` (counted: ringed white and in the
        objective's colour), ``bad`` (costs points: darkened with a minus sign) or ``dim``
        (not counted) — never colour alone."""
        key = ("mark", size, colour, kind)
        image = self._images.get(key)
        if image is None:
            image = pygame.Surface((size, size), pygame.SRCALPHA)
            if kind == "dim":
                image.fill((20, 12, 6, 150))
            elif kind == "bad":
                image.fill((40, 0, 0, 110))
                pygame.draw.rect(image, theme.WARN, image.get_rect(), 3)
                half, arm = size // 2, size // 5
                pygame.draw.line(image, theme.CREAM, (half - arm, half), (half + arm, half), 5)
            else:
                pygame.draw.rect(image, (255, 255, 255), image.get_rect(), 3)
                pygame.draw.rect(image, colour, image.get_rect().inflate(-6, -6), 3)
            self._images[key] = image
        return image

    def face(self, card: int, height: int, rot: int, alpha: int = 255) -> pygame.Surface:
        """An animal card face at ``height`` turned ``rot`` (cached, with ``alpha``)."""
        image = turned(assets.card_image(GAME, card, height=height), (GAME, card, height), rot)
        if alpha == 255:
            return image
        key = ("faded", card, height, rot % 4, alpha)
        faded = self._images.get(key)
        if faded is None:
            if len(self._images) > 300:
                self._images.clear()
            faded = self._images[key] = image.copy()
            faded.set_alpha(alpha)
        return faded

    def draw_ghost(self, surface: pygame.Surface) -> None:
        """The card you hold over your reserve: green where it may go, red with the reason."""
        held = self.current_ghost() or (self.sent if self.awaiting else None)
        if held is None:
            return
        board = self.layout.mine
        rect = pygame.Rect(board.rect(held.row, held.col))
        surface.blit(self.face(held.card, rect.h, held.rot, 170), rect)
        color = LEGAL_RGB if held.legal else theme.WARN
        pygame.draw.rect(surface, color, rect.inflate(6, 6), 4, border_radius=9)
        draw_mark(surface, rect.topleft, held.legal)

    # the hand area -----------------------------------------------------

    def draw_hand_area(self, surface: pygame.Surface) -> None:
        model = self.model
        centre = lay.HAND_CENTRE
        if self.acting():
            for rect, step in ((lay.ROTATE_LEFT, -1), (lay.ROTATE_RIGHT, 1)):
                draw_turn_button(surface, rect, step)
            held = self.current_ghost()
            if held is not None:
                self.draw_verdict(surface, held)
            hint = "Tab / 1-3 card  ·  R or wheel turns  ·  arrows move  ·  Enter places"
            theme.draw_text(surface, hint, (centre, lay.HINT_Y), 15, theme.MUTED, anchor="midtop")
        elif not model["over"] and self.ready:
            waiting = [s for s in model["to_move"] if s != self.me]
            names = join_names([self.name_of(s) for s in waiting])
            if self.me is None:
                self.draw_status(surface, "You are watching this table.", theme.CREAM, 0)
            elif waiting:
                text = "Your card is placed, face down until everyone has placed."
                self.draw_status(surface, text, theme.CREAM, 0)
            if waiting:
                self.draw_status(surface, f"Waiting for {names}…", theme.GOLD, 1)

    def draw_status(self, surface: pygame.Surface, text: str, color, line: int) -> None:
        if not text:
            return
        size = 17 if theme.text_size(text, 17)[0] <= lay.MY_AREA[2] + 20 else 15
        pos = (lay.HAND_CENTRE, lay.STATUS_Y + line * 24)
        theme.draw_text(surface, text, pos, size, color, anchor="midtop")

    def draw_verdict(self, surface: pygame.Surface, held: lay.Ghost) -> None:
        """Under your reserve: may the card go here, and what this round would score (M-26)."""
        if not self.model.get("reserve"):
            self.draw_status(
                surface,
                "Your first card goes in the middle (M-16): turn it, then place it.",
                LEGAL_RGB,
                0,
            )
        elif held.legal:
            self.draw_status(surface, "Click or press Enter to place it here.", LEGAL_RGB, 0)
        else:
            self.draw_status(surface, f"Not here: {held.problem}", theme.WARN, 0)
            return
        parts = []
        for p in held.preview:
            change = p.after - p.before
            parts.append(
                f"{colour_name(p.colour)} {p.after} ({change:+d})"
                if change
                else f"{colour_name(p.colour)} {p.after} (±0)"
            )
        if parts:
            self.draw_status(surface, "Scored this round: " + "  ·  ".join(parts), theme.GOLD, 1)

    def passing_tags(self) -> dict[int, str]:
        """During the pass (M-12): who gets the bottom seat's hand, who passes theirs to it."""
        if self.passing is None:
            return {}
        players = self.model["players"]
        direction = self.passing.direction
        target = neighbour(self.bottom, direction, players)
        source = next(s for s in range(players) if neighbour(s, direction, players) == self.bottom)
        if target == source:
            return {target: "swaps hands"}
        giver = "your" if self.me is not None else f"{self.name_of(self.bottom)}'s"
        return {target: f"gets {giver} hand", source: "passes its hand"}

    def draw_passing(self, surface: pygame.Surface) -> None:
        """The direction, shown before the hands move (M-12): a notice under your reserve and
        the two neighbours' panels marked."""
        tags = self.passing_tags()
        for seat, tag in tags.items():
            panel = pygame.Rect(self.layout.boards[seat].panel)
            pygame.draw.rect(surface, theme.GOLD, panel, 4, border_radius=12)
            theme.draw_text(
                surface, tag, (panel.centerx, panel.bottom - 30), 20, theme.GOLD, anchor="midtop"
            )
        direction = self.passing.direction
        rect = pygame.Rect(0, 0, 470, 82)
        rect.center = (round(lay.HAND_CENTRE), lay.STATUS_Y + 38)
        theme.panel(surface, rect, 240, 14)
        theme.draw_text(
            surface,
            f"Hands pass {direction}",
            (rect.centerx, rect.y + 6),
            30,
            theme.GOLD,
            "title",
            "midtop",
        )
        names = {s: self.name_of(s) for s in tags}
        giver = "Your" if self.me is not None else f"{self.name_of(self.bottom)}'s"
        receiver = "you" if self.me is not None else self.name_of(self.bottom)
        target = next(s for s, tag in tags.items() if tag != "passes its hand")
        source = next((s for s, tag in tags.items() if tag == "passes its hand"), target)
        line = f"{giver} hand goes to {names[target]}, {names[source]}'s comes to {receiver}"
        size = 17 if theme.text_size(line, 17)[0] < rect.w - 20 else 15
        theme.draw_text(surface, line, (rect.centerx, rect.y + 52), size, anchor="midtop")

    # modal views ------------------------------------------------------

    def draw_zoom(self, surface: pygame.Surface, seat: int) -> None:
        """A reserve up close, with what each objective would give it now."""
        model = self.model
        theme.dim(surface, 150)
        panel = pygame.Rect(lay.ZOOM)
        theme.panel(surface, panel, 248, 16)
        board = lay.zoom_board(model, seat)
        name = "Your reserve" if seat == self.me else f"{self.name_of(seat)}'s reserve"
        theme.draw_text(surface, name, (panel.x + 30, panel.y + 14), 30, theme.GOLD, "title")
        area = pygame.Rect(board.area)
        pygame.draw.rect(surface, (20, 14, 10), area.inflate(8, 8), border_radius=8)
        height = round(2 * board.cell)
        for card, rot, row, col in model["placements"][seat]:
            surface.blit(self.face(card, height, rot), board.rect(row, col)[:2])
        pending = model.get("pending")
        if seat == self.me and pending is not None:
            rect = board.rect(pending["row"], pending["col"])
            surface.blit(self.face(pending["card"], height, pending["rot"]), rect[:2])
            pygame.draw.rect(surface, theme.GOLD, pygame.Rect(rect).inflate(4, 4), 3, 9)
        elif model["placements"][seat]:
            _c, _r, row, col = model["placements"][seat][-1]
            pygame.draw.rect(
                surface, theme.CREAM, pygame.Rect(board.rect(row, col)).inflate(4, 4), 3, 9
            )
        x = area.right + 40
        y = panel.y + 80
        theme.draw_text(surface, f"Score {model['scores'][seat]}", (x, y), 24, theme.CREAM)
        y += 44
        theme.draw_text(surface, "If the objectives were scored now:", (x, y), 17, theme.MUTED)
        y += 30
        for colour, oid in zip(COLOURS, model["objectives"], strict=True):
            points = self.points_now(oid)[seat]
            pygame.draw.circle(surface, COLOUR_RGB[colour], (x + 8, y + 11), 8)
            theme.draw_text(surface, f"{colour_name(colour)} O{oid}", (x + 24, y), 18, theme.CREAM)
            theme.draw_text(
                surface,
                signed(points),
                (panel.right - 30, y),
                20,
                theme.GOLD,
                anchor="topright",
            )
            theme.draw_text(surface, OBJECTIVES[oid].name, (x + 24, y + 22), 15, theme.MUTED)
            y += 52
        theme.draw_text(surface, "The last card placed is outlined.", (x, y + 10), 15, theme.MUTED)
        theme.draw_text(
            surface,
            "Z: next reserve  ·  any key or click closes",
            (panel.centerx, panel.bottom - 30),
            15,
            theme.MUTED,
            anchor="midtop",
        )

    def draw_objective_zoom(self, surface: pygame.Surface, index: int) -> None:
        """An objective at full size with its rule in words (M-On) and when it scores (M-26)."""
        model = self.model
        oid = model["objectives"][index]
        objective = OBJECTIVES[oid]
        colour = COLOURS[index]
        panel = pygame.Rect(lay.OBJECTIVE_ZOOM)
        theme.panel(surface, panel, 250, 16)
        w, h = lay.OBJECTIVE_ZOOM_CARD
        card = pygame.Rect(panel.x + 24, panel.y + (panel.h - h) // 2, w, h)
        surface.blit(assets.card_image(GAME, f"O{oid}", height=h), card)
        x = card.right + 26
        width = panel.right - 24 - x
        y = panel.y + 26
        theme.draw_text(surface, objective.name, (x, y), 26, theme.GOLD, "title")
        y += 44
        leaves = {1: "1 leaf (easy)", 2: "2 leaves", 3: "3 leaves (hard)"}[objective.leaves]
        theme.draw_text(
            surface,
            f"{colour_name(colour)} objective O{oid}  ·  {leaves}",
            (x, y),
            17,
            COLOUR_RGB[colour],
        )
        y += 34
        for line in theme.wrap(OBJECTIVE_TEXT[oid], 20, width):
            theme.draw_text(surface, line, (x, y), 20, theme.CREAM)
            y += 27
        if oid in COMPARATIVE:
            y += 4
            for line in theme.wrap(
                "Compared between players: ties share a place (M-28).", 16, width
            ):
                theme.draw_text(surface, line, (x, y), 16, theme.MUTED)
                y += 21
        y += 14
        rounds = [r for r in SCHEDULE if colour in SCHEDULE[r]]
        theme.draw_text(
            surface,
            "Scores after rounds " + join_names([str(r) for r in rounds]),
            (x, y),
            17,
            theme.CREAM,
        )
        y += 24
        status, color = self.objective_status(colour)
        if status:
            words = {"scores now": "It scores this round.", "next round": "It scores next round."}
            theme.draw_text(surface, words.get(status, status.capitalize()), (x, y), 17, color)
            y += 30
        points = self.points_now(oid)
        theme.draw_text(surface, "If scored now:", (x, y), 17, theme.MUTED)
        y += 24
        for seat in self.layout.order:
            name = "You" if seat == self.me else self.name_of(seat)
            theme.draw_text(surface, name, (x + 10, y), 17, theme.CREAM)
            value = points[seat]
            theme.draw_text(
                surface,
                signed(value),
                (panel.right - 30, y),
                17,
                theme.GOLD,
                anchor="topright",
            )
            y += 22
        if self.zoom_objective is not None:
            theme.draw_text(
                surface,
                "O: next objective  ·  any key or click closes",
                (panel.centerx, panel.bottom - 28),
                15,
                theme.MUTED,
                anchor="midtop",
            )

    def show_round_summary(self, entry: dict[str, Any]) -> None:
        players = len(entry["scores"])
        width = 300 + 110 * players
        rect = (640 - width // 2, 170, width, 200 + 30 * len(entry["objectives"]))
        self.panel = Panel(
            f"Round {entry['round']} scored",
            lambda surface, area: self.draw_round_summary(surface, area, entry),
            rect=rect,
            seconds=ROUND_SUMMARY_SECONDS,
        )

    def draw_round_summary(
        self, surface: pygame.Surface, area: pygame.Rect, entry: dict[str, Any]
    ) -> None:
        order = self.layout.order
        x0, y = area.x + 28, area.y + 70
        col = 110
        cols_x = [area.x + 290 + i * col for i in range(len(order))]
        for cx, seat in zip(cols_x, order, strict=True):
            name = "You" if seat == self.me else self.name_of(seat)
            theme.draw_text(surface, name, (cx + col / 2, y), 16, theme.MUTED, anchor="midtop")
        y += 26
        for line in entry["objectives"]:
            label = f"{colour_name(line['colour'])} · {OBJECTIVES[line['id']].name}"
            size = 17 if theme.text_size(label, 17)[0] < 250 else 15
            theme.draw_text(surface, label, (x0, y), size, COLOUR_RGB[line["colour"]])
            for cx, seat in zip(cols_x, order, strict=True):
                value = line["points"][seat]
                theme.draw_text(
                    surface,
                    signed(value),
                    (cx + col / 2, y),
                    17,
                    theme.CREAM,
                    anchor="midtop",
                )
            y += 30
        theme.draw_text(surface, "Total", (x0, y + 4), 20, theme.GOLD)
        for cx, seat in zip(cols_x, order, strict=True):
            theme.draw_text(
                surface,
                str(entry["scores"][seat]),
                (cx + col / 2, y + 4),
                20,
                theme.GOLD,
                anchor="midtop",
            )


def draw_mark(surface: pygame.Surface, centre: tuple[float, float], yes: bool) -> None:
    """A round badge with a tick (may go there, has placed) or a cross (may not)."""
    x, y = round(centre[0]), round(centre[1])
    color = LEGAL_RGB if yes else theme.WARN
    pygame.draw.circle(surface, theme.INK, (x, y), 13)
    pygame.draw.circle(surface, color, (x, y), 11)
    if yes:
        pygame.draw.lines(
            surface, theme.INK, False, [(x - 6, y), (x - 2, y + 5), (x + 6, y - 5)], 3
        )
    else:
        pygame.draw.line(surface, theme.INK, (x - 5, y - 5), (x + 5, y + 5), 3)
        pygame.draw.line(surface, theme.INK, (x + 5, y - 5), (x - 5, y + 5), 3)


def draw_turn_button(surface: pygame.Surface, rect: lay.Rect, step: int) -> None:
    """A round button with a curved arrow: anticlockwise (``step`` −1) or clockwise."""
    box = pygame.Rect(rect)
    pygame.draw.circle(surface, theme.PANEL, box.center, box.w // 2)
    pygame.draw.circle(surface, theme.PANEL_EDGE, box.center, box.w // 2, 2)
    radius = box.w // 2 - 11
    arc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    arc.center = box.center
    pygame.draw.arc(surface, theme.CREAM, arc, 0.6, 5.2, 3)
    angle = 0.6 if step > 0 else 5.2
    tip = (box.centerx + radius * math.cos(angle), box.centery - radius * math.sin(angle))
    dx = 7 if step > 0 else -7
    head = [tip, (tip[0] - 6, tip[1] - dx), (tip[0] + 6, tip[1] - dx)]
    pygame.draw.polygon(surface, theme.CREAM, head)
    theme.draw_text(
        surface,
        "R" if step > 0 else "Shift R",
        (box.centerx, box.bottom + 2),
        14,
        theme.MUTED,
        anchor="midtop",
    )


def result_sheet(result: dict[str, Any], name_of) -> ResultSheet:
    """Each objective of each round with what it gave every player (M-26, M-27); when a tie on
    points was settled by the tie-break (M-29), its explanation, with a row a round to make room.
    """
    scores = list(result.get("scores", []))
    note = tiebreak_note(
        scores, list(result.get("winners", [])), list(result.get("tiebreak", [])), name_of
    )
    rows = []
    before = [0] * len(scores)
    for entry in result.get("rounds", []):
        lines = entry.get("objectives", [])
        if note:  # a row a round: the change of each total (floors included, M-27)
            after = list(entry["scores"])
            cells = [signed(a - b) for a, b in zip(after, before, strict=True)]
            colours = ", ".join(colour_name(line["colour"]) for line in lines)
            rows.append((f"Round {entry['round']}", cells, colours))
            before = after
            continue
        for line in lines:
            label = f"{entry['round']} {colour_name(line['colour'])}"
            cells = [signed(p) for p in line["points"]]
            rows.append((label, cells, f"O{line['id']} {OBJECTIVES[line['id']].name}"))
    return ResultSheet("Round", rows, [str(s) for s in scores], footer=note)


TABLE = NimaliaTable
