"""Chance in the record (engines/base.py, ``GameState.shuffled`` and ``record``): a record holds
every order chance dealt, ``replay`` deals those orders again, and records without them (older
versions) still replay from the seed. A few deals per game are pinned (``data/deals.json``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from chabudai import engines

PINS = json.loads((Path(__file__).parent / "data" / "deals.json").read_text())["pins"]


def _played(name: str, seed: int = 5):
    engine = engines.get(name)
    state = engine.new_game(engine.min_players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        for seat in list(state.to_move):
            state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


@pytest.mark.parametrize("pin", PINS, ids=[f"{p['game']}-{p['seed']}" for p in PINS])
def test_the_seed_deals_the_pinned_orders(pin):
    state = engines.get(pin["game"]).new_game(pin["players"], pin["seed"])
    assert pin["deal"] in state.record()["deals"]


@pytest.mark.parametrize("name", engines.names())
def test_a_record_holds_every_deal_and_replay_deals_them(name):
    state = _played(name)
    record = state.record()
    assert record["deals"] and all(isinstance(label, str) for label, _ in record["deals"])
    assert engines.replay(record).record() == record
    # The deals, not the seed, decide the cards: a replay under another seed's shuffles (as
    # another Python version's random module might give) still deals the recorded orders.
    game = engines.get(name)
    other = game.replay_game(
        record["players"], record["seed"] + 1, record["options"], record["deals"]
    )
    assert other.record()["deals"][0] == record["deals"][0]
    assert sorted(other.cards()) == sorted(state.cards())


# What chance decides besides the deals, by game (K-5, N-8, R-5, M-7), and the state field it sets.
CHOICES = {
    "koikoi": ("first dealer", "dealer"),
    "nanatoridori": ("start", "starter"),
    "nar": ("first dealer", "dealer"),
    "nimalia": ("objectives", "objectives"),
}


@pytest.mark.parametrize("name", engines.names())
def test_the_record_holds_what_chance_chose_besides_the_deals(name):
    """The first dealer (or starter) and Nimalia's objectives are in the record: a replay under
    another seed (as another Python's random module might give) keeps them."""
    label, attr = CHOICES[name]
    state = engines.get(name).new_game(engines.get(name).min_players, 3)
    deals = dict(state.record()["deals"])
    value = getattr(state, attr)
    assert deals[label] == (value if isinstance(value, list) else [value])
    for seed in range(4, 12):  # some other seed chooses otherwise; the record still decides
        other = engines.get(name).replay_game(state.players, seed, {}, state.record()["deals"])
        assert getattr(other, attr) == value
    with pytest.raises(ValueError, match="not one chance could make"):
        bad = [[k, [99] * len(v)] if k == label else [k, v] for k, v in state.record()["deals"]]
        engines.get(name).replay_game(state.players, 3, {}, bad)


@pytest.mark.parametrize("name", engines.names())
def test_a_record_without_deals_replays_from_the_seed(name):
    state = _played(name)
    old = {k: v for k, v in state.record().items() if k != "deals"}
    assert engines.replay(old).to_dict() == state.to_dict()


def test_a_loaded_state_records_the_deals_its_seed_gave():
    state = _played("nar")
    loaded = engines.get("nar").from_dict(state.to_dict())
    assert loaded.record() == state.record()


def test_bad_deals_are_refused_clearly():
    record = _played("koikoi").record()
    label, order = next(entry for entry in record["deals"] if entry[0].startswith("deal"))
    with pytest.raises(ValueError, match="does not hold the cards in play"):
        engines.replay({**record, "deals": [[label, order[:-1] + [order[0]]]]})
    with pytest.raises(ValueError, match=r"\[label, order\]"):
        engines.replay({**record, "deals": [label]})
    with pytest.raises(ValueError, match=r"\[label, order\]"):
        engines.replay({**record, "deals": "shuffled"})
