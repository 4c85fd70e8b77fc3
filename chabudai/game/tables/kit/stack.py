"""The one overlay stack of a table: what covers it, newest on top.

Help, a game's reference sheet, summary panels, a game's close looks (Nar's last trick,
Nimalia's zooms), dialogs (Koi-Koi's stop / koi-koi choice, the table scene's Leave question) and
the toasts are :class:`Overlay` objects on the table's :class:`OverlayStack`
(``KitTable.overlays``): they are drawn bottom to top over the table, input goes to the top one
while it is ``modal``, and Esc closes the top one (``KitTable.close_overlay``). An overlay that
leaves what is beneath it in plain view says so with ``dims = False``; one Esc may not close
(a decision the player owes, :class:`DialogOverlay`) says ``esc_closes = False``, and Esc then
goes on as if nothing were open (the table scene offers to leave). A ``passive`` overlay (the
toasts, :class:`ToastOverlay`) is drawn over all the others and is passed over for input and Esc:
a notice never eats the click meant for the table, and goes by itself.

To add an overlay: subclass :class:`Overlay`, draw it in ``draw``, take keys and clicks in
``handle`` (return True when used; call ``close()`` to go), and ``table.overlays.push(it)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame

from chabudai.game import theme, ui
from chabudai.game.tables.kit import overlays
from chabudai.game.tables.kit import text as kit_text
from chabudai.game.tables.kit.overlays import Panel, ScoreSheet
from chabudai.i18n import _

CLOSE_KEYS = (*ui.ENTER_KEYS, pygame.K_SPACE)


class Overlay:
    """One thing over the table (see the module docstring for how to add one)."""

    modal = True  # input goes to it, not to the table beneath
    esc_closes = True  # Esc closes it
    dims = True  # it dims the table beneath (False: the table stays in plain view)
    holds = False  # the table's next events wait while it is open
    passive = False  # drawn over the rest, never the top for input or Esc (a toast)

    def __init__(self) -> None:
        self.closed = False

    def close(self) -> None:
        self.closed = True

    def draw(self, surface: pygame.Surface) -> None:
        """Draw it over everything beneath."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Take one input event; True if used. The default: any key or click closes it."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.close()
            return True
        return False


class HelpOverlay(Overlay):
    """The how-to-play page (F1 or the ? button); any key or click closes it. ``text`` may be
    a function that words it when drawn (so the page follows a change of language)."""

    def __init__(self, title: str, text: str | Callable[[], str]) -> None:
        super().__init__()
        self.title, self._text = title, text

    @property
    def text(self) -> str:
        return self._text() if callable(self._text) else self._text

    def draw(self, surface: pygame.Surface) -> None:
        overlays.draw_help(surface, self.title, self.text)


class SheetOverlay(Overlay):
    """A game's reference sheet (Koi-Koi's yaku table), drawn by the table; any key or click
    closes it."""

    def __init__(self, draw: Callable[[pygame.Surface], None]) -> None:
        super().__init__()
        self._draw = draw

    def draw(self, surface: pygame.Surface) -> None:
        self._draw(surface)


def closes_panel(event: pygame.event.Event) -> bool:
    """A click, Enter or Space: what closes a panel."""
    return event.type == pygame.MOUSEBUTTONDOWN or (
        event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS
    )


class PanelOverlay(Overlay):
    """A :class:`~chabudai.game.tables.kit.overlays.Panel` (a round summary): it waits for a
    click, Enter or Space, at every animation speed, and the table's next events wait too."""

    holds = True

    def __init__(self, panel: Panel) -> None:
        super().__init__()
        self.panel = panel

    def draw(self, surface: pygame.Surface) -> None:
        self.panel.draw(surface)

    def handle(self, event: pygame.event.Event) -> bool:
        if closes_panel(event):
            self.close()
            return True
        return False


class LookOverlay(PanelOverlay):
    """A look at part of the game in a panel, opened by the player (Nanatoridori's discard
    pile): closed like a panel, and the table's events wait while it is open, but it is not
    the table's :attr:`~chabudai.game.tables.kit.table.KitTable.panel` (a round summary that
    comes goes on top of it)."""


class ScoreSheetOverlay(Overlay):
    """The score sheet so far (S or its button, :class:`~chabudai.game.tables.kit.overlays.
    ScoreSheet`): it takes every event while open; any key or click closes it."""

    def __init__(self, sheet: ScoreSheet) -> None:
        super().__init__()
        self.sheet = sheet

    def draw(self, surface: pygame.Surface) -> None:
        self.sheet.draw(surface)

    def handle(self, event: pygame.event.Event) -> bool:
        used = self.sheet.handle(event)
        if self.sheet.closed:
            self.close()
        return used


class DialogOverlay(Overlay):
    """A question the player owes the game, on the stack while it is theirs (Koi-Koi's stop /
    koi-koi choice, Nar's go-out announcement): its buttons (a :class:`~chabudai.game.ui.Form`)
    and its ``keys`` take the input, the cards beneath get none — a click on one is answered
    with the table's reason (``resolve_click``: "First choose …"). It leaves the table in plain
    view (the player decides by looking at it) and Esc does not close it: every answer changes
    the game, so none is a safe default; Esc goes on as if nothing were open (the table scene
    then asks about leaving, and Stay comes back to the question).

    ``table`` is the :class:`~chabudai.game.tables.kit.table.KitTable` it asks for; a table
    keeps it on the stack in ``sync_overlays`` with :meth:`OverlayStack.keep`."""

    dims = False
    esc_closes = False

    def __init__(
        self,
        table: Any,
        form: ui.Form,
        draw: Callable[[pygame.Surface], None],
        keys: Mapping[int, Callable[[], None]] | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.form = form
        self._draw = draw
        self.keys = dict(keys or {})

    def draw(self, surface: pygame.Surface) -> None:
        self._draw(surface)
        self.form.draw(surface)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in self.keys:
            self.keys[event.key]()
            return True
        if self.form.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            click = self.table.resolve_click(event.pos)
            if click.kind == "illegal":
                self.table.say(click.reason, click.key)
                return True
        return False


class ConfirmOverlay(Overlay):
    """A yes / no question over the table (the table scene's "Leave the table?"): its buttons
    take the input; Esc closes it, which is the safe answer (stay)."""

    def __init__(self, title: str, form: ui.Form) -> None:
        super().__init__()
        self.title = title
        self.form = form

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 140)
        rect = pygame.Rect(420, 260, 440, 200)
        theme.panel(surface, rect, 245)
        at = (640, 290)
        kit_text.draw_line(surface, _(self.title), at, rect.w - 40, 34, theme.CREAM, role="title",
                           anchor="midtop", min_size=18)  # fmt: skip
        self.form.draw(surface)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.form.handle(event)


class ToastOverlay(Overlay):
    """The app's toasts ("Connection lost: reconnecting…"), drawn at the top of the screen
    over everything on the stack. Passive: input and Esc pass it by, and each toast goes by
    itself after its real seconds (the app's, never scaled by the animation speed)."""

    modal = False
    esc_closes = False
    dims = False
    passive = True

    def __init__(self, texts: Callable[[], list[str]]) -> None:
        super().__init__()
        self.texts = texts

    def draw(self, surface: pygame.Surface) -> None:
        ui.draw_toasts(surface, self.texts())

    def handle(self, event: pygame.event.Event) -> bool:
        return False


class OverlayStack:
    """The overlays over a table, bottom first."""

    def __init__(self) -> None:
        self.items: list[Overlay] = []

    def __bool__(self) -> bool:
        """Something covers the table (a passive toast does not count)."""
        return self.top is not None

    @property
    def top(self) -> Overlay | None:
        """The newest overlay that is not passive: the one input and Esc go to."""
        return next((o for o in reversed(self.items) if not o.passive), None)

    def push(self, overlay: Overlay) -> Overlay:
        self.items.append(overlay)
        return overlay

    def remove(self, overlay: Overlay | None) -> None:
        self.items = [o for o in self.items if o is not overlay]

    def replace(self, kind: type, overlay: Overlay | None) -> None:
        """Take the overlay of class ``kind`` off the stack and push ``overlay`` (if any)."""
        self.remove(self.find(kind))
        if overlay is not None:
            self.push(overlay)

    def keep(self, kind: type, wanted: bool, make: Callable[[], Overlay]) -> bool:
        """Keep an overlay of class ``kind`` on the stack exactly while ``wanted`` (pushed on
        top as ``make()`` when it is missing, taken off when it is not wanted); True when the
        stack changed."""
        found = self.find(kind)
        if wanted and found is None:
            self.push(make())
            return True
        if found is not None and not wanted:
            self.remove(found)
            return True
        return False

    def find(self, kind: type) -> Overlay | None:
        """The topmost overlay of class ``kind`` (None for none; not of a subclass)."""
        return next((o for o in reversed(self.items) if type(o) is kind), None)

    def prune(self) -> None:
        self.items = [o for o in self.items if not o.closed]

    def close_top(self) -> bool:
        """Esc: close the top overlay; False when there is none to close."""
        top = self.top
        if top is None or not top.esc_closes:
            return False
        self.remove(top)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """Give ``event`` to the top overlay while it is modal (True: the table beneath does
        not see it)."""
        top = self.top
        if top is None or not top.modal:
            return False
        top.handle(event)
        self.prune()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Bottom to top, the passive ones (toasts) over all the rest."""
        for overlay in sorted(self.items, key=lambda o: o.passive):
            overlay.draw(surface)
