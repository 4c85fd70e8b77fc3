"""The Nimalia table view: simultaneous drafting, the ghost placement, reveals, passing, scoring.

The kit (:class:`chabudai.game.tables.kit.KitTable`) runs the event queue, the sprites and the overlays.
Here each host event changes the model (a Nimalia view dict) by its pure update
(:mod:`~chabudai.game.tables.nimalia.events`) and shows its ``effect_<kind>``: ``placed``
(someone chose, face down), ``place`` (your own choice), ``reveal`` (every placement at once, M-11), ``pass`` (hands
to the round's neighbour, M-12), ``hand``, ``draw`` (a new round), ``turn``, ``score`` (shown
objective by objective, M-27) and ``game_end`` (M-29). The pure layout (``layout``) says where
every card goes, what the ghost over your reserve is worth and what a click means.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from chabudai.engines.nimalia import score_objective
from chabudai.engines.nimalia.geometry import bounding_box
from chabudai.engines.nimalia.marks import Marks, objective_marks
from chabudai.engines.nimalia.objectives import COLOURS, DIRECTIONS, SCHEDULE, neighbour
from chabudai.game import assets, theme, ui
from chabudai.game.tables.base import TableContext
from chabudai.game.tables.kit import Click, KitTable, Panel, Place
from chabudai.game.tables.kit import text as kit_text
from chabudai.game.tables.kit.geometry import LIFT, center, contains
from chabudai.game.tables.kit.overlays import draw_seat_badge
from chabudai.game.tables.kit.sprites import draw_glow, pulse
from chabudai.game.tables.kit.stack import Overlay
from chabudai.game.tables.nimalia import events, panels
from chabudai.game.tables.nimalia import layout as lay
from chabudai.game.tables.nimalia.art import (
    COLOUR_RGB,
    GAME,
    LEGAL_RGB,
    Art,
    draw_mark,
    draw_track,
    draw_turn_button,
)
from chabudai.game.tables.nimalia.events import expand
from chabudai.game.tables.nimalia.texts import (
    colour_name,
    help_text,
    points_short,
    result_sheet,
    signed,
    tiebreak_note,
)
from chabudai.game.tween import back_out
from chabudai.i18n import N_, _, join_names, ngettext, pgettext

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


def hands_pass(direction: str) -> str:
    """ "Hands pass left" or "Hands pass right" (M-12)."""
    if direction == "right":
        # Translators: the direction the hands pass this round (a heading)
        return _("Hands pass right")
    # Translators: the direction the hands pass this round (a heading)
    return _("Hands pass left")


ZOOM_KEYS = (pygame.K_z, pygame.K_o)  # Z: the reserves one after another; O: the objectives


class Zoom(Overlay):
    """A close look on the overlay stack (Z / O, or a click on a board or an objective): the
    zoom keys step on to the next one, any other key or click puts it away, Esc too; the
    table beneath gets no input while it is open."""

    def __init__(self, table: NimaliaTable) -> None:
        super().__init__()
        self.table = table

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in ZOOM_KEYS:
            return self.table.handle_key(event)
        return super().handle(event)


class ReserveZoom(Zoom):
    """A seat's reserve up close, the table dimmed beneath."""

    def __init__(self, table: NimaliaTable, seat: int) -> None:
        super().__init__(table)
        self.seat = seat

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw_zoom(surface, self.seat)


class ObjectiveZoom(Zoom):
    """An objective at full size (pinned open): the table around its panel is not dimmed
    (the score track, the other objectives and the right-hand boards stay in plain view)."""

    dims = False

    def __init__(self, table: NimaliaTable, index: int) -> None:
        super().__init__(table)
        self.index = index

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw_objective_zoom(surface, self.index, pinned=True)


class NimaliaTable(KitTable):
    game = GAME
    help_title = N_("How to play Nimalia")
    event_kinds = events.KINDS
    holds = HOLDS
    updates = events.UPDATES
    opening_deal = (0.05, 0.45, 0.6)  # stagger, flight and hold
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
        self.hover_objective: int | None = None
        self._ghosts: dict[tuple, lay.Ghost] = {}
        self._now: dict[int, list[int]] = {}  # objective points of the model's reserves
        self.art = Art()

    @property
    def help_text(self) -> str:  # type: ignore[override]
        """The help page (F1) in the current language."""
        return help_text()

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

    def you_or_name(self, seat: int) -> str:
        """ "You" for your own seat (a column or a row of points), else the seat's name."""
        # Translators: your own column or row among the players' points
        return _("You") if seat == self.me else self.name_of(seat)

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
        super().on_snapshot(view)
        if self.fresh_deal(view):
            self.round_banner(1)

    def fresh_deal(self, view: dict[str, Any]) -> bool:
        """The game just dealt, nothing placed: the opening deal flies from the deck."""
        return (
            view["round"] == 1
            and view["turn"] == 1
            and not any(view["placements"])
            and not any(view["placed"])
            and not view["over"]
        )

    def apply_update(
        self, events: list[dict[str, Any]], view: dict[str, Any], legal: Sequence[Any] = ()
    ) -> None:
        # Other players' placements (M-11) arrive while ours is on its way: it is still awaited
        # until the update carrying our own ``place`` comes back.
        ours = any(e.get("e") == "place" for e in events)
        still = self.awaiting and not ours
        super().apply_update(expand(events), view, legal)
        self.awaiting = still
        if not still:
            self.sent = None

    def rejected(self, reason: str) -> None:
        super().rejected(reason)
        self.sent = None

    def settle(self, view: dict[str, Any], legal: Sequence[Any] = ()) -> None:
        self.forget()
        super().settle(view, legal)
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

    def effect_every(self, ev: dict[str, Any]) -> None:
        """The model changed: forget what was worked out from it; a scoring or a passing shown
        ends with the next event of another kind."""
        self.forget()
        e = ev.get("e")
        if e != "score_line":
            self.scoring = None
        if e not in ("pass_show", "pass"):
            self.passing = None

    def effect_placed(self, ev: dict[str, Any]) -> None:
        """Someone has chosen (M-11): a back leaves their hand for the placed slot."""
        seat = ev["seat"]
        if seat == self.me:
            return  # our own card moves with the ``place`` event that follows
        self.stage.rekey(("back", seat, self.model["hand_counts"][seat]), ("placed", seat))
        self.fly("flick", duration=0.3)

    def effect_place(self, ev: dict[str, Any]) -> None:
        """Our own placement, seen only by us until the reveal."""
        self.sent = None
        self.fly("place", duration=0.3)

    def effect_reveal(self, ev: dict[str, Any]) -> None:
        """Every placement of the turn is revealed and laid at once (M-11, M-18)."""
        for p in ev["placements"]:
            if p["seat"] != self.me:
                self.stage.rekey(("placed", p["seat"]), p["card"], p["card"])
        self.fly("capture", duration=0.55, ease=back_out)

    def effect_pass_show(self, ev: dict[str, Any]) -> None:
        self.passing = PassShow(ev["direction"])

    def effect_pass(self, ev: dict[str, Any]) -> None:
        """The hands move to the round's neighbour, all at once (M-12)."""
        before = self.before
        players = before["players"]
        self.passing = PassShow(ev["direction"])
        flying = []
        for seat in range(players):
            if seat == self.me:
                keys = list(before.get("hand") or [])
            else:
                keys = [("back", seat, i) for i in range(before["hand_counts"][seat])]
            target = neighbour(seat, ev["direction"], players)
            for i, key in enumerate(keys):
                if self.stage.rekey(key, ("passing", target, i)) is not None:
                    flying.append((target, i))
        for target, i in flying:  # second step: no key is taken while others still hold it
            self.stage.rekey(("passing", target, i), ("back", target, i))
        self.fly("shuffle", duration=0.6)

    def effect_hand(self, ev: dict[str, Any]) -> None:
        """Our new hand: the backs that arrived turn over (M-10, M-12)."""
        for i, card in enumerate(self.model["hand"]):
            self.stage.rekey(("back", self.me, i), card, card)
        self.fly("flick", duration=0.45)

    def effect_draw(self, ev: dict[str, Any]) -> None:
        """A new round: three cards each from the deck (M-10)."""
        self.round_banner(ev["round"])
        self.fly("shuffle", stagger=0.05, duration=0.45)

    def effect_turn(self, ev: dict[str, Any]) -> None:
        self.anchor = None

    def effect_score_line(self, ev: dict[str, Any]) -> None:
        """One objective scored on every reserve (M-27): its spaces light up, points rise."""
        line = ev["line"]
        before = list(self.before["scores"])
        marks = objective_marks(line["id"], self.grids(), self.model.get("options", {}))
        self.scoring = ScoringShow(line, marks, before)
        for seat, points in enumerate(line["points"]):
            floored = points < 0 and before[seat] + points < 0
            text = signed(points)
            if floored:
                # Translators: a score change that would drop below 0 stops at 0 ("-3 · floor 0")
                text = _("{points} · floor 0").format(points=text)
            color = theme.GOLD if points > 0 else theme.WARN if points < 0 else theme.CREAM
            self.popup_at(self.board_centre(seat), text, color)
        mine = line["points"][self.me] if self.me is not None else 0
        self.ctx.sound("capture" if mine > 0 else "place")
        self.move_markers()

    def effect_score(self, ev: dict[str, Any]) -> None:
        """The round's scoring is over: its line joins the history (M-26)."""
        self.move_markers()
        if ev["round"] < lay.ROUNDS:
            self.show_round_summary(self.model["history"][-1])

    def effect_game_end(self, ev: dict[str, Any]) -> None:
        winners = list(ev.get("winners", []))
        others = join_names([self.name_of(w) for w in winners if w != self.me])
        if winners == [self.me]:
            title = _("You win!")
        elif len(winners) == 1:
            title = _("{name} wins!").format(name=others)
        elif self.me in winners:
            # Translators: the game end's banner; {names} share the win with you
            title = _("You and {names} share the win!").format(names=others)
        else:
            # Translators: the game end's banner; {names} are the winners
            title = _("{names} share the win!").format(names=others)
        note = tiebreak_note(ev["scores"], winners, ev.get("tiebreak", []), self.name_of)
        if note:
            sub = _("Tied on points: the most spaces of one animal decides")
        else:
            sub = _("Final scores next")
        self.show_banner(title, sub, theme.GOLD, seconds=2.4 if note else 1.8)
        if self.me is not None:
            self.ctx.sound("game_won" if self.me in winners else "game_lost")

    def round_banner(self, number: int) -> None:
        colours = join_names([colour_name(c) for c in SCHEDULE[number]])
        # Translators: under a round's banner; {colours} are the objectives it scores
        scores = _("scores {colours}").format(colours=colours)
        sub = scores + "  ·  " + hands_pass(DIRECTIONS[number])
        self.show_banner(_("Round {n}").format(n=number), sub, theme.GOLD, seconds=1.4)

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

    # ------------------------------------------------------------------ player input

    def resolve_click(self, pos: tuple[float, float]) -> Click:
        assert self.model is not None and self.layout is not None
        return lay.resolve_click(self.model, self.layout, pos, self.selected, self.rot, self.legal)

    def clicks_for(self, move: Any) -> list[tuple[int, int]]:
        assert self.model is not None and self.layout is not None
        return lay.clicks_for(self.model, self.layout, move, self.selected, self.rot)

    def legal_keys(self) -> set[Any]:
        model = self.model or {}
        return set(self.legal.values("card")) if lay.can_act(model) else set()

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
        self.fly("flick", duration=0.12)

    def ghost_for(self, anchor: lay.Pos) -> lay.Ghost | None:
        if self.selected is None or self.model is None:
            return None
        key = (self.selected, self.rot, anchor)
        found = self._ghosts.get(key)
        if found is None:
            if len(self._ghosts) > 200:
                self._ghosts.clear()
            found = self._ghosts[key] = lay.ghost(
                self.model, self.selected, self.rot, anchor, self.legal
            )
        return found

    def about_to_play(self) -> Any:
        """The ghost's placement: the chosen card, turned and held where it would go."""
        held = self.current_ghost()
        return held.move if held is not None and held.legal and held.move in self.legal else None

    def current_ghost(self) -> lay.Ghost | None:
        """The ghost under the mouse or the arrow keys, while you choose."""
        if not self.acting() or self.selected is None:
            return None
        if self.anchor is None:
            self.anchor = lay.default_anchor(self.model, self.legal)
        return self.ghost_for(self.anchor)

    @property
    def zoom_seat(self) -> int | None:
        """The seat whose reserve is zoomed (a :class:`ReserveZoom` on the stack), or None."""
        found = self.overlays.find(ReserveZoom)
        return found.seat if isinstance(found, ReserveZoom) else None

    @zoom_seat.setter
    def zoom_seat(self, seat: int | None) -> None:
        self.overlays.replace(ReserveZoom, None if seat is None else ReserveZoom(self, seat))
        self.touch()

    @property
    def zoom_objective(self) -> int | None:
        """The objective pinned open (an :class:`ObjectiveZoom` on the stack), or None."""
        found = self.overlays.find(ObjectiveZoom)
        return found.index if isinstance(found, ObjectiveZoom) else None

    @zoom_objective.setter
    def zoom_objective(self, index: int | None) -> None:
        zoom = None if index is None else ObjectiveZoom(self, index)
        self.overlays.replace(ObjectiveZoom, zoom)
        self.touch()

    def handle_table(self, event: pygame.event.Event) -> bool:
        if self.layout is None:
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
            row, col = self.anchor or lay.default_anchor(self.model, self.legal)
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
        """An objective under the mouse shows at full size (the pinned zooms are overlays)."""
        shown = self.hover_objective is not None and self.banner is None
        if shown and not self.overlay_open:
            self.draw_objective_zoom(surface, self.hover_objective)

    def seat_badge(self, seat: int):
        model = self.model
        placed = model["placed"][seat] and not model["over"]
        return self.badge(
            seat,
            name=self.name_of(seat),
            score=points_short(model["scores"][seat]),
            # Translators: a seat badge's note: the player has placed this turn's card
            note=_("placed") if placed else "",
            # the hand's backs and the placed slot sit on the status row of the others' badges
            icons=0
            if seat == self.bottom
            else lay.BACK + lay.BACK_STEP * model["hand_counts"][seat],
        )

    # the left column ---------------------------------------------------

    def draw_left(self, surface: pygame.Surface) -> None:
        model = self.model
        draw_seat_badge(surface, lay.BADGE, self.seat_badge(self.bottom), self.time)
        x, y = lay.BADGE[0] + 4, lay.INFO_Y
        over = model["over"]
        width = lay.DECK[0] - x - 6
        if over:
            head = _("Game over")
        else:
            head = _("Round {n} of {total}").format(n=model["round"], total=lay.ROUNDS)
            # Translators: after "Round 2 of 5": the turn within the round (three a round)
            head += "  ·  " + _("turn {n} of {total}").format(n=model["turn"], total=3)
        kit_text.draw_line(surface, head, (x, y), width, 17, theme.CREAM, min_size=12)
        if not over:
            players = model["players"]
            target = neighbour(self.bottom, model["direction"], players)
            if model["direction"] == "right":
                # Translators: {name} gets the hand you pass this round
                text = _("Hands pass right, to {name}")
            else:
                # Translators: {name} gets the hand you pass this round
                text = _("Hands pass left, to {name}")
            text = text.format(name=self.name_of(target))
            kit_text.draw_line(surface, text, (x, y + 22), width, 15, theme.MUTED, min_size=11)
        if model["deck"]:
            back = assets.card_back(GAME, height=lay.DECK[3])
            surface.blit(back, lay.DECK[:2])
            theme.draw_text(surface, str(model["deck"]), center(lay.DECK), 16, anchor="center")
        self.draw_objectives(surface)
        names = [self.name_of(s) for s in range(len(self.markers))]
        draw_track(surface, [m.value for m in self.markers], names)
        self.log.draw(surface, lay.LOG_POS, lay.LOG_W)
        # Translators: the keys line at the bottom left of the Nimalia table
        keys = _("F1 help  ·  H hint  ·  Esc leave")
        kit_text.draw_line(surface, keys, (18, 704), lay.LOG_W, 14, theme.MUTED, anchor="midleft")

    def objective_status(self, colour: str) -> tuple[str, list[int]]:
        """When the objective of ``colour`` scores (M-26): ``"now"``, ``"next"``, ``"later"``
        (with its rounds still to come), ``"done"``, or ``""`` once the game is over."""
        model = self.model
        number = model["round"]
        if model["over"]:
            return "", []
        if colour in SCHEDULE[number]:
            return "now", []
        if colour in SCHEDULE.get(number + 1, ()):
            return "next", []
        rounds = [r for r in SCHEDULE if colour in SCHEDULE[r] and r > number]
        return ("later", rounds) if rounds else ("done", [])

    def objective_when(self, colour: str, sentence: bool = False) -> tuple[str, Any]:
        """When the objective of ``colour`` scores, in words, and the colour to draw them in:
        short under its card ("scores now"), a sentence in its close-up."""
        status, rounds = self.objective_status(colour)
        numbers = _(", ").join(str(r) for r in rounds)
        if status == "now":
            # Translators: when an objective scores (under its card; as a sentence in its zoom)
            text = _("It scores this round.") if sentence else _("scores now")
            return text, theme.GOLD
        if status == "next":
            # Translators: when an objective scores (under its card; as a sentence in its zoom)
            text = _("It scores next round.") if sentence else _("next round")
            return text, theme.CREAM
        if status == "later":
            # Translators: the rounds in which an objective still scores ("rounds 3, 5")
            text = ngettext("round {rounds}", "rounds {rounds}", len(rounds))
            if sentence:
                # Translators: the rounds in which an objective still scores ("Rounds 3, 5")
                text = ngettext("Round {rounds}", "Rounds {rounds}", len(rounds))
            return text.format(rounds=numbers), theme.MUTED
        if status == "done":
            # Translators: an objective that will not score again
            # Translators: a Nimalia objective that will not score again this game
            done = pgettext("objective", "Done") if sentence else pgettext("objective", "done")
            return done, theme.MUTED
        return "", theme.MUTED

    def draw_objectives(self, surface: pygame.Surface) -> None:
        model = self.model
        scoring = self.scoring.line["id"] if self.scoring is not None else None
        for rect, colour, oid in zip(lay.OBJECTIVES, COLOURS, model["objectives"], strict=True):
            box = pygame.Rect(rect)
            if oid == scoring:
                draw_glow(surface, box, pulse(self.time, 2.0), COLOUR_RGB[colour])
            surface.blit(assets.card_image(GAME, f"O{oid}", height=box.h), box)
            if self.objective_status(colour)[0] == "now":
                pygame.draw.rect(surface, theme.GOLD, box.inflate(6, 6), 3, border_radius=10)
            text, color = self.objective_when(colour)
            at = (box.centerx, box.bottom + 4)
            kit_text.draw_line(surface, text, at, box.w + 20, 15, color, anchor="midtop")

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
            mine = seat == self.bottom
            grid = lay.reserve_grid(model, seat) if mine else {}
            image = self.art.board(board, cards if resting else [], mine, grid)
            surface.blit(image, board.panel[:2])
            if resting:
                drawn.update(p[0] for p in cards)
            if seat == self.bottom:
                continue
            px, py, pw, _ph = board.panel
            badge = (px + 4, py + 4, pw - 8, lay.HEADER - 6)  # the kit badge, 58 high
            draw_seat_badge(surface, badge, self.seat_badge(seat), self.time)
            if not cards:
                at = center(board.area)
                # Translators: on a reserve with no card placed yet
                empty = _("no cards yet")
                width = board.area[2] - 8
                kit_text.draw_line(surface, empty, at, width, 16, theme.MUTED, anchor="center")
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
            images = {kind: self.art.mark(size, colour, kind) for kind in ("good", "bad", "dim")}
            for pos in grids[seat]:
                kind = "good" if pos in marks.good else "bad" if pos in marks.bad else "dim"
                x, y, _w, _h = board.rect(*pos, 1)
                surface.blit(images[kind], (round(x), round(y)))

    def draw_ghost(self, surface: pygame.Surface) -> None:
        """The card you hold over your reserve: green where it may go, red with the reason."""
        held = self.current_ghost() or (self.sent if self.awaiting else None)
        if held is None:
            return
        board = self.layout.mine
        rect = pygame.Rect(board.rect(held.row, held.col))
        surface.blit(self.art.face(held.card, rect.h, held.rot, 170), rect)
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
            # Translators: the keys line under your hand while you choose and place a card
            hint = _("Tab / 1-3 card  ·  R or wheel turns  ·  arrows move  ·  Enter places")
            at = (centre, lay.HINT_Y)
            width = lay.MY_AREA[2] + 40
            kit_text.draw_line(surface, hint, at, width, 15, theme.MUTED, anchor="midtop")
        elif not model["over"] and self.ready:
            waiting = [s for s in model["to_move"] if s != self.me]
            names = join_names([self.name_of(s) for s in waiting])
            if self.me is None:
                self.draw_status(surface, _("You are watching this table."), theme.CREAM, 0)
            elif waiting:
                text = _("Your card is placed, face down until everyone has placed.")
                self.draw_status(surface, text, theme.CREAM, 0)
            if waiting:
                # Translators: {names} are the players still choosing their card
                text = _("Waiting for {names}…").format(names=names)
                self.draw_status(surface, text, theme.GOLD, 1)

    def draw_status(self, surface: pygame.Surface, text: str, color, line: int) -> None:
        """A status line under your reserve; line 0 is the message slot (a refusal's reason
        shows there instead of the prompt)."""
        slot = (round(lay.HAND_CENTRE), lay.STATUS_Y + 10)
        if line == 0 and self.reason_instead(surface, text, slot):
            return
        if not text:
            return
        pos = (lay.HAND_CENTRE, lay.STATUS_Y + line * 24)
        kit_text.draw_line(surface, text, pos, lay.MY_AREA[2] + 20, 17, color, anchor="midtop")

    def draw_verdict(self, surface: pygame.Surface, held: lay.Ghost) -> None:
        """Under your reserve: may the card go here, and what this round would score (M-26)."""
        if not self.model.get("reserve"):
            first = _("Your first card goes in the middle of your reserve: turn it, then place it.")
            self.draw_status(surface, first, LEGAL_RGB, 0)
        elif held.legal:
            self.draw_status(surface, _("Click or press Enter to place it here."), LEGAL_RGB, 0)
        else:
            # Translators: the card held over your reserve may not go there; {reason} says why
            said = _("Not here: {reason}").format(reason=held.problem)
            self.draw_status(surface, said, theme.WARN, 0)
            return
        parts = []
        for p in held.preview:  # the round's objectives, and what placing here changes
            change = p.after - p.before
            if change > 0:
                # Translators: placing the card here gains {n} points on an objective
                how = ngettext("{n} more", "{n} more", change).format(n=change)
            elif change < 0:
                # Translators: placing the card here loses {n} points on an objective
                how = ngettext("{n} less", "{n} less", -change).format(n=-change)
            else:
                # Translators: placing the card here does not change an objective's points
                how = _("no change")
            # Translators: an objective's points if the card is placed here ("Blue 6 (2 more)")
            part = _("{colour} {points} ({change})")
            parts.append(part.format(colour=colour_name(p.colour), points=p.after, change=how))
        if parts:
            # Translators: {objectives} are the round's objectives with their points
            said = _("Placed here, this round scores {objectives}")
            self.draw_status(surface, said.format(objectives="  ·  ".join(parts)), theme.GOLD, 1)

    def passing_roles(self) -> dict[int, str]:
        """During the pass (M-12): who gets the bottom seat's hand (``"gets"``), who passes
        theirs to it (``"passes"``), or the one seat both (``"swaps"``, two players)."""
        if self.passing is None:
            return {}
        players = self.model["players"]
        direction = self.passing.direction
        target = neighbour(self.bottom, direction, players)
        source = next(s for s in range(players) if neighbour(s, direction, players) == self.bottom)
        if target == source:
            return {target: "swaps"}
        return {target: "gets", source: "passes"}

    def passing_tags(self) -> dict[int, str]:
        """The roles of :meth:`passing_roles` in words, for the neighbours' panels."""
        tags = {}
        for seat, role in self.passing_roles().items():
            if role == "swaps":
                # Translators: on a reserve's panel while hands pass (two players)
                tags[seat] = _("swaps hands")
            elif role == "passes":
                # Translators: on a reserve's panel while hands pass: its hand comes to you
                tags[seat] = _("passes its hand")
            elif self.me is not None:
                # Translators: on a reserve's panel while hands pass: your hand goes there
                tags[seat] = _("gets your hand")
            else:
                # Translators: on a reserve's panel while hands pass; {name} is the watched seat
                tags[seat] = _("gets {name}'s hand").format(name=self.name_of(self.bottom))
        return tags

    def draw_passing(self, surface: pygame.Surface) -> None:
        """The direction, shown before the hands move (M-12): a notice under your reserve and
        the two neighbours' panels marked."""
        tags = self.passing_tags()
        for seat, tag in tags.items():
            panel = pygame.Rect(self.layout.boards[seat].panel)
            pygame.draw.rect(surface, theme.GOLD, panel, 4, border_radius=12)
            kit_text.draw_line(
                surface, tag, (panel.centerx, panel.bottom - 30), panel.w - 16, 20, theme.GOLD,
                anchor="midtop",
            )  # fmt: skip
        rect = pygame.Rect(0, 0, 470, 82)
        rect.center = (round(lay.HAND_CENTRE), lay.STATUS_Y + 38)
        theme.panel(surface, rect, 240, 14)
        kit_text.draw_line(
            surface, hands_pass(self.passing.direction), (rect.centerx, rect.y + 6),
            rect.w - 20, 30, theme.GOLD, "title", "midtop", min_size=18,
        )  # fmt: skip
        roles = self.passing_roles()
        target = next(s for s, role in roles.items() if role != "passes")
        source = next((s for s, role in roles.items() if role == "passes"), target)
        names = {"target": self.name_of(target), "source": self.name_of(source)}
        if self.me is not None:
            # Translators: while hands pass: {target} gets your hand, {source}'s comes to you
            line = _("Your hand goes to {target}, {source}'s comes to you").format(**names)
        else:
            # Translators: while hands pass (watching {name}): where the hands go
            line = _("{name}'s hand goes to {target}, {source}'s comes to {name}")
            line = line.format(name=self.name_of(self.bottom), **names)
        kit_text.draw_line(
            surface, line, (rect.centerx, rect.y + 52), rect.w - 20, 17, anchor="midtop",
            min_size=12,
        )  # fmt: skip

    # modal views ------------------------------------------------------

    def show_round_summary(self, entry: dict[str, Any]) -> None:
        """The round's points in a panel for a few seconds (or until clicked)."""
        columns = [(s, self.you_or_name(s)) for s in self.layout.order]
        self.panel = Panel(
            # Translators: the round summary's title
            _("Round {n} scored").format(n=entry["round"]),
            lambda surface, area: panels.draw_round_summary(surface, area, entry, columns),
            rect=panels.summary_rect(entry),
        )

    def draw_zoom(self, surface: pygame.Surface, seat: int) -> None:
        """A reserve up close, with what each objective would give it now."""
        model = self.model
        if seat == self.me:
            title = pgettext("nimalia", "Your reserve")
        else:
            # Translators: the title of another player's reserve seen up close
            title = _("{name}'s reserve").format(name=self.name_of(seat))
        objectives = [
            (colour, oid, self.points_now(oid)[seat])
            for colour, oid in zip(COLOURS, model["objectives"], strict=True)
        ]
        panels.draw_reserve_zoom(surface, self.art, model, seat, title, objectives)

    def draw_objective_zoom(
        self, surface: pygame.Surface, index: int, pinned: bool = False
    ) -> None:
        """An objective at full size, its rule in words and every player's points now."""
        oid = self.model["objectives"][index]
        colour = COLOURS[index]
        when = self.objective_when(colour, sentence=True)
        points = self.points_now(oid)
        rows = [(self.you_or_name(s), points[s]) for s in self.layout.order]
        panels.draw_objective_zoom(surface, oid, colour, when, rows, pinned)


__all__ = ["TABLE", "NimaliaTable", "expand", "result_sheet", "tiebreak_note"]

TABLE = NimaliaTable
