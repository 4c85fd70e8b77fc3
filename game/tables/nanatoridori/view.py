"""The Nanatoridori table view: how its events animate, picking sets and gaps, its panels.

The table machinery — the event queue, sprites tweening to the layout, banners, panels, help,
keyboard focus — is the kit's (:class:`game.tables.kit.KitTable`). Here: each host event changes
the model (a Nanatoridori view dict) and the :class:`~game.tables.nanatoridori.tracking.Tracker`
of card identities; the pure layout says where every card goes; the picker turns clicks, hovers
and drags along a block of equal cards into a play (N-9 to N-12, N-28) and a gap into an insert
(N-13, N-15, N-29); the round summary shows the finishing order and the penguin lost or the
points scored (N-19 to N-25, N-32).
"""

from __future__ import annotations

import copy
from collections.abc import Hashable
from typing import Any

import pygame

from engines.nanatoridori.rules import PENGUINS
from game import assets, theme, ui
from game.tables.base import ResultSheet, TableContext
from game.tables.kit import KitTable, Panel, Place, draw_seat_badge
from game.tables.kit.geometry import LIFT, Rect, center, contains
from game.tables.nanatoridori import layout as lay
from game.tables.nanatoridori import picking
from game.tables.nanatoridori.picking import Pick
from game.tables.nanatoridori.tracking import Tracker
from game.tween import back_out, ease_out

GAME = "nanatoridori"

HOLDS = {  # seconds the table lingers on an event before the next (at animation speed 1)
    "deal": 0.9,
    "hand": 0.7,
    "play": 0.5,
    "choose": 0.25,
    "pass": 0.3,
    "draw": 0.45,
    "drew": 0.2,
    "insert": 0.45,
    "discard": 0.4,
    "clear": 0.55,
    "out": 0.8,
    "eliminated": 1.0,
    "round_end": 0.2,
    "game_end": 0.3,
}
ROUND_SECONDS = 6.0  # the round summary stays this long unless clicked away
PENGUIN_FALL = 1.4  # seconds the lost penguin takes to slide off

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
KIND_WORDS = {"take": "the beaten set", "draw": "the drawn card", "reserve": "the reserve card"}

HELP_RULES = """Play ever bigger sets and be rid of your cards first. You may never rearrange your hand: a set is a block of equal cards side by side in it.

Your turn: beat the set in the middle or pass. More cards beat fewer; with as many cards the higher number wins. An empty middle: lead any set. To play, click the first card of a glowing block, move along it and click its last card (or the same card again, or Play).

Beat a set and you take it into any gap of your hand (glue it to equal cards to grow a set) or discard it. When all the others have passed, the set is cleared and its owner leads. Other hands show what the table knows: taken sets face up, a dot where a drawn card went. Click the discard pile to count it."""

HELP_STANDARD = """Pass: draw the top card and put it into a gap, or discard it. The last player still holding cards loses the round."""

HELP_DUEL = """Duel: 11 cards each and two face-up reserve cards, no draw pile. Click reserve cards of your set's number to add them to a play. To pass, click a reserve card, then Pass, and put it into a gap or discard it; one pass clears the set. With no reserve card you must play, and if you cannot you are eliminated. The first to empty their hand wins the round."""

HELP_BASIC = """Basic scoring: the round's loser loses a penguin. Whoever loses their second penguin loses the game; everyone else wins."""

HELP_ADVANCED = """Advanced scoring: first out 4 points, the loser 0, everyone else 2. At 10 points the game ends: {win}."""

HELP_KEYS = """Keys: arrows or Tab move between glowing cards and gaps, Enter clicks, Backspace or a right click drops a pick, F1 help, Esc leave."""

_tokens: dict[tuple, pygame.Surface] = {}


def penguin(size: int, lost: bool = False, alpha: int = 255) -> pygame.Surface:
    """The penguin token (a life, N-2) at ``size`` pixels and ``alpha`` (in steps of 15),
    cached."""
    name = "penguin_lost" if lost else "penguin"
    alpha = alpha // 15 * 15
    image = _tokens.get((name, size, alpha))
    if image is None:
        image = pygame.transform.smoothscale(assets.token(GAME, name), (size, size))
        if alpha < 255:
            image.set_alpha(alpha)
        _tokens[(name, size, alpha)] = image
    return image


def shade(size: tuple[int, int]) -> pygame.Surface:
    """A translucent veil (the duel's set-aside cards are out of the game, N-27), cached."""
    image = _tokens.get(("shade", *size))
    if image is None:
        image = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(image, (20, 30, 50, 120), image.get_rect(), border_radius=8)
        _tokens[("shade", *size)] = image
    return image


def _shift(indices: list[int], at: int, delta: int) -> list[int]:
    """Hand positions after ``delta`` cards are inserted at ``at`` (or ``-delta`` removed)."""
    if delta >= 0:
        return [i if i < at else i + delta for i in indices]
    gone = range(at, at - delta)
    return [i if i < at else i + delta for i in indices if i not in gone]


def help_text_for(options: dict[str, Any], duel: bool) -> str:
    parts = [HELP_RULES, HELP_DUEL if duel else HELP_STANDARD]
    if options.get("scoring") == "advanced":
        win = (
            "only the highest total wins"
            if options.get("advanced_win") == "highest"
            else "everyone at 10 or more wins"
        )
        parts.append(HELP_ADVANCED.format(win=win))
    else:
        parts.append(HELP_BASIC)
    parts.append(HELP_KEYS)
    return "\n".join(parts)


class NanatoridoriTable(KitTable):
    game = GAME
    help_title = "How to play Nanatoridori"
    holds = HOLDS
    card_heights = lay.HEIGHTS
    lift_zones = ("hand",)

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.tracker = Tracker()
        self.layout: lay.Layout | None = None
        self.pick = Pick()
        self.gap: int | None = None  # the gap under the mouse while placing
        self.dragging = False
        self.resyncs = 0  # settles whose card keys had to be rebuilt (never, if events suffice)
        self.fall = 0.0  # the lost penguin's slide (0..1) in the round summary
        self.mouse: tuple[float, float] = (-1, -1)
        self._legal: tuple[Any, set[Hashable]] = (None, set())

    @property
    def help_text(self) -> str:  # type: ignore[override]
        model = self.model or {}
        return help_text_for(model.get("options", {}), lay.is_duel(model) if model else False)

    # ------------------------------------------------------------------ layout

    def placing(self) -> bool:
        return self.acting() and self.model.get("phase") == "place"

    def picking_now(self) -> bool:
        return self.acting() and self.model.get("phase") == "play"

    def places(self) -> list[Place]:
        assert self.model is not None
        gap = self.gap if self.placing() else None
        self.layout = lay.compute(self.model, self.tracker, gap)
        return self.layout.places

    def deck_rect(self) -> Rect:
        return lay.deck_rect()

    # ------------------------------------------------------------------ host input

    def on_snapshot(self, view: dict[str, Any]) -> None:
        self.tracker.reset(view)
        self.pick, self.gap = Pick(), None
        fresh = (
            not view.get("discard")
            and view.get("area") is None
            and not view.get("finish")
            and not view.get("over")
        )
        if fresh:  # a round just dealt: deal it out
            self.relayout(stagger=0.03, duration=0.4)
            self.hold = 0.9
            self.ctx.sound("shuffle")
        else:
            super().on_snapshot(view)

    def settle(self, view: dict[str, Any]) -> None:
        self.model = copy.deepcopy(view)
        if not self.tracker.sync(view):
            self.resyncs += 1
        self.relayout()

    def animate(self, ev: dict[str, Any]) -> None:
        handler = getattr(self, f"_on_{ev.get('e')}", None)
        if handler is not None:
            handler(self.model, ev)

    def _on_deal(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        counts = list(ev["hand_counts"])
        n = len(counts)
        m.update(
            round=ev["round"],
            starter=ev["starter"],
            hand_counts=counts,
            pile=ev["pile"],
            aside=ev["aside"],
            reserves=[list(r) for r in ev["reserves"]],
            area=None,
            passes=0,
            pending=None,
            discard=[],
            out=[False] * n,
            finish=[],
            public_hands=[[None] * c for c in counts],
            drawn=[[] for _ in range(n)],
            phase="play",
        )
        if m.get("seat") is not None:
            m["hand"] = []
        self.tracker.deal(counts, [len(r) for r in ev["reserves"]], m.get("seat"))
        self.pick, self.gap = Pick(), None
        self.stage.clear()
        self.ctx.sound("shuffle")
        self.relayout(stagger=0.025, duration=0.4)

    def _on_hand(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        if ev["seat"] != m.get("seat"):
            return
        m["hand"] = list(ev["cards"])
        self.tracker.hand(ev["seat"], len(ev["cards"]))
        self.relayout(stagger=0.04, duration=0.45)

    def _on_turn(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        m.update(current=ev["seat"], to_move=[ev["seat"]], phase="play", pending=None)
        self.pick, self.gap = Pick(), None

    def _on_play(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        seat, start, length = ev["seat"], ev["start"], ev["length"]
        value, extra, beat = ev["value"], ev.get("reserve", 0), ev.get("beat")
        slots = lay.reserve_slots(m["reserves"][seat], value, extra)
        self.tracker.play(seat, start, length, slots, beat[1] if beat else None)
        m["reserves"][seat] = [v for i, v in enumerate(m["reserves"][seat]) if i not in slots]
        if seat == m.get("seat"):
            del m["hand"][start : start + length]
        m["hand_counts"][seat] -= length
        del m["public_hands"][seat][start : start + length]
        m["drawn"][seat] = _shift(m["drawn"][seat], start, -length)
        m["area"] = {"count": ev["count"], "value": value, "owner": seat}
        m["passes"] = 0
        self.ctx.sound("flick")
        self.relayout(duration=0.4)

    def _on_choose(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        cards = list(ev["cards"])
        m.update(phase="place", current=ev["seat"], to_move=[ev["seat"]])
        m["pending"] = {"kind": ev["kind"], "count": len(cards), "cards": cards}
        self.tracker.choose()
        self.relayout()

    def _on_pass(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        seat = ev["seat"]
        self.badge_popup(seat, "pass", theme.CREAM)
        if "card" in ev:  # N-29: a reserve card is spent
            slot = m["reserves"][seat].index(ev["card"])
            self.tracker.spend(seat, slot)
            del m["reserves"][seat][slot]
            m["pending"] = {"kind": "reserve", "count": 1, "cards": [ev["card"]]}
            m["phase"] = "place"
            self.relayout()
        elif not m.get("pile"):
            m["passes"] += 1  # N-15: nothing to draw, the pass is complete
        self.ctx.sound("click")

    def _on_draw(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        m["pile"] = ev["pile"]
        m["pending"] = {"kind": "draw", "count": 1, "cards": None}
        m["phase"] = "place"
        self.tracker.draw()
        self.ctx.sound("flick")
        self.relayout()

    def _on_drew(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        if m.get("pending"):
            m["pending"]["cards"] = [ev["card"]]
        self.relayout()

    def _on_insert(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        seat, gap, kind = ev["seat"], ev["gap"], ev["kind"]
        pending = m.get("pending") or {"count": len(ev.get("cards", [])), "cards": None}
        count = pending["count"]
        cards = ev.get("cards") or pending.get("cards")
        if seat == m.get("seat") and cards is not None:
            m["hand"][gap:gap] = list(cards)
        m["hand_counts"][seat] += count
        m["public_hands"][seat][gap:gap] = [None] * count if kind == "draw" else list(ev["cards"])
        drawn = _shift(m["drawn"][seat], gap, count)
        m["drawn"][seat] = sorted(drawn + [gap]) if kind == "draw" else drawn
        m.update(pending=None, phase="play")
        if kind != "take":
            m["passes"] += 1  # N-15, N-29: the pass is complete once the card is placed
        self.tracker.insert(seat, gap)
        self.gap = None
        self.ctx.sound("place")
        self.relayout(ease=back_out, duration=0.4)

    def _on_discard(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        m["discard"] += list(ev["cards"])
        m["pending"] = None
        m["phase"] = "play"
        if ev.get("from") != "beaten":
            m["passes"] += 1
        self.tracker.discard_waiting()
        self.gap = None
        self.ctx.sound("place")
        self.relayout()

    def _on_clear(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        m["discard"] += list(ev["cards"])
        m.update(area=None, passes=0)
        self.tracker.clear()
        self.ctx.sound("capture")
        self.relayout(duration=0.45)

    def _on_out(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        seat = ev["seat"]
        m["out"][seat] = True
        m["finish"].append(seat)
        self.badge_popup(seat, f"out {ORDINALS[ev['place'] - 1]}!", theme.GOLD)
        self.ctx.sound("round_won" if seat == self.me else "place")

    def _on_eliminated(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        self.badge_popup(ev["seat"], "eliminated", theme.WARN)
        self.ctx.sound("fool")

    def _on_round_end(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        entry = {k: v for k, v in ev.items() if k != "e"}
        m.setdefault("history", []).append(entry)
        if "penguins" in ev:
            m["penguins"] = list(ev["penguins"])
            m["scores"] = list(ev["penguins"])
        else:
            m["points"] = list(ev["totals"])
            m["scores"] = list(ev["totals"])
        m["starter"] = ev["loser"]
        m["to_move"] = []  # nobody moves until the next deal (or the game is over)
        self.show_round(entry)
        loser_is_me = ev["loser"] == self.me
        self.ctx.sound("fool" if loser_is_me or "penguins" in ev else "round_won")

    def _on_game_end(self, m: dict[str, Any], ev: dict[str, Any]) -> None:
        winners = list(ev["winners"])
        m.update(over=True, phase="over", to_move=[], winners=winners, scores=list(ev["scores"]))
        names = [self.ctx.name_of(w) for w in winners]
        if self.me is not None and self.me in winners:
            title = "You win!" if len(winners) == 1 else "You share the win!"
        else:
            title = "Game over"
        self.show_banner(title, "Winners: " + ", ".join(names), theme.GOLD, seconds=2.2)
        if self.me is not None:
            self.ctx.sound("game_won" if self.me in winners else "game_lost")

    def describe(self, ev: dict[str, Any]) -> str:
        """One line for the move log."""
        e, seat = ev.get("e"), ev.get("seat")
        who = "You" if seat is not None and seat == self.me else self.ctx.name_of(seat)
        if e == "play":
            line = f"{who}: play {picking.set_digits(ev['count'], ev['value'])}"
            if ev.get("reserve"):
                line += f" ({ev['reserve']} from reserve)"
            if ev.get("beat"):
                line += f", beats {picking.set_digits(*ev['beat'])}"
            return line
        if e == "pass":
            return f"{who}: pass" + (f", spends reserve {ev['card']}" if "card" in ev else "")
        if e == "draw":
            return "    draws a card"
        if e == "drew":
            return f"    it is a {ev['card']}"
        if e == "insert":
            what = "the card" if ev["kind"] == "draw" else "".join(map(str, ev["cards"]))
            return f"    keeps {what} (gap {ev['gap']})"
        if e == "discard":
            return f"    discards {''.join(map(str, ev['cards']))}"
        if e == "clear":
            return "    all passed: set cleared"
        if e == "out":
            return f"{who} {'are' if who == 'You' else 'is'} out ({ORDINALS[ev['place'] - 1]})"
        if e == "eliminated":
            return f"{who} cannot play or pass: eliminated"
        if e == "deal":
            return f"Round {ev['round']}"
        return ""

    # ------------------------------------------------------------------ picking

    def my_reserve(self) -> list[int]:
        model = self.model or {}
        me = model.get("seat")
        return list(model["reserves"][me]) if me is not None and lay.is_duel(model) else []

    def hand_index(self, key: Hashable) -> int | None:
        if self.layout is None or key not in self.layout.hand_keys:
            return None
        return self.layout.hand_keys.index(key)

    def pick_state(self) -> tuple[dict[str, Any] | None, str]:
        """The play the current pick makes, or why not."""
        model = self.model
        return picking.pick_move(model["hand"], model.get("area"), self.my_reserve(), self.pick)

    def grow_pick(self, key: Hashable) -> None:
        index = self.hand_index(key)
        if index is not None and self.pick.anchor is not None and self.picking_now():
            self.pick = self.pick.grow(self.model["hand"], index)

    def set_gap(self, gap: int | None) -> None:
        if gap != self.gap:
            self.gap = gap
            if self.placing():
                self.relayout(duration=0.12)

    def on_submit(self, move: Any) -> None:
        self.pick, self.gap, self.dragging = Pick(), None, False

    def on_select(self, click) -> None:
        key = click.key
        if key == lay.PILE_KEY:
            self.show_discard()
            return
        self.pick = lay.select(self.layout, self.pick, key)
        self.dragging = key in self.layout.hand_keys
        self.ctx.sound("click")

    def on_nothing(self, click) -> None:
        self.pick = Pick()

    def resolve_click(self, pos: tuple[float, float]):
        assert self.model is not None and self.layout is not None
        return lay.resolve_click(self.model, self.layout, pos, self.pick)

    def handle_table(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION and self.layout is not None:
            self.mouse = event.pos
            if self.placing():
                self.set_gap(lay.gap_at(self.layout, event.pos))
            elif self.picking_now():
                self.pick = lay.hover(self.model, self.layout, self.pick, event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            dragged = self.dragging and self.pick.anchor != self.pick.end
            self.dragging = False
            if dragged and self.layout is not None:
                key = lay.key_at(self.layout, event.pos)
                if self.hand_index(key) is not None:
                    self.click(event.pos)  # a drag across a block plays it
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.pick = Pick()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.pick = Pick()
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        used = super().handle_key(event)
        focused = self.keyboard_focus()
        if isinstance(focused, tuple) and focused[0] == "gap":
            self.set_gap(focused[1])
        elif focused is not None:
            self.grow_pick(focused)
        return used

    def legal_keys(self) -> set[Hashable]:
        """Cards that glow: the hand cards of legal plays and usable reserve cards; while
        placing, the run the waiting cards would join at the gap under the mouse."""
        if self.model is None or self.layout is None or not self.acting():
            return set()
        memo = (id(self.layout), self.pick, self.model.get("phase"))
        if self._legal[0] != memo:  # asked for every sprite, every frame
            self._legal = (memo, self._legal_now())
        return self._legal[1]

    def _legal_now(self) -> set[Hashable]:
        if self.model.get("phase") == "place":
            return set(self.layout.preview)
        keys = {self.layout.hand_keys[i] for i in lay.legal_hand(self.model)}
        if self.my_reserve():
            keys |= set(self.layout.reserve_keys.get(self.layout.bottom, []))
        return keys

    def clickable(self) -> list[Hashable]:
        """What the keys move between: gaps and Discard while placing; the glowing cards, the
        reserve, Play and Pass while choosing."""
        if not self.acting() or self.layout is None:
            return []
        if self.model.get("phase") == "place":
            return [lay.gap_key(g) for g in range(len(self.layout.gaps))] + [lay.ACTION_KEY]
        legal = self.legal_keys()
        keys = [k for k in self.layout.hand_keys if k in legal]
        keys += self.layout.reserve_keys.get(self.layout.bottom, [])
        if self.pick.block is not None:
            keys.append(lay.PLAY_KEY)
        if lay.may_pass(self.model)[0]:
            keys.append(lay.ACTION_KEY)
        return keys

    def point_of(self, key: Hashable) -> tuple[int, int]:
        if key == lay.ACTION_KEY:
            return center(lay.ACTION_BUTTON)
        if key == lay.PLAY_KEY:
            return center(lay.PLAY_BUTTON)
        if isinstance(key, tuple) and key[0] == "gap":
            return center(self.layout.gaps[key[1]])
        index = self.hand_index(key)
        if index is not None:
            return lay.hand_point(self.layout, index)
        return super().point_of(key)

    def lift_target(self, key, place: Place, legal: set, focused) -> float:
        if place.zone == "reserve" and self.picking_now():
            slots = self.layout.reserve_keys.get(self.layout.bottom, [])
            chosen = key in slots and slots.index(key) in self.pick.reserve
            return LIFT * 1.5 if chosen else 0.0
        if place.zone != "hand":
            return 0.0
        index = self.hand_index(key)
        if index is not None and index in self.pick.indices() and self.picking_now():
            return LIFT * 2
        if key not in legal:
            return 0.0
        return LIFT + (6 if key in (focused, self.hover) else 0)

    def dimmed(self, sprite) -> bool:
        """Your cards that cannot be part of a legal play stay dark on your turn."""
        if not self.picking_now() or self.model.get("area") is None:
            return False
        place = self.place_of(sprite.key)
        return place is not None and place.zone == "hand" and sprite.key not in self.legal_keys()

    def clicks_for(self, move: Any) -> list[tuple[int, int]]:
        assert self.model is not None and self.layout is not None
        return lay.clicks_for(self.model, self.layout, move)

    # ------------------------------------------------------------------ effects and panels

    def badge_popup(self, seat: int, text: str, color) -> None:
        if self.layout is None:
            return
        x, y, w, _h = self.layout.ring[seat].badge
        self.popup(text, (x + w - 70, y + 34), color, 24)

    def show_round(self, entry: dict[str, Any]) -> None:
        """The round summary (N-22 to N-25, N-32): the finishing order, the penguin lost or the
        points, the standings."""
        self.fall = 0.0
        self.tweens.value(self, "fall", 1.0, PENGUIN_FALL, ease=ease_out, delay=0.5)
        players = self.model["players"]
        height = 200 + 38 * players
        self.panel = Panel(
            f"Round {entry['round']}",
            lambda surface, rect: self.draw_round(surface, rect, entry),
            rect=(330, 350 - height / 2, 620, height),
            seconds=ROUND_SECONDS,
        )

    def standing(self, entry: dict[str, Any]) -> list[tuple[int, str]]:
        """Seats in finishing order with their place: "1st", "2nd" …, then the loser."""
        order = [s for s in entry["finish"] if s != entry["loser"]]
        players = self.model["players"]
        order += [s for s in range(players) if s not in order and s != entry["loser"]]
        rows = [(s, ORDINALS[i] if s in entry["finish"] else "safe") for i, s in enumerate(order)]
        last = "eliminated" if entry.get("how") == "eliminated" else "last"
        return [*rows, (entry["loser"], last)]

    def draw_round(self, surface: pygame.Surface, rect: pygame.Rect, entry: dict[str, Any]) -> None:
        loser = entry["loser"]
        name = "You" if loser == self.me else self.ctx.name_of(loser)
        if "penguins" in entry:
            line = f"{name} {'lose' if name == 'You' else 'loses'} a penguin"
        else:
            line = f"{name} {'score' if name == 'You' else 'scores'} nothing this round"
        theme.draw_text(surface, line, (rect.centerx, rect.y + 64), 22, anchor="midtop")
        y = rect.y + 104
        for seat, place in self.standing(entry):
            color = theme.WARN if seat == loser else theme.CREAM
            theme.draw_text(surface, place, (rect.x + 40, y), 20, color)
            label = self.ctx.name_of(seat) + (" (you)" if seat == self.me else "")
            theme.draw_text(surface, label, (rect.x + 150, y), 20, color)
            if "penguins" in entry:
                self.draw_penguins(
                    surface,
                    (rect.right - 150, y - 4),
                    entry["penguins"][seat],
                    falling=seat == loser,
                )
            else:
                points = entry["points"][seat]
                theme.draw_text(
                    surface,
                    f"+{points}" if points else "0",
                    (rect.right - 170, y),
                    20,
                    theme.GOLD if points else theme.MUTED,
                    anchor="topright",
                )
                theme.draw_text(
                    surface,
                    str(entry["totals"][seat]),
                    (rect.right - 50, y),
                    20,
                    theme.GOLD,
                    anchor="topright",
                )
            y += 38
        if "totals" in entry:
            theme.draw_text(
                surface,
                "points   total",
                (rect.right - 50, rect.y + 84),
                15,
                theme.MUTED,
                anchor="topright",
            )
        if not self.model.get("over"):
            nxt = "You start" if loser == self.me else f"{self.ctx.name_of(loser)} starts"
            theme.draw_text(
                surface,
                f"{nxt} the next round",
                (rect.centerx, y + 6),
                17,
                theme.MUTED,
                anchor="midtop",
            )

    def draw_penguins(
        self, surface: pygame.Surface, pos, left: int, falling: bool = False, size: int = 28
    ) -> None:
        """Penguins left (N-2, N-23): live ones, then lost ones greyed; the one just lost
        slides off while the summary shows."""
        x, y = pos
        for i in range(PENGUINS):
            alive = i < left
            surface.blit(penguin(size, lost=not alive), (x + i * (size + 4), y))
            if falling and i == left and self.fall < 1:
                ghost = penguin(size, alpha=round(255 * (1 - self.fall)))
                surface.blit(ghost, (x + i * (size + 4), y + 40 * self.fall))

    def show_discard(self) -> None:
        """N-7: the discard pile, by value, with what you have not seen yet."""
        self.panel = Panel(
            "The discard pile", self.draw_discard, rect=(250, 190, 780, 330), hint="click to close"
        )

    def draw_discard(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        counts = lay.value_counts(self.model)
        h = 96
        w = lay.card_w(h)
        step = (rect.w - 80) / 7
        for value in range(1, 8):
            x = rect.x + 40 + (value - 1) * step + (step - w) / 2
            image = assets.card_image(GAME, value, height=h)
            surface.blit(image, (x, rect.y + 70))
            cx = x + w / 2
            shown, unseen = counts["discard"][value], counts["unseen"][value]
            theme.draw_text(
                surface, f"× {shown}", (cx, rect.y + 172), 22, theme.GOLD, anchor="midtop"
            )
            theme.draw_text(
                surface, f"{unseen} unseen", (cx, rect.y + 202), 15, theme.MUTED, anchor="midtop"
            )
        theme.draw_text(
            surface,
            f"{len(self.model.get('discard', []))} cards discarded; 'unseen' counts the cards of "
            "each number you have not seen anywhere",
            (rect.centerx, rect.y + 236),
            15,
            theme.MUTED,
            anchor="midtop",
        )

    # ------------------------------------------------------------------ drawing

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_middle(surface)
        self.draw_badges(surface)
        self.draw_cards(surface, self.dimmed)
        self.draw_marks(surface)
        self.draw_controls(surface)
        self.log.draw(surface, (18, 596), width=236)
        model = self.model
        options = model.get("options", {})
        scoring = "points" if options.get("scoring") == "advanced" else "penguins"
        mode = " · duel" if lay.is_duel(model) else ""
        info = f"Round {model.get('round', 1)} · {scoring}{mode} · F1 help"
        theme.draw_text(surface, info, (18, 706), 14, theme.MUTED, anchor="midleft")

    def draw_middle(self, surface: pygame.Surface) -> None:
        model = self.model
        x, y, w, h = lay.deck_rect()
        duel = lay.is_duel(model)
        count = model.get("aside", 0) if duel else model.get("pile", 0)
        if count:
            back = assets.card_back(GAME, height=lay.MID_H)
            for i in range(min(4, max(1, count // 8))):
                surface.blit(back, (x - i * 2, y - i * 2))
                if duel:
                    surface.blit(shade(back.get_size()), (x - i * 2, y - i * 2))
        else:
            pygame.draw.rect(surface, theme.CREAM, (x, y, w, h), 2, border_radius=8)
        label = f"Set aside {count}" if duel else (f"Draw pile {count}" if count else "Pile empty")
        theme.draw_text(surface, label, (x + w / 2, y + h + 8), 16, theme.CREAM, anchor="midtop")
        dx, dy, dw, dh = self.layout.discard_pile
        discard = model.get("discard", [])
        if not discard:
            pygame.draw.rect(surface, theme.CREAM, (dx, dy, dw, dh), 2, border_radius=8)
        theme.draw_text(
            surface,
            f"Discard {len(discard)}",
            (dx + dw / 2, dy + dh + 8),
            16,
            theme.CREAM,
            anchor="midtop",
        )
        if discard:
            theme.draw_text(
                surface,
                "click to look",
                (dx + dw / 2, dy + dh + 28),
                14,
                theme.MUTED,
                anchor="midtop",
            )
        self.draw_area_labels(surface)
        self.draw_reserve_labels(surface)

    def draw_reserve_labels(self, surface: pygame.Surface) -> None:
        """N-27: "reserve" under each other seat's face-up reserve cards."""
        for seat, keys in self.layout.reserve_keys.items():
            place = self.place_of(keys[0]) if keys else None
            if seat == self.layout.bottom or place is None:
                continue
            x, y, _w, h = place.rect
            theme.draw_text(surface, "reserve", (x, y + h + 4), 14, theme.CREAM)

    def draw_area_labels(self, surface: pygame.Surface) -> None:
        model = self.model
        area = model.get("area")
        cx, top, bottom = lay.CENTRE_X, lay.MID_Y - 10, lay.MID_Y + lay.MID_H + 8
        if area is None:
            w = lay.card_w(lay.MID_H)
            outline = pygame.Rect(cx - w / 2, lay.MID_Y, w, lay.MID_H)
            pygame.draw.rect(surface, theme.CREAM, outline, 2, border_radius=8)
            leader = model.get("current")
            if not model.get("over") and leader is not None:
                who = "You lead" if leader == self.me else f"{self.ctx.name_of(leader)} leads"
                theme.draw_text(surface, who, (cx, top), 20, theme.CREAM, anchor="midbottom")
            return
        owner = area["owner"]
        who = "You" if owner == self.me else self.ctx.name_of(owner)
        text = f"{who} played {picking.set_words(area['count'], area['value'])}"
        theme.draw_text(surface, text, (cx, top), 20, theme.CREAM, anchor="midbottom")
        passed = lay.passers(model)
        if passed:
            names = ", ".join("you" if s == self.me else self.ctx.name_of(s) for s in passed)
            theme.draw_text(
                surface, f"passed: {names}", (cx, bottom), 16, theme.MUTED, anchor="midtop"
            )

    def draw_badges(self, surface: pygame.Surface) -> None:
        model = self.model
        passed = set(lay.passers(model))
        basic = model.get("options", {}).get("scoring") != "advanced"
        finish = model.get("finish", [])
        for spot in self.layout.ring:
            seat = spot.seat
            out = model.get("out", [False] * (seat + 1))[seat]
            if out:
                note = f"out {ORDINALS[finish.index(seat)]}" if seat in finish else "out"
            else:
                note = "passed" if seat in passed else ""
            badge = self.badge(
                seat,
                cards=model.get("hand_counts", [0] * (seat + 1))[seat],
                score="" if basic else f"{model.get('points', [0] * (seat + 1))[seat]} pts",
                note=note,
                dimmed=out,
            )
            draw_seat_badge(surface, spot.badge, badge, self.time)
            if basic:
                bx, by, bw, _bh = spot.badge
                left = (model.get("penguins") or [2] * (seat + 1))[seat]
                self.draw_penguins(surface, (bx + bw - 62, by + 6), left, size=24)

    def draw_marks(self, surface: pygame.Surface) -> None:
        """A dot on each back where a drawn card went (N-33: the position is public)."""
        for key in self.layout.marked:
            sprite = self.stage.get(key)
            if sprite is None or sprite.shows_face:
                continue
            x, y = sprite.rect.centerx, sprite.rect.y - sprite.lift + 10
            pygame.draw.circle(surface, theme.SHADOW, (x, y), 6)
            pygame.draw.circle(surface, theme.GOLD, (x, y), 5)

    def draw_controls(self, surface: pygame.Surface) -> None:
        """The prompt over your hand, the gap markers, Play / Pass / Discard."""
        model = self.model
        if not self.acting():
            self.draw_waiting(surface)
            return
        mouse_key = self.keyboard_focus() if self.keys_used else None
        if model.get("phase") == "place":
            self.draw_placing(surface, mouse_key)
            return
        move, reason = self.pick_state() if self.pick.block is not None else (None, "")
        if self.pick.block is not None:
            label = "Play"
            if move is not None:
                count = move["play"][1] + move.get("reserve", 0)
                label = f"Play {picking.set_digits(count, model['hand'][move['play'][0]])}"
            self.draw_button(surface, lay.PLAY_BUTTON, label, move is not None, True, lay.PLAY_KEY)
            prompt = (
                f"{label}: click its last card again or Play; right-click drops it"
                if move is not None
                else reason
            )
            color = theme.GOLD if move is not None else theme.WARN
        elif model.get("area") is None:
            prompt, color = (
                "You lead: click the first card of any set, then its last card",
                theme.GOLD,
            )
        else:
            area = model["area"]
            target = picking.set_words(area["count"], area["value"])
            prompt, color = f"Beat {target} with a glowing set, or pass", theme.GOLD
        ok, _why = lay.may_pass(model)
        if lay.is_duel(model):
            note = "spend a reserve card"
        else:
            note = "draw a card" if model.get("pile") else "nothing to draw"
        self.draw_button(
            surface, lay.ACTION_BUTTON, "Pass", ok, False, lay.ACTION_KEY, note if ok else ""
        )
        if self.my_reserve():
            x, y = lay.MY_RESERVE_XY
            theme.draw_text(surface, "Your reserve", (x, y + lay.RESERVE_H + 3), 15, theme.CREAM)
        theme.draw_text(surface, prompt, (640, lay.HAND_Y - 44), 19, color, anchor="center")

    def draw_placing(self, surface: pygame.Surface, focused) -> None:
        model = self.model
        pending = model.get("pending") or {}
        cards = pending.get("cards") or []
        kind = pending.get("kind", "draw")
        what = picking.set_words(len(cards), cards[0]) if cards else "it"
        if kind == "take":
            them = "them" if len(cards) > 1 else "it"
            prompt = f"Take {what}: click a gap in your hand to put {them} there, or Discard"
        elif kind == "draw":
            prompt = f"You drew {what}: click a gap to keep it, or Discard"
        else:
            prompt = f"Your reserve {cards[0]}: click a gap to put it in your hand, or Discard"
        if self.gap is not None and self.layout.preview and cards:
            run = len(self.layout.preview)
            made = picking.set_words(run, cards[0])
            joined = f"makes {made}" if run > len(cards) else "a block of its own"
            prompt = f"Put {what} here: {joined}"
        theme.draw_text(surface, prompt, (640, lay.HAND_Y - 44), 19, theme.GOLD, anchor="center")
        if self.gap is None:
            for g, x in enumerate(self.layout.gap_x):
                hot = focused == lay.gap_key(g)
                tip = lay.HAND_Y - 6
                size = 9 if hot else 6
                points = [(x - size, tip - size * 1.6), (x + size, tip - size * 1.6), (x, tip)]
                pygame.draw.polygon(surface, theme.FOCUS if hot else theme.GOLD, points)
                pygame.draw.polygon(surface, theme.SHADOW, points, 1)
        self.draw_button(
            surface,
            lay.ACTION_BUTTON,
            "Discard",
            True,
            False,
            lay.ACTION_KEY,
            KIND_WORDS.get(kind, ""),
        )

    def draw_waiting(self, surface: pygame.Surface) -> None:
        """What the player to move is doing, when it is not you."""
        model = self.model
        if model.get("over") or not self.ready:
            return
        seat = model.get("current")
        pending = model.get("pending")
        if seat is None or pending is None:
            return
        name = self.ctx.name_of(seat)
        text = f"{name} places {KIND_WORDS.get(pending['kind'], 'a card')}"
        theme.draw_text(surface, text, (640, lay.HAND_Y - 44), 17, theme.CREAM, anchor="center")

    def draw_button(
        self,
        surface: pygame.Surface,
        rect: Rect,
        label: str,
        enabled: bool,
        accent: bool,
        key: Hashable,
        note: str = "",
    ) -> None:
        hot = self.keyboard_focus() == key or contains(rect, self.mouse)
        button = ui.Button(rect, label, enabled=enabled, accent=accent, size=22, note=note)
        button.draw(surface, hot)


def result_sheet(result: dict[str, Any], name_of) -> ResultSheet:
    """Each round's outcome: penguins left (basic, N-23) or points scored (advanced, N-24)."""
    rounds = result.get("rounds", [])
    advanced = any("points" in entry for entry in rounds)
    rows = []
    for entry in rounds:
        loser = entry["loser"]
        how = "eliminated" if entry.get("how") == "eliminated" else "last"
        note = f"{name_of(loser)} {how}"
        if entry.get("finish"):
            note = f"{name_of(entry['finish'][0])} out first · " + note
        if advanced:
            cells = [f"+{p}" if p else "0" for p in entry["points"]]
        else:
            cells = [
                f"{left}" + (" (−1)" if seat == loser else "")
                for seat, left in enumerate(entry["penguins"])
            ]
        rows.append((str(entry["round"]), cells, note))
    scores = result.get("scores", [])
    winners = result.get("winners", [])
    names = ", ".join(name_of(w) for w in winners)
    if advanced:
        footer = f"10 points reached: {names} win{'s' if len(winners) == 1 else ''} (N-25)"
        totals = [str(s) for s in scores]
        label = "Points"
    else:
        lost = [s for s, left in enumerate(scores) if left <= 0]
        footer = f"{name_of(lost[0])} lost both penguins: everyone else wins (N-23)" if lost else ""
        totals = [f"{s} penguin{'s' if s != 1 else ''}" for s in scores]
        label = "Penguins"
    return ResultSheet("Round", rows, totals, total_label=label, footer=footer)


TABLE = NanatoridoriTable
