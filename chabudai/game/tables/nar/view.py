"""The Nar table view: how Nar's events animate, what a click means, its dialogs and panels.

The machinery — event queue, sprites tweening to the layout, badges, pop-ups, banners, help,
keyboard focus, the illegal-click shake — is the kit's (:class:`chabudai.game.tables.kit.KitTable`). Here:
each host event (``deal``, ``hand``, ``declare``, ``trick``, ``play``, ``trick_won``, ``fool``,
``round_end``, ``game_end``; see :mod:`chabudai.engines.nar.state`) changes the model, a Nar view dict,
by its pure update (:mod:`~chabudai.game.tables.nar.events`) and shows its ``effect_<kind>``;
the pure layout (:mod:`chabudai.game.tables.nar.layout`) says where every card goes.

A trick plays out on the seats' anchors. When it is complete its winner is crowned, the fool
disc(s) fly back to the middle and on to the new Fool(s) (R-17), landing where their next card
would go, and only then are the cards set aside face down (R-20). The last completed trick is
shown on hover of its tab or the pile, or with the L key (R-27).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

import pygame

from chabudai.engines.nar.cards import ONE
from chabudai.game import assets, theme, ui
from chabudai.game.tables.base import TableContext
from chabudai.game.tables.kit import KitTable, Panel, Place, draw_seat_badge
from chabudai.game.tables.kit import text as kit_text
from chabudai.game.tables.kit.geometry import Rect, contains
from chabudai.game.tables.kit.sprites import CardSprite
from chabudai.game.tables.kit.stack import DialogOverlay, Overlay
from chabudai.game.tables.nar import events, panels, texts
from chabudai.game.tables.nar import layout as lay
from chabudai.game.tables.nar.texts import colour_name, end_reason, names
from chabudai.game.tween import back_out, ease_out
from chabudai.i18n import N_, _, ngettext, pgettext

GAME = "nar"

HOLDS = {  # seconds the table lingers on an event before the next (at animation speed 1)
    "deal": 0.9, "hand": 0.8, "declare": 0.6, "trick": 0.12, "play": 0.36,
    "trick_won": 0.85, "fool": 1.0, "round_end": 0.3, "game_end": 0.3,
}  # fmt: skip
SLOT_EDGE = (70, 128, 86)  # the empty spot of a seat still to play, on the green felt
DEAL_STAGGER = 0.012  # seconds between cards leaving the dealer (88 cards at eight seats)
DISC_HOME_SECONDS = 0.3
DISC_FLY_SECONDS = 0.45


def same_rect(a, b) -> bool:
    """Two rectangles equal to a hundredth of a pixel (an FRect holds 32-bit floats)."""
    return all(abs(p - q) < 0.01 for p, q in zip(a, b, strict=True))


class LastTrickOverlay(Overlay):
    """The last completed trick (L), over the table in plain view; any key or click puts it
    away, Esc too. It shows only while there is a last trick not still lying on the seats."""

    dims = False

    def __init__(self, table: NarTable) -> None:
        super().__init__()
        self.table = table

    def draw(self, surface: pygame.Surface) -> None:
        if self.table.peeking():
            self.table.draw_last_trick(surface)


class AnnounceOverlay(DialogOverlay):
    """The go-out announcement (option ``announcements``) on the overlay stack while it is the
    player's: Y or N, or its buttons; the table stays in view and Esc never answers it (yes
    and no both change the round's score)."""


class NarTable(KitTable):
    game = GAME
    help_title = N_("How to play Nar")
    event_kinds = events.KINDS
    holds = HOLDS
    updates = events.UPDATES
    card_heights = (lay.BACK_H, lay.TRICK_H, lay.HAND_H)
    reason_centre = lay.PROMPT_AT
    sheet_button = (1086, 556, 116, 44)  # above the last trick's tab
    hint_button = (1086, 506, 116, 44)  # above the score sheet's
    opening_deal = (DEAL_STAGGER, 0.4, 1.0)

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.layout: lay.Layout | None = None
        self.showing_last = False  # the completed trick still lies face up on the seats
        self.discs: list[pygame.FRect] = []
        self.disc_goals: list[Rect] = []
        self.mouse: tuple[int, int] = (-1, -1)
        self._strips: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}
        self.decision = ui.Form(
            [
                ui.Button(
                    lay.DECLARE_BUTTONS[True],
                    # Translators: a button of the go-out announcement
                    N_("Yes, I go out"),
                    lambda: self.submit({"declare": True}),
                    accent=True,
                    size=24,
                ),
                ui.Button(
                    lay.DECLARE_BUTTONS[False],
                    # Translators: a button of the go-out announcement (not going out)
                    N_("No"),
                    lambda: self.submit({"declare": False}),
                    size=24,
                ),
            ]
        )

    @property
    def help_text(self) -> str:  # type: ignore[override]
        """The help page (F1) in the current language."""
        return texts.help_text()

    # ------------------------------------------------------------------ layout

    def places(self) -> list[Place]:
        assert self.model is not None
        self.layout = lay.compute(self.model, self.showing_last)
        return self.layout.places

    def relayout(self, stagger=0.0, duration=0.34, ease=ease_out, origin=None) -> None:
        super().relayout(stagger, duration, ease, origin)
        self.arrange_discs(duration)

    def deck_rect(self) -> Rect:
        """New cards come from the dealer's seat."""
        model = self.model or {}
        if self.layout is None or "dealer" not in model:
            return super().deck_rect()
        x, y, w, h = self.layout.ring[model["dealer"]].badge
        cw = lay.card_w(lay.BACK_H)
        return (x + w / 2 - cw / 2, y + h / 2 - lay.BACK_H / 2, cw, lay.BACK_H)

    def arrange_discs(self, duration: float, via_home: bool = False) -> None:
        """Send each fool disc to its place: the middle, or the spot of the Fool holding it.

        ``via_home``: a disc given up returns to the middle before a new Fool takes it (R-17).
        """
        assert self.layout is not None
        goals = self.layout.discs
        while len(self.discs) < len(goals):
            self.discs.append(pygame.FRect(lay.DISC_HOME[len(self.discs)]))
            self.disc_goals.append(lay.DISC_HOME[len(self.disc_goals)])
        del self.discs[len(goals) :], self.disc_goals[len(goals) :]
        for i, goal in enumerate(goals):
            disc = self.discs[i]
            if duration <= 0:
                self.tweens.cancel(disc)
                disc.update(goal)
            elif self.disc_goals[i] != goal:
                home = lay.DISC_HOME[i]
                if via_home and tuple(disc) != home and goal != home:

                    def onward(d: pygame.FRect = disc, g: Rect = goal) -> None:
                        self.tweens.move(d, g, DISC_FLY_SECONDS, ease=back_out)

                    self.tweens.move(disc, home, DISC_HOME_SECONDS, on_done=onward)
                else:
                    self.tweens.move(disc, goal, DISC_FLY_SECONDS, ease=back_out)
            self.disc_goals[i] = goal

    def slot_centre(self, seat: int) -> tuple[float, float]:
        x, y, w, h = self.layout.slots[seat]
        return x + w / 2, y + h / 2

    # ------------------------------------------------------------------ host events

    def on_snapshot(self, view: dict[str, Any]) -> None:
        self.showing_last = False
        self.disc_goals = []
        self.discs = []
        self.places()  # the dealer's seat for deck_rect
        super().on_snapshot(view)

    def fresh_deal(self, view: dict[str, Any]) -> bool:
        """A new game: the first round dealt, no card played (its deal flies from the dealer)."""
        first = view.get("round") == 1 and not view.get("played") and not view.get("trick")
        return first and not view.get("over")

    def effect_deal(self, ev: dict[str, Any]) -> None:
        self.showing_last = False
        self.stage.clear()
        self.places()  # the dealer's seat for deck_rect
        self.fly("shuffle", stagger=DEAL_STAGGER, duration=0.4)

    def effect_hand(self, ev: dict[str, Any]) -> None:
        if ev.get("seat") == self.model.get("seat"):
            self.relayout(stagger=0.035, duration=0.42)

    def effect_declare(self, ev: dict[str, Any]) -> None:
        x, y, w, _h = self.layout.ring[ev["seat"]].badge
        if ev["declare"]:
            # Translators: a pop-up over a seat that announces going out
            self.popup(_("I go out!"), (x + 20, y + 20), theme.GOLD, 30)
            self.ctx.sound("koikoi")
        else:
            # Translators: a pop-up over a seat that announces not going out
            self.popup(pgettext("announcement", "no"), (x + 20, y + 20), theme.CREAM, 26)
            self.ctx.sound("click")

    def effect_trick(self, ev: dict[str, Any]) -> None:
        """R-20: the cards of the last trick are set aside face down."""
        if self.showing_last:
            self.showing_last = False
            self.relayout(duration=0.4)

    def effect_play(self, ev: dict[str, Any]) -> None:
        seat, card, before = ev["seat"], ev["card"], self.before
        key = lay.trick_key(card, before["trick_no"], seat)
        hand = before.get("hand")
        if seat == before.get("seat") and hand is not None:
            if card == ONE:
                self.stage.rekey(lay.hand_key(ONE, hand.count(ONE) - 1), key)
        else:  # the back of the card played turns over as it flies
            self.stage.rekey(("back", seat, before["hand_counts"][seat] - 1), key, card)
        self.fly("flick")

    def effect_trick_won(self, ev: dict[str, Any]) -> None:
        """R-15: the winner is crowned; the cards stay on the seats a moment."""
        self.showing_last = True
        self.relayout()
        x, y = self.slot_centre(ev["winner"])
        # Translators: a pop-up over the card that won the trick
        self.popup(pgettext("trick", "wins"), (x - 26, y - 20), theme.GOLD, 30)
        self.ctx.sound("capture")

    def effect_fool(self, ev: dict[str, Any]) -> None:
        """R-17: the new Fools take the discs; the old ones give theirs back."""
        self.places()
        self.arrange_discs(DISC_FLY_SECONDS, via_home=True)
        self.relayout()
        for seat in ev["seats"]:
            x, y = self.slot_centre(seat)
            # Translators: a pop-up over the card of the trick's new Fool
            self.popup(_("Fool!"), (x - 30, y + 26), theme.WARN, 30)
        self.ctx.sound("fool")

    def effect_round_end(self, ev: dict[str, Any]) -> None:
        """R-21 to R-23: the round's scores, shown seat by seat."""
        self.showing_last = False
        self.relayout(duration=0.4)
        self.show_summary(dict(ev))
        me = self.me
        good = me is not None and ev["points"][me] > 0
        self.ctx.sound("round_won" if good else "place")

    def effect_game_end(self, ev: dict[str, Any]) -> None:
        """R-25, R-26: the end, its reason and the winners."""
        winners = list(ev.get("winners", []))
        me = self.me
        if me is not None and winners == [me]:
            title = _("You win!")
        elif me is not None and me in winners:
            title = _("You share the win!")
        else:
            who = names(winners, self.ctx.name_of)
            # Translators: the game end's banner; {names} are the winners
            title = ngettext("{names} wins", "{names} share the win", len(winners))
            title = title.format(names=who)
        rounds = self.model.get("rounds", [])
        reason = end_reason(ev["scores"], ev["plus10"], rounds, self.ctx.name_of)
        self.show_banner(title, reason, theme.GOLD, seconds=3.0)
        if me is not None:
            self.ctx.sound("game_won" if me in winners else "game_lost")

    # ------------------------------------------------------------------ player input

    def resolve_click(self, pos: tuple[float, float]):
        assert self.model is not None and self.layout is not None
        return lay.resolve_click(self.model, self.layout, pos, self.legal)

    def legal_keys(self) -> set[Hashable]:
        if self.model is None or self.layout is None:
            return set()
        return lay.legal_keys(self.model, self.layout, self.legal)

    def hint_keys(self) -> set[Hashable]:
        """The winning card of the trick so far glows faintly."""
        key = self.winning_key()
        return set() if key is None else {key}

    def clicks_for(self, move: Any) -> list[tuple[int, int]]:
        assert self.model is not None and self.layout is not None
        return lay.clicks_for(self.model, self.layout, move)

    def announcing(self) -> bool:
        return self.acting() and lay.announcing(self.model)

    @property
    def peek(self) -> bool:
        """The last trick (L) is on the overlay stack."""
        return self.overlays.find(LastTrickOverlay) is not None

    def handle_table(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.overlays.replace(LastTrickOverlay, LastTrickOverlay(self))
            return True
        return False

    def sync_overlays(self) -> None:
        """The announcement is on the overlay stack exactly while it is the player's."""
        if self.overlays.keep(AnnounceOverlay, self.announcing(), self.announce_dialog):
            self.touch()

    def announce_dialog(self) -> AnnounceOverlay:
        keys = {
            pygame.K_y: lambda: self.submit({"declare": True}),
            pygame.K_n: lambda: self.submit({"declare": False}),
        }
        return AnnounceOverlay(self, self.decision, self.draw_announce, keys)

    def draw_announce(self, surface: pygame.Surface) -> None:
        panels.draw_announce(surface, self.model["declared"], self.ctx.name_of)

    # ------------------------------------------------------------------ what is shown

    def winning_key(self) -> Hashable:
        """The key of the card winning the trick (or the completed trick while it shows)."""
        model = self.model
        if model is None:
            return None
        if self.showing_last and model.get("last_trick"):
            last = model["last_trick"]
            card = next(c for s, c in last["plays"] if s == last["winner"])
            return lay.trick_key(card, last["trick"], last["winner"])
        seat = lay.winning_seat(model)
        if seat is None:
            return None
        card = next(c for s, c in model["trick"] if s == seat)
        return lay.trick_key(card, model["trick_no"], seat)

    def peeking(self) -> bool:
        """The last trick is shown: L pressed, or the mouse on its tab or the pile."""
        model = self.model or {}
        if not model.get("last_trick") or self.showing_last or self.panel is not None:
            return False
        return self.peek or contains(lay.LAST_TAB, self.mouse) or contains(lay.PILE, self.mouse)

    def dimmed(self, sprite: CardSprite) -> bool:
        """Cards of a seat sitting out are dim (R-10); so are your cards you may not play."""
        place = self._by_key.get(sprite.key)
        if place is None or place.zone not in ("hand", "back"):
            return False
        if lay.sitting_out(self.model, place.seat):
            return True
        playing = self.acting() and self.model.get("phase") == "play"
        return place.zone == "hand" and playing and sprite.key not in self.legal_keys()

    # ------------------------------------------------------------------ drawing

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_middle(surface)
        self.draw_badges(surface)
        self.draw_cards(surface, self.dimmed, self.draw_resting(surface))
        self.draw_winner(surface)
        disc = assets.token(GAME, "fool", height=lay.DISC)
        for rect in self.discs:
            surface.blit(disc, (round(rect.x), round(rect.y)))
        self.draw_info(surface)

    def draw_dialogs(self, surface: pygame.Surface) -> None:
        if (
            self.peeking() and not self.peek and not self.announcing()
        ):  # the mouse on its tab: the overlay draws L's
            self.draw_last_trick(surface)

    def draw_last_trick(self, surface: pygame.Surface) -> None:
        panels.draw_last_trick(surface, self.model["last_trick"], self.ctx.name_of)

    def draw_resting(self, surface: pygame.Surface) -> set[Hashable]:
        """Draw the hands of backs at rest as one cached strip per seat (up to 77 cards at eight
        seats: two blits each would cost a frame's budget); returns the keys drawn so, or not
        to be drawn: of the set-aside pile and of the cards waiting to be dealt only the top
        card shows."""
        skip: set[Hashable] = set()
        strips: dict[int, list[Place]] = {}
        aside: list[Place] = []
        for place in self.layout.places:
            if place.zone == "back":
                strips.setdefault(place.seat, []).append(place)
            elif place.zone == "aside":
                aside.append(place)
        for seat, places in strips.items():
            if all(self.at_rest(place) for place in places):
                dark = lay.sitting_out(self.model, seat)
                image, origin = self.strip(seat, places, dark)
                surface.blit(image, origin)
                skip.update(place.key for place in places)
        skip.update(place.key for place in aside[:-1] if self.at_rest(place))
        # cards waiting at the dealer for their turn to fly out show as one (their shadows
        # would stack up to a black block)
        origin = self.deck_rect()
        waiting = [
            key
            for key, sprite in self.stage.sprites.items()
            if sprite.moving and same_rect(sprite.rect, origin)
        ]
        skip.update(waiting[:-1])
        return skip

    def at_rest(self, place: Place) -> bool:
        sprite = self.stage.get(place.key)
        return (
            sprite is not None
            and not sprite.moving
            and sprite.shake <= 0
            and sprite.flip >= 1.0
            and same_rect(sprite.rect, place.rect)
        )

    def strip(self, seat: int, places: list[Place], dark: bool) -> tuple[pygame.Surface, Rect]:
        """One seat's backs drawn once (with their shadows) into a cached surface."""
        key = (tuple(place.rect for place in places), dark)
        cached = self._strips.get(key)
        if cached is None:
            if len(self._strips) > 48:
                self._strips.clear()
            # whole-pixel origin: each card lands on the very pixels it would on its own
            x0 = math.floor(min(place.rect[0] for place in places))
            y0 = math.floor(min(place.rect[1] for place in places))
            right = max(place.rect[0] + place.rect[2] for place in places)
            bottom = max(place.rect[1] + place.rect[3] for place in places)
            image = pygame.Surface(
                (round(right - x0) + 14, round(bottom - y0) + 14), pygame.SRCALPHA
            )
            for place in places:
                x, y, w, h = place.rect
                sprite = CardSprite(place.key, None, (x - x0, y - y0, w, h), False)
                self.stage.draw_sprite(image, sprite, dark=dark)
            cached = self._strips[key] = (image, (x0, y0))
        return cached

    def draw_middle(self, surface: pygame.Surface) -> None:
        """The set-aside pile, the lead-colour indicator and the empty spots of the seats still
        to play this trick (the one to play now in gold)."""
        model = self.model
        if model.get("phase") == "play" and not self.showing_last:
            played = {seat for seat, _card in model.get("trick", [])}
            for seat in model.get("active", []):
                if seat not in played:
                    now = seat in model.get("to_move", [])
                    color, width = (theme.GOLD, 3) if now else (SLOT_EDGE, 2)
                    rect = pygame.Rect(self.layout.slots[seat])
                    pygame.draw.rect(surface, color, rect, width, border_radius=7)
        x, y, w, h = lay.PILE
        layout = self.layout
        last = model.get("last_trick")
        shown = len(last["plays"]) if last else 0
        if layout.aside > shown:  # earlier tricks under the last one
            back = assets.card_back(GAME, height=lay.TRICK_H)
            for i in range(min(3, (layout.aside - shown + 3) // 4), 0, -1):
                surface.blit(back, (x - 2 * i, y - 2 * i))
        if layout.aside:
            # Translators: under the pile of the cards of completed tricks, set aside face down
            aside = ngettext("{n} set aside", "{n} set aside", layout.aside)
            aside = aside.format(n=layout.aside)
            size = ui.fitting(aside, 15, 120)
            theme.draw_text(
                surface, aside, (x + w / 2, y + h + 6), size, theme.MUTED, anchor="midtop"
            )
        rect = pygame.Rect(lay.LEAD)
        theme.panel(surface, rect, 190, 22)
        lead = model.get("lead")
        if self.showing_last and model.get("last_trick"):
            lead = model["last_trick"]["lead"]  # the trick just completed still lies there
        if model.get("phase") == "announce":
            # Translators: the middle of the table while players announce going out
            text, color = _("Announcements"), theme.GOLD
        elif lead:
            token = assets.token(GAME, f"suit_{lead}", height=32)
            surface.blit(token, (rect.x + 10, rect.centery - 16))
            # Translators: the lead colour of the trick; {colour} is a colour name ("nar colour")
            said = _("Lead: {colour}").format(colour=colour_name(lead))
            kit_text.draw_line(
                surface, said, (rect.x + 50, rect.centery), rect.right - 8 - (rect.x + 50), 20,
                theme.CREAM, anchor="midleft",
            )  # fmt: skip
            return
        elif model.get("trick"):
            text, color = _("No lead colour yet"), theme.CREAM
        elif model.get("over"):
            text, color = _("Game over"), theme.CREAM
        else:
            text = _("Trick {n}").format(n=model.get("trick_no") or 1)
            color = theme.CREAM
        kit_text.draw_line(surface, text, rect.center, rect.w - 16, 20, color, anchor="center")

    def draw_badges(self, surface: pygame.Surface) -> None:
        model = self.model
        for spot in self.layout.ring:
            seat = spot.seat
            notes = []
            if model.get("dealer") == seat:
                # Translators: a seat badge's note: this player dealt the round
                notes.append(_("dealer"))
            out = lay.sitting_out(model, seat)
            if out:
                # Translators: a seat badge's note: the Fool sits out this trick
                notes.append(_("sits out"))
            if (model.get("declared") or [None] * (seat + 1))[seat]:
                # Translators: a seat badge's note: announced going out this round
                notes.append(_("announced"))
            plus = model.get("plus10", [0] * (seat + 1))[seat]
            if plus:
                # Translators: a seat badge's note: how many times the player went out for +10
                notes.append(_("+10 x{n}").format(n=plus))
            badge = self.badge(
                seat,
                cards=model["hand_counts"][seat],
                score=str(model["scores"][seat]),
                note=" · ".join(notes),
                dimmed=out,
            )
            draw_seat_badge(surface, spot.badge, badge, self.time)

    def draw_winner(self, surface: pygame.Surface) -> None:
        """The card winning the trick so far wears a crown (R-15)."""
        key = self.winning_key()
        sprite = self.stage.get(key) if key is not None else None
        if sprite is None or not sprite.shows_face:
            return
        rect = pygame.Rect(round(sprite.rect.x), round(sprite.rect.y), round(sprite.rect.w),
                           round(sprite.rect.h))  # fmt: skip
        pygame.draw.rect(surface, theme.GOLD, rect.inflate(6, 6), 3, border_radius=8)
        surface.blit(assets.icon("crown", 26), (rect.right - 28, rect.y + 2))

    def draw_info(self, surface: pygame.Surface) -> None:
        model = self.model
        text = lay.prompt(model) if self.ready and not self.awaiting else ""
        if not self.reason_instead(surface, text, lay.PROMPT_AT) and text:
            color = theme.GOLD if model.get("seat") is not None else theme.MUTED
            kit_text.draw_line(surface, text, lay.PROMPT_AT, 760, 21, color, anchor="center")
        tab = pygame.Rect(lay.LAST_TAB)
        has_last = bool(model.get("last_trick"))
        theme.panel(surface, tab, 210 if has_last else 120, 12)
        # Translators: the tab that shows the last trick (L is its key)
        label = _("Last trick  (L)")
        kit_text.draw_line(
            surface, label, tab.center, tab.w - 12, 18, theme.CREAM if has_last else theme.GREY,
            anchor="center",
        )  # fmt: skip
        where = _("Round {n}").format(n=model.get("round", 1))
        if model.get("trick_no"):
            where += "  ·  " + _("Trick {n}").format(n=model["trick_no"])
        kit_text.draw_line(
            surface, where, (1196, 690), 180, 18, theme.CREAM, anchor="midright"
        )  # fmt: skip
        self.log.draw(surface, (18, 590), width=246)
        # Translators: the keys line at the bottom left of the Nar table
        keys = _("F1 help  ·  L last trick  ·  H hint  ·  Esc leave")
        kit_text.draw_line(surface, keys, (18, 704), 400, 14, theme.MUTED, anchor="midleft")

    # ------------------------------------------------------------------ the round summary

    def show_summary(self, ev: dict[str, Any]) -> None:
        """The round's scoring, seat by seat (R-22, R-23), then the running totals."""
        players = len(ev["points"])
        order = [spot.seat for spot in sorted(self.layout.ring, key=lambda s: s.position)]
        height = 186 + 40 * players
        rect = (250, 330 - height / 2, 780, height)
        self.panel = Panel(
            _("Round {n}").format(n=ev["round"]),
            lambda surface, rect: panels.draw_summary(
                surface, rect, ev, self.panel_age, order, self.me, self.ctx.name_of
            ),
            rect,
        )


TABLE = NarTable
result_sheet = texts.result_sheet  # how the results screen lists a finished game
