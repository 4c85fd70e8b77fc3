"""engines.base.shuffle is random.Random.shuffle: the same order and the same draws."""

from __future__ import annotations

import random

from engines.base import shuffle


def test_shuffle_gives_the_order_and_the_generator_state_of_random_shuffle():
    for seed in range(300):
        for size in (0, 1, 2, 3, 7, 22, 24, 40, 48, 65):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
            assert ours.getstate() == theirs.getstate()


def test_a_generator_of_another_class_keeps_its_own_shuffle():
    class Reversing(random.Random):
        def shuffle(self, x):  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle(Reversing(1), items)
    assert items == [3, 2, 1]
