"""One source of chance: every game a table deals is seeded from the generator it was given.

The host's entropy by default (``random.SystemRandom``); a fixed generator makes game after game
repeatable, so tests of a table that plays several games never meet the 1.25 % of Koi-Koi
deals that end at once (K-9 hand bonuses) by chance.
"""

from __future__ import annotations

import asyncio
import random

from chabudai.net.table import Table


def seeds_of_three_games(table: Table) -> list[int]:
    seeds = []

    async def play() -> None:
        for _ in range(3):
            table.start()
            assert table.state is not None
            seeds.append(table.state.seed)
            table.back_to_lobby(reopen=False)
        table.close()

    asyncio.run(play())
    return seeds


def test_every_game_is_seeded_from_the_tables_generator():
    expected = random.Random(5)
    wanted = [expected.randrange(2**63) for _ in range(3)]
    table = Table(game="koikoi", name="Chance", rng=random.Random(5))
    assert seeds_of_three_games(table) == wanted


def test_a_fixed_seed_deals_the_first_game_and_makes_the_later_ones_repeatable():
    first = seeds_of_three_games(Table(game="koikoi", name="A", seed=42))
    again = seeds_of_three_games(Table(game="koikoi", name="B", seed=42))
    assert first[0] == 42 and first == again and len(set(first)) == 3


def test_without_a_generator_the_table_uses_the_hosts_entropy():
    table = Table(game="koikoi", name="Entropy")
    assert isinstance(table.rng, random.SystemRandom)
    assert len(set(seeds_of_three_games(table))) == 3
