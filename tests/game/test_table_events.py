"""The kit's one way to handle events, the same at every table (game/tables/kit/table.py):
a view lists its game's kinds, the game's pure update changes the model, then the view's
``effect_<kind>`` shows it; an unknown kind is ignored the same way everywhere."""

import copy
import importlib
import random

import pytest

from chabudai import engines
from chabudai.game.tables import TABLES, TableContext, make_table
from chabudai.game.tables.kit import KitTable
from chabudai.game.tables.nimalia.events import expand
from chabudai.tools.screenshot import host_legal
from tests.game.table_helpers import drain

GAMES = sorted(TABLES)


def kinds_of_a_game(game: str, players: int, seed: int, options=None) -> set[str]:
    """Every event kind the engine makes in one seeded random game (as Nimalia's table sees
    them: with the steps it shows one by one)."""
    state = engines.get(game).new_game(players, seed, options)
    rng = random.Random(seed)
    seen: set[str] = set()
    while not state.is_over:
        mover = state.to_move[0]
        events = state.apply(mover, rng.choice(state.legal_moves(mover)))
        seen.update(e["e"] for e in (expand(events) if game == "nimalia" else events))
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_a_view_lists_every_kind_its_engine_sends(game):
    engine = engines.get(game)
    table = importlib.import_module(TABLES[game]).TABLE
    seen: set[str] = set()
    for players in range(engine.min_players, engine.max_players + 1):
        options = {"announcements": True} if game == "nar" else None
        seen |= kinds_of_a_game(game, players, seed=players, options=options)
    assert seen <= set(table.event_kinds), seen - set(table.event_kinds)
    # and each kind the view lists either changes the model or shows something
    for kind in table.event_kinds:
        assert kind in table.updates or hasattr(table, f"effect_{kind}"), kind


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_kind_is_ignored_the_same_way_at_every_table(game):
    engine = engines.get(game)
    state = engine.new_game(engine.min_players, 5)
    table = make_table(game, TableContext(seat=0, submit=lambda move: None))
    table.snapshot(copy.deepcopy(state.view(0)), host_legal(state, 0))
    drain(table)
    model, lines = copy.deepcopy(table.model), list(table.log.lines)
    table.apply_update([{"e": "fireworks", "seat": 0}], state.view(0), host_legal(state, 0))
    table.step_queue()
    assert table.hold == 0 and table.banner is None and not table.popups
    assert list(table.log.lines) == lines  # no move-log line
    assert table.model == model and not table.queue
    table.animate({"e": "fireworks"})  # called directly, too: nothing changes
    assert table.model == model


@pytest.mark.parametrize("game", GAMES)
def test_the_update_runs_before_the_effect_which_sees_the_model_before(game, monkeypatch):
    engine = engines.get(game)
    state = engine.new_game(engine.min_players, 3)
    table = make_table(game, TableContext(seat=0, submit=lambda move: None))
    table.snapshot(copy.deepcopy(state.view(0)), host_legal(state, 0))
    drain(table)
    kind = next(k for k in table.event_kinds if hasattr(table, f"effect_{k}"))
    seen = []
    updates = {**table.updates, kind: lambda m, ev: m.__setitem__("marker", ev["n"])}
    monkeypatch.setattr(table, "updates", updates)
    monkeypatch.setattr(
        table,
        f"effect_{kind}",
        lambda ev: seen.append((table.model.get("marker"), table.before.get("marker"))),
    )
    monkeypatch.setattr(table, "effect_every", lambda ev: seen.append("every"))
    table.model["marker"] = 0
    table.animate({"e": kind, "n": 1})
    assert seen == ["every", (1, 0)]


def test_a_view_whose_effects_or_holds_name_an_unlisted_kind_is_refused():
    with pytest.raises(TypeError, match="fireworks"):

        class Stray(KitTable):  # noqa: F841 (defining it is the test)
            event_kinds = ("deal",)
            holds = {"deal": 0.5, "fireworks": 1.0}

    with pytest.raises(TypeError, match="fireworks"):

        class StrayEffect(KitTable):  # noqa: F841
            event_kinds = ("deal",)

            def effect_fireworks(self, ev):
                pass
