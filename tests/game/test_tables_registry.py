"""The table registry: a game has a table view exactly when ``chabudai.game.tables.TABLES`` names it."""

import pytest

from chabudai import engines
from chabudai.game.tables import TABLES, TableContext, has_table, make_table, result_sheet
from chabudai.game.tables.kit import KitTable


def test_every_registered_table_is_a_kit_table_for_a_real_game():
    for game in TABLES:
        assert game in engines.names()
        table = make_table(game, TableContext(seat=0, submit=lambda move: None))
        assert isinstance(table, KitTable) and table.game == game
        assert table.help_text and table.help_title


def test_games_without_a_table_say_coming_soon():
    for game in engines.names():
        assert has_table(game) == (game in TABLES)
        if game not in TABLES:
            with pytest.raises(ValueError, match="coming soon"):
                make_table(game, TableContext(seat=0, submit=lambda move: None))
    assert not has_table("chess") and not has_table(None)


def test_result_sheets_have_a_column_per_seat():
    import random

    for game in engines.names():
        engine = engines.get(game)
        state = engine.new_game(engine.min_players, 3)
        rng = random.Random(3)
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_moves(seat)))
        sheet = result_sheet(game, state.result(), lambda seat: f"Seat {seat}")
        assert len(sheet.totals) == engine.min_players
        assert all(len(cells) == engine.min_players for _, cells, _ in sheet.rows)
