"""Golden replays: the engines' saves, events, views and moves, hashed over many seeded games.

``python -m chabudai.tools.golden record`` plays seeded games of every configuration in :data:`CONFIGS`
(about 5,200 games) with seeded random moves and writes one short digest per game to
``tests/engines/golden.json``; ``python -m chabudai.tools.golden check`` plays them again and names every
game whose digest changed. A speed-up of an engine must leave every digest as it was.

A game's digest covers, byte for byte (JSON, key order kept): at the start and after every move,
the save (``to_dict``), the view of every seat and of a spectator and each pending seat's legal
moves; the events of every move; and the final ``result()``. Every other move is applied to a
``clone()``, so copies are checked too. A determinization (``from_view``) of the mover's view must
give back that view and the same legal moves; how it deals the hidden cards may change (it
only changes what the bots imagine).

The test suite checks the first few games of every configuration
(``tests/engines/test_golden.py``); the whole set is this command's job.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chabudai import engines

GOLDEN_FILE = Path(__file__).resolve().parents[2] / "tests" / "engines" / "golden.json"
DIGEST_CHARS = 10


@dataclass(frozen=True)
class Config:
    """One game, player count and option set."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...] = ()
    games: int = 200  # seeded games recorded (long random games get fewer)

    @property
    def key(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.game}/{self.players}" + (f"/{opts}" if opts else "")


def _configs() -> list[Config]:
    """Every game and player count, the default options and each option changed at least once.

    Random play makes some games long (Nanatoridori at 3+ seats, Nar over fixed rounds: a few
    seconds each), so those record fewer games; the whole set is about 5,200 games.
    """
    out = []
    for ruleset in ("cardavia", "nintendo"):
        for rounds in (1, 3, 12):
            out.append(Config("koikoi", 2, (("ruleset", ruleset), ("rounds", rounds)), 300))
        sake = (("ruleset", ruleset), ("rounds", 6), ("sake_cup_plain", False))
        out.append(Config("koikoi", 2, sake, 200))
    advanced = (("scoring", "advanced"),)
    all_at_10 = (*advanced, ("advanced_win", "all_at_10"))
    for players in range(2, 7):
        games = 200 if players == 2 else 8
        for options in ((), advanced, all_at_10):
            out.append(Config("nanatoridori", players, options, games))
    for options in ((), advanced, all_at_10):  # N-3: two players may play the duel (§8)
        out.append(Config("nanatoridori", 2, (("two_player", "duel"), *options), 200))
    for players in range(4, 9):
        out.append(Config("nar", players, (), 30))
        out.append(Config("nar", players, (("announcements", True),), 30))
        out.append(Config("nar", players, (("game_length", "fixed_rounds"),), 8))
    out.append(Config("nar", 7, (("fools_at_7", 1),), 30))
    rules = (("zero_majority", "rank"), ("otter_neighbours", "once"), ("faq_values", True))
    for players in range(2, 5):
        for options in ((), (("goals_level", "intro"),), rules):
            out.append(Config("nimalia", players, options, 150))
    return out


CONFIGS: list[Config] = _configs()


def _dump(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), default=repr).encode()


def game_digest(config: Config, game_seed: int) -> str:
    """The digest of one seeded game of ``config`` (see the module docstring)."""
    engine = engines.get(config.game)
    rng = random.Random(f"golden:{config.key}:{game_seed}")
    h = hashlib.blake2b(digest_size=16)
    state = engine.new_game(config.players, game_seed, dict(config.options))
    seats: list[int | None] = [*range(config.players), None]
    step = 0

    def snapshot() -> None:
        h.update(_dump(state.to_dict()))
        for seat in seats:
            h.update(_dump(state.view(seat)))
        for seat in state.to_move:
            h.update(_dump(state.legal_moves(seat)))

    snapshot()
    while not state.is_over:
        pending = list(state.to_move)
        chosen = [(seat, rng.choice(state.legal_moves(seat))) for seat in pending]
        mover = pending[0]
        view = state.view(mover)
        sample = engine.from_view(view, random.Random(step))
        if sample.view(mover) != view or sample.legal_moves(mover) != state.legal_moves(mover):
            raise AssertionError(f"{config.key} seed {game_seed} step {step}: bad determinization")
        if step % 2:
            state = state.clone()
        for seat, move in chosen:
            h.update(_dump(state.apply(seat, move)))
        snapshot()
        step += 1
    h.update(_dump(state.result()))
    return h.hexdigest()[:DIGEST_CHARS]


@dataclass(frozen=True)
class GoldenSet:
    """A set of recorded digests: the configurations, the digest of one seeded game, the file."""

    configs: list[Config]
    digest: Callable[[Config, int], str]
    path: Path
    about: str

    def load(self) -> dict[str, list[str]]:
        """The recorded digests: configuration key -> one digest per game seed (0, 1, ...)."""
        data = json.loads(self.path.read_text())
        return {key: text.split() for key, text in data["digests"].items()}

    def record(self, games: int | None, only: str | None = None) -> None:
        found = self.load() if self.path.exists() else {}
        for config in self.configs:
            if only and not config.key.startswith(only):
                continue
            count = games or config.games
            started = time.perf_counter()
            found[config.key] = [self.digest(config, seed) for seed in range(count)]
            print(f"{config.key}: {count} games, {time.perf_counter() - started:.1f} s")
        keys = [c.key for c in self.configs if c.key in found]
        data = {"about": self.about, "digests": {key: " ".join(found[key]) for key in keys}}
        self.path.write_text(json.dumps(data, indent=1) + "\n")

    def check(self, games: int | None, only: str | None = None) -> int:
        """Replay and compare; returns the number of games whose digest changed."""
        recorded = self.load()
        changed = 0
        for config in self.configs:
            if only and not config.key.startswith(only):
                continue
            expected = recorded.get(config.key)
            if expected is None:
                print(f"{config.key}: not recorded")
                changed += 1
                continue
            count = len(expected) if games is None else min(games, len(expected))
            started = time.perf_counter()
            bad = [s for s in range(count) if self.digest(config, s) != expected[s]]
            took = time.perf_counter() - started
            status = "ok" if not bad else f"{len(bad)} changed (seeds {bad[:10]})"
            print(f"{config.key}: {count} games, {took:.1f} s, {status}")
            changed += len(bad)
        return changed

    def main(self, argv: list[str] | None, prog: str, description: str | None) -> int:
        parser = argparse.ArgumentParser(prog=prog, description=description)
        parser.add_argument("action", choices=("record", "check"))
        parser.add_argument(
            "--games", type=int, default=None, help="games per configuration (default: all)"
        )
        parser.add_argument("--only", default=None, help="configurations whose key starts so")
        args = parser.parse_args(argv)
        if args.action == "record":
            self.record(args.games, only=args.only)
            return 0
        changed = self.check(args.games, only=args.only)
        print("all digests match" if not changed else f"{changed} game(s) differ")
        return 1 if changed else 0


ENGINES = GoldenSet(
    CONFIGS,
    game_digest,
    GOLDEN_FILE,
    "python -m chabudai.tools.golden record: one digest per seeded game (tools/golden.py)",
)


def load() -> dict[str, list[str]]:
    return ENGINES.load()


def main(argv: list[str] | None = None) -> int:
    return ENGINES.main(argv, "python -m chabudai.tools.golden", __doc__)


if __name__ == "__main__":
    sys.exit(main())
