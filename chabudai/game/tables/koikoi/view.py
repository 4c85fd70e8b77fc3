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

GAME = "koikoi"
INFO_POS = (1264, 638)  # deal and turn, above the yaku and help buttons
KEYS_LINE = "F1 help  ·  Y yaku  ·  H hint  ·  Esc leave"
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
    help_title = "How to play Koi-Koi"
    event_kinds = events.KINDS
    holds = HOLDS
    updates = events.UPDATES
    reference_key = pygame.K_y
    reference_label = "Yaku (Y)"
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
                    "Stop",
                    lambda: self.submit({"call": "stop"}),
                    size=24,
                ),
                ui.Button(
                    lay.DECISION_BUTTONS["koikoi"],
                    "Koi-Koi!",
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
        names = ", ".join(YAKU_NAMES.get(y, y) for y, _ in ev["yaku"])
        x, y, _w, _h = lay.PILE_AREAS["me" if seat == self.bottom_seat else "opp"]
        self.popup(f"{names}  = {ev['total']}", (x + 20, y + 40), theme.GOLD, 30)
        self.ctx.sound("place")

    def effect_koikoi(self, ev: dict[str, Any]) -> None:
        self.show_banner(
            "KOI-KOI!", f"{self.ctx.name_of(ev['seat'])} plays on for more", theme.GOLD, grow=0.5
        )
        self.ctx.sound("koikoi")

    def effect_stop(self, ev: dict[str, Any]) -> None:
        seat = ev["seat"]
        self.show_banner(
            "STOP!",
            f"{self.ctx.name_of(seat)} banks {ref.points_words(ev['points'])}",
            theme.CREAM,
        )
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
        self.show_banner("Redeal", self.describe(ev), theme.CREAM, grow=0.4)

    def effect_hand_bonus(self, ev: dict[str, Any]) -> None:
        self.bonus_cards = list(ev.get("cards") or [])
        kind = str(ev.get("kind", "")).capitalize()
        self.show_banner(
            f"{kind}!", f"{self.ctx.name_of(ev.get('seat'))}'s dealt hand scores 6", theme.GOLD
        )
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
                pygame.draw.rect(surface, theme.GOLD, rect, 3, border_radius=12)
            name = self.ctx.name_of(seat) + (" (you)" if seat == self.me else "")
            score = ref.points_words(model.get("scores", [0, 0])[seat])
            room = rect.w - 38 - theme.text_size(score, 22)[0]
            at = (rect.x + 14, rect.y + 10)
            kit_text.draw_line(surface, name, at, room, 22, theme.CREAM, min_size=15)
            theme.draw_text(
                surface, score, (rect.right - 14, rect.y + 10), 22, theme.GOLD, anchor="topright"
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
            at = (rect.x + 14, rect.y + 40)
            kit_text.draw_line(surface, " · ".join(parts), at, rect.w - 28, 17, theme.MUTED)
            if current:
                if thinking and seat == model.get("current"):
                    dots = "." * (1 + int(self.time * 3) % 3)
                    doing = "thinking" if self.ctx.kind_of(seat) == "bot" else "choosing"
                    label = f"{doing}{dots}"
                else:
                    label = "your turn" if seat == self.me else "to play"
                theme.draw_text(surface, label, (rect.x + 14, rect.y + 64), 17, theme.GOLD)

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
        for (x, y), text, done, size in self.labels:
            color = theme.GOLD if done else theme.CREAM if size > 14 else theme.MUTED
            if done:
                pygame.draw.circle(surface, theme.GOLD, (x + 5, y + size // 2 + 1), 5)
                x += 14
            theme.draw_text(surface, text, (x, y), size, color)

    def draw_info(self, surface: pygame.Surface) -> None:
        model = self.model
        rounds = model.get("options", {}).get("rounds", 1)
        text = f"Deal {model.get('deal', 1)}/{rounds}  ·  Turn {model.get('turn', 1)}/16"
        theme.draw_text(surface, text, INFO_POS, 18, theme.CREAM, anchor="midright")
        self.log.draw(surface, (18, 586))
        theme.draw_text(surface, KEYS_LINE, (18, 702), 15, theme.MUTED, anchor="midleft")
        prompt = ""
        if model.get("phase") == "draw_choice" and self.acting():
            prompt = "Click the glowing card the drawn card takes"
        elif self.selected is not None and self.ready:
            prompt = "Two cards match: click the one to take"
        if not self.reason_instead(surface, prompt, self.reason_centre) and prompt:
            theme.draw_text(surface, prompt, (640, 444), 20, theme.GOLD, anchor="center")

    def draw_decision(self, surface: pygame.Surface) -> None:
        """The stop / koi-koi choice (K-21), over your hand: the board stays in plain view
        (its buttons are drawn by the :class:`DecisionOverlay`)."""
        model = self.model
        me = self.me
        rect = pygame.Rect(lay.DIALOG)
        theme.panel(surface, rect, 245, 16)
        left, width = rect.x + 20, lay.DECISION_BUTTONS["stop"][0] - rect.x - 40
        theme.draw_text(surface, "You made yaku!", (left, rect.y + 10), 26, theme.GOLD,
                        role="title")  # fmt: skip
        total = model.get("totals", [0, 0])[me]
        made = [f"{YAKU_NAMES.get(y, y)} {p}" for y, p in model.get("yaku", [[], []])[me]]
        lines = theme.wrap("  ·  ".join([*made, f"Total {total}"]), 17, width)
        y = rect.y + 46
        for line in lines[:2]:
            theme.draw_text(surface, line, (left, y), 17, theme.CREAM)
            y += 21
        opp_called = model.get("koikoi_calls", [0, 0])[1 - me] > 0
        points = stop_points(total, model.get("options", {}).get("ruleset", "cardavia"), opp_called)
        times = f" ({total} × {points // total})" if total and points != total else ""
        theme.draw_text(
            surface,
            f"Stop now for {ref.points_words(points)}{times}, or call Koi-Koi and play on.",
            (left, rect.bottom - 46),
            16,
            theme.MUTED,
        )
        opp_total = model.get("totals", [0, 0])[1 - me]
        if opp_total:
            warning = f"Careful: {self.ctx.name_of(1 - me)} already holds yaku worth {opp_total}."
            theme.draw_text(surface, warning, (left, rect.bottom - 26), 16, theme.WARN)

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
            f"Deal {ev.get('deal')} of {rounds}",
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
                mine = seat == self.me
                who = "You" if mine else self.ctx.name_of(seat)
                held = totals[seat] if seat < len(totals) else 0
                points = ref.points_words(held) if held else "points"
                whose = "your" if mine else "their"
                said.append(f"{who} called koi-koi and nobody stopped: {whose} {points} are lost.")
        if said:
            said.append("A drawn deal scores nothing, even for yaku.")
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
            line = "Drawn deal: the cards ran out before anyone stopped."
            lost = self.lost_calls(ev)
            box = (rect.x + 40, rect.y + 104, rect.w - 80, 52)
            note = " ".join(lost) if lost else ""
            kit_text.draw(surface, note, box, 20, theme.CREAM, min_size=15, align="center")
        else:
            points = ev.get("points", [0, 0])[winner]
            who = "You win" if winner == self.me else f"{self.ctx.name_of(winner)} wins"
            line = f"{who} {ref.points_words(points)}"
            if how not in ("stop", None):
                row = self.yaku_row(str(how))
                line += f" with {row.name if row else str(how).capitalize()}"
        theme.draw_text(surface, line, (rect.centerx, rect.y + 66), 26, anchor="midtop")
        y = rect.y + 112
        height = summary_card_height(len(yaku))
        for yaku_id, points in yaku:
            row = self.yaku_row(yaku_id)
            name = row.name if row else YAKU_NAMES.get(yaku_id, yaku_id.capitalize())
            cards = (pile if row is None or row.kind == "hand" else ref.cards_of(row, pile))[:16]
            theme.draw_text(surface, name, (rect.x + 40, y + height // 2), 21, anchor="midleft")
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
        match = "Final score" if ev.get("deal", 1) >= rounds else "Match so far"
        totals = (
            f"{match}:  {self.ctx.name_of(bottom)} {scores[bottom]}  —  "
            f"{self.ctx.name_of(top)} {scores[top]}"
        )
        theme.draw_text(
            surface, totals, (rect.centerx, rect.bottom - 76), 22, theme.CREAM, anchor="midtop"
        )

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
            steps = "  ".join(f"× {m.factor} ({m.name.lower()})" for m in applied)
            text = f"{base}  {steps}  =  {ref.points_words(points)}"
        elif table.multipliers:
            other = 1 - winner
            caller = "you" if other == self.me else self.ctx.name_of(other)
            text = f"{ref.points_words(points)} (under 7, and {caller} did not call koi-koi)"
        else:
            text = ref.points_words(points)
        theme.draw_text(surface, "Total", (rect.x + 40, y + 12), 22, theme.GOLD)
        theme.draw_text(surface, text, (rect.right - 40, y + 12), 22, theme.GOLD, anchor="topright")

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
        me_name = "you" if self.me is not None else self.ctx.name_of(bottom)
        them = self.ctx.name_of(top)
        theme.dim(surface, 180)
        sheet = pygame.Rect(SHEET_RECT)
        theme.panel(surface, sheet, 250, 16)
        title = f"Yaku  ·  {'Nintendo' if ruleset == 'nintendo' else 'Cardavia'} rules"
        theme.draw_text(
            surface, title, (sheet.centerx, sheet.y + 12), 32, theme.GOLD, "title", "midtop"
        )
        legend = (
            f"gold frame: in {'your' if self.me is not None else me_name + chr(39) + 's'} pile"
            f"   ·   red frame: in {them}'s pile   ·   a lit row: that yaku is made"
        )
        theme.draw_text(
            surface, legend, (sheet.centerx, sheet.y + 56), 16, theme.MUTED, anchor="midtop"
        )
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
            theme.draw_text(surface, row.name, (area.x + 10, area.y + 5), 18, theme.CREAM)
            theme.draw_text(
                surface, self.reference_status(row, mine, theirs, me_name, them, holders, bottom),
                (area.x + 10, area.y + 30), 15, theme.GOLD if holders else theme.MUTED,
            )  # fmt: skip
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
                theme.draw_text(
                    surface, ref.plus_text(row), (area.right - 10, area.y + 31), 15, theme.MUTED,
                    anchor="topright",
                )  # fmt: skip
        y = sheet.y + 86 + per_column * row_h + 4
        for multiplier in table.multipliers:
            text = f"×{multiplier.factor}  {multiplier.name}: {multiplier.rule}"
            theme.draw_text(surface, text, (sheet.x + 30, y), 17, theme.CREAM)
            y += 22
        notes = " ".join(table.notes[:1] if table.multipliers else table.notes[:2])
        for line in theme.wrap(notes, 16, sheet.w - 60)[:2]:
            theme.draw_text(surface, line, (sheet.x + 30, y), 16, theme.MUTED)
            y += 20
        theme.draw_text(
            surface,
            "Y, Esc or a click closes this",
            (sheet.centerx, sheet.bottom - 26),
            16,
            theme.MUTED,
            anchor="midtop",
        )

    @staticmethod
    def reference_status(
        row: ref.YakuRow,
        mine: set[int],
        theirs: set[int],
        me_name: str,
        them: str,
        holders: list[int],
        bottom: int,
    ) -> str:
        """A yaku row's second line: who holds it, or how far each side is."""
        if row.kind == "hand":
            return "dealt to one hand"
        if holders:
            names = [me_name if seat == bottom else them for seat in holders]
            return ("made by " + " and ".join(names)).replace("made by you", "you have it")
        have_me, need = ref.progress_of(row, mine)
        have_them, _ = ref.progress_of(row, theirs)
        return f"{me_name} {min(have_me, need)}/{need}  ·  {them} {min(have_them, need)}/{need}"


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
        yaku = ", ".join(YAKU_NAMES.get(str(y[0]), str(y[0])) for y in entry.get("yaku", []))
        note = "drawn" if entry.get("winner") is None else (yaku or entry.get("how", ""))
        cells = [str(p) for p in entry.get("points", [])]
        rows.append((str(entry.get("deal", "")), cells, note))
    return ResultSheet("Deal", rows, [str(s) for s in result.get("scores", [])])


TABLE = KoiKoiTable
