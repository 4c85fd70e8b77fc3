"""Issue 28, "Nothing overflows": every screen ``chabudai screenshot`` makes, in every language,
keeps every text inside the screen and inside its box.

Each language renders the screenshot tool's scenes (title, first run, the setup of each game,
lobby, join, settings, history, the replay viewer, each table in its telling moments at its
largest seat count, the F1 helps and reference overlays, summaries, results) without writing
PNG files: at each shot the whole screen is drawn once more and every text drawn
(``theme.draw_text``) is checked:

- it lies inside the surface it is drawn on (the 1280×720 screen, or a table's layer);
- a text a widget draws (a button's label and note, a choice's label and value, a text field's
  label and text) lies inside the widget's rectangle;
- a text drawn over a panel (``theme.panel``: dialogs, help overlays, toasts, summaries) lies
  inside it (the panel drawn last of those under the text's middle).

With the catalogues empty this checks the English; it checks each language's own words as soon
as its catalogue is filled (a long German word, a Chinese line that does not wrap).
The review shots of the replay viewer are left out (they run the hard bot for seconds).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from chabudai import i18n
from chabudai.game import theme, ui
from chabudai.game.app import forget_cached_assets
from chabudai.tools.screenshot import Shooter

SLACK = 3  # pixels a text may reach past its box: shadows, a focused button lifted by 2
LEFT_OUT = ("viewer-review",)  # the hard bot reviewing a game: seconds per shot, no new texts


@dataclass
class Drawn:
    text: str
    rect: pygame.Rect
    surface: tuple[int, int]  # the size of the surface drawn on
    on_screen: bool
    widget: pygame.Rect | None = None  # the widget that drew it
    panels: list[pygame.Rect] = field(default_factory=list)  # panels drawn before it


class FitChecker(Shooter):
    """The screenshot tool's shooter, checking each shot's texts instead of saving a PNG."""

    def __init__(self, out, language: str, monkeypatch) -> None:
        super().__init__(out, None, language)
        self.problems: list[str] = []
        self.shots = 0
        self.texts = 0  # texts checked
        self.in_widgets = 0
        self.in_panels = 0
        self.drawn: list[Drawn] = []
        self.panels: list[tuple[Any, pygame.Rect]] = []
        self.widgets: list[pygame.Rect] = []
        self.recording = False
        self.patch(monkeypatch)
        # The shots step the client through its animations; only the frame of each shot is
        # drawn (and checked): drawing every step would take minutes per language.
        self.app.draw = lambda: None

    def patch(self, monkeypatch) -> None:
        draw_text, panel = theme.draw_text, theme.panel
        checker = self

        def record_text(target, text, pos, size=20, *args, **kwargs):
            rect = draw_text(target, text, pos, size, *args, **kwargs)
            if checker.recording and text.strip():
                checker.drawn.append(
                    Drawn(
                        text,
                        rect.copy(),
                        target.get_size(),
                        target is checker.app.screen,
                        checker.widgets[-1] if checker.widgets else None,
                        [r for t, r in checker.panels if t is target],
                    )
                )
            return rect

        def record_panel(target, rect, *args, **kwargs):
            panel(target, rect, *args, **kwargs)
            if checker.recording:
                checker.panels.append((target, pygame.Rect(rect)))

        monkeypatch.setattr(theme, "draw_text", record_text)
        monkeypatch.setattr(theme, "panel", record_panel)
        for kind in (ui.Button, ui.Choice, ui.TextField):
            monkeypatch.setattr(kind, "draw", self.widget_draw(kind.draw))

    def widget_draw(self, original):
        checker = self

        def draw(widget, surface, focused):
            checker.widgets.append(pygame.Rect(widget.rect))
            try:
                original(widget, surface, focused)
            finally:
                checker.widgets.pop()

        return draw

    def wanted(self, name: str) -> bool:
        return not any(part in name for part in LEFT_OUT)

    def review_shots(self, long, replay) -> None:
        return None  # LEFT_OUT

    def save(self, name: str) -> None:
        """Draw the whole screen once more, recording, and check what was drawn."""
        self.drawn, self.panels, self.widgets = [], [], []
        if hasattr(self.app, "_drawn_by"):
            self.app._drawn_by = None  # the whole screen, not only what changed
        self.recording = True
        try:
            type(self.app).draw(self.app)
        finally:
            self.recording = False
        self.shots += 1
        self.texts += len(self.drawn)
        self.in_widgets += sum(1 for item in self.drawn if item.widget is not None)
        self.in_panels += sum(1 for item in self.drawn if item.panels)
        self.problems += [f"{name}: {problem}" for problem in check(self.drawn)]


def check(drawn: list[Drawn]) -> list[str]:
    problems = []
    for item in drawn:
        rect, text = item.rect, item.text
        where = "the screen" if item.on_screen else f"its {item.surface[0]}×{item.surface[1]} layer"
        if not pygame.Rect((0, 0), item.surface).inflate(2 * SLACK, 2 * SLACK).contains(rect):
            problems.append(f"{text!r} at {tuple(rect)} runs out of {where}")
            continue
        if item.widget is not None and not item.widget.inflate(2 * SLACK, 2 * SLACK).contains(rect):
            problems.append(
                f"{text!r} at {tuple(rect)} runs out of its widget {tuple(item.widget)}"
            )
            continue
        holding = [p for p in item.panels if p.collidepoint(rect.center)]
        if holding:
            box = holding[-1]  # the panel drawn last under the text's middle
            if not box.inflate(2 * SLACK, 2 * SLACK).contains(rect):
                problems.append(f"{text!r} at {tuple(rect)} runs out of its panel {tuple(box)}")
    return problems


@pytest.fixture
def speaking():
    pygame.init()
    forget_cached_assets()
    yield
    i18n.set_language("en")
    theme.clear_cache()
    forget_cached_assets()


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_every_screen_keeps_its_texts_in_their_boxes(tmp_path, monkeypatch, speaking, language):
    checker = FitChecker(tmp_path, language, monkeypatch)
    try:
        checker.shoot_all(5)
    finally:
        checker.app.close()
    assert checker.shots >= 60  # every scene was drawn
    assert checker.texts > 2000 and checker.in_widgets > 300 and checker.in_panels > 1000
    assert i18n.language() == language
    assert not checker.problems, "\n".join(checker.problems[:40])
