"""The client keeps a solo game left before its end (issue 30): marked unfinished, from the
record of its own embedded host, and it replays."""

from __future__ import annotations

from chabudai.game.app import App
from chabudai.game.scenes.title import TitleScene
from chabudai.game.settings import Settings
from chabudai.replays.store import ReplayStore
from chabudai.tools.autoplay import Autoplayer, drive, start_solo


def test_a_solo_game_left_unfinished_is_kept_marked(tmp_path):
    app = App(settings=Settings(name="Aiko", volume=0.0), save_settings=False, replays_dir=tmp_path)
    app.settings.animation_speed = 40
    try:
        app.push(TitleScene(app))
        start_solo(app, "nar", {}, "random", 4)
        player = Autoplayer("random", 1)
        assert drive(app, lambda a: a.scene.name == "table" and player.moves >= 3, player, 60)
        app.reset_to_title()
    finally:
        app.close()
    (entry,) = ReplayStore(tmp_path).entries()
    assert not entry.finished and entry.you == 0 and entry.names[0] == "Aiko"
    replay = ReplayStore(tmp_path).open(entry)
    assert not replay.finished and len(replay.moves) >= 3
