"""Interface widgets with mouse and keyboard focus: buttons, choices, text fields and a form.

Keyboard: Tab / Shift-Tab / Up / Down move the focus, Enter (or Space) activates, Left / Right
change a choice (or move the focus between buttons). The mouse hovers to focus and clicks to
activate. Every scene builds its controls from these, so navigation is the same everywhere.

Labels, notes and choice texts are translated when they are drawn (``_()``), so a scene gives
them as ``N_("…")`` and a change of language shows on the next frame; a label that is already
in the player's words passes through unchanged. Each text shrinks to fit its box.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from chabudai.game import theme
from chabudai.i18n import _

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class Widget(ABC):
    focusable = True

    def __init__(self, rect, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.visible = True

    def activate(self) -> None:
        """Enter, or a click anywhere on the widget."""

    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def key(self, event: pygame.event.Event) -> bool:
        """A key while focused; return True if the widget used it."""
        return False

    @abstractmethod
    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        """Draw the widget; ``focused`` draws the keyboard-focus ring."""


def _frame(surface, rect, focused: bool, enabled: bool, fill=theme.PANEL, accent=False) -> None:
    base = (92, 44, 36) if accent else fill
    if not enabled:
        base = (50, 46, 44)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=10)
    pygame.draw.rect(surface, base, rect, border_radius=10)
    edge = theme.FOCUS if focused and enabled else theme.PANEL_EDGE
    pygame.draw.rect(surface, edge, rect, 3 if focused else 2, border_radius=10)


class Button(Widget):
    def __init__(
        self,
        rect,
        label: str,
        on_click: Callable[[], Any] | None = None,
        enabled: bool = True,
        accent: bool = False,
        size: int = 24,
        note: str = "",
    ) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.on_click = on_click
        self.accent = accent
        self.size = size
        self.note = note  # a second, smaller line

    def activate(self) -> None:
        if self.enabled and self.on_click:
            self.on_click()

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        rect = self.rect.move(0, -2) if focused and self.enabled else self.rect
        _frame(surface, rect, focused, self.enabled, accent=self.accent)
        color = theme.CREAM if self.enabled else theme.GREY
        label, room = _(self.label), rect.w - 16
        if self.note:
            note = _(self.note)
            # the label above the middle, the note below: each in its half of the button
            half = rect.h // 2 - 3
            theme.draw_text(
                surface,
                label,
                (rect.centerx, rect.centery - 1),
                fitting(label, self.size, room, height=half + 2),
                color,
                anchor="midbottom",
            )
            theme.draw_text(
                surface,
                note,
                (rect.centerx, rect.centery + 1),
                fitting(note, 15, room, smallest=9, height=half),
                theme.MUTED,
                anchor="midtop",
            )
        else:
            size = fitting(label, self.size, room)
            theme.draw_text(surface, label, rect.center, size, color, anchor="center")


class Choice(Widget):
    """A value picked from a list with Left / Right (or a click on the arrows / the field)."""

    def __init__(
        self,
        rect,
        label: str,
        options: Sequence[tuple[Any, str]],
        value: Any = None,
        on_change: Callable[[Any], Any] | None = None,
        enabled: bool = True,
        label_width: int = 220,
    ) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.options = list(options)
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.label_width = label_width

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    @property
    def text(self) -> str:
        """The chosen option's words, in the current language."""
        return _(self.options[self.index][1])

    def set_value(self, value: Any) -> None:
        values = [v for v, _ in self.options]
        if value in values:
            self.index = values.index(value)

    def shift(self, step: int) -> None:
        if not self.enabled or len(self.options) < 2:
            return
        self.index = (self.index + step) % len(self.options)
        if self.on_change:
            self.on_change(self.value)

    def activate(self) -> None:
        self.shift(1)

    def click(self, pos: tuple[int, int]) -> None:
        field = self.field_rect
        self.shift(-1 if pos[0] < field.x + 36 else 1)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_LEFT:
            self.shift(-1)
            return True
        if event.key == pygame.K_RIGHT:
            self.shift(1)
            return True
        return False

    @property
    def field_rect(self) -> pygame.Rect:
        return pygame.Rect(
            self.rect.x + self.label_width, self.rect.y, self.rect.w - self.label_width, self.rect.h
        )

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        color = theme.CREAM if self.enabled else theme.GREY
        label, text = _(self.label), self.text
        size = fitting(label, 22, self.label_width - 8)
        theme.draw_text(
            surface, label, (self.rect.x, self.rect.centery), size, color, anchor="midleft"
        )
        field = self.field_rect
        _frame(surface, field, focused, self.enabled)
        size = fitting(text, 22, field.w - 72)
        theme.draw_text(surface, text, field.center, size, color, anchor="center")
        if self.enabled and len(self.options) > 1:
            theme.draw_text(
                surface, "<", (field.x + 16, field.centery), 24, theme.GOLD, anchor="center"
            )
            theme.draw_text(
                surface, ">", (field.right - 16, field.centery), 24, theme.GOLD, anchor="center"
            )


class TextField(Widget):
    def __init__(
        self,
        rect,
        label: str,
        text: str = "",
        max_len: int = 20,
        on_submit: Callable[[], Any] | None = None,
        placeholder: str = "",
        label_width: int = 220,
        on_change: Callable[[str], Any] | None = None,
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.text = text
        self.max_len = max_len
        self.on_submit = on_submit
        self.placeholder = placeholder
        self.label_width = label_width
        self.on_change = on_change  # called with the new text after every edit

    def activate(self) -> None:
        if self.on_submit:
            self.on_submit()

    def click(self, pos: tuple[int, int]) -> None:
        pass  # clicking only focuses the field

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self.edit(self.text[:-1])
            return True
        return False

    def type(self, text: str) -> None:
        cleaned = "".join(ch for ch in text if ch.isprintable())
        self.edit((self.text + cleaned)[: self.max_len])

    def edit(self, text: str) -> None:
        changed = text != self.text
        self.text = text
        if changed and self.on_change:
            self.on_change(text)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        label = _(self.label)
        size = fitting(label, 22, self.label_width - 8)
        theme.draw_text(surface, label, (self.rect.x, self.rect.centery), size, anchor="midleft")
        field = pygame.Rect(
            self.rect.x + self.label_width, self.rect.y, self.rect.w - self.label_width, self.rect.h
        )
        _frame(surface, field, focused, True, fill=(22, 16, 14))
        shown = self.text or _(self.placeholder)
        color = theme.CREAM if self.text else theme.GREY
        caret = "|" if focused and (pygame.time.get_ticks() // 500) % 2 == 0 else ""
        theme.draw_text(
            surface,
            shown + (caret if self.text or not focused else ""),
            (field.x + 12, field.centery),
            22,
            color,
            anchor="midleft",
        )
        if focused and not self.text:
            theme.draw_text(surface, "|", (field.x + 10, field.centery), 22, anchor="midleft")


class Form:
    """An ordered list of widgets with one focus, driven by mouse and keyboard."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus = -1
        self.focus_first()

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        if self.focus < 0:
            self.focus_first()
        return widget

    def _usable(self, widget: Widget) -> bool:
        return widget.visible and widget.focusable and widget.enabled

    def focus_first(self) -> None:
        self.focus = next((i for i, w in enumerate(self.widgets) if self._usable(w)), -1)

    def focus_on(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.focus = self.widgets.index(widget)

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.focus < len(self.widgets):
            return self.widgets[self.focus]
        return None

    def move(self, step: int) -> None:
        n = len(self.widgets)
        if n == 0:
            return
        i = self.focus
        for _step in range(n):
            i = (i + step) % n
            if self._usable(self.widgets[i]):
                self.focus = i
                return

    def widget_at(self, pos) -> Widget | None:
        for widget in self.widgets:
            if widget.visible and widget.rect.collidepoint(pos):
                return widget
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        """Use ``event`` if it concerns the form; True when used."""
        focused = self.focused
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.move(1 if event.key == pygame.K_DOWN else -1)
                return True
            if focused is not None and focused.key(event):
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.move(1 if event.key == pygame.K_RIGHT else -1)
                return True
            if focused is not None and (
                event.key in ENTER_KEYS
                or (event.key == pygame.K_SPACE and not isinstance(focused, TextField))
            ):
                focused.activate()
                return True
        elif event.type == pygame.TEXTINPUT and isinstance(focused, TextField):
            focused.type(event.text)
            return True
        elif event.type == pygame.MOUSEMOTION:
            widget = self.widget_at(event.pos)
            if widget is not None and self._usable(widget) and not isinstance(focused, TextField):
                self.focus_on(widget)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            widget = self.widget_at(event.pos)
            if widget is not None and self._usable(widget):
                self.focus_on(widget)
                widget.click(event.pos)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for i, widget in enumerate(self.widgets):
            if widget.visible:
                widget.draw(surface, i == self.focus)


def fitting(text: str, size: int, width: int, smallest: int = 12, height: int | None = None) -> int:
    """The largest font size up to ``size`` (and down to ``smallest``) at which ``text`` is at
    most ``width`` wide (and ``height`` tall): long German or Frisian words, and the taller
    lines of the CJK fonts, shrink instead of running out of a box."""
    while size > smallest:
        w, h = theme.text_size(text, size)
        if w <= width and (height is None or h <= height):
            break
        size -= 1
    return size


def draw_help(surface: pygame.Surface, title: str, text: str, hint: str = "") -> None:
    """The how-to-play overlay of a screen or a table (F1): a panel over the dimmed screen.
    ``title``, ``text`` and ``hint`` are translated here (marked with ``N_`` by the caller)."""
    title, text = _(title), _(text)
    hint = _(hint) if hint else _("Esc, any key or a click closes this")
    theme.dim(surface, 170)
    rect = pygame.Rect(190, 80, 900, 560)
    theme.panel(surface, rect, 248, 16)
    theme.draw_text(
        surface, title, (rect.centerx, rect.y + 20), 36, theme.GOLD, role="title", anchor="midtop"
    )
    room = rect.h - 80 - 50  # between the title and the closing hint
    for size in range(21, 14, -1):  # the largest size at which the whole text fits
        step = size + size // 3
        lines = theme.wrap(text, size, rect.w - 80)
        if sum(step if line else step * 3 // 7 for line in lines) <= room:
            break
    y = rect.y + 80
    for line in lines:
        theme.draw_text(surface, line, (rect.x + 40, y), size)
        y += step if line else step * 3 // 7
    theme.draw_text(
        surface,
        hint,
        (rect.centerx, rect.bottom - 34),
        16,
        theme.MUTED,
        anchor="midtop",
    )


def draw_toasts(surface: pygame.Surface, texts: Sequence[str]) -> None:
    """The newest three toasts, one under the other at the top of the screen."""
    y = 12
    for text in texts[-3:]:
        width = min(1100, theme.text_size(text, 18)[0] + 24)
        rect = pygame.Rect(0, y, width, 32)
        rect.centerx = surface.get_width() // 2
        theme.panel(surface, rect, 235, 8)
        theme.draw_text(surface, text, rect.center, 18, anchor="center")
        y += 38
