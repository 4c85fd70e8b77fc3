"""Scenes and the scene stack: title → setup / join → lobby → table → results.

A scene has ``enter``, ``handle(event)``, ``update(dt)``, ``draw(surface)``; ``on_net(item)``
receives every item the network bridge delivered this frame. Only the top scene is updated and
receives input; scenes marked ``overlay`` draw over the one beneath. F1 opens the scene's help
(:mod:`chabudai.game.scenes.help`, drawn by the app). A scene whose picture barely changes may redraw only
what moved (:meth:`Scene.draw_changes`) and run at a lower frame rate (``fps``).

Words are translated where they are drawn, so a change of language shows on the next frame; a
scene that holds words it worked out once (a button sized to its label) redoes them in
:meth:`Scene.language_changed`, which the app calls on every scene of the stack.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

import pygame

from chabudai.game.tween import Tweens

if TYPE_CHECKING:
    from chabudai.game.app import App


class Scene(ABC):
    overlay = False  # draw the scene below first (dialogs)
    name = "scene"
    music: str | None = "title_loop"  # the menus share the title tune; tables are quiet
    fps = 60  # frames per second the app runs at while this scene is on top

    def __init__(self, app: App) -> None:
        self.app = app
        self.tweens = Tweens()
        self.time = 0.0
        self.help_open = False  # F1: the screen's help is shown over it

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when the scene is popped or replaced."""

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        """Esc: go back one scene."""
        self.app.pop()

    def on_net(self, item: dict[str, Any]) -> None:
        """A message from the host or a local network notice."""

    def language_changed(self) -> None:
        """The player chose another language (:meth:`chabudai.game.app.App.set_language`): redo
        whatever words the scene worked out in the old one. Called on every scene of the stack,
        those under the top too."""

    def screen_help(self) -> tuple[str, str] | None:
        """The title and text F1 shows on this screen, in the player's language (None: the
        scene has its own help)."""
        from chabudai.game.scenes.help import screen_help

        return screen_help(self.name)

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Redraw only what changed since the last frame ``surface`` got from this scene and
        return those areas; None when the scene must be drawn in full (the default)."""
        return None

    def update(self, dt: float) -> None:
        self.time += dt
        self.tweens.speed = self.app.settings.animation_speed
        self.tweens.update(dt)

    @abstractmethod
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene on the logical 1280 x 720 surface."""
