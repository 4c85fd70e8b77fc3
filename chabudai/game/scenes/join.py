"""Join: the live list of tables found on the network, plus a ``host:port`` field (a host alone
means the standard port, where tables hosted from the client and ``chabudai host`` listen).

The discovery browser keeps running while this screen is open; the list updates as tables appear
and vanish. Tables the browser could not reach over TCP are greyed out.
"""

from __future__ import annotations

import pygame

from chabudai.game import theme, ui
from chabudai.game.scene import Scene
from chabudai.game.scenes.common import backdrop, footer, game_title, heading
from chabudai.net.client import parse_address as net_parse_address
from chabudai.net.protocol import DEFAULT_PORT

ROWS = 5  # tables listed; more are reached by typing an address


def parse_address(text: str) -> tuple[str, int]:
    """``"host:port"`` or just ``"host"`` (the standard port) → ``(host, port)``; ``ValueError``
    with a message for a player."""
    if not text.strip():
        raise ValueError(f"type the host's address, for example 192.168.1.20:{DEFAULT_PORT}")
    return net_parse_address(text, DEFAULT_PORT)


class JoinScene(Scene):
    name = "join"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.tables: list[dict] = []
        self.error = ""
        self.watch = False
        self.browsing = False
        self.build()

    def enter(self) -> None:
        if not self.browsing and not self.app.offline:
            try:
                self.app.net().start_browsing()
                self.browsing = True
            except (OSError, RuntimeError) as error:
                self.error = f"Cannot look for tables: {error}"

    def leave(self) -> None:
        if self.browsing and self.app.bridge is not None:
            self.app.bridge.stop_browsing()
        self.browsing = False

    def build(self) -> None:
        focus = getattr(self, "form", None)
        old_focus = focus.focus if focus else 0
        form = ui.Form()
        self.rows: list[tuple[ui.Button, dict]] = []
        for i, table in enumerate(self.tables[:ROWS]):
            button = ui.Button(
                (160, 156 + i * 64, 960, 58),
                "",
                self._join_table(table),
                enabled=bool(table.get("reachable", True)),
            )
            self.rows.append((button, table))
            form.add(button)
        old_text = self.address.text if hasattr(self, "address") else ""
        self.address = form.add(
            ui.TextField(
                (160, 530, 640, 46),
                "Address",
                old_text,
                60,
                self.join_address,
                "host:port",
                label_width=120,
            )
        )
        form.add(ui.Button((820, 526, 140, 54), "Join", self.join_address, accent=True))
        self.watch_choice = form.add(
            ui.Choice(
                (160, 592, 420, 44),
                "Join as",
                [(False, "player"), (True, "spectator")],
                self.watch,
                self._set_watch,
                label_width=120,
            )
        )
        form.add(ui.Button((980, 526, 140, 54), "Back", self.app.pop))
        form.focus = min(old_focus, len(form.widgets) - 1)
        self.form = form

    def _set_watch(self, value: bool) -> None:
        self.watch = value

    def _join_table(self, table: dict):
        return lambda: self.connect(table["host"], int(table["port"]))

    def join_address(self) -> None:
        try:
            host, port = parse_address(self.address.text)
        except ValueError as error:
            self.error = str(error)
            return
        self.connect(host, port)

    def connect(self, host: str, port: int) -> None:
        from chabudai.game.scenes.lobby import LobbyScene

        self.error = ""
        bridge = self.app.net()
        bridge.connect(host, port, player_name=self.app.settings.name, spectate=self.watch)
        self.app.push(LobbyScene(self.app, target=(host, port), spectate=self.watch))

    def on_net(self, item: dict) -> None:
        if item.get("t") == "tables":
            self.tables = list(item.get("tables") or [])
            self.build()

    def handle(self, event: pygame.event.Event) -> None:
        if self.form.handle(event):
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, None, 90)
        heading(surface, "Join a table", "tables on your network appear here by themselves")
        if not self.tables:
            dots = "." * (1 + int(self.time * 2) % 3)
            theme.draw_text(
                surface, f"Looking for tables{dots}", (640, 260), 26, theme.MUTED, anchor="center"
            )
        self.form.draw(surface)
        for button, table in self.rows:
            r = button.rect
            reachable = table.get("reachable", True)
            color = theme.CREAM if reachable else theme.GREY
            status = "playing" if table.get("st") == "playing" else "in the lobby"
            theme.draw_text(
                surface,
                table.get("name", "table"),
                (r.x + 20, r.y + 4),
                22,
                color,
            )
            theme.draw_text(
                surface,
                game_title(table.get("game", "")),
                (r.x + 420, r.centery),
                20,
                color,
                anchor="midleft",
            )
            open_seats = table.get("open", 0)
            theme.draw_text(
                surface,
                f"{open_seats}/{table.get('seats', '?')} seats open",
                (r.x + 580, r.centery),
                18,
                color,
                anchor="midleft",
            )
            theme.draw_text(
                surface,
                status if reachable else "unreachable",
                (r.x + 780, r.centery),
                18,
                theme.GOLD if reachable else theme.GREY,
                anchor="midleft",
            )
            theme.draw_text(
                surface,
                f"{table.get('host')}:{table.get('port')}",
                (r.x + 20, r.bottom - 4),
                15,
                theme.MUTED,
                anchor="bottomleft",
                shadow=False,
            )
        if len(self.tables) > ROWS:
            theme.draw_text(
                surface,
                f"and {len(self.tables) - ROWS} more: type an address below",
                (640, 500),
                16,
                theme.MUTED,
                anchor="midbottom",
            )
        if self.error:
            theme.draw_text(surface, self.error, (640, 646), 20, theme.WARN, anchor="midtop")
        footer(surface)
