"""The base of every table view: the host's events animated in order, input, overlays.

A game's table subclasses :class:`KitTable` and supplies only its game:

- ``places()`` — every card's :class:`~chabudai.game.tables.kit.geometry.Place` for the current model,
  from the game's pure ``layout`` module, in draw order;
- its events, one convention for every game (the kit's :meth:`KitTable.animate` holds the loop):

  - ``event_kinds`` — the game's event kinds, listed by the view; an event of any other kind is
    ignored (no hold, no log line, no change, no effect);
  - ``updates`` — the game's ``events.UPDATES``: for each kind a pure function
    ``update(model, event)`` that changes the model (the game's view dict) exactly as the
    host's state changed, so that after an update's last event the model already equals the
    host's view (no pygame, testable alone; a kind that changes nothing has none);
  - ``effect_<kind>(event)`` methods of the view — what the table shows for the kind: sprites
    re-keyed and flown to the layout (``relayout``), sounds, banners, pop-ups, a summary panel.
    An effect runs after the model update and may compare with :attr:`KitTable.before`, the
    model as it was before the event; ``effect_every(event)`` runs first for every event;

  ``holds`` — the show seconds the table lingers on each kind; the move log's line of each
  event comes from the engines' ``describe_event`` worded by ``game/words.py``
  (:meth:`KitTable.describe`);
- ``resolve_click(pos)`` → a :class:`Click`; ``legal_keys()`` — the cards that glow;
  ``clicks_for(move)`` — where to click for a move (autoplay and tests);
- ``draw_table(surface)`` — everything between the background and the overlays.

The base keeps the *model* — a view dict of the game — and changes it one event at a time; after
the last event of an update the model is replaced by the host's view, so the table never drifts
and never jumps. Every timed thing runs on the table's one :class:`~chabudai.game.tables.kit.clock.
TableClock` (show time for what animates, real time for what must be read) or on its tweens
(stepped in show time); a view keeps no timer of its own, and a panel waits for its click. With
the host's view comes its ``legal`` list (:attr:`KitTable.legal`, a
:class:`~chabudai.game.tables.kit.legal.LegalMoves`): what glows, lifts and may be clicked comes
from it, and a click whose move is not in it is refused (the rules only word the reason). Each
event holds the table for ``holds[event]`` seconds (scaled by the player's animation speed)
before the next one plays.
"""

from __future__ import annotations

import copy
from abc import abstractmethod
from collections import deque
from collections.abc import Hashable, Mapping, Sequence
from functools import partial
from typing import Any

import pygame

from chabudai import engines
from chabudai.engines.describe import QUIET, describe_event
from chabudai.game import assets, theme, ui
from chabudai.game.tables.base import TableContext, TableView
from chabudai.game.tables.kit import hint, overlays
from chabudai.game.tables.kit.clock import TableClock
from chabudai.game.tables.kit.events import Event, Update
from chabudai.game.tables.kit.geometry import (
    LIFT,
    Click,
    Place,
    Rect,
    contains,
    hit_point,
    lifted_hit,
    topmost,
)
from chabudai.game.tables.kit.legal import LegalMoves
from chabudai.game.tables.kit.message import MessageSlot
from chabudai.game.tables.kit.overlays import Banner, MoveLog, Panel, Popup, ScoreSheet, SeatBadge
from chabudai.game.tables.kit.sprites import CardStage, pulse
from chabudai.game.tables.kit.stack import (
    HelpOverlay,
    OverlayStack,
    PanelOverlay,
    ScoreSheetOverlay,
    SheetOverlay,
)
from chabudai.game.tween import Tweens, back_out, ease_out
from chabudai.game.words import say
from chabudai.i18n import N_, _, language

FOCUS_LIFT = 6  # and a little more under the mouse or the keyboard focus
AFTER_BANNER = 0.15
WATCHER_PANEL = 6.0  # real seconds a spectator's round summary stays (no one clicks for them)
# Idle means idle: once nothing has moved or changed for this many real seconds, the glow stops
# pulsing and the thinking dots rest (the table's time stands still), so a table waiting for
# the player is not drawn again until something changes (KitTable.needs_redraw).
RESTLESS_SECONDS = 2.0
WAIT_REASON = N_("Wait a moment: the table is still showing the last move.")
COUNT_IN_SECONDS = 6.0  # a panel's first seconds are drawn every frame (its count-in)


class KitTable(TableView):
    """Table machinery shared by every game; see the module docstring for what a game adds."""

    event_kinds: tuple[str, ...] = ()  # the game's event kinds: any other is ignored
    updates: Mapping[str, Update] = {}  # kind → its pure model update (the game's events.py)
    holds: dict[str, float] = {}  # seconds the table lingers on each kind of event
    # A game's reference overlay (Koi-Koi: the yaku table), opened by a key and a button beside
    # the help button; a game that has one names them and draws it in ``draw_reference``.
    reference_key: int | None = None
    reference_label = ""
    card_heights: tuple[int, ...] = ()  # the heights the table draws cards at
    lift_zones: tuple[str, ...] = ("hand",)  # zones whose clickable cards rise
    sheet_button: Rect = overlays.SHEET_BUTTON  # the score sheet's button, where the table has room
    hint_button: Rect | None = None  # the hint's button; None: just left of the score sheet's
    reason_centre: tuple[int, int] = (640, 446)  # where the one-line refusal reason shows
    # Model keys the table keeps for itself (never in the host's view), carried over each settle:
    # e.g. where each board card lies, so a card that stays keeps its place.
    carry: tuple[str, ...] = ()
    log_lines = 5
    opening_deal = (0.045, 0.45, 1.2)  # a new game's deal: stagger, flight and hold (seconds)

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.engine = engines.get(self.game)
        self.clock = TableClock(ctx.speed)
        self.tweens = Tweens()  # stepped in show time (the clock scales it; its own speed is 1)
        self.stage = CardStage(self.game, self.tweens, self.card_heights)
        self.model: dict[str, Any] | None = None
        self.before: dict[str, Any] = {}  # the model before the event being shown (for effects)
        self.legal = LegalMoves()  # the host's legal moves in the settled model
        self.queue: deque[tuple[str, Any]] = deque()
        self.hold = 0.0
        self.awaiting = False  # a move was sent; the host has not answered yet
        self.result: dict[str, Any] | None = None
        self.banner: Banner | None = None
        self.active_at = 0.0  # the real time something last moved or changed
        self.moving = True  # something moved in the last update (the scene runs at full rate)
        self._drawn_at: float | None = None  # the table time of the last full drawing
        self.overlays = OverlayStack()  # help, reference sheets, panels: what covers the table
        self.panel_opened = 0.0  # the show time the panel opened at (its count-in reads its age)
        self.panel_shown_at = 0.0  # the real time it opened at (a spectator's summary goes on)
        self.popups: list[Popup] = []
        self.reason = MessageSlot()  # the prompt and a refusal's reason share one place
        self.log = MoveLog(self.log_lines)
        self.focus = 0  # keyboard focus among the clickable cards
        self.hover: Hashable = None  # the card under the mouse
        self.keys_used = False  # show the keyboard focus only to keyboard players
        self.places_now: list[Place] = []
        self._by_key: dict[Hashable, Place] = {}
        self.language = language()  # the language the table's words were last made in

    @property
    def time(self) -> float:
        """Real seconds since the table opened, for pulses and the thinking dots; it stands
        still once nothing has changed for ``RESTLESS_SECONDS`` (idle means idle)."""
        return min(self.clock.now, self.active_at + RESTLESS_SECONDS)

    def touch(self) -> None:
        """Something changed: draw the table again (and let its glow pulse a while)."""
        self.active_at = self.clock.now
        self._drawn_at = None

    @property
    def still(self) -> bool:
        """Nothing moved in the last update (no flight, hold, banner, pop-up, lift or reason)."""
        return not self.moving

    def needs_redraw(self) -> bool:
        """Whether the picture differs from the last full drawing (False: skip the frame)."""
        return self._drawn_at is None or self._drawn_at != self.time

    @property
    def panel(self) -> Panel | None:
        """The panel on the overlay stack (a round summary): it waits for a click."""
        found = self.overlays.find(PanelOverlay)
        return found.panel if isinstance(found, PanelOverlay) else None

    @panel.setter
    def panel(self, panel: Panel | None) -> None:
        self.overlays.replace(PanelOverlay, None if panel is None else PanelOverlay(panel))
        self.panel_opened = self.clock.show
        self.panel_shown_at = self.clock.now
        self.touch()

    @property
    def show_help(self) -> bool:
        """The how-to-play page is on the overlay stack."""
        return self.overlays.find(HelpOverlay) is not None

    @show_help.setter
    def show_help(self, shown: bool) -> None:
        page = HelpOverlay(self.help_title, lambda: self.help_text) if shown else None
        self.overlays.replace(HelpOverlay, page)
        self.touch()

    @property
    def show_reference(self) -> bool:
        """The game's reference sheet is on the overlay stack."""
        return self.overlays.find(SheetOverlay) is not None

    @show_reference.setter
    def show_reference(self, shown: bool) -> None:
        self.overlays.replace(SheetOverlay, SheetOverlay(self.draw_reference) if shown else None)
        self.touch()

    @property
    def sheet(self) -> ScoreSheet | None:
        """The score sheet on the overlay stack (S or its button), if open."""
        found = self.overlays.find(ScoreSheetOverlay)
        return found.sheet if isinstance(found, ScoreSheetOverlay) else None

    @property
    def panel_age(self) -> float:
        """Show seconds since the panel opened (for a count-in; it never closes by itself)."""
        return self.clock.since(self.panel_opened)

    # ------------------------------------------------------------------ what a game supplies

    @abstractmethod
    def places(self) -> list[Place]:
        """Every card's place for ``self.model``, in draw order (also stores the game's layout)."""

    def animate(self, event: Event) -> None:
        """One host event, the same way at every table: the model changes by the game's pure
        update for its kind, then the view's effects for it play (``effect_every``, then
        ``effect_<kind>``). A kind the view does not list is ignored."""
        kind = event.get("e")
        if kind not in self.event_kinds or self.model is None:
            return
        self.before = copy.deepcopy(self.model)
        update = self.updates.get(kind)
        if update is not None:
            update(self.model, event)
        self.effect_every(event)
        effect = getattr(self, f"effect_{kind}", None)
        if effect is not None:
            effect(event)

    def effect_every(self, event: Event) -> None:
        """What every event shows, before its kind's own effect (a view forgets what it worked
        out from the model, say)."""

    def __init_subclass__(cls, **kw: Any) -> None:
        """A view's events are consistent: every update, effect and hold names a listed kind."""
        super().__init_subclass__(**kw)
        kinds = set(cls.event_kinds)
        effects = {name[len("effect_") :] for name in dir(cls) if name.startswith("effect_")}
        stray = (set(cls.updates) | (effects - {"every"}) | set(cls.holds)) - kinds
        if stray:
            raise TypeError(f"{cls.__name__}: event kinds not in event_kinds: {sorted(stray)}")

    def describe(self, event: dict[str, Any]) -> str:
        """The move-log line for ``event``: the engines' description of it (``describe_event``)
        in the player's words, "You" for their own seat; "" for bookkeeping the table shows
        otherwise (``describe.QUIET``)."""
        said = describe_event(event, self.game)
        return "" if said.id in QUIET else say(said, self.ctx.name_of, self.me)

    @abstractmethod
    def resolve_click(self, pos: tuple[float, float]) -> Click:
        """What a click at ``pos`` means now."""

    def legal_keys(self) -> set[Hashable]:
        """The cards a click would act on now (they lift and glow)."""
        return set()

    def hint_keys(self) -> set[Hashable]:
        """Cards to mark faintly (e.g. the board matches of the card under the mouse)."""
        return set()

    def about_to_play(self) -> Any:
        """The move the player was about to make (the hint compares with it), or None: what a
        click on the lifted card (the keyboard focus, else the card under the mouse) would play.
        A view with a selection of its own (a chosen card, a pick, a ghost) says more."""
        if not self.acting():
            return None
        keys = self.clickable()
        for key in (self.keyboard_focus(keys), self.hover):
            if key is not None and key in keys:
                click = self.resolve_click(self.point_of(key))
                if click.kind == "move" and click.move in self.legal:
                    return click.move
        return None

    def hint_rect(self) -> Rect:
        """Where the Hint button is: ``hint_button``, or just left of the score sheet's."""
        if self.hint_button is not None:
            return self.hint_button
        x, y, w, h = self.sheet_button
        return (x - 8 - 100, y, 100, h)

    def deck_rect(self) -> Rect:
        """Where new cards come from (the stock or the dealer)."""
        return (610, 300, 60, 90)

    def handle_table(self, event: pygame.event.Event) -> bool:
        """A game's own input before the card clicks (a dialog's buttons); True if used."""
        return False

    def on_select(self, click: Click) -> None:
        """A ``select`` click (a card chosen, its move not complete yet)."""
        self.ctx.sound("click")

    def on_nothing(self, click: Click) -> None:
        """A click on nothing that acts (clears a selection, say)."""

    @abstractmethod
    def draw_table(self, surface: pygame.Surface) -> None:
        """Draw the game's table between the background and the overlays."""

    def draw_dialogs(self, surface: pygame.Surface) -> None:
        """A game's dialogs (drawn over the reason line, under banners and panels)."""

    def draw_reference(self, surface: pygame.Surface) -> None:
        """A game's reference overlay (when it has a ``reference_key``)."""

    def sync_overlays(self) -> None:
        """Keep the overlays that follow the model in step with it (a game's dialogs, with
        ``self.overlays.keep``): called before each input, after each update and before each
        drawing, so a question is on the stack exactly while it is the player's."""

    # ------------------------------------------------------------------ host input

    @property
    def me(self) -> int | None:
        return self.ctx.seat

    def snapshot(self, view: dict[str, Any], legal: Sequence[Any] = ()) -> None:
        self.touch()
        self.queue.clear()
        self.legal = LegalMoves(legal)
        self.tweens.finish()
        self.banner = self.panel = None
        self.awaiting = False
        self.model = copy.deepcopy(view)
        self.stage.clear()
        self.on_snapshot(view)

    def on_snapshot(self, view: dict[str, Any]) -> None:
        """Show a fresh model: everything lands in place at once, or, for a game just dealt
        (:meth:`fresh_deal`), the cards fly out from :meth:`deck_rect` one after the other."""
        if self.fresh_deal(view):
            stagger, duration, hold = self.opening_deal
            self.relayout(stagger=stagger, duration=duration)
            self.hold = hold
            self.ctx.sound("shuffle")
            return
        self.relayout(duration=0)
        self.tweens.finish()
        self.hold = 0.0

    def fresh_deal(self, view: dict[str, Any]) -> bool:
        """``view`` is a game just dealt, nothing played yet: its opening deal is animated."""
        return False

    def apply_update(
        self, events: list[dict[str, Any]], view: dict[str, Any], legal: Sequence[Any] = ()
    ) -> None:
        self.awaiting = False
        self.touch()
        for event in events:
            self.queue.append(("event", event))
        self.queue.append(("settle", (view, legal)))

    def game_over(self, result: dict[str, Any]) -> None:
        self.touch()
        self.queue.append(("over", result))

    def rejected(self, reason: str) -> None:
        self.touch()
        self.awaiting = False
        self.say(reason or _("The host refused that move."))

    @property
    def blocked(self) -> bool:
        """The table is showing something the next event must wait for."""
        holding = any(overlay.holds for overlay in self.overlays.items)  # a panel, a look
        return self.hold > 0 or self.banner is not None or holding

    @property
    def ready(self) -> bool:
        """Waiting for the player: nothing queued, nothing being announced."""
        return self.model is not None and not self.queue and not self.blocked

    @property
    def idle(self) -> bool:
        return self.ready and not self.tweens.busy

    @property
    def finished(self) -> bool:
        return self.result is not None and self.idle

    def can_act(self) -> bool:
        """The player's seat has a decision pending in the displayed model."""
        model = self.model or {}
        seat = model.get("seat")
        return seat is not None and seat in model.get("to_move", []) and not model.get("over")

    def acting(self) -> bool:
        """The player may act now: it is their decision and the table is not busy showing."""
        return self.ready and not self.awaiting and self.can_act()

    # ------------------------------------------------------------------ the event queue

    def step_queue(self) -> None:
        while self.queue and not self.blocked:
            kind, payload = self.queue.popleft()
            if kind == "event" and payload.get("e") not in self.event_kinds:
                continue  # a kind this game does not know: ignored, as everywhere
            if kind == "event":
                self.hold = self.holds.get(payload.get("e"), 0.0)
                self.log.add(partial(self.describe, payload))  # worded again on a new language
                self.animate(payload)
            elif kind == "settle":
                self.settle(*payload)
            elif kind == "over":
                self.result = payload

    def settle(self, view: dict[str, Any], legal: Sequence[Any] = ()) -> None:
        """The host's view after an update's events: it becomes the model (with the table's own
        ``carry`` keys kept), and its ``legal`` list the moves offered."""
        kept = {key: self.model[key] for key in self.carry if self.model and key in self.model}
        self.legal = LegalMoves(legal)
        self.model = copy.deepcopy(view)
        self.model.update(kept)
        self.relayout()

    def relayout(
        self,
        stagger: float = 0.0,
        duration: float = 0.34,
        ease=ease_out,
        origin: Rect | None = None,
    ) -> None:
        """Tween every sprite to its place in the current model."""
        assert self.model is not None
        self.places_now = self.places()
        self._by_key = {place.key: place for place in self.places_now}
        self.stage.arrange(
            self.places_now,
            origin or self.deck_rect(),
            duration=duration,
            ease=ease,
            stagger=stagger,
        )

    def place_of(self, key: Hashable) -> Place | None:
        return self._by_key.get(key)

    # ------------------------------------------------------------------ effects

    def fly(self, sound: str = "", **relayout: Any) -> None:
        """The usual effect of an event: its sound, and every card tweening to its new place
        (``relayout``'s stagger, duration, ease and origin)."""
        if sound:
            self.ctx.sound(sound)
        self.relayout(**relayout)

    def show_banner(
        self, text: str, sub: str = "", color=theme.GOLD, grow: float = 0.45, **kw: Any
    ) -> Banner:
        """A big moment across the table; it grows in over ``grow`` seconds with an overshoot."""
        self.banner = Banner(text, sub, color, **kw)
        self.tweens.value(self.banner, "scale", 1.0, grow, ease=back_out)
        return self.banner

    def popup(self, text: str, pos, *style: Any, **kw: Any) -> None:
        """A pop-up rising from ``pos`` (its colour, size, plate and anchor as :class:`Popup`
        takes them)."""
        self.popups.append(Popup(text, pos, *style, **kw))

    def say(self, reason: str, key: Hashable = None) -> None:
        """Explain a refusal (and shake the card ``key``): ``reason`` in the player's language
        (a message marked ``N_`` is translated here; one already worded passes unchanged)."""
        if key is not None:
            self.stage.shake(key)
        self.reason.say(_(reason))

    def reason_instead(self, surface: pygame.Surface, prompt: str, centre) -> bool:
        """The one message slot, where a view shows ``prompt``: True when a fresh refusal's
        reason is shown there instead (drawn at ``centre``), False when the view draws its
        prompt itself."""
        _text, refused = self.reason.line(prompt)
        if refused:
            self.reason.draw(surface, centre)
        return refused

    def who(self, seat: int | None) -> str:
        """A seat as the move log names it: "You" for the player's own seat, else its name."""
        # Translators: the player's own seat, named as a subject
        return _("You") if seat is not None and seat == self.me else self.ctx.name_of(seat)

    def badge(self, seat: int, **fields: Any) -> SeatBadge:
        """A seat badge with who sits at ``seat`` filled in from the table context."""
        info = self.ctx.seat_info(seat)
        model = self.model or {}
        to_move = model.get("to_move", [])
        turn = seat in to_move and not model.get("over")
        values: dict[str, Any] = {
            "name": self.ctx.name_of(seat),
            "you": seat == self.me,
            "kind": info.get("kind", self.ctx.kind_of(seat)),
            "level": info.get("level"),
            "connected": info.get("connected", True),
            "turn": turn,
            "thinking": turn and seat != self.me and self.ready,
        }
        values.update(fields)
        return SeatBadge(**values)

    # ------------------------------------------------------------------ player input

    def submit(self, move: Any, key: Hashable = None) -> None:
        """Send ``move`` to the host — if its ``legal`` list allows it; else say why not (and
        shake the card ``key``)."""
        if self.awaiting:
            return
        if move not in self.legal:
            self.say(self.refusal(move), key)  # the host's list has the last word
            return
        self.awaiting = True
        self.ctx.sound("click")
        self.on_submit(move)
        self.ctx.submit(move)

    def refusal(self, move: Any) -> str:
        """Why ``move`` is refused when the host's ``legal`` list does not allow it (a game may
        word it from its rules)."""
        if not self.can_act():
            return _("Wait for your turn.")
        return _("That move is not allowed now.")

    def on_submit(self, move: Any) -> None:
        """A move is on its way to the host (clear selections and pickers)."""

    def clickable(self) -> list[Hashable]:
        """Cards the keyboard focus moves between: the legal ones, in reading order."""
        if not self.acting():
            return []
        keys = [k for k in self.legal_keys() if k in self._by_key]
        return sorted(keys, key=lambda k: (self._by_key[k].rect[1], self._by_key[k].rect[0]))

    def keyboard_focus(self, keys: list[Hashable] | None = None) -> Hashable:
        """The card the keyboard points at (only once the player has used the keys)."""
        keys = self.clickable() if keys is None else keys
        if not keys or not self.keys_used:
            return None
        return keys[self.focus % len(keys)]

    def hit(self, place: Place) -> Rect:
        """A place's clickable area: lifted hand cards also answer in the strip they rise into."""
        return lifted_hit(place, self.lift_zones)

    def key_at(self, pos: tuple[float, float]) -> Hashable:
        """The topmost card under ``pos`` (None for none)."""
        place = topmost(self.places_now, pos, self.hit)
        return None if place is None else place.key

    def point_of(self, key: Hashable) -> tuple[int, int]:
        """A point that clicks ``key``."""
        return hit_point(self.places_now, self._by_key[key], self.hit)

    def click(self, pos: tuple[float, float]) -> None:
        if self.model is None or not self.ready or self.awaiting:
            if self.model is not None and self.key_at(pos) is not None:
                self.say(WAIT_REASON)  # the click is not lost without a word
            return
        result = self.resolve_click(pos)
        if result.kind == "move":
            self.submit(result.move, result.key)
        elif result.kind == "select":
            self.on_select(result)
        elif result.kind == "illegal":
            self.say(result.reason, result.key)
        else:
            self.on_nothing(result)

    @property
    def overlay_open(self) -> bool:
        """Something on the overlay stack covers the table (help, a reference, a panel)."""
        return bool(self.overlays)

    def close_overlay(self) -> bool:
        """Esc: close the top of the overlay stack. False when nothing was open (then Esc may
        offer to leave the table)."""
        closed = self.overlays.close_top()
        if closed:
            self.touch()
        return closed

    def handle(self, event: pygame.event.Event) -> bool:
        self.touch()
        self.sync_overlays()  # a dialog that is the player's takes this input
        key = event.key if event.type == pygame.KEYDOWN else None
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.reason.clear()  # a new action replaces an old reason at once
        if key == pygame.K_F1:
            help_open = self.show_help
            self.show_help = self.show_reference = False
            self.show_help = not help_open
            return True
        if key is not None and key == self.reference_key:
            sheet_open = self.show_reference
            self.show_help = self.show_reference = False
            self.show_reference = not sheet_open
            return True
        top = self.overlays.top
        if isinstance(top, (HelpOverlay, SheetOverlay, ScoreSheetOverlay)):
            return self.overlays.handle(event)
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if key == overlays.SHEET_KEY or clicked and contains(self.sheet_button, event.pos):
            self.overlays.replace(ScoreSheetOverlay, ScoreSheetOverlay(ScoreSheet.of_table(self)))
            self.touch()
            return True
        if clicked and contains(self.hint_rect(), event.pos):
            return hint.hinter(self).ask(self)
        if clicked and contains(overlays.HELP_BUTTON, event.pos):
            self.show_help = True
            return True
        has_reference = self.reference_key is not None
        if clicked and has_reference and contains(overlays.REFERENCE_BUTTON, event.pos):
            self.show_reference = True
            return True
        if self.overlays.handle(event):  # input goes to the top overlay
            return True
        if key == hint.HINT_KEY:  # the hard bot's hint (kit/hint.py)
            return hint.hinter(self).ask(self)
        if self.log.handle(event):  # scroll-back over the whole game
            return True
        if self.handle_table(event):
            return True
        if clicked:
            self.click(event.pos)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.key_at(event.pos)
            self.keys_used = False
            return False
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event)
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Arrows / Tab move the focus over the clickable cards; Enter or Space clicks."""
        self.hover = None
        self.keys_used = True
        keys = self.clickable()
        if not keys:
            return False
        if event.key in (pygame.K_RIGHT, pygame.K_TAB, pygame.K_LEFT):
            step = -1 if event.key == pygame.K_LEFT or event.mod & pygame.KMOD_SHIFT else 1
            self.focus = (self.focus + step) % len(keys)
            return True
        if event.key in (*ui.ENTER_KEYS, pygame.K_SPACE):
            self.click(self.point_of(keys[self.focus % len(keys)]))
            return True
        return False

    def legal_moves(self) -> list[Any]:
        """The host's legal moves in the displayed model (empty while it is not our decision)."""
        if self.model is None or self.me is None or not self.can_act():
            return []
        return list(self.legal.moves)

    # ------------------------------------------------------------------ frame update

    def update(self, dt: float) -> None:
        """Advance the table by ``dt`` real seconds, on its one clock: show time for what
        animates (tweens, holds, banners, pop-ups), real time for what is read (the reason)."""
        shown = self.clock.tick(dt)
        busy = (
            self.tweens.busy
            or self.queue
            or self.hold > 0
            or self.banner is not None
            or self.popups
            or self.reason.live
            or (self.panel is not None and self.panel_age < COUNT_IN_SECONDS)
        )
        self.tweens.update(shown)
        self.hold -= shown
        if self.banner is not None:
            self.banner.life += shown
            if self.banner.life > self.banner.seconds:
                self.banner = None
                self.hold = AFTER_BANNER
        panel = self.panel
        if panel is not None and self.me is None:  # spectators go on by themselves
            panel.hint = ""
            if self.clock.now - self.panel_shown_at > WATCHER_PANEL:  # real seconds
                self.panel = None
        self.step_queue()
        self.sync_overlays()
        self.popups = [p for p in self.popups if p.step(shown)]
        self.reason.step(dt)
        self.moving = bool(self.stage.settle_lifts(self.lift_targets(), dt) or busy)
        hint.hinter(self).step(self)
        if self.moving:
            self.touch()

    def lift_target(self, key: Hashable, place: Place, legal: set, focused: Hashable) -> float:
        """How far the card ``key`` rises now (legal cards in the lift zones)."""
        if key not in legal or place.zone not in self.lift_zones:
            return 0.0
        return LIFT + (FOCUS_LIFT if key in (focused, self.hover) else 0)

    def lift_targets(self) -> dict[Hashable, float]:
        legal = self.legal_keys() if self.acting() else set()
        if not legal:
            return {}
        focused = self.keyboard_focus()
        targets = {}
        for key in legal:
            place = self._by_key.get(key)
            if place is not None:
                targets[key] = self.lift_target(key, place, legal, focused)
        return targets

    # ------------------------------------------------------------------ drawing

    def draw_cards(self, surface: pygame.Surface, dimmed=None, skip=()) -> None:
        """The card sprites: legal ones glow (pulsing), hinted ones faintly; ``skip`` the ones
        the table drew itself."""
        legal = self.legal_keys() if self.acting() else set()
        strength = pulse(self.time)
        glow = {key: 0.15 for key in self.hint_keys()}
        glow.update({key: strength for key in legal})
        self.stage.draw(surface, glow, self.keyboard_focus(), dimmed, skip)

    def on_language(self) -> None:
        """The player chose another language: a view words again what it worded ahead of
        drawing (Koi-Koi's pile labels). Everything else is worded as it is drawn."""

    def draw(self, surface: pygame.Surface) -> None:
        self._drawn_at = self.time
        if self.language != language():
            self.language = language()
            if self.model is not None:
                self.on_language()
        surface.blit(assets.background(self.game), (0, 0))
        if self.model is None:
            theme.draw_text(surface, _("Shuffling…"), (640, 360), 36, role="title", anchor="center")
            self.overlays.draw(surface)  # a question or a toast before the first deal
            return
        self.reason.start_frame()
        self.sync_overlays()
        self.draw_table(surface)
        for popup in self.popups:
            popup.draw(surface)
        if self.reason.loose():
            self.reason.draw(surface, self.reason_centre)
        self.draw_dialogs(surface)
        if self.banner is not None:
            self.banner.draw(surface)
        overlays.draw_help_button(surface)
        overlays.draw_sheet_button(surface, self.sheet_button)
        shown = hint.hinter(self).shown
        overlays.draw_reference_button(surface, hint.BUTTON_LABEL, shown, self.hint_rect())
        if self.reference_key is not None:
            overlays.draw_reference_button(surface, self.reference_label, self.show_reference)
        hint.hinter(self).draw(surface, self)
        self.overlays.draw(surface)
