"""The Koi-Koi table view: animates the host's events in order and turns clicks into moves.

The view keeps its own *model* — a Koi-Koi view dict — and changes it one event at a time
(``play``, ``capture``, ``draw`` …); after each event every card sprite tweens to where the pure
layout (``layout.compute``) puts it in the new model. After the last event of an update the model
is replaced by the host's view, so the table never drifts and never jumps.
"""

from __future__ import annotations

import copy
import random
from collections import deque
from typing import Any

import pygame

import engines
from engines.koikoi import CARDS, board_matches
from engines.koikoi.scoring import YAKU_NAMES, stop_points
from game import assets, theme, ui
from game.tables.base import TableContext, TableView
from game.tables.koikoi import layout as lay
from game.tween import Tweens, back_out, ease_out, flip_squash, shake

GAME = "koikoi"

HOLDS = {  # seconds the table lingers on an event before the next (at animation speed 1)
    "deal": 1.0,
    "hand": 0.7,
    "play": 0.38,
    "place": 0.3,
    "capture": 0.5,
    "draw": 0.5,
    "choose": 0.1,
    "yaku": 1.3,
    "koikoi": 1.7,
    "stop": 1.5,
    "redeal": 1.6,
    "hand_bonus": 2.0,
    "game_end": 0.3,
}
SUMMARY_SECONDS = 4.0
LOG_LINES = 5
DRAW_HEIGHTS = sorted({lay.PILE_H, lay.BACK_H, lay.BOARD_H, lay.HAND_H})
REASON_SECONDS = 2.8

HELP_TEXT = """Every month (1-12) has four cards; the small number in each card's corner is its month.

Your turn: play a card from your hand. A board card of the same month is captured with it; if two match, click the one you want. Then the top card of the stock is turned over and matched the same way.

Captures build yaku: Three Brights 6, Boar-Deer-Butterflies 5, Red poems 6, Blue ribbons 6, five Animals 1 (+1 for each more), five Ribbons 1 (+1), ten Plains 1 (+1). The lines beside each pile show how close you are.

When your score rises, choose: Stop and bank it, or call Koi-Koi and play on for more. If the other player stops first, you score nothing.

Glowing cards are the ones you can click. Keys: arrows or Tab pick a card, Enter plays it, F1 opens this help, Esc leaves the table."""


_shadows: dict[tuple, pygame.Surface] = {}


def card_shadow(size: tuple[int, int], lifted: bool) -> pygame.Surface:
    """A soft drop shadow for a card of ``size`` (bigger and fainter while the card flies)."""
    key = (size, lifted)
    shadow = _shadows.get(key)
    if shadow is None:
        if len(_shadows) > 200:
            _shadows.clear()
        w, h = size
        shadow = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
        for i, alpha in enumerate((22, 30, 40) if not lifted else (16, 22, 28)):
            pygame.draw.rect(
                shadow,
                (0, 0, 0, alpha),
                (i * 2, i * 2, w + 8 - i * 4, h + 8 - i * 4),
                border_radius=8,
            )
        _shadows[key] = shadow
    return shadow


def card_name(card: int) -> str:
    """Short log name: "pine plain", "Sake cup (9)", "Red poetry ribbon (1)"."""
    info = CARDS[card]
    if info.name.startswith("Plain"):
        return f"{info.plant.lower()} plain"
    return f"{info.name} ({info.month})"


class Sprite:
    __slots__ = ("card", "rect", "face", "flip", "lift", "shake", "moving", "z")

    def __init__(self, card: int | None, rect, face: bool) -> None:
        self.card = card
        self.rect = pygame.FRect(rect)
        self.face = face  # the side shown once any flip is over
        self.flip = 1.0  # flip progress; < 0.5 still shows the other side
        self.lift = 0.0
        self.shake = 0.0  # seconds of shake left
        self.moving = False
        self.z = 0

    @property
    def shows_face(self) -> bool:
        return self.face if self.flip >= 0.5 else not self.face


class Popup:
    def __init__(self, text: str, pos, color=theme.GOLD, size: int = 30) -> None:
        self.text = text
        self.pos = pygame.FRect(pos[0], pos[1], 0, 0)
        self.color = color
        self.size = size
        self.alpha = 255.0


class Banner:
    def __init__(self, text: str, sub: str = "", color=theme.GOLD) -> None:
        self.text = text
        self.sub = sub
        self.color = color
        self.scale = 0.2
        self.life = 0.0


class KoiKoiTable(TableView):
    game = GAME
    help_title = "How to play Koi-Koi"
    help_text = HELP_TEXT

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.engine = engines.get(GAME)
        self.tweens = Tweens()
        self.model: dict[str, Any] | None = None
        self.layout: lay.Layout | None = None
        self.sprites: dict[int, Sprite] = {}
        self.backs: list[Sprite] = []
        self.queue: deque[tuple[str, Any]] = deque()
        self.hold = 0.0
        self.selected: int | None = None
        self.awaiting = False
        self.result: dict[str, Any] | None = None
        self.banner: Banner | None = None
        self.summary: dict[str, Any] | None = None
        self.summary_left = 0.0
        self.popups: list[Popup] = []
        self.reason = ""
        self.reason_left = 0.0
        self.show_help = False
        self.focus = 0  # keyboard focus among the clickable cards
        self.hover: int | None = None  # the card under the mouse
        self.keys_used = False  # show the keyboard focus only to keyboard players
        self.log: list[str] = []
        self.time = 0.0
        self._z = 0
        self.decision = ui.Form(
            [
                ui.Button(
                    lay.DECISION_BUTTONS["stop"],
                    "Stop",
                    lambda: self.submit({"call": "stop"}),
                    size=26,
                ),
                ui.Button(
                    lay.DECISION_BUTTONS["koikoi"],
                    "Koi-Koi!",
                    lambda: self.submit({"call": "koikoi"}),
                    accent=True,
                    size=26,
                ),
            ]
        )

    # ------------------------------------------------------------------ host input

    @property
    def me(self) -> int | None:
        return self.ctx.seat

    def snapshot(self, view: dict[str, Any]) -> None:
        self.queue.clear()
        self.tweens.finish()
        self.banner = self.summary = None
        self.awaiting = False
        self.selected = None
        fresh_deal = (
            view.get("turn") == 1
            and view.get("phase") == "play"
            and not any(view.get("piles", [[], []]))
            and not view.get("over")
        )
        if fresh_deal:
            # Animate the opening deal from the stock.
            self.model = copy.deepcopy(view)
            self.sprites.clear()
            self.backs.clear()
            self.relayout(stagger=0.045, duration=0.45)
            self.hold = 1.2
            self.ctx.sound("shuffle")
        else:
            self.model = copy.deepcopy(view)
            self.sprites.clear()
            self.backs.clear()
            self.relayout(duration=0)
            self.tweens.finish()
            self.hold = 0.0

    def apply_update(self, events: list[dict[str, Any]], view: dict[str, Any]) -> None:
        self.awaiting = False
        for event in events:
            self.queue.append(("event", event))
        self.queue.append(("settle", view))

    def game_over(self, result: dict[str, Any]) -> None:
        self.queue.append(("over", result))

    def rejected(self, reason: str) -> None:
        self.awaiting = False
        self.say(reason or "The host refused that move.")

    @property
    def ready(self) -> bool:
        """Waiting for the player: nothing queued, nothing being announced."""
        return (
            self.model is not None
            and not self.queue
            and self.hold <= 0
            and self.banner is None
            and self.summary is None
        )

    @property
    def idle(self) -> bool:
        return self.ready and not self.tweens.busy

    @property
    def finished(self) -> bool:
        return self.result is not None and self.idle

    # ------------------------------------------------------------------ event animation

    def step_queue(self) -> None:
        while self.queue and self.hold <= 0 and self.banner is None and self.summary is None:
            kind, payload = self.queue.popleft()
            if kind == "event":
                self.animate(payload)
            elif kind == "settle":
                self.model = copy.deepcopy(payload)
                self.relayout()
            elif kind == "over":
                self.result = payload

    def animate(self, ev: dict[str, Any]) -> None:
        model = self.model
        assert model is not None
        e = ev.get("e")
        seat = ev.get("seat")
        self.hold = HOLDS.get(e, 0.0)
        line = self.describe(ev)
        if line:
            self.log = [*self.log[-(LOG_LINES - 1) :], line]
        if e == "deal":
            model.update(
                board=list(ev["board"]),
                hand_counts=list(ev["hand_counts"]),
                stock=ev["stock"],
                piles=[[], []],
                pending=None,
                pending_targets=[],
                dealer=ev["dealer"],
                deal=ev["deal"],
                turn=1,
                phase="play",
                koikoi_calls=[0, 0],
                last_total=[0, 0],
                totals=[0, 0],
                yaku=[[], []],
            )
            if model.get("seat") is not None:
                model["hand"] = []
            self.sprites.clear()
            self.backs.clear()
            self.ctx.sound("shuffle")
            self.relayout(stagger=0.045, duration=0.45)
        elif e == "hand":
            if seat == model.get("seat"):
                model["hand"] = sorted(ev["cards"])
                self.relayout(stagger=0.05, duration=0.45)
        elif e == "turn":
            model.update(
                current=seat, turn=ev.get("turn", model.get("turn")), phase="play", to_move=[seat]
            )
            model["pending"], model["pending_targets"] = None, []
        elif e == "play":
            card = ev["card"]
            if seat == model.get("seat") and card in (model.get("hand") or []):
                model["hand"].remove(card)
            elif card not in self.sprites and self.backs:
                back = self.backs.pop()
                self.sprites[card] = Sprite(card, back.rect, False)
            model["hand_counts"][seat] -= 1
            model["board"].append(card)
            self.ctx.sound("flick")
            self.relayout()
        elif e == "place":
            card = ev["card"]
            if model.get("pending") == card:
                model["pending"] = None
            if card not in model["board"]:
                model["board"].append(card)
            self.ctx.sound("place")
            self.relayout()
        elif e == "capture":
            cards = list(ev["cards"])
            model["board"] = [c for c in model["board"] if c not in cards]
            if model.get("pending") in cards:
                model["pending"] = None
            model["piles"][seat].extend(c for c in cards if c not in model["piles"][seat])
            self.ctx.sound("capture")
            self.relayout(ease=back_out, duration=0.42)
        elif e == "draw":
            card = ev["card"]
            model["stock"] = ev.get("stock", model["stock"] - 1)
            model["pending"] = card
            self.sprites[card] = Sprite(
                card, lay.STOCK_POS + (lay.card_w(lay.BOARD_H), lay.BOARD_H), False
            )
            self.ctx.sound("flick")
            self.relayout()
        elif e == "choose":
            model["phase"] = "draw_choice"
            model["pending"] = ev["card"]
            model["pending_targets"] = list(ev.get("targets") or ev.get("options") or [])
            model["to_move"] = [seat]
        elif e == "yaku":
            model["totals"][seat] = ev["total"]
            model["yaku"][seat] = [list(y) for y in ev["yaku"]]
            model["phase"] = "decide"
            names = ", ".join(YAKU_NAMES.get(y, y) for y, _ in ev["yaku"])
            x, y, _w, _h = lay.PILE_AREAS["me" if seat == self.bottom_seat else "opp"]
            self.popups.append(Popup(f"{names}  = {ev['total']}", (x + 20, y + 40), theme.GOLD, 30))
            self.ctx.sound("place")
        elif e == "koikoi":
            model["koikoi_calls"][seat] = ev.get("calls", model["koikoi_calls"][seat] + 1)
            self.banner = Banner(
                "KOI-KOI!", f"{self.ctx.name_of(seat)} plays on for more", theme.GOLD
            )
            self.ctx.sound("koikoi")
            self.tweens.value(self.banner, "scale", 1.0, 0.5, ease=back_out)
        elif e == "stop":
            self.banner = Banner(
                "STOP!", f"{self.ctx.name_of(seat)} banks {ev['points']} points", theme.CREAM
            )
            self.tweens.value(self.banner, "scale", 1.0, 0.45, ease=back_out)
            self.ctx.sound("round_won" if seat == self.me else "place")
        elif e == "deal_end":
            model["scores"] = list(ev["scores"])
            model.setdefault("history", []).append(
                {k: v for k, v in ev.items() if k not in ("e", "scores")}
            )
            self.summary = dict(ev)
            self.summary_left = SUMMARY_SECONDS
            winner = ev.get("winner")
            if winner is not None:
                self.ctx.sound("round_won" if winner == self.me else "place")
                x, y, w, _h = lay.NAME_BOXES["me" if winner == self.bottom_seat else "opp"]
                points = ev.get("points", [0, 0])[winner]
                self.popups.append(Popup(f"+{points}", (x + w - 60, y + 40), theme.GOLD, 40))
        elif e == "game_end":
            model["over"] = True
            winners = ev.get("winners", [])
            if self.me is not None:
                self.ctx.sound(
                    "game_won" if self.me in winners and len(winners) == 1 else "game_lost"
                )
        elif e == "redeal":
            self.banner = Banner("Redeal", str(ev.get("reason", "")), theme.CREAM)
            self.tweens.value(self.banner, "scale", 1.0, 0.4, ease=back_out)
        elif e == "hand_bonus":
            kind = str(ev.get("kind", "")).capitalize()
            self.banner = Banner(
                f"{kind}!", f"{self.ctx.name_of(seat)}'s dealt hand scores 6", theme.GOLD
            )
            self.tweens.value(self.banner, "scale", 1.0, 0.45, ease=back_out)
            self.ctx.sound("koikoi")

    def describe(self, ev: dict[str, Any]) -> str:
        """One line for the table's move log (so a player can follow the other side)."""
        e, seat = ev.get("e"), ev.get("seat")
        who = "You" if seat is not None and seat == self.me else self.ctx.name_of(seat)
        if e == "play":
            return f"{who}: play {card_name(ev['card'])}"
        if e == "draw":
            return f"{who}: draw {card_name(ev['card'])}"
        if e == "capture":
            return f"    captures {len(ev['cards'])} cards"
        if e == "place":
            return "    no match: onto the board"
        if e == "koikoi":
            return f"{who}: Koi-Koi!"
        if e == "stop":
            return f"{who}: stop, +{ev.get('points', 0)}"
        if e == "deal":
            return f"Deal {ev.get('deal')}"
        return ""

    @property
    def bottom_seat(self) -> int:
        return lay.seats(self.model or {})[0]

    def relayout(self, stagger: float = 0.0, duration: float = 0.34, ease=ease_out) -> None:
        """Tween every sprite to its place in the current model."""
        assert self.model is not None
        layout = lay.compute(self.model)
        self.layout = layout
        origin = lay.STOCK_POS + (lay.card_w(lay.BOARD_H), lay.BOARD_H)
        live = set(layout.cards)
        for card in list(self.sprites):
            if card not in live:
                del self.sprites[card]
        delay = 0.0
        for z, card in enumerate(layout.order):
            place = layout.cards[card]
            sprite = self.sprites.get(card)
            if sprite is None:
                sprite = self.sprites[card] = Sprite(card, origin, False)
            sprite.z = z
            self._send(sprite, place.rect, place.face_up, duration, ease, delay)
            if stagger and sprite.moving:
                delay += stagger
        while len(self.backs) > len(layout.backs):
            self.backs.pop()
        for i, place in enumerate(layout.backs):
            if i >= len(self.backs):
                self.backs.append(Sprite(None, origin, False))
            self._send(self.backs[i], place.rect, False, duration, ease, delay)
            if stagger and self.backs[i].moving:
                delay += stagger

    def _send(self, sprite: Sprite, rect, face: bool, duration: float, ease, delay: float) -> None:
        target = pygame.FRect(rect)
        if duration <= 0:
            self.tweens.cancel(sprite.rect)
            sprite.rect.update(target)
            if sprite.face != face:
                sprite.face, sprite.flip = face, 1.0
            return
        if sprite.rect == target:
            self.tweens.cancel(sprite.rect)  # an older tween must not carry it away again
            sprite.moving = False
        else:
            self._z += 1
            sprite.moving = True

            def landed(s=sprite) -> None:
                s.moving = False

            self.tweens.move(sprite.rect, target, duration, ease=ease, delay=delay, on_done=landed)
        if sprite.face != face:
            sprite.face = face
            sprite.flip = 0.0
            self.tweens.value(sprite, "flip", 1.0, max(0.2, duration), ease=ease_out, delay=delay)

    # ------------------------------------------------------------------ player input

    def submit(self, move: dict[str, Any]) -> None:
        if self.awaiting:
            return
        self.awaiting = True
        self.selected = None
        self.ctx.sound("click")
        self.ctx.submit(move)

    def say(self, reason: str) -> None:
        self.reason = reason
        self.reason_left = REASON_SECONDS

    def deciding(self) -> bool:
        return (
            self.ready
            and not self.awaiting
            and self.model is not None
            and self.model.get("phase") == "decide"
            and lay.can_act(self.model)
        )

    def clickable(self) -> list[int]:
        """Cards the keyboard focus moves between: legal ones, left to right."""
        if not self.ready or self.awaiting or self.layout is None or self.model is None:
            return []
        cards = lay.legal_cards(self.model, self.selected)
        return sorted(
            cards & set(self.layout.cards),
            key=lambda c: (self.layout.cards[c].zone != "board", self.layout.cards[c].rect[0]),
        )

    def click(self, pos) -> None:
        if self.model is None or self.layout is None:
            return
        if not self.ready or self.awaiting:
            return  # the table is still showing the last move
        result = lay.resolve_click(self.model, self.layout, pos, self.selected)
        if result.kind == "move":
            self.submit(result.move)
        elif result.kind == "select":
            self.selected = result.card
            self.ctx.sound("click")
        elif result.kind == "illegal":
            sprite = self.sprites.get(result.card) if result.card is not None else None
            if sprite is not None:
                sprite.shake = 0.4
            self.say(result.reason)
        else:
            self.selected = None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.show_help = not self.show_help
            return True
        if self.show_help:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.show_help = False
                return True
            return False
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if clicked and lay.contains(lay.HELP_BUTTON, event.pos):
            self.show_help = True
            return True
        if self.summary is not None:
            if event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key in (*ui.ENTER_KEYS, pygame.K_SPACE)
            ):
                self.summary = None
                return True
            return False
        if self.deciding():
            return self.decision.handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
            return True
        if event.type == pygame.MOUSEMOTION and self.layout is not None:
            self.hover = lay.card_at(self.layout, event.pos)
            self.keys_used = False
            return False
        if event.type == pygame.KEYDOWN:
            self.hover = None
            self.keys_used = True
            cards = self.clickable()
            if not cards:
                return False
            if event.key in (pygame.K_RIGHT, pygame.K_TAB, pygame.K_LEFT):
                step = -1 if event.key == pygame.K_LEFT or event.mod & pygame.KMOD_SHIFT else 1
                self.focus = (self.focus + step) % len(cards)
                return True
            if event.key in (*ui.ENTER_KEYS, pygame.K_SPACE):
                card = cards[self.focus % len(cards)]
                self.click(lay.hit_point(self.layout, card))
                return True
        return False

    def legal_moves(self) -> list[Any]:
        if self.model is None or self.me is None or not lay.can_act(self.model):
            return []
        state = self.engine.from_view(self.model, random.Random(0))
        return state.legal_moves(self.me)

    def clicks_for(self, move: Any) -> list[tuple[int, int]]:
        assert self.model is not None and self.layout is not None
        return lay.clicks_for(self.model, self.layout, move)

    # ------------------------------------------------------------------ frame update

    def update(self, dt: float) -> None:
        speed = self.ctx.speed()
        self.time += dt
        self.tweens.speed = speed
        self.tweens.update(dt)
        self.hold -= dt * speed
        if self.banner is not None:
            self.banner.life += dt * speed
            if self.banner.life > HOLDS["koikoi"]:
                self.banner = None
                self.hold = 0.15
        if self.summary is not None:
            self.summary_left -= dt * speed
            if self.summary_left <= 0:
                self.summary = None
        self.step_queue()
        for popup in self.popups:
            popup.pos.y -= 28 * dt * speed
            popup.alpha -= 150 * dt * speed
        self.popups = [p for p in self.popups if p.alpha > 0]
        self.reason_left -= dt
        legal = (
            lay.legal_cards(self.model, self.selected)
            if self.ready and not self.awaiting and self.model
            else set()
        )
        focus_cards = self.clickable()
        focused = self.keyboard_focus(focus_cards)
        for card, sprite in self.sprites.items():
            target = 0.0
            if (
                card in legal
                and self.layout
                and self.layout.cards.get(card)
                and self.layout.cards[card].zone == "hand"
            ):
                target = lay.LIFT * (2 if card == self.selected else 1)
            if card in (focused, self.hover) and self.layout.cards[card].zone == "hand" and target:
                target += 6
            sprite.lift += (target - sprite.lift) * min(1.0, dt * 14)
            sprite.shake = max(0.0, sprite.shake - dt)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(assets.background(GAME), (0, 0))
        if self.model is None:
            theme.draw_text(surface, "Shuffling…", (640, 360), 36, role="title", anchor="center")
            return
        self.draw_stock(surface)
        self.draw_names(surface)
        self.draw_labels(surface)
        self.draw_cards(surface)
        self.draw_info(surface)
        for popup in self.popups:
            theme.draw_text(
                surface,
                popup.text,
                popup.pos.topleft,
                popup.size,
                popup.color,
                role="title",
                alpha=max(0, int(popup.alpha)),
            )
        if self.reason_left > 0 and self.reason:
            width = theme.text_size(self.reason, 20)[0] + 32
            rect = pygame.Rect(0, 0, width, 34)
            rect.center = (640, 446)
            theme.panel(surface, rect, 235, 10)
            theme.draw_text(surface, self.reason, rect.center, 20, theme.CREAM, anchor="center")
        if self.deciding():
            self.draw_decision(surface)
        if self.banner is not None:
            self.draw_banner(surface)
        if self.summary is not None:
            self.draw_summary(surface)
        self.draw_help_button(surface)
        if self.show_help:
            self.draw_help(surface)

    def draw_stock(self, surface: pygame.Surface) -> None:
        x, y, w, h = lay.STOCK_POS + (lay.card_w(lay.BOARD_H), lay.BOARD_H)
        count = int(self.model.get("stock", 0))
        back = assets.card_back(GAME, height=lay.BOARD_H)
        layers = min(4, max(1, count // 6))
        if count:
            for i in range(layers):
                surface.blit(back, (x - i * 2, y - i * 2))
        theme.draw_text(
            surface, f"Stock {count}", (x + w / 2, y + h + 4), 16, theme.CREAM, anchor="midtop"
        )

    def draw_names(self, surface: pygame.Surface) -> None:
        model = self.model
        bottom, top = lay.seats(model)
        thinking = self.ready and not model.get("over") and model.get("current") != self.me
        for seat, key in ((bottom, "me"), (top, "opp")):
            rect = pygame.Rect(lay.NAME_BOXES[key])
            current = model.get("current") == seat and not model.get("over")
            theme.panel(surface, rect, 210, 12)
            if current:
                pulse = 160 + int(80 * abs(((self.time * 1.5) % 2) - 1))
                pygame.draw.rect(surface, (*theme.GOLD[:3],), rect, 3, border_radius=12)
                del pulse
            name = self.ctx.name_of(seat) + (" (you)" if seat == self.me else "")
            theme.draw_text(surface, name, (rect.x + 14, rect.y + 10), 22, theme.CREAM)
            score = model.get("scores", [0, 0])[seat]
            theme.draw_text(
                surface,
                f"{score} pts",
                (rect.right - 14, rect.y + 10),
                22,
                theme.GOLD,
                anchor="topright",
            )
            parts = []
            if model.get("dealer") == seat:
                parts.append("Dealer")
            total = model.get("totals", [0, 0])[seat]
            if total:
                parts.append(f"yaku {total}")
            calls = model.get("koikoi_calls", [0, 0])[seat]
            if calls:
                parts.append(f"koi-koi x{calls}")
            theme.draw_text(surface, " · ".join(parts), (rect.x + 14, rect.y + 40), 17, theme.MUTED)
            if current:
                if thinking and seat == model.get("current"):
                    dots = "." * (1 + int(self.time * 3) % 3)
                    doing = "thinking" if self.ctx.kind_of(seat) == "bot" else "choosing"
                    label = f"{doing}{dots}"
                else:
                    label = "your turn" if seat == self.me else "to play"
                theme.draw_text(surface, label, (rect.x + 14, rect.y + 64), 17, theme.GOLD)

    def draw_labels(self, surface: pygame.Surface) -> None:
        for (x, y), text, done, size in self.layout.labels:
            color = theme.GOLD if done else theme.CREAM if size > 14 else theme.MUTED
            if done:
                pygame.draw.circle(surface, theme.GOLD, (x + 5, y + size // 2 + 1), 5)
                x += 14
            theme.draw_text(surface, text, (x, y), size, color)

    def _glow(self, surface: pygame.Surface, rect: pygame.Rect, strength: float) -> None:
        alpha = int(90 + 90 * strength) // 15 * 15
        key = ("glow", rect.size, alpha)
        glow = _shadows.get(key)
        if glow is None:
            glow = pygame.Surface((rect.w + 16, rect.h + 16), pygame.SRCALPHA)
            pygame.draw.rect(glow, (*theme.GOLD, alpha // 2), glow.get_rect(), border_radius=12)
            pygame.draw.rect(
                glow, (*theme.GOLD, alpha), glow.get_rect().inflate(-8, -8), border_radius=9
            )
            _shadows[key] = glow
        surface.blit(glow, (rect.x - 8, rect.y - 8))

    def draw_cards(self, surface: pygame.Surface) -> None:
        legal = (
            lay.legal_cards(self.model, self.selected)
            if self.ready and not self.awaiting
            else set()
        )
        focus_cards = self.clickable()
        focused = self.keyboard_focus(focus_cards)
        pulse = 0.5 + 0.5 * abs(((self.time * 1.2) % 2) - 1)
        for sprite in self.backs:
            self.draw_sprite(surface, sprite, False, False)
        hints = self.match_hints(focused)
        ordered = sorted(self.sprites.values(), key=lambda s: (s.moving, s.z))
        for sprite in ordered:
            glow = pulse if sprite.card in legal else 0.15 if sprite.card in hints else None
            self.draw_sprite(surface, sprite, glow is not None, sprite.card == focused, glow or 0.0)

    def keyboard_focus(self, cards: list[int]) -> int | None:
        """The card the keyboard points at (only once the player has used the keys)."""
        if not cards or not self.keys_used:
            return None
        return cards[self.focus % len(cards)]

    def match_hints(self, focused: int | None) -> set[int]:
        """Board cards of the month of the hand card under the mouse (or keyboard focus)."""
        model = self.model
        if (
            not self.ready
            or self.awaiting
            or model.get("phase") != "play"
            or not lay.can_act(model)
        ):
            return set()
        card = self.hover if self.hover is not None else focused
        if card is None or card not in (model.get("hand") or []):
            return set()
        return set(board_matches(list(model.get("board", [])), card))

    def draw_sprite(
        self, surface, sprite: Sprite, glow: bool, focused: bool, pulse: float = 1.0
    ) -> None:
        rect = pygame.Rect(
            round(sprite.rect.x),
            round(sprite.rect.y - sprite.lift),
            round(sprite.rect.w),
            round(sprite.rect.h),
        )
        if sprite.shake > 0:
            rect.x += round(8 * shake(1 - sprite.shake / 0.4))
        surface.blit(
            card_shadow(rect.size, sprite.moving),
            (rect.x + (6 if sprite.moving else 3), rect.y + (8 if sprite.moving else 4)),
        )
        if glow:
            self._glow(surface, rect, pulse)
        if focused:
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(10, 10), 3, border_radius=10)
        # Cards in flight change size every frame: draw from the nearest cached size and
        # scale that, so the loader caches only the few sizes the table uses.
        height = next((h for h in DRAW_HEIGHTS if h >= rect.h), DRAW_HEIGHTS[-1])
        if sprite.shows_face and sprite.card is not None:
            image = assets.card_image(GAME, sprite.card, height=height)
        else:
            image = assets.card_back(GAME, height=height)
        squash = flip_squash(sprite.flip) if sprite.flip < 1.0 else 1.0
        if squash < 0.999 or image.get_size() != rect.size:
            width = max(1, round(rect.w * squash))
            image = pygame.transform.scale(image, (width, rect.h))
            surface.blit(image, (rect.centerx - width // 2, rect.y))
        else:
            surface.blit(image, rect)

    def draw_info(self, surface: pygame.Surface) -> None:
        model = self.model
        rounds = model.get("options", {}).get("rounds", 1)
        text = f"Deal {model.get('deal', 1)}/{rounds}  ·  Turn {model.get('turn', 1)}/16"
        theme.draw_text(surface, text, (1200, 690), 18, theme.CREAM, anchor="midright")
        y = 586
        for i, line in enumerate(self.log):
            fresh = i == len(self.log) - 1
            size = 15 if theme.text_size(line, 15)[0] <= 262 else 13
            theme.draw_text(surface, line, (18, y), size, theme.CREAM if fresh else theme.MUTED)
            y += 19
        theme.draw_text(
            surface, "F1 help  ·  Esc leave", (18, 700), 13, theme.MUTED, anchor="midleft"
        )
        if model.get("phase") == "draw_choice" and lay.can_act(model) and self.ready:
            theme.draw_text(
                surface,
                "Click the glowing card the drawn card takes",
                (640, 444),
                20,
                theme.GOLD,
                anchor="center",
            )
        elif self.selected is not None and self.ready:
            theme.draw_text(
                surface,
                "Two cards match: click the one to take",
                (640, 444),
                20,
                theme.GOLD,
                anchor="center",
            )

    def draw_help_button(self, surface: pygame.Surface) -> None:
        rect = pygame.Rect(lay.HELP_BUTTON)
        pygame.draw.circle(surface, theme.PANEL, rect.center, rect.w // 2)
        pygame.draw.circle(surface, theme.PANEL_EDGE, rect.center, rect.w // 2, 2)
        theme.draw_text(surface, "?", rect.center, 28, theme.CREAM, role="title", anchor="center")

    def draw_decision(self, surface: pygame.Surface) -> None:
        model = self.model
        me = self.me
        theme.dim(surface, 90)
        rect = pygame.Rect(lay.DIALOG)
        theme.panel(surface, rect, 252, 16)
        theme.draw_text(
            surface,
            "You made yaku!",
            (rect.centerx, rect.y + 18),
            34,
            theme.GOLD,
            role="title",
            anchor="midtop",
        )
        y = rect.y + 70
        for yaku_id, points in model.get("yaku", [[], []])[me]:
            theme.draw_text(surface, YAKU_NAMES.get(yaku_id, yaku_id), (rect.x + 40, y), 22)
            theme.draw_text(
                surface, str(points), (rect.right - 40, y), 22, theme.GOLD, anchor="topright"
            )
            y += 28
        total = model.get("totals", [0, 0])[me]
        opp_called = model.get("koikoi_calls", [0, 0])[1 - me] > 0
        points = stop_points(total, model.get("options", {}).get("ruleset", "cardavia"), opp_called)
        top = lay.DECISION_BUTTONS["stop"][1]
        theme.draw_text(surface, "Total", (rect.x + 40, y + 4), 22, theme.GOLD)
        theme.draw_text(
            surface, str(total), (rect.right - 40, y + 4), 22, theme.GOLD, anchor="topright"
        )
        theme.draw_text(
            surface,
            f"Stop now for {points} points, or call Koi-Koi and play on.",
            (rect.centerx, top - 34),
            18,
            theme.MUTED,
            anchor="midbottom",
        )
        opp_total = model.get("totals", [0, 0])[1 - me]
        if opp_total:
            warning = f"Careful: {self.ctx.name_of(1 - me)} already holds yaku worth {opp_total}."
            theme.draw_text(
                surface, warning, (rect.centerx, top - 12), 16, theme.WARN, anchor="midbottom"
            )
        self.decision.draw(surface)

    def draw_banner(self, surface: pygame.Surface) -> None:
        banner = self.banner
        theme.dim(surface, 70)
        grow = min(1.0, banner.life * 4)
        band = pygame.Rect(0, 0, 1280, int(190 * grow))
        band.center = (640, 340)
        strip = pygame.Surface(band.size, pygame.SRCALPHA)
        strip.fill((120, 24, 20, 215))
        surface.blit(strip, band)
        pygame.draw.line(surface, theme.GOLD, band.topleft, band.topright, 3)
        pygame.draw.line(surface, theme.GOLD, band.bottomleft, band.bottomright, 3)
        text = theme.render_text(banner.text, 96, banner.color, "title")
        scale = max(0.05, banner.scale)
        size = (max(1, int(text.get_width() * scale)), max(1, int(text.get_height() * scale)))
        shadow = pygame.transform.smoothscale(
            theme.render_text(banner.text, 96, theme.SHADOW, "title"), size
        )
        image = pygame.transform.smoothscale(text, size)
        rect = image.get_rect(center=(640, 320))
        surface.blit(shadow, rect.move(5, 6))
        surface.blit(image, rect)
        if banner.sub:
            theme.draw_text(
                surface, banner.sub, (640, rect.bottom + 12), 26, theme.CREAM, anchor="midtop"
            )

    def draw_summary(self, surface: pygame.Surface) -> None:
        ev = self.summary
        theme.dim(surface, 110)
        rect = pygame.Rect(340, 170, 600, 330)
        theme.panel(surface, rect, 245, 16)
        rounds = self.model.get("options", {}).get("rounds", 1)
        theme.draw_text(
            surface,
            f"Deal {ev.get('deal')} of {rounds}",
            (rect.centerx, rect.y + 18),
            34,
            theme.GOLD,
            role="title",
            anchor="midtop",
        )
        winner = ev.get("winner")
        how = ev.get("how")
        if winner is None:
            line = "Drawn deal: nobody scores (K-33)."
        else:
            points = ev.get("points", [0, 0])[winner]
            who = "You win" if winner == self.me else f"{self.ctx.name_of(winner)} wins"
            line = f"{who} {points} points" + (f" with {how}" if how not in ("stop", None) else "")
        theme.draw_text(surface, line, (rect.centerx, rect.y + 74), 26, anchor="midtop")
        y = rect.y + 118
        for yaku_id, points in ev.get("yaku", []):
            theme.draw_text(
                surface, YAKU_NAMES.get(yaku_id, str(yaku_id).capitalize()), (rect.x + 120, y), 20
            )
            theme.draw_text(
                surface, str(points), (rect.right - 120, y), 20, theme.GOLD, anchor="topright"
            )
            y += 26
        scores = ev.get("scores", [0, 0])
        bottom, top = lay.seats(self.model)
        totals = (
            f"{self.ctx.name_of(bottom)} {scores[bottom]}  —  {self.ctx.name_of(top)} {scores[top]}"
        )
        theme.draw_text(
            surface, totals, (rect.centerx, rect.bottom - 70), 22, theme.CREAM, anchor="midtop"
        )
        theme.draw_text(
            surface,
            "click to continue",
            (rect.centerx, rect.bottom - 34),
            16,
            theme.MUTED,
            anchor="midtop",
        )

    def draw_help(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 170)
        rect = pygame.Rect(190, 80, 900, 560)
        theme.panel(surface, rect, 248, 16)
        theme.draw_text(
            surface,
            self.help_title,
            (rect.centerx, rect.y + 20),
            36,
            theme.GOLD,
            role="title",
            anchor="midtop",
        )
        y = rect.y + 80
        for line in theme.wrap(self.help_text, 21, rect.w - 80):
            theme.draw_text(surface, line, (rect.x + 40, y), 21)
            y += 28 if line else 12
        theme.draw_text(
            surface,
            "press any key or click to close",
            (rect.centerx, rect.bottom - 34),
            16,
            theme.MUTED,
            anchor="midtop",
        )


TABLE = KoiKoiTable
