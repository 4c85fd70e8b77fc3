"""The client application: window, scene stack, fixed-timestep loop and the network bridge.

pygame runs on the main thread. The network client, discovery browser and embedded host run on
one background asyncio thread owned by ``chabudai.net.bridge.NetBridge``; the main thread drains its queue
once per frame (:meth:`App.step`) and hands every item to the session and the top scene.

The language is chosen at start (the one saved in the settings, else the system's) and changed
by :meth:`App.set_language` at any moment: every scene on the stack hears of it
(:meth:`chabudai.game.scene.Scene.language_changed`) and the next frame reads in it.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import warnings
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from chabudai import i18n
from chabudai.game import settings as settings_mod
from chabudai.game.audio import Audio
from chabudai.game.scene import Scene
from chabudai.game.session import Session
from chabudai.game.theme import SCREEN_SIZE
from chabudai.i18n import N_, Notice, said
from chabudai.replays.file import Replay
from chabudai.replays.store import Entry, ReplayStore
from chabudai.replays.store import default_folder as default_replays_folder

STEP = 1 / 60  # fixed update step
MAX_STEPS = 5  # a slow frame catches up at most this many steps
REDRAW_EVENTS = (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED)

NO_DISPLAY_HINT = (
    "To run a table without a screen, start the headless table server with "
    "`chabudai host` (see `chabudai host --help`); players on other machines can join it."
)


def forget_cached_assets() -> None:
    from chabudai.game import assets, theme

    theme.clear_cache()
    clear = getattr(assets, "clear_cache", None)
    if clear is not None:
        clear()


def display_problem() -> str | None:
    """Why no window can be opened here, or None if one can (checked before creating it)."""
    driver = os.environ.get("SDL_VIDEODRIVER", "").lower()
    if (
        sys.platform.startswith("linux")
        and driver not in ("dummy", "offscreen")
        and not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
    ):
        return "no display found (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    try:
        pygame.display.init()
    except pygame.error as error:
        return f"the display could not be opened ({error})"
    return None


class App:
    def __init__(
        self,
        settings: settings_mod.Settings | None = None,
        settings_path=None,
        net_bind: str | None = None,
        net_service_type: str | None = None,
        save_settings: bool = True,
        offline: bool = False,
        replays_dir: Path | None = None,
    ) -> None:
        pygame.display.init()  # the mixer is opened by Audio, quietly (no console noise)
        pygame.font.init()
        forget_cached_assets()  # a second App in one process (tests) must not reuse dead fonts
        self.offline = offline  # screenshots: scenes never touch the network
        self.settings_path = settings_path
        self.save_settings = save_settings
        message = None
        # First run: no settings file yet (the title then asks for the player's name).
        self.first_run = (
            settings is None and not (settings_path or settings_mod.config_path()).exists()
        )
        if settings is None:
            settings, message = settings_mod.load(settings_path)
        self.settings = settings
        i18n.set_language(settings.language or i18n.system_language())
        self.net_bind = net_bind  # where zeroconf listens (None: the net layer's default)
        self.net_service_type = net_service_type  # tests use a unique zeroconf type
        self.host_bind = "0.0.0.0"  # where a hosted table listens
        self.deal_seed: int | None = None  # a fixed seed for hosted games (autoplay); else random
        flags = pygame.SCALED | pygame.RESIZABLE
        if settings.fullscreen:
            flags |= pygame.FULLSCREEN
        with warnings.catch_warnings():
            # headless drivers have no accelerated renderer; SCALED still works in software
            warnings.filterwarnings("ignore", "no fast renderer")
            self.screen = pygame.display.set_mode(SCREEN_SIZE, flags)
        pygame.display.set_caption("Chabudai")
        self.audio = Audio(settings.volume)
        self.session = Session()
        # Every game that ends is kept for History: in the data folder, or in ``replays_dir``;
        # a client that saves no settings (screenshots, benchmarks) keeps none unless told.
        folder = replays_dir
        if folder is None and save_settings:  # beside a settings file given (tests), else home
            folder = Path(settings_path).parent / "replays" if settings_path else None
            folder = folder or default_replays_folder()
        self.replays = ReplayStore(folder, settings.replay_limit) if folder else None
        if self.replays is not None:
            self.session.keeper = self.keep_replay
        self.stack: list[Scene] = []
        self.bridge: Any = None
        self.running = True
        self.toasts: list[list[Any]] = []  # [text or Notice, seconds left]
        self.frame = 0
        self._accumulator = 0.0
        self._drawn_by: Scene | None = None  # the scene that drew the whole screen last frame
        if message:
            print(f"chabudai: {message}", file=sys.stderr)  # (the terminal reads English)
            self.toast(message, 8.0)

    # ------------------------------------------------------------------ scene stack

    @property
    def scene(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        self.stack.append(scene)
        scene.enter()
        return scene

    def pop(self) -> None:
        if len(self.stack) <= 1:
            return  # the title stays; Quit is an explicit button
        self.stack.pop().leave()
        if self.scene:
            self.scene.enter()

    def replace(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack.pop().leave()
        return self.push(scene)

    def reset_to_title(self) -> None:
        """Leave any table and go back to the title screen."""
        self.close_net()
        while len(self.stack) > 1:
            self.stack.pop().leave()
        if self.scene:
            self.scene.enter()

    def quit(self) -> None:
        self.running = False

    def toast(self, text: str, seconds: float = 4.0) -> None:
        """Show ``text`` for a few seconds: words already in the player's language, or a
        :class:`~chabudai.i18n.Notice` (worded each frame in the current language)."""
        self.toasts.append([text, seconds])

    def toast_texts(self) -> list[str]:
        """What the toasts showing now say, oldest first, in the current language."""
        return [said(text) for text, _left in self.toasts]

    # ------------------------------------------------------------------ settings

    def store_settings(self) -> None:
        self.settings = self.settings.clean()
        self.audio.volume = self.settings.volume
        if not self.save_settings:
            return
        try:
            settings_mod.save(self.settings, self.settings_path)
        except OSError as error:
            self.toast(Notice(N_("Could not save the settings ({reason})."), reason=error.strerror))

    def set_language(self, code: str) -> None:
        """Speak ``code`` (a key of :data:`chabudai.i18n.LANGUAGES`; "" follows the system)
        from the next frame on, with no restart: the choice is saved, rendered texts are
        forgotten and every scene on the stack, the ones under the top too, hears of it."""
        from chabudai.game import theme

        code = code if code in i18n.LANGUAGES else ""
        i18n.set_language(code or i18n.system_language())
        self.settings.language = code
        self.store_settings()
        theme.clear_cache()
        for scene in list(self.stack):
            scene.language_changed()
        self._drawn_by = None  # the next frame draws the whole screen again

    def keep_replay(self, replay: Replay) -> Entry | None:
        """Keep a game that ended (Session.keeper); a folder that cannot be written is said."""
        if self.replays is None:
            return None
        try:
            return self.replays.add(replay)
        except OSError as error:
            message = N_("Could not keep this game's replay ({reason}).")
            self.toast(Notice(message, reason=error.strerror))
            return None

    def open_replay(self, path: Path, *, keep: bool = False) -> bool:
        """Open the replay file at ``path`` in the viewer (``keep``: add it to History first);
        a file that does not open is said in a toast and nothing else changes."""
        from chabudai.game.scenes.viewer import ViewerScene
        from chabudai.replays import file
        from chabudai.replays.file import ReplayError

        save = None
        try:
            replay = file.read(Path(path))
            if keep and self.replays is not None:
                entry = self.replays.import_file(Path(path))
                save = partial(self.replays.save, entry.name)  # a review goes to History's copy
        except ReplayError as error:
            self.toast(error.message, 8.0)
            return False
        except OSError as error:
            message = N_("Could not add this replay to History ({reason}).")
            self.toast(Notice(message, reason=error.strerror), 8.0)
            return False
        scene = self.scene
        if scene is not None and hasattr(scene, "reload"):
            scene.reload()  # History lists the file just added
        self.push(ViewerScene(self, replay, save=save))
        return True

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            return
        self.settings.fullscreen = not self.settings.fullscreen
        self._drawn_by = None
        self.store_settings()

    # ------------------------------------------------------------------ network

    def net(self) -> Any:
        """The running network bridge (started on first use)."""
        if self.offline:
            raise RuntimeError("this client runs offline")
        if self.bridge is None:
            from chabudai.net.bridge import NetBridge

            options: dict[str, Any] = {"bind": self.net_bind}
            if self.net_service_type:
                options["service_type"] = self.net_service_type
            self.bridge = NetBridge(**options)
            self.bridge.start()
        return self.bridge

    def send(self, message: dict[str, Any]) -> None:
        if self.bridge is not None:
            self.bridge.send(message)

    def close_net(self, wait: bool = False) -> None:
        """Stop the bridge (connection, browser, embedded host) and forget the table."""
        bridge, self.bridge = self.bridge, None
        if bridge is not None and self.session.status == "playing" and self.session.result is None:
            record = bridge.hosted_record()  # a solo or hosted game left before its end
            if record is not None:
                self.session.keep(record, None)
        self.session.reset()
        if bridge is None:
            return
        if wait:
            bridge.stop()
        else:  # goodbyes can take a moment; the window stays responsive
            threading.Thread(target=bridge.stop, name="bridge-stop", daemon=True).start()

    def drain_net(self) -> None:
        if self.bridge is None:
            return
        for item in self.bridge.poll():
            self.session.feed(item, self.send)
            if self.scene:
                self.scene.on_net(item)

    # ------------------------------------------------------------------ loop

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in REDRAW_EVENTS:
            self._drawn_by = None  # the window shows something else: draw it all again
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.DROPFILE:  # a replay a friend sent: into History, then watched
            if self.scene is None or self.scene.name in ("title", "history"):
                self.open_replay(Path(event.file), keep=True)
            else:
                message = N_("Go to the title screen or History to open a replay file.")
                self.toast(Notice(message))
            return
        scene = self.scene
        if scene is None:
            return
        if scene.help_open:  # the screen's help closes on any key or click (F1 and Esc too)
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                scene.help_open = False
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and scene.screen_help():
            scene.help_open = True
            return
        scene.handle(event)

    def step(self, dt: float) -> None:
        """One frame: input, network, fixed-step updates, drawing."""
        for event in pygame.event.get():
            self.handle(event)
        self.drain_net()
        self._accumulator += min(dt, STEP * MAX_STEPS)
        while self._accumulator >= STEP - 1e-9:
            self._accumulator -= STEP
            if self.scene:
                self.scene.update(STEP)
            for toast in self.toasts:
                toast[1] -= STEP
            self.toasts = [t for t in self.toasts if t[1] > 0]
        self.audio.loop(getattr(self.scene, "music", None))
        self.draw()
        self.frame += 1

    def draw(self) -> None:
        from chabudai.game import ui

        top = self.scene
        if top is not None and self._drawn_by is top and not self.toasts and not top.help_open:
            changed = top.draw_changes(self.screen)
            if changed is not None:  # the scene redrew only what moved
                if changed:
                    pygame.display.update(changed)
                return
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].overlay:
            start -= 1
        for scene in self.stack[start:]:
            scene.draw(self.screen)
        if not getattr(top, "draws_toasts", False):  # a table draws them on its overlay stack
            ui.draw_toasts(self.screen, self.toast_texts())
        help_text = top.screen_help() if top is not None and top.help_open else None
        if help_text:
            ui.draw_help(self.screen, *help_text)
        clean = top is not None and not self.toasts and not top.help_open
        self._drawn_by = top if clean else None
        pygame.display.flip()

    def run(self, seconds: float | None = None) -> None:
        """The main loop, until Quit (or for ``seconds``: benchmarks)."""
        clock = pygame.time.Clock()
        last = time.perf_counter()
        end = None if seconds is None else last + seconds
        while self.running and (end is None or last < end):
            now = time.perf_counter()
            self.step(now - last)
            last = now
            clock.tick(self.scene.fps if self.scene else 60)

    def close(self) -> None:
        self.audio.loop(None)
        while self.stack:
            self.stack.pop().leave()
        self.close_net(wait=True)
        pygame.quit()


def start(app: App) -> None:
    """The first scenes: the title, and on the first run the question for the player's name."""
    from chabudai.game.scenes.settings import NameScene
    from chabudai.game.scenes.title import TitleScene

    app.push(TitleScene(app))
    if app.first_run:
        app.push(NameScene(app))


def main(replay_file: Path | None = None, language: str | None = None) -> int:
    """Start the client (``chabudai`` with no subcommand; ``chabudai replay FILE`` opens that
    replay over the title; ``chabudai --lang CODE`` speaks that language for this run, the
    saved choice left as it is). Exit status 2 without a display."""
    problem = display_problem()
    if problem:
        print(
            f"chabudai: cannot open the game window: {problem}.\n{NO_DISPLAY_HINT}", file=sys.stderr
        )
        return 2
    try:
        app = App()
    except pygame.error as error:
        print(
            f"chabudai: cannot open the game window: {error}.\n{NO_DISPLAY_HINT}", file=sys.stderr
        )
        return 2
    if language is not None:
        i18n.set_language(language)  # this run only: Settings still shows and saves the choice
    start(app)
    if replay_file is not None:
        app.open_replay(replay_file)
    try:
        app.run()
    except KeyboardInterrupt:
        pass
    finally:
        app.close()
    return 0
