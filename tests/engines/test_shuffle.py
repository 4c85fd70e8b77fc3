"""chabudai.engines.base.shuffle and sample_indices are random.Random's shuffle and sample of a range:
the same order and the same draws."""

from __future__ import annotations

import random

import pytest

from chabudai.engines.base import sample_indices, shuffle


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


def test_sample_indices_gives_the_indices_and_the_generator_state_of_random_sample():
    # both of random.sample's methods: a pool list (n up to 21, or 85 for k = 6 to 21) and a set
    for seed in range(200):
        for n in (1, 2, 3, 6, 7, 20, 21, 22, 24, 48, 84, 85, 86, 240, 1000):
            for k in sorted({0, 1, 2, 5, 6, 7, min(n, 12), min(n, 30), n}):
                if k > n:
                    continue
                ours, theirs = random.Random(seed), random.Random(seed)
                assert sample_indices(ours, n, k) == theirs.sample(range(n), k)
                assert ours.getstate() == theirs.getstate()


def test_sample_indices_refuses_a_sample_larger_than_the_range():
    with pytest.raises(ValueError):
        sample_indices(random.Random(1), 3, 4)
    with pytest.raises(ValueError):
        sample_indices(random.Random(1), 3, -1)


def test_a_generator_of_another_class_keeps_its_own_sample():
    class First(random.Random):
        def sample(self, population, k, *, counts=None):  # type: ignore[override]
            return list(population)[:k]

    assert sample_indices(First(1), 10, 3) == [0, 1, 2]
