"""The bit-mask boards' fast paths (engines/nimalia/board.py) against plain versions:
``rows_with`` against a smear of each row, ``Board.placed_in`` against ``Board.placed``, and
``scoring.READS`` (the masks each objective reads) against boards whose other masks are
scrambled, over the reserves of seeded random games."""

from __future__ import annotations

import random

import pytest

from chabudai import engines
from chabudai.engines.nimalia.board import COLUMN, FRAME, WIDTH, Board, board_of, rows_with
from chabudai.engines.nimalia.scoring import READS, fields_read, score_objective

ENGINE = engines.get("nimalia")
OPTIONS = ({}, {"zero_majority": "rank", "otter_neighbours": "once", "faq_values": True})


def smeared_rows(mask: int) -> int:
    """The plain ``rows_with``: each row's positions or-ed into its column 0."""
    found = 0
    for row in range(FRAME):
        if mask >> row * WIDTH & (1 << FRAME) - 1:
            found |= 1 << row * WIDTH
    return found


def reserves(seed: int, players: int = 3) -> list[list[Board]]:
    """The boards of every seat after each turn of a seeded game of random moves."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed)
    found = []
    while not state.is_over:
        for seat in list(state.to_move):
            state.apply(seat, rng.choice(state.legal_moves(seat)))
        found.append(list(state.boards))
    return found


def test_rows_with_marks_the_rows_holding_a_position():
    rng = random.Random(7)
    frame = sum(((1 << FRAME) - 1) << r * WIDTH for r in range(FRAME))
    for _ in range(5000):
        mask = rng.getrandbits(FRAME * WIDTH) & frame
        for _ in range(rng.randrange(4)):
            mask &= rng.getrandbits(FRAME * WIDTH)
        assert rows_with(mask) == smeared_rows(mask)
        assert rows_with(mask) & ~COLUMN == 0
    assert rows_with(0) == 0
    assert rows_with(frame) == COLUMN


def test_placed_in_lays_the_given_masks_and_keeps_the_others():
    rng = random.Random(3)
    for seed in range(6):
        state = ENGINE.new_game(2, seed)
        while not state.is_over:
            for seat in list(state.to_move):
                board = state.boards[seat]
                for move in rng.sample(state.legal_moves(seat), 8):
                    placement = (move["card"], move["rot"], move["row"], move["col"])
                    fields = tuple(sorted(rng.sample(range(len(Board._fields)), rng.randrange(17))))
                    full = board.placed(*placement)
                    part = board.placed_in(fields, *placement)
                    assert type(part) is Board
                    for i in range(len(Board._fields)):
                        assert part[i] == (full[i] if i in fields else board[i])
                    assert board.placed_in(tuple(range(16)), *placement) == full
                state.apply(seat, rng.choice(state.legal_moves(seat)))


@pytest.mark.parametrize("seed", range(4))
def test_every_objective_reads_only_its_masks(seed):
    """Scrambling every mask an objective does not list in READS never changes its points."""
    rng = random.Random(seed)
    assert set(READS) == set(range(1, 23))
    others = [b for boards in reserves(seed + 100) for b in boards]
    for boards in reserves(seed):
        for oid in range(1, 23):
            read = fields_read((oid,))
            assert read == tuple(sorted({Board._fields.index(n) for n in READS[oid]}))
            scrambled = []
            for board in boards:
                stranger = rng.choice(others)
                scrambled.append(
                    Board(*(board[i] if i in read else stranger[i] for i in range(len(board))))
                )
            for options in OPTIONS:
                assert score_objective(oid, scrambled, options) == score_objective(
                    oid, boards, options
                ), (oid, options)


def test_fields_read_is_the_union_in_board_order():
    assert fields_read((7, 20)) == (Board._fields.index("ice"), Board._fields.index("lion"))
    assert fields_read((20, 7)) == fields_read((7, 20))
    assert fields_read((9, 11, 3)) == (1, 2, 3, 4)
    assert fields_read(()) == ()
    assert board_of({}) == Board()


def test_rows_with_several_masks_marks_the_rows_holding_a_position_of_each():
    rng = random.Random(8)
    frame = sum(((1 << FRAME) - 1) << r * WIDTH for r in range(FRAME))
    for _ in range(3000):
        masks = [rng.getrandbits(FRAME * WIDTH) & rng.getrandbits(FRAME * WIDTH) & frame]
        for _ in range(rng.randrange(4)):
            masks.append(rng.getrandbits(FRAME * WIDTH) & rng.getrandbits(FRAME * WIDTH) & frame)
        expected = COLUMN
        for mask in masks:
            expected &= smeared_rows(mask)
        assert rows_with(*masks) == expected
