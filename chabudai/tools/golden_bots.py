"""Golden bot choices: what the bots decide stays what was recorded while the bots get faster.

``python -m chabudai.tools.golden_bots record`` plays seeded games of every configuration in
:data:`CONFIGS` with normal bots and, at sampled decisions with a real choice, writes one digest
per game covering, for each sampled decision of that game:

- the move of the easy, normal and hard bot (the hard bot with a fixed number of iterations,
  so the choice does not depend on the machine's speed);
- the rewards of a few seeded playouts, as the hard bot runs them: a determinization
  (``from_view``) of the seat's view, played on with the game's rollout policy
  (:func:`chabudai.engines.bots.hard.playout`).

``python -m chabudai.tools.golden_bots check`` plays them again and names every game whose digest
changed. A speed-up of a bot, a rollout or an engine that the bots use must leave every digest
as it was; a change of strength changes them on purpose (record again and say so in the commit).
``tools/golden.py`` is the engines' own check (saves, events, views).
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

from chabudai import engines
from chabudai.engines.bots import make_bot
from chabudai.engines.bots.hard import playout
from chabudai.engines.bots.policy import policy_for
from chabudai.tools.golden import DIGEST_CHARS, Config, GoldenSet, _dump

GOLDEN_FILE = Path(__file__).resolve().parents[2] / "tests" / "engines" / "golden-bots.json"
HARD_ITERATIONS = 60  # enough for the tree, the race and the guard to take part
PLAYOUTS = 4  # seeded playouts per sampled decision
SAMPLE = 0.25  # the share of real choices sampled
MAX_SAMPLED = 12  # sampled decisions per game, at most


def _configs() -> list[Config]:
    """Every game, the player counts and options the bots' figures are quoted for."""
    return [
        Config("koikoi", 2, (("ruleset", "cardavia"), ("rounds", 1)), 150),
        Config("koikoi", 2, (("ruleset", "nintendo"), ("rounds", 3)), 60),
        Config("koikoi", 2, (("ruleset", "cardavia"), ("rounds", 12)), 15),
        Config("nanatoridori", 2, (), 30),
        Config("nanatoridori", 2, (("two_player", "duel"), ("scoring", "advanced")), 30),
        Config("nanatoridori", 4, (("scoring", "advanced"),), 8),
        Config("nanatoridori", 6, (), 4),
        Config("nar", 4, (), 6),
        Config("nar", 8, (("announcements", True),), 3),
        Config("nimalia", 2, (), 10),
        Config("nimalia", 4, (("zero_majority", "rank"),), 5),
    ]


CONFIGS: list[Config] = _configs()


def game_digest(config: Config, game_seed: int) -> str:
    """The digest of the bots' choices in one seeded game of ``config``."""
    engine = engines.get(config.game)
    policy = policy_for(engine.name)
    rng = random.Random(f"golden-bots:{config.key}:{game_seed}")
    h = hashlib.blake2b(digest_size=16)
    state = engine.new_game(config.players, game_seed, dict(config.options))
    players = [make_bot("normal", game_seed * 10 + s) for s in range(config.players)]
    easy = make_bot("easy", game_seed)
    hard = make_bot("hard", game_seed, iterations=HARD_ITERATIONS)
    sampled = 0
    while not state.is_over:
        for seat in list(state.to_move):
            legal = state.legal_moves(seat)
            view = state.view(seat)
            if len(legal) > 1 and sampled < MAX_SAMPLED and rng.random() < SAMPLE:
                sampled += 1
                h.update(
                    _dump([easy.choose(engine, view, legal), hard.choose(engine, view, legal)])
                )
                for k in range(PLAYOUTS):
                    dice = random.Random(f"{game_seed}:{sampled}:{k}")
                    sample = engine.from_view(view, dice)
                    h.update(
                        _dump(playout(policy, sample, dice, policy.cutoff_marker(sample), seat))
                    )
            move = players[seat].choose(engine, view, legal)
            h.update(_dump(move))
            state.apply(seat, move)
    h.update(_dump(state.result()))
    return h.hexdigest()[:DIGEST_CHARS]


BOTS = GoldenSet(
    CONFIGS,
    game_digest,
    GOLDEN_FILE,
    "python -m chabudai.tools.golden_bots record: one digest of the bots' choices per seeded game",
)


def load() -> dict[str, list[str]]:
    return BOTS.load()


def main(argv: list[str] | None = None) -> int:
    return BOTS.main(argv, "python -m chabudai.tools.golden_bots", __doc__)


if __name__ == "__main__":
    sys.exit(main())
