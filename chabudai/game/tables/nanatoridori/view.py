"""The Nanatoridori table view: input, the effects of each event, and drawing the table.

The table machinery — the event queue, sprites tweening to the layout, banners, panels, help,
keyboard focus — is the kit's (:class:`chabudai.game.tables.kit.KitTable`). Each host event changes the
model by its pure update and moves the card keys (:mod:`~chabudai.game.tables.nanatoridori.events`)
and plays its ``effect_<kind>`` here: cards fly to where the pure layout puts them, a sound, a
pop-up, the round summary. Input goes through the picker: a click, hover, drag or the keys along a block of equal cards make a
play (N-9 to N-12, N-28), a gap of the hand an insert (N-13, N-15, N-29).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from chabudai.game import assets, theme, ui
from chabudai.game.tables.base import TableContext
from chabudai.game.tables.kit import KitTable, Panel, Place, draw_seat_badge
from chabudai.game.tables.kit import text as kit_text
from chabudai.game.tables.kit.geometry import LIFT, Rect, center, contains
from chabudai.game.tables.kit.stack import LookOverlay
from chabudai.game.tables.nanatoridori import events, panels, picking
from chabudai.game.tables.nanatoridori import layout as lay
from chabudai.game.tables.nanatoridori.picking import Pick
from chabudai.game.tables.nanatoridori.texts import (
    PLACES,
    PLACES_CARD,
    WAITING,
    help_text,
    ordinal,
    result_sheet,
)
from chabudai.game.tables.nanatoridori.tracking import Tracker
from chabudai.game.tween import back_out, ease_out
from chabudai.i18n import N_, _, join_names, pgettext

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
PENGUIN_FALL = 1.4  # seconds the lost penguin takes to slide off
PROMPT_Y = lay.HAND_Y - 44
PROMPT_W = 660  # between your seat's box and the Hint / Scores buttons, in every language


class NanatoridoriTable(KitTable):
    game = GAME
    help_title = N_("How to play Nanatoridori")
    sheet_button = (1086, 524, 116, 42)  # above Play and Pass
    event_kinds = events.KINDS
    holds = HOLDS
    updates = events.UPDATES
    opening_deal = (0.03, 0.4, 0.9)  # stagger, flight and hold
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
        self._veil: pygame.Surface | None = None

    @property
    def help_text(self) -> str:  # type: ignore[override]
        model = self.model or {}
        return help_text(model.get("options", {}), lay.is_duel(model) if model else False)

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
        super().on_snapshot(view)

    def fresh_deal(self, view: dict[str, Any]) -> bool:
        """A round just dealt, nothing played: it is dealt out."""
        return (
            not view.get("discard")
            and view.get("area") is None
            and not view.get("finish")
            and not view.get("over")
        )

    def settle(self, view: dict[str, Any], legal: Sequence[Any] = ()) -> None:
        if not self.tracker.sync(view):
            self.resyncs += 1
        super().settle(view, legal)

    def effect_every(self, ev: dict[str, Any]) -> None:
        """The card keys follow the event first (the layout reads them)."""
        events.move_keys(self.tracker, self.before, ev)

    def effect_deal(self, ev: dict[str, Any]) -> None:
        self.pick, self.gap = Pick(), None
        self.stage.clear()  # last round's cards are gone; the new ones fly from the pile
        self.fly("shuffle", stagger=0.025, duration=0.4)

    def effect_hand(self, ev: dict[str, Any]) -> None:
        if ev["seat"] == self.me:
            self.relayout(stagger=0.04, duration=0.45)

    def effect_turn(self, ev: dict[str, Any]) -> None:
        self.pick, self.gap = Pick(), None

    def effect_play(self, ev: dict[str, Any]) -> None:
        self.fly("flick", duration=0.4)

    def effect_choose(self, ev: dict[str, Any]) -> None:
        self.relayout()

    def effect_pass(self, ev: dict[str, Any]) -> None:
        # Translators: a pop-up beside a seat that passed
        self.badge_popup(ev["seat"], _("pass"), theme.CREAM)
        self.fly("click")

    def effect_draw(self, ev: dict[str, Any]) -> None:
        self.fly("flick")

    def effect_drew(self, ev: dict[str, Any]) -> None:
        self.relayout()  # the drawn card turns face up for the one who drew it

    def effect_insert(self, ev: dict[str, Any]) -> None:
        self.gap = None
        self.fly("place", ease=back_out, duration=0.4)

    def effect_discard(self, ev: dict[str, Any]) -> None:
        self.gap = None
        self.fly("place")

    def effect_clear(self, ev: dict[str, Any]) -> None:
        self.fly("capture", duration=0.45)

    def effect_out(self, ev: dict[str, Any]) -> None:
        # Translators: a pop-up beside a seat that went out; {place} is "1st", "2nd" …
        said = _("out {place}!").format(place=ordinal(ev["place"]))
        self.badge_popup(ev["seat"], said, theme.GOLD)
        self.ctx.sound("round_won" if ev["seat"] == self.me else "place")

    def effect_eliminated(self, ev: dict[str, Any]) -> None:
        # Translators: a pop-up beside a seat that could neither play nor pass (the duel)
        self.badge_popup(ev["seat"], _("eliminated"), theme.WARN)
        self.ctx.sound("fool")

    def effect_round_end(self, ev: dict[str, Any]) -> None:
        self.show_round({k: v for k, v in ev.items() if k != "e"})
        lost = ev["loser"] == self.me or "penguins" in ev
        self.ctx.sound("fool" if lost else "round_won")

    def effect_game_end(self, ev: dict[str, Any]) -> None:
        winners = list(ev["winners"])
        names = [self.ctx.name_of(w) for w in winners]
        if self.me is not None and self.me in winners:
            title = _("You win!") if len(winners) == 1 else _("You share the win!")
        else:
            title = _("Game over")
        sub = _("Winners: {names}").format(names=join_names(names))
        self.show_banner(title, sub, theme.GOLD, seconds=2.2)
        if self.me is not None:
            self.ctx.sound("game_won" if self.me in winners else "game_lost")

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
        move, reason = picking.pick_move(
            model["hand"], model.get("area"), self.my_reserve(), self.pick
        )
        if move is not None and move not in self.legal:  # the host's list has the last word
            return None, _("That set cannot be played now")
        return move, reason

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

    def about_to_play(self) -> Any:
        """The play the current pick makes (the set being chosen), else the lifted card's."""
        if self.acting() and self.pick.block is not None and self.model.get("phase") != "place":
            move, _reason = self.pick_state()
            if move is not None:
                return move
        return super().about_to_play()

    def resolve_click(self, pos: tuple[float, float]):
        assert self.model is not None and self.layout is not None
        return lay.resolve_click(self.model, self.layout, pos, self.pick, self.legal)

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
        memo = (id(self.layout), self.pick, self.model.get("phase"), id(self.legal))
        if self._legal[0] != memo:  # asked for every sprite, every frame
            self._legal = (memo, self._legal_now())
        return self._legal[1]

    def _legal_now(self) -> set[Hashable]:
        if self.model.get("phase") == "place":
            return set(self.layout.preview)
        keys = {self.layout.hand_keys[i] for i in lay.legal_hand(self.model, self.legal)}
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
        if lay.may_pass(self.model, self.legal)[0]:
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
        # beside the badge, on the side toward the middle: never over its cards count
        x, y, w, _h = self.layout.ring[seat].badge
        if x + w / 2 > 640:  # a badge on the right: the pop-up ends left of it
            self.popup(text, (x - 12, y + 30), color, 24, anchor="topright")
        else:
            self.popup(text, (x + w + 12, y + 30), color, 24)

    def show_round(self, entry: dict[str, Any]) -> None:
        """The round summary (N-22 to N-25, N-32) over the table until clicked or timed out."""
        self.fall = 0.0
        self.tweens.value(self, "fall", 1.0, PENGUIN_FALL, ease=ease_out, delay=0.5)
        players = self.model["players"]
        height = panels.round_height(players)

        def body(surface: pygame.Surface, rect: pygame.Rect) -> None:
            last = bool(self.model.get("over"))
            panels.draw_round(
                surface, rect, entry, players, self.ctx.name_of, self.me, self.fall, last
            )

        self.panel = Panel(
            # Translators: the title of a Nanatoridori round summary
            _("Round {n}").format(n=entry["round"]),
            body,
            rect=(330, 350 - height / 2, 620, height),
        )

    def show_discard(self) -> None:
        """N-7: the discard pile, by value, with what you have not seen yet."""
        look = Panel(
            N_("The discard pile"),
            lambda surface, rect: panels.draw_discard(surface, rect, self.model),
            rect=(250, 190, 780, 330),
            hint=N_("click to close"),
        )
        self.overlays.replace(LookOverlay, LookOverlay(look))

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
        advanced = options.get("scoring") == "advanced"
        if lay.is_duel(model):
            info = (
                _("Round {n} · points · duel · F1 help · H hint")
                if advanced
                else _("Round {n} · penguins · duel · F1 help · H hint")
            )
        else:
            info = (
                _("Round {n} · points · F1 help · H hint")
                if advanced
                else _("Round {n} · penguins · F1 help · H hint")
            )
        info = info.format(n=model.get("round", 1))
        kit_text.draw_line(surface, info, (18, 706), 560, 14, theme.MUTED, anchor="midleft")

    def draw_middle(self, surface: pygame.Surface) -> None:
        model = self.model
        x, y, w, h = lay.deck_rect()
        duel = lay.is_duel(model)
        count = model.get("aside", 0) if duel else model.get("pile", 0)
        if count:
            back = assets.card_back(GAME, height=lay.MID_H)
            for i in range(min(4, max(1, count // 8))):
                surface.blit(back, (x - i * 2, y - i * 2))
                if duel:  # N-27: set aside, out of the round
                    surface.blit(self.veil(back.get_size()), (x - i * 2, y - i * 2))
        else:
            pygame.draw.rect(surface, theme.CREAM, (x, y, w, h), 2, border_radius=8)
        if duel:
            # Translators: the duel's set-aside stack (out of the round): how many cards
            label = _("Set aside {n}").format(n=count)
        elif count:
            label = _("Draw pile {n}").format(n=count)
        else:
            label = _("Pile empty")
        at = (x + w / 2, y + h + 8)
        kit_text.draw_line(surface, label, at, w + 60, 16, theme.CREAM, anchor="midtop")
        dx, dy, dw, dh = self.layout.discard_pile
        discard = model.get("discard", [])
        if not discard:
            pygame.draw.rect(surface, theme.CREAM, (dx, dy, dw, dh), 2, border_radius=8)
        # Translators: under the discard pile: how many cards it holds
        label = _("Discard {n}").format(n=len(discard))
        at = (dx + dw / 2, dy + dh + 8)
        kit_text.draw_line(surface, label, at, dw + 60, 16, theme.CREAM, anchor="midtop")
        if discard:
            at = (dx + dw / 2, dy + dh + 28)
            kit_text.draw_line(surface, _("click to look"), at, dw + 60, 14, theme.MUTED,
                               anchor="midtop")  # fmt: skip
        self.draw_area_labels(surface)
        self.draw_reserve_labels(surface)

    def draw_reserve_labels(self, surface: pygame.Surface) -> None:
        """N-27: a label under each seat's face-up reserve cards."""
        for seat, keys in self.layout.reserve_keys.items():
            place = self.place_of(keys[0]) if keys else None
            if place is None:
                continue
            x, y, _w, h = place.rect
            mine = seat == self.layout.bottom
            # Translators: under a duel player's face-up reserve cards (yours / another's)
            if seat == self.me:
                label = pgettext("nanatoridori duel", "Your reserve")
            else:
                label = pgettext("nanatoridori duel", "reserve")
            size = 15 if mine else 14
            kit_text.draw_line(surface, label, (x, y + h + 4), 150, size, theme.CREAM, min_size=10)

    def veil(self, size: tuple[int, int]) -> pygame.Surface:
        """A translucent cover for the set-aside stack (made once per table)."""
        if self._veil is None or self._veil.get_size() != size:
            self._veil = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(self._veil, (20, 30, 50, 120), self._veil.get_rect(), border_radius=8)
        return self._veil

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
                if leader == self.me:
                    who = _("You lead")
                else:
                    who = _("{name} leads").format(name=self.ctx.name_of(leader))
                kit_text.draw_line(surface, who, (cx, top), 560, 20, theme.CREAM,
                                   anchor="midbottom")  # fmt: skip
            return
        owner = area["owner"]
        played = picking.set_words(area["count"], area["value"])
        if owner == self.me:
            text = _("You played {set}").format(set=played)
        else:
            text = _("{name} played {set}").format(name=self.ctx.name_of(owner), set=played)
        kit_text.draw_line(surface, text, (cx, top), 560, 20, theme.CREAM, anchor="midbottom")
        passed = lay.passers(model)
        if passed:
            # Translators: the player's own seat in the list of those who passed
            names = join_names([_("you") if s == self.me else self.ctx.name_of(s) for s in passed])
            # Translators: under the set in the middle: who has passed on it
            said = _("passed: {names}").format(names=names)
            kit_text.draw_line(surface, said, (cx, bottom), 560, 16, theme.MUTED, anchor="midtop")

    def draw_badges(self, surface: pygame.Surface) -> None:
        model = self.model
        passed = set(lay.passers(model))
        basic = model.get("options", {}).get("scoring") != "advanced"
        finish = model.get("finish", [])
        for spot in self.layout.ring:
            seat = spot.seat
            out = model.get("out", [False] * (seat + 1))[seat]
            if out and seat in finish:
                # Translators: a seat badge: went out in this place ("out 1st")
                note = _("out {place}").format(place=ordinal(finish.index(seat) + 1))
            elif out:
                # Translators: a seat badge: this player has gone out of the round
                note = _("out")
            else:
                # Translators: a seat badge: this player passed on the set in the middle
                note = _("passed") if seat in passed else ""
            points = model.get("points", [0] * (seat + 1))[seat]
            badge = self.badge(
                seat,
                cards=model.get("hand_counts", [0] * (seat + 1))[seat],
                # Translators: a seat badge: the player's points (advanced scoring)
                score="" if basic else _("{n} pts").format(n=points),
                note=note,
                dimmed=out,
            )
            draw_seat_badge(surface, spot.badge, badge, self.time)
            if basic:
                bx, by, bw, _bh = spot.badge
                left = (model.get("penguins") or [2] * (seat + 1))[seat]
                panels.draw_penguins(surface, (bx + bw - 62, by + 6), left, 24)

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
            # Translators: the Nanatoridori button that plays the chosen set
            label = _("Play")
            if move is not None:
                count = move["play"][1] + move.get("reserve", 0)
                digits = picking.set_digits(count, model["hand"][move["play"][0]])
                # Translators: the Play button with the set it plays, as digits ("Play 555")
                label = _("Play {set}").format(set=digits)
            self.draw_button(surface, lay.PLAY_BUTTON, label, move is not None, True, lay.PLAY_KEY)
            prompt = (
                _("{play}: click its last card again or Play; right-click drops it").format(
                    play=label
                )
                if move is not None
                else reason
            )
            color = theme.GOLD if move is not None else theme.WARN
        elif model.get("area") is None:
            prompt, color = (
                _("You lead: click the first card of any set, then its last card"),
                theme.GOLD,
            )
        else:
            area = model["area"]
            target = picking.set_words(area["count"], area["value"])
            prompt = _("Beat {set} with a glowing set, or pass").format(set=target)
            color = theme.GOLD
        ok, _why = lay.may_pass(model, self.legal)
        if lay.is_duel(model):
            # Translators: the Pass button's note in the duel: what passing costs
            note = _("spend a reserve card")
        else:
            # Translators: the Pass button's note: what passing does
            note = _("draw a card") if model.get("pile") else _("nothing to draw")
        if model.get("area") is not None and not self.legal_keys():  # nothing glows
            if lay.is_duel(model):
                must = _("Nothing you hold beats {set}: you must pass and spend a reserve card")
            elif model.get("pile"):
                must = _("Nothing you hold beats {set}: you must pass and draw a card")
            else:
                must = _("Nothing you hold beats {set}: you must pass (nothing left to draw)")
            prompt = must.format(set=target)
        self.draw_button(
            surface, lay.ACTION_BUTTON, N_("Pass"), ok, False, lay.ACTION_KEY, note if ok else ""
        )
        if not self.reason_instead(surface, prompt, (640, PROMPT_Y)):
            kit_text.draw_line(
                surface, prompt, (640, PROMPT_Y), PROMPT_W, 19, color, anchor="center"
            )

    def draw_placing(self, surface: pygame.Surface, focused) -> None:
        model = self.model
        pending = model.get("pending") or {}
        cards = pending.get("cards") or []
        kind = pending.get("kind", "draw")
        what = picking.set_words(len(cards), cards[0]) if cards else _("it")
        if kind == "take" and len(cards) > 1:
            prompt = _("Take {set}: click a gap in your hand to put them there, or Discard")
        elif kind == "take":
            prompt = _("Take {set}: click a gap in your hand to put it there, or Discard")
        elif kind == "draw":
            prompt = _("You drew {set}: click a gap to keep it, or Discard")
        else:
            prompt = _("Your reserve {card}: click a gap to put it in your hand, or Discard")
        prompt = prompt.format(set=what, card=cards[0] if cards else "")
        if self.gap is not None and self.layout.preview and cards:
            run = len(self.layout.preview)
            made = picking.set_words(run, cards[0])
            if run > len(cards):
                prompt = _("Put {set} here: makes {made}").format(set=what, made=made)
            else:
                prompt = _("Put {set} here: a block of its own").format(set=what)
        if not self.reason_instead(surface, prompt, (640, PROMPT_Y)):
            kit_text.draw_line(surface, prompt, (640, PROMPT_Y), PROMPT_W, 19, theme.GOLD,
                               anchor="center")  # fmt: skip
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
            # Translators: the Nanatoridori button that discards the cards waiting to be placed
            N_("Discard"),
            True,
            False,
            lay.ACTION_KEY,
            _(WAITING[kind]) if kind in WAITING else "",
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
        text = _(PLACES.get(pending["kind"], PLACES_CARD)).format(name=name)
        kit_text.draw_line(surface, text, (640, PROMPT_Y), 1000, 17, theme.CREAM, anchor="center")

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


__all__ = ["TABLE", "NanatoridoriTable", "result_sheet"]

TABLE = NanatoridoriTable
