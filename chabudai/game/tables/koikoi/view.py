"""The Koi-Koi table view: how Koi-Koi's events animate, what a click means, its dialogs.

The table machinery — the event queue, sprites tweening to the layout, pop-ups, banners, help,
keyboard focus — is the kit's (:class:`chabudai.game.tables.kit.KitTable`). Here: each event (``play``,
``capture``, ``draw`` …) changes the model, a Koi-Koi view dict, by its pure update
(:mod:`~chabudai.game.tables.koikoi.events`) and shows its ``effect_<kind>``; the pure layout
(``layout.compute``) says where every card goes, and the stop / koi-koi dialog, the name boxes,
the yaku progress lines and the deal summary are drawn.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from chabudai.engines.koikoi import board_matches
from chabudai.engines.koikoi.scoring import YAKU_NAMES, stop_points
from chabudai.game import assets, theme, ui
from chabudai.game.tables.base import ResultSheet, TableContext
from chabudai.game.tables.kit import Click, KitTable, Panel, Place
from chabudai.game.tables.kit import text as kit_text
from chabudai.game.tables.kit.stack import DialogOverlay
from chabudai.game.tables.koikoi import events
from chabudai.game.tables.koikoi import layout as lay
from chabudai.game.tables.koikoi import reference as ref
from chabudai.game.tween import back_out
from chabudai.i18n import N_, _, join_names, ngettext

GAME = "koikoi"
INFO_POS = (1264, 638)  # deal and turn, above the yaku and help buttons
# Translators: the keys line at the bottom of the Koi-Koi table
KEYS_LINE = N_("F1 help  ·  Y yaku  ·  H hint  ·  Esc leave")
# The dealt hands that score (K-9), named on their banner.
HAND_BONUS = {
    # Translators: a Koi-Koi hand bonus (four cards of one month dealt to a hand): its banner
    "teshi": N_("Teshi!"),
    # Translators: a Koi-Koi hand bonus (four pairs of months dealt to a hand): its banner
    "kuttsuki": N_("Kuttsuki!"),
}
SUMMARY_X, SUMMARY_W = 190, 900
SHEET_RECT = (24, 16, 1232, 688)
HELD_MINE, HELD_THEIRS = theme.GOLD, (226, 96, 84)  # frames of the cards each side holds

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


class DecisionOverlay(DialogOverlay):
    """The stop / koi-koi choice (K-21) on the overlay stack: the board stays in plain view,
    its two buttons take the input, Esc never answers it (both answers change the deal)."""


class KoiKoiTable(KitTable):
    game = GAME
    help_title = N_("How to play Koi-Koi")
    event_kinds = events.KINDS
    holds = HOLDS
    updates = events.UPDATES
    reference_key = pygame.K_y
    # Translators: a button on the Koi-Koi table: the yaku table; Y is its key
    reference_label = N_("Yaku (Y)")
    card_heights = tuple(sorted({lay.PILE_H, lay.BACK_H, lay.BOARD_H, lay.HAND_H}))
    carry = ("slots",)  # the board slots stay the table's own between the host's views

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.layout: lay.Layout | None = None
        self.labels: list = []  # the pile labels shown: they change once the cards have landed
        self.bonus_cards: list[int] = []  # the dealt hand that scored a hand bonus (K-9)
        self.selected: int | None = None  # a hand card waiting for its board target (K-13)
        self.decision = ui.Form(
            [
                ui.Button(
                    lay.DECISION_BUTTONS["stop"],
                    # Translators: the Koi-Koi button that ends the deal and banks the points
                    N_("Stop"),
                    lambda: self.submit({"call": "stop"}),
                    size=24,
                ),
                ui.Button(
                    lay.DECISION_BUTTONS["koikoi"],
                    # Translators: the Koi-Koi button that plays on for more (the call koi-koi)
                    N_("Koi-Koi!"),
                    lambda: self.submit({"call": "koikoi"}),
                    accent=True,
                    size=24,
                ),
            ]
        )

    @property
    def help_text(self) -> str:
        """How to play, with the values of this table's ruleset."""
        return ref.help_text((self.model or {}).get("options", {}))

    # ------------------------------------------------------------------ layout

    def on_language(self) -> None:
        """The pile labels are worded by the layout: worded again in the new language."""
        self.labels = lay.compute(self.model).labels

    def places(self) -> list[Place]:
        assert self.model is not None
        self.layout = lay.compute(self.model)
        self.model["slots"] = self.layout.slots  # kept: cards that stay keep their places
        return self.layout.places()

    def deck_rect(self) -> lay.Rect:
        return lay.STOCK_POS + (lay.card_w(lay.BOARD_H), lay.BOARD_H)

    @property
    def bottom_seat(self) -> int:
        return lay.seats(self.model or {})[0]

    # ------------------------------------------------------------------ host input

    def on_snapshot(self, view: dict[str, Any]) -> None:
        self.selected = None
        super().on_snapshot(view)

    def fresh_deal(self, view: dict[str, Any]) -> bool:
        """A deal just dealt, nothing played: its opening deal flies from the stock."""
        return (
            view.get("turn") == 1
            and view.get("phase") == "play"
            and not any(view.get("piles", [[], []]))
            and not view.get("over")
        )

    # ------------------------------------------------------------------ effects of events

    def effect_deal(self, ev: dict[str, Any]) -> None:
        self.stage.clear()
        self.fly("shuffle", stagger=0.045, duration=0.45)

    def effect_hand(self, ev: dict[str, Any]) -> None:
        if ev.get("seat") == self.model.get("seat"):
            self.relayout(stagger=0.05, duration=0.45)

    def effect_play(self, ev: dict[str, Any]) -> None:
        seat, card, before = ev["seat"], ev["card"], self.before
        mine = seat == before.get("seat") and card in (before.get("hand") or [])
        if not mine and card not in self.stage:  # the back of the card played turns over
            self.stage.rekey(("back", seat, before["hand_counts"][seat] - 1), card, card)
        # the table's own: the board card it flies onto, when a capture follows (K-13)
        self.model["covers"] = {card: self.capture_target(card)}
        self.fly("flick")

    def effect_place(self, ev: dict[str, Any]) -> None:
        self.fly("place")

    def effect_capture(self, ev: dict[str, Any]) -> None:
        self.fly("capture", ease=back_out, duration=0.42)

    def effect_draw(self, ev: dict[str, Any]) -> None:
        card = ev["card"]
        self.stage.spawn(card, card, self.deck_rect())
        self.fly("flick")

    def effect_yaku(self, ev: dict[str, Any]) -> None:
        seat = ev["seat"]
        names = _(", ").join(_(YAKU_NAMES.get(y, y)) for y, _points in ev["yaku"])
        x, y, _w, _h = lay.PILE_AREAS["me" if seat == self.bottom_seat else "opp"]
        # Translators: a pop-up when yaku are made: their names, then the points they hold
        said = _("{yaku}  = {total}").format(yaku=names, total=ev["total"])
        self.popup(said, (x + 20, y + 40), theme.GOLD, 30)
        self.ctx.sound("place")

    def effect_koikoi(self, ev: dict[str, Any]) -> None:
        seat = ev["seat"]
        if seat == self.me:
            sub = _("You play on for more")
        else:
            sub = _("{name} plays on for more").format(name=self.ctx.name_of(seat))
        # Translators: the banner when a player calls koi-koi (plays on)
        self.show_banner(_("KOI-KOI!"), sub, theme.GOLD, grow=0.5)
        self.ctx.sound("koikoi")

    def effect_stop(self, ev: dict[str, Any]) -> None:
        seat = ev["seat"]
        points = ev["points"]
        if seat == self.me:
            sub = ngettext("You bank {n} point", "You bank {n} points", points)
        else:
            sub = ngettext("{name} banks {n} point", "{name} banks {n} points", points)
        sub = sub.format(name=self.ctx.name_of(seat), n=points)
        # Translators: the banner when a player stops (ends the deal and banks the points)
        self.show_banner(_("STOP!"), sub, theme.CREAM)
        self.ctx.sound("round_won" if seat == self.me else "place")

    def effect_deal_end(self, ev: dict[str, Any]) -> None:
        winner = ev.get("winner")
        won_with = self.model["piles"][winner] if winner is not None else []
        if ev.get("how") in ("teshi", "kuttsuki"):
            won_with = self.bonus_cards
        self.show_summary(dict(ev), list(won_with))
        if winner is not None:
            self.ctx.sound("round_won" if winner == self.me else "place")
            mine = winner == self.bottom_seat
            x, y, w, h = lay.NAME_BOXES["me" if mine else "opp"]
            points = ev.get("points", [0, 0])[winner]
            # beside the name box, rising clear of the points it adds to (above yours,
            # under the opponent's)
            self.popup(f"+{points}", (x + w - 60, y - 50 if mine else y + h + 56), theme.GOLD, 40)

    def effect_game_end(self, ev: dict[str, Any]) -> None:
        winners = ev.get("winners", [])
        if self.me is not None:
            self.ctx.sound("game_won" if self.me in winners and len(winners) == 1 else "game_lost")

    def effect_redeal(self, ev: dict[str, Any]) -> None:
        # Translators: the banner when a deal is dealt again (four of a month on the board)
        self.show_banner(_("Redeal"), self.describe(ev), theme.CREAM, grow=0.4)

    def effect_hand_bonus(self, ev: dict[str, Any]) -> None:
        self.bonus_cards = list(ev.get("cards") or [])
        kind = str(ev.get("kind", ""))
        title = _(HAND_BONUS[kind]) if kind in HAND_BONUS else f"{kind.capitalize()}!"
        seat = ev.get("seat")
        if seat == self.me:
            sub = _("Your dealt hand scores 6")
        else:
            sub = _("{name}'s dealt hand scores 6").format(name=self.ctx.name_of(seat))
        self.show_banner(title, sub, theme.GOLD)
        self.ctx.sound("koikoi")

    def capture_target(self, card: int) -> int | None:
        """The board card ``card`` is about to capture (the next queued event tells; K-13)."""
        following = self.queue[0] if self.queue else None
        if following and following[0] == "event" and following[1].get("e") == "capture":
            cards = following[1].get("cards", [])
            if cards and cards[0] == card and len(cards) > 1:
                return cards[1]
        return None

    # ------------------------------------------------------------------ player input

    def on_submit(self, move: Any) -> None:
        self.selected = None

    def on_select(self, click: Click) -> None:
        self.selected = click.key
        self.ctx.sound("click")

    def on_nothing(self, click: Click) -> None:
        self.selected = None

    def about_to_play(self) -> Any:
        """The lifted card's move, else the selected hand card's play (its first take, K-13)."""
        move = super().about_to_play()
        if move is None and self.selected is not None and self.acting():
            move = next((m for m in self.legal if m.get("play") == self.selected), None)
        return move

    def resolve_click(self, pos: tuple[float, float]) -> Click:
        assert self.model is not None and self.layout is not None
        return lay.resolve_click(self.model, self.layout, pos, self.legal, self.selected)

    def legal_keys(self) -> set[int]:
        return lay.legal_cards(self.model, self.legal, self.selected) if self.model else set()

    def hint_keys(self) -> set[int]:
        """Board cards of the month of the hand card under the mouse (or keyboard focus)."""
        model = self.model
        if not self.acting() or model.get("phase") != "play":
            return set()
        card = self.hover if self.hover is not None else self.keyboard_focus()
        if card is None or card not in (model.get("hand") or []):
            return set()
        return set(board_matches(list(model.get("board", [])), card))

    def clickable(self) -> list[int]:
        """Cards the keyboard focus moves between: legal ones, board first, left to right."""
        if not self.acting() or self.layout is None:
            return []
        cards = self.legal_keys() & set(self.layout.cards)
        return sorted(
            cards,
            key=lambda c: (self.layout.cards[c].zone != "board", self.layout.cards[c].rect[0]),
        )

    def lift_target(self, key, place: Place, legal: set, focused) -> float:
        if key not in legal or place.zone != "hand":
            return 0.0
        lift = lay.LIFT * (2 if key == self.selected else 1)
        return lift + (6 if key in (focused, self.hover) else 0)

    def deciding(self) -> bool:
        """The stop / koi-koi choice is the player's now (K-21)."""
        return self.acting() and self.model.get("phase") == "decide"

    def sync_overlays(self) -> None:
        """The stop / koi-koi dialog is on the overlay stack exactly while the choice is the
        player's (K-21). It leaves the board in plain view, takes the input (the cards wait)
        and Esc does not close it: both answers change the deal, so Esc never answers; with
        the dialog open Esc goes on to the Leave question (Stay comes back to the choice). F1,
        Y and S open on top of it, and Esc closes them first."""
        dialog = partial(DecisionOverlay, self, self.decision, self.draw_decision)
        if self.overlays.keep(DecisionOverlay, self.deciding(), dialog):
            self.touch()

    def clicks_for(self, move: Any) -> list[tuple[int, int]]:
        assert self.model is not None and self.layout is not None
        return lay.clicks_for(self.model, self.layout, move)

    # ------------------------------------------------------------------ drawing

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_stock(surface)
        self.draw_names(surface)
        self.draw_labels(surface)
        self.draw_cards(surface)
        self.draw_info(surface)

    def draw_stock(self, surface: pygame.Surface) -> None:
        x, y, w, h = lay.STOCK_POS + (lay.card_w(lay.BOARD_H), lay.BOARD_H)
        count = int(self.model.get("stock", 0))
        back = assets.card_back(GAME, height=lay.BOARD_H)
        layers = min(4, max(1, count // 6))
        if count:
            for i in range(layers):
                surface.blit(back, (x - i * 2, y - i * 2))
        # Translators: under the Koi-Koi stock: the cards left in it
        label = _("Stock {n}").format(n=count)
        kit_text.draw_line(surface, label, (x + w / 2, y + h + 4), w + 40, 16, theme.CREAM,
                           anchor="midtop")  # fmt: skip

    def draw_names(self, surface: pygame.Surface) -> None:
        model = self.model
        bottom, top = lay.seats(model)
        thinking = self.ready and not model.get("over") and model.get("current") != self.me
        for seat, key in ((bottom, "me"), (top, "opp")):
            rect = pygame.Rect(lay.NAME_BOXES[key])
            current = model.get("current") == seat and not model.get("over")
            theme.panel(surface, rect, 210, 12)
            if current:
                pygame.draw.rect(surface, theme.GOLD, rect, 3, border_radius=12)
            name = self.ctx.name_of(seat)
            if seat == self.me:
                name = _("{name} (you)").format(name=name)
            score = ref.points_words(model.get("scores", [0, 0])[seat])
            room = rect.w - 38 - theme.text_size(score, 22)[0]
            at = (rect.x + 14, rect.y + 10)
            kit_text.draw_line(surface, name, at, room, 22, theme.CREAM, min_size=15)
            theme.draw_text(
                surface, score, (rect.right - 14, rect.y + 10), 22, theme.GOLD, anchor="topright"
            )
            parts = []
            if model.get("dealer") == seat:
                # Translators: Koi-Koi name box: this player dealt this deal
                parts.append(_("Dealer"))
            total = model.get("totals", [0, 0])[seat]
            if total:
                # Translators: Koi-Koi name box: the points of the yaku this player holds
                parts.append(_("yaku {n}").format(n=total))
            calls = model.get("koikoi_calls", [0, 0])[seat]
            if calls:
                # Translators: Koi-Koi name box: how many times this player called koi-koi
                parts.append(_("koi-koi x{n}").format(n=calls))
            at = (rect.x + 14, rect.y + 40)
            kit_text.draw_line(surface, " · ".join(parts), at, rect.w - 28, 17, theme.MUTED)
            if current:
                if thinking and seat == model.get("current"):
                    dots = "." * (1 + int(self.time * 3) % 3)
                    doing = _("thinking") if self.ctx.kind_of(seat) == "bot" else _("choosing")
                    label = f"{doing}{dots}"
                else:
                    label = _("your turn") if seat == self.me else _("to play")
                at = (rect.x + 14, rect.y + 64)
                kit_text.draw_line(surface, label, at, rect.w - 28, 17, theme.GOLD)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.layout is not None and not self.piles_moving():
            self.labels = self.layout.labels

    def piles_moving(self) -> bool:
        """A card is still flying to a capture pile (its label waits for it)."""
        return any(
            sprite.moving and place.zone.startswith("pile")
            for key, sprite in self.stage.sprites.items()
            if (place := self.place_of(key)) is not None
        )

    def draw_labels(self, surface: pygame.Surface) -> None:
        """The yaku progress lines under the piles, each within its card type's column (a
        longer word in another language shrinks before it reaches the next column)."""
        right = max(x + w for x, _y, w, _h in lay.PILE_AREAS.values())
        lefts = sorted({x for (x, _y), *_rest in self.labels})
        for (x, y), text, done, size in self.labels:
            color = theme.GOLD if done else theme.CREAM if size > 14 else theme.MUTED
            end = next((left for left in lefts if left > x), right)
            width = end - x - 6
            if done:
                pygame.draw.circle(surface, theme.GOLD, (x + 5, y + size // 2 + 1), 5)
                x += 14
                width -= 14
            kit_text.draw_line(surface, text, (x, y), max(20, width), size, color, min_size=11)

    def draw_info(self, surface: pygame.Surface) -> None:
        model = self.model
        rounds = model.get("options", {}).get("rounds", 1)
        # Translators: Koi-Koi: which deal of how many, and which turn of the deal's 16
        text = _("Deal {deal}/{deals}  ·  Turn {turn}/16").format(
            deal=model.get("deal", 1), deals=rounds, turn=model.get("turn", 1)
        )
        kit_text.draw_line(surface, text, INFO_POS, 420, 18, theme.CREAM, anchor="midright")
        self.log.draw(surface, (18, 586))
        keys = _(KEYS_LINE)
        kit_text.draw_line(surface, keys, (18, 702), 520, 15, theme.MUTED, anchor="midleft")
        prompt = ""
        if model.get("phase") == "draw_choice" and self.acting():
            prompt = _("Click the glowing card the drawn card takes")
        elif self.selected is not None and self.ready:
            prompt = _("Two cards match: click the one to take")
        if not self.reason_instead(surface, prompt, self.reason_centre) and prompt:
            kit_text.draw_line(surface, prompt, (640, 444), 900, 20, theme.GOLD, anchor="center")

    def draw_decision(self, surface: pygame.Surface) -> None:
        """The stop / koi-koi choice (K-21), over your hand: the board stays in plain view
        (its buttons are drawn by the :class:`DecisionOverlay`)."""
        model = self.model
        me = self.me
        rect = pygame.Rect(lay.DIALOG)
        theme.panel(surface, rect, 245, 16)
        left, width = rect.x + 20, lay.DECISION_BUTTONS["stop"][0] - rect.x - 40
        kit_text.draw_line(surface, _("You made yaku!"), (left, rect.y + 10), width, 26,
                           theme.GOLD, role="title", min_size=16)  # fmt: skip
        total = model.get("totals", [0, 0])[me]
        made = [f"{_(YAKU_NAMES.get(y, y))} {p}" for y, p in model.get("yaku", [[], []])[me]]
        # Translators: the stop / koi-koi dialog: the sum of the yaku made
        held = "  ·  ".join([*made, _("Total {n}").format(n=total)])
        kit_text.draw(surface, held, (left, rect.y + 46, width, 42), 17, theme.CREAM,
                      max_lines=2)  # fmt: skip
        opp_called = model.get("koikoi_calls", [0, 0])[1 - me] > 0
        points = stop_points(total, model.get("options", {}).get("ruleset", "cardavia"), opp_called)
        if total and points != total:
            offer = ngettext(
                "Stop now for {n} point ({total} × {factor}), or call Koi-Koi and play on.",
                "Stop now for {n} points ({total} × {factor}), or call Koi-Koi and play on.",
                points,
            )
        else:
            offer = ngettext(
                "Stop now for {n} point, or call Koi-Koi and play on.",
                "Stop now for {n} points, or call Koi-Koi and play on.",
                points,
            )
        offer = offer.format(n=points, total=total, factor=points // total if total else 1)
        kit_text.draw_line(surface, offer, (left, rect.bottom - 46), width, 16, theme.MUTED)
        opp_total = model.get("totals", [0, 0])[1 - me]
        if opp_total:
            warning = _("Careful: {name} already holds yaku worth {n}.").format(
                name=self.ctx.name_of(1 - me), n=opp_total
            )
            kit_text.draw_line(surface, warning, (left, rect.bottom - 26), width, 16, theme.WARN)

    # ------------------------------------------------------------------ deal summary

    def show_summary(self, ev: dict[str, Any], pile: list[int]) -> None:
        """The deal's summary (K-29, K-33, K-34, K-42): who scored, the cards that made each
        yaku, the multipliers and the match so far. It stays until clicked."""
        rounds = self.model.get("options", {}).get("rounds", 1)
        rows = len(ev.get("yaku", []))
        height = 112 + rows * (summary_card_height(rows) + 8) + 56 + 96
        if ev.get("winner") is None:  # a drawn deal: its reason, and no empty band of yaku
            height = 214 + (56 if self.lost_calls(ev) else 0)
        self.panel = Panel(
            _("Deal {deal} of {deals}").format(deal=ev.get("deal"), deals=rounds),
            lambda surface, rect: self.draw_summary(surface, rect, ev, pile),
            rect=(SUMMARY_X, 350 - height // 2, SUMMARY_W, height),
        )

    def lost_calls(self, ev: dict[str, Any]) -> list[str]:
        """A drawn deal scores 0 for both, even a koi-koi caller's yaku (K-33): what each
        caller lost, in words ("You called koi-koi: your 5 points are lost.")."""
        totals = (self.model or {}).get("totals", [0, 0])
        said = []
        for seat, calls in enumerate(ev.get("koikoi_calls", [0, 0])):
            if calls:
                held = totals[seat] if seat < len(totals) else 0
                name = self.ctx.name_of(seat)
                if seat == self.me and held:
                    line = ngettext(
                        "You called koi-koi and nobody stopped: your {n} point is lost.",
                        "You called koi-koi and nobody stopped: your {n} points are lost.",
                        held,
                    )
                elif seat == self.me:
                    line = _("You called koi-koi and nobody stopped: your points are lost.")
                elif held:
                    line = ngettext(
                        "{name} called koi-koi and nobody stopped: their {n} point is lost.",
                        "{name} called koi-koi and nobody stopped: their {n} points are lost.",
                        held,
                    )
                else:
                    line = _("{name} called koi-koi and nobody stopped: their points are lost.")
                said.append(line.format(name=name, n=held))
        if said:
            said.append(_("A drawn deal scores nothing, even for yaku."))
        return said

    def yaku_table(self) -> ref.YakuTable:
        """The yaku table of this table's ruleset."""
        return ref.table_for((self.model or {}).get("options", {}))

    def yaku_row(self, yaku_id: str) -> ref.YakuRow | None:
        return next((row for row in self.yaku_table().rows if row.id == yaku_id), None)

    def draw_summary(
        self, surface: pygame.Surface, rect: pygame.Rect, ev: dict[str, Any], pile: list[int]
    ) -> None:
        winner, how = ev.get("winner"), ev.get("how")
        yaku = [(str(y), int(p)) for y, p in ev.get("yaku", [])]
        if winner is None:
            line = _("Drawn deal: the cards ran out before anyone stopped.")
            lost = self.lost_calls(ev)
            box = (rect.x + 40, rect.y + 104, rect.w - 80, 52)
            note = " ".join(lost) if lost else ""
            kit_text.draw(surface, note, box, 20, theme.CREAM, min_size=15, align="center")
        else:
            line = self.win_line(ev, winner, how)
        at = (rect.centerx, rect.y + 66)
        kit_text.draw_line(surface, line, at, rect.w - 60, 26, anchor="midtop", min_size=15)
        y = rect.y + 112
        height = summary_card_height(len(yaku))
        for yaku_id, points in yaku:
            row = self.yaku_row(yaku_id)
            name = _(row.name if row else YAKU_NAMES.get(yaku_id, yaku_id.capitalize()))
            cards = (pile if row is None or row.kind == "hand" else ref.cards_of(row, pile))[:16]
            at = (rect.x + 40, y + height // 2)
            kit_text.draw_line(surface, name, at, 250, 21, anchor="midleft", min_size=13)
            draw_small_cards(surface, cards, (rect.x + 300, y), height, 420)
            theme.draw_text(
                surface,
                str(points),
                (rect.right - 40, y + height // 2),
                24,
                theme.GOLD,
                anchor="midright",
            )
            y += height + 8
        if winner is not None and how == "stop":
            self.draw_stop(surface, rect, ev, sum(p for _y, p in yaku), y + 4)
        scores = ev.get("scores", [0, 0])
        bottom, top = lay.seats(self.model)
        rounds = self.model.get("options", {}).get("rounds", 1)
        if ev.get("deal", 1) >= rounds:
            match = _("Final score:  {first} {first_score}  —  {second} {second_score}")
        else:
            match = _("Match so far:  {first} {first_score}  —  {second} {second_score}")
        totals = match.format(
            first=self.ctx.name_of(bottom), first_score=scores[bottom],
            second=self.ctx.name_of(top), second_score=scores[top],
        )  # fmt: skip
        at = (rect.centerx, rect.bottom - 76)
        kit_text.draw_line(surface, totals, at, rect.w - 60, 22, theme.CREAM, anchor="midtop")

    def win_line(self, ev: dict[str, Any], winner: int, how: Any) -> str:
        """The deal summary's headline: who won how many points (and with which dealt hand)."""
        points = ev.get("points", [0, 0])[winner]
        name = self.ctx.name_of(winner)
        if how in ("stop", None):
            if winner == self.me:
                line = ngettext("You win {n} point", "You win {n} points", points)
            else:
                line = ngettext("{name} wins {n} point", "{name} wins {n} points", points)
            return line.format(name=name, n=points)
        row = self.yaku_row(str(how))
        yaku = _(row.name) if row else str(how).capitalize()
        if winner == self.me:
            line = ngettext(
                "You win {n} point with {yaku}", "You win {n} points with {yaku}", points
            )
        else:
            line = ngettext(
                "{name} wins {n} point with {yaku}", "{name} wins {n} points with {yaku}", points
            )
        return line.format(name=name, n=points, yaku=yaku)

    def draw_stop(
        self, surface: pygame.Surface, rect: pygame.Rect, ev: dict[str, Any], base: int, y: int
    ) -> None:
        """What the Stop scored: the yaku's sum and, under ``nintendo``, each K-42 multiplier."""
        winner = ev["winner"]
        table = self.yaku_table()
        called = ev.get("koikoi_calls", [0, 0])[1 - winner] > 0
        applied, points = ref.stop_breakdown(table, base, called)
        pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x + 40, y), (rect.right - 40, y), 2)
        if applied:
            # Translators: one multiplier applied to a Stop's points ("× 2 (7 points or more)")
            steps = "  ".join(
                _("× {factor} ({name})").format(factor=m.factor, name=_(m.name)) for m in applied
            )
            text = f"{base}  {steps}  =  {ref.points_words(points)}"
        elif table.multipliers:
            other = 1 - winner
            if other == self.me:
                text = ngettext(
                    "{n} point (under 7, and you did not call koi-koi)",
                    "{n} points (under 7, and you did not call koi-koi)",
                    points,
                )
            else:
                text = ngettext(
                    "{n} point (under 7, and {name} did not call koi-koi)",
                    "{n} points (under 7, and {name} did not call koi-koi)",
                    points,
                )
            text = text.format(n=points, name=self.ctx.name_of(other))
        else:
            text = ref.points_words(points)
        # Translators: the deal summary: what the Stop scored in all
        label = _("Total")
        label_w = kit_text.draw_line(surface, label, (rect.x + 40, y + 12), 200, 22, theme.GOLD).w
        at = (rect.right - 40, y + 12)
        room = rect.w - 100 - label_w
        kit_text.draw_line(surface, text, at, room, 22, theme.GOLD, anchor="topright")

    # ------------------------------------------------------------------ the yaku table (Y)

    def draw_reference(self, surface: pygame.Surface) -> None:
        """Every yaku of this table's ruleset, its cards and points; what each side holds lit."""
        model = self.model or {}
        table = self.yaku_table()
        ruleset, rows = table.ruleset, table.rows
        bottom, top = lay.seats(model)
        piles = model.get("piles", [[], []])
        made = [{str(y) for y, _p in model.get("yaku", [[], []])[s]} for s in (0, 1)]
        mine, theirs = set(piles[bottom]), set(piles[top])
        me_name = self.ctx.name_of(bottom)
        them = self.ctx.name_of(top)
        theme.dim(surface, 180)
        sheet = pygame.Rect(SHEET_RECT)
        theme.panel(surface, sheet, 250, 16)
        # Translators: the yaku table's title; {rules} is Cardavia or Nintendo
        title = _("Yaku  ·  {rules} rules").format(rules=ref.ruleset_name(ruleset))
        kit_text.draw_line(surface, title, (sheet.centerx, sheet.y + 12), sheet.w - 40, 32,
                           theme.GOLD, "title", "midtop", min_size=18)  # fmt: skip
        if self.me is not None:
            legend = _(
                "gold frame: in your pile   ·   red frame: in {them}'s pile   ·   a lit row: "
                "that yaku is made"
            )
        else:
            legend = _(
                "gold frame: in {me}'s pile   ·   red frame: in {them}'s pile   ·   a lit row: "
                "that yaku is made"
            )
        legend = legend.format(me=me_name, them=them)
        kit_text.draw_line(surface, legend, (sheet.centerx, sheet.y + 56), sheet.w - 40, 16,
                           theme.MUTED, anchor="midtop")  # fmt: skip
        per_column = -(-len(rows) // 2)
        row_h = min(72, 478 // per_column)
        for index, row in enumerate(rows):
            column, place = divmod(index, per_column)
            area = pygame.Rect(
                sheet.x + 20 + column * 600, sheet.y + 86 + place * row_h, 592, row_h - 4
            )
            holders = [s for s in (bottom, top) if row.id in made[s]]
            if holders:
                edge = HELD_MINE if bottom in holders else HELD_THEIRS
                pygame.draw.rect(surface, (62, 46, 30), area, border_radius=8)
                pygame.draw.rect(surface, edge, area, 2, border_radius=8)
            at = (area.x + 10, area.y + 5)
            kit_text.draw_line(surface, _(row.name), at, 214, 18, theme.CREAM, min_size=12)
            status = self.reference_status(
                row, mine, theirs, me_name, them, holders, bottom, self.me is not None
            )
            kit_text.draw_line(surface, status, (area.x + 10, area.y + 30), 214, 15,
                               theme.GOLD if holders else theme.MUTED)  # fmt: skip
            dim = row.kind != "hand"  # a dealt hand's cards are an example, not a goal
            marks = {c: HELD_MINE for c in row.cards if c in mine and dim}
            marks.update({c: HELD_THEIRS for c in row.cards if c in theirs and dim})
            draw_small_cards(
                surface, list(row.cards), (area.x + 230, area.y + 3), row_h - 10, 196, marks, dim
            )
            theme.draw_text(
                surface, str(row.points), (area.right - 10, area.y + 3), 22, theme.GOLD,
                anchor="topright",
            )  # fmt: skip
            if row.plus:
                kit_text.draw_line(surface, ref.plus_text(row), (area.right - 10, area.y + 31),
                                   150, 15, theme.MUTED, anchor="topright")  # fmt: skip
        y = sheet.y + 86 + per_column * row_h + 4
        for multiplier in table.multipliers:
            # Translators: a multiplier's line on the yaku sheet ("×2  7 points or more: …")
            text = _("×{factor}  {name}: {rule}").format(
                factor=multiplier.factor, name=_(multiplier.name), rule=_(multiplier.rule)
            )
            kit_text.draw_line(surface, text, (sheet.x + 30, y), sheet.w - 60, 17, theme.CREAM)
            y += 22
        notes = " ".join(_(n) for n in (table.notes[:1] if table.multipliers else table.notes[:2]))
        room = sheet.bottom - 30 - y
        kit_text.draw(surface, notes, (sheet.x + 30, y, sheet.w - 60, room), 16, theme.MUTED,
                      max_lines=2)  # fmt: skip
        closes = _("Y, Esc or a click closes this")
        kit_text.draw_line(surface, closes, (sheet.centerx, sheet.bottom - 26), sheet.w - 60, 16,
                           theme.MUTED, anchor="midtop")  # fmt: skip

    @staticmethod
    def reference_status(
        row: ref.YakuRow,
        mine: set[int],
        theirs: set[int],
        me_name: str,
        them: str,
        holders: list[int],
        bottom: int,
        seated: bool = True,
    ) -> str:
        """A yaku row's second line: who holds it, or how far each side is (``seated``: the
        bottom seat is the player's own, "you")."""
        if row.kind == "hand":
            # Translators: the yaku table: a yaku that is a dealt hand (not made by captures)
            return _("dealt to one hand")
        if holders:
            mine_too = bottom in holders
            if mine_too and seated and len(holders) == 1:
                return _("you have it")
            if mine_too and seated:
                return _("you have it, and {name} too").format(name=them)
            names = [me_name if seat == bottom else them for seat in holders]
            return _("made by {names}").format(names=join_names(names))
        have_me, need = ref.progress_of(row, mine)
        have_them, _unused = ref.progress_of(row, theirs)
        me = _("you") if seated else me_name
        return f"{me} {min(have_me, need)}/{need}  ·  {them} {min(have_them, need)}/{need}"


def summary_card_height(rows: int) -> int:
    """The card height of the deal summary's rows (smaller when many yaku scored)."""
    return 56 if rows <= 5 else 44


def draw_small_cards(
    surface: pygame.Surface,
    cards: list[int],
    pos: tuple[int, int],
    height: int,
    budget: int,
    marks: dict[int, tuple[int, int, int]] | None = None,
    dim_unmarked: bool = False,
) -> None:
    """A row of small card faces from ``pos``, overlapped to fit ``budget`` pixels; a card in
    ``marks`` gets a frame of its colour, the others are darkened when ``dim_unmarked``."""
    marks = marks or {}
    width = lay.card_w(height)
    step = min(width + 4, (budget - width) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
    x, y = pos
    for i, card in enumerate(cards):
        rect = pygame.Rect(round(x + i * step), y, width, height)
        surface.blit(assets.card_image(GAME, card, height=height), rect)
        color = marks.get(card)
        if color is not None:
            pygame.draw.rect(surface, color, rect.inflate(4, 4), 3, border_radius=5)
        elif dim_unmarked:
            theme.dim_rect(surface, rect, 120)


def result_sheet(result: dict[str, Any], name_of) -> ResultSheet:
    """Each deal's points with the yaku that scored them (K-33: a drawn deal scores nothing)."""
    rows = []
    for entry in result.get("rounds", []):
        names = [_(YAKU_NAMES.get(str(y[0]), str(y[0]))) for y in entry.get("yaku", [])]
        yaku = _(", ").join(names)
        how = str(entry.get("how", "") or "")
        if entry.get("winner") is None:
            # Translators: the score sheet's note for a deal nobody won
            note = _("drawn")
        else:
            note = yaku or (_(YAKU_NAMES[how]) if how in YAKU_NAMES else _(HOW_WORDS.get(how, how)))
        cells = [str(p) for p in entry.get("points", [])]
        rows.append((str(entry.get("deal", "")), cells, note))
    # Translators: the Koi-Koi score sheet's first column heading: the deal's number
    return ResultSheet(N_("Deal"), rows, [str(s) for s in result.get("scores", [])])


# How a deal ended, on the score sheet when no yaku is listed.
HOW_WORDS = {
    # Translators: the score sheet's note: the deal ended with a Stop
    "stop": N_("stop"),
}


TABLE = KoiKoiTable
