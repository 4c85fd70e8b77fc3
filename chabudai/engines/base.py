"""The engine contract shared by the four games (see DESIGN.md, "Engines: one contract").

An :class:`Engine` describes a game (name, title, player counts, declared options) and makes
states. A :class:`GameState` holds one game in progress; every game implements the same methods:

``to_move``
    list of seats whose decision is pending (several at once in Nimalia).
``legal_moves(seat)``
    the moves ``seat`` may make now. A move is a small plain value (dicts with str keys, lists,
    str, int, bool, None) so it survives a msgpack round trip unchanged.
``apply(seat, move)``
    checks the move, changes the state and returns the events it caused; an illegal move raises
    :class:`IllegalMove` and leaves the state exactly as it was.
``view(seat)``
    exactly what ``seat`` may know (``None`` = a spectator). Every view carries the common keys
    ``game``, ``seat``, ``players``, ``options``, ``to_move``, ``over`` and ``scores``.
``determinize(seat, rng)``
    a full state consistent with ``view(seat)``, hidden cards resampled: built from the view alone
    through ``from_view``, so a bot that uses it can never peek at what its seat may not see.
``clone()``, ``to_dict()``, ``Engine.from_dict(d)``
    copies and a plain-value save format.
``apply_unchecked(seat, move)``, ``round_pending``, ``start_pending_round()``
    the bots' fast path: a round end leaves the next deal pending until it is asked for (see
    :meth:`GameState.apply_unchecked`).

Events are dicts with an ``"e"`` kind. An event that carries hidden information has a ``"to"``
list of the seats allowed to see it; :func:`events_for` filters a list for one seat.

Randomness lives in the state: games draw it from :func:`seeded_rng` with the game's seed and a
label (e.g. the deal number), never from the global ``random`` module, so
``(game, players, options, seed, moves)`` replays a game exactly.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from chabudai.engines.options import Option, OptionValue, resolve_options

Move = Any
Event = dict[str, Any]
View = dict[str, Any]

SEED_LIMIT = 2**63  # seeds must fit a signed 64-bit msgpack integer


@dataclass(frozen=True)
class Said:
    """A structured description: a message id and its plain arguments (seats as numbers, cards
    as card ids, never words), rendered by ``engines.describe.render`` or a client's language.
    The ids and their arguments are listed in ``chabudai/engines/describe.py``."""

    id: str
    args: dict[str, Any] = field(default_factory=dict)


class IllegalMove(ValueError):
    """A move that the rules do not allow now: ``said`` is why (a :class:`Said` from
    :meth:`GameState.check`), ``reason`` the same in English words for a player."""

    def __init__(self, said: Said) -> None:
        from chabudai.engines.describe import render_reason  # describe imports this module

        self.said = said
        self.reason = render_reason(said)
        super().__init__(self.reason)


def seeded_rng(seed: int, *labels: object) -> random.Random:
    """A generator determined by the game's seed and labels (e.g. ``seeded_rng(seed, "deal", 3)``)."""
    return random.Random(":".join(str(part) for part in (seed, *labels)))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: the same order and the same draws, without a Python call per item.

    ``random.Random.shuffle`` draws ``randbelow(i + 1)`` for ``i`` from the last index down to 1,
    each as ``getrandbits(k)`` repeated until below ``i + 1`` (``k`` the bit length of ``i + 1``);
    this does those draws inline (bot determinizations shuffle in every playout). A generator of
    another class (its own ``random`` or ``shuffle``) is left to its own method.
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        k = (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def sample_indices(rng: random.Random, n: int, k: int) -> list[int]:
    """``rng.sample(range(n), k)``: the same indices and the same draws, without a Python call
    per draw.

    ``random.Random.sample`` picks from a pool list when ``n`` is at most its small-set size
    (21, plus ``4 ** ceil(log(3k, 4))`` when ``k > 5``), else redraws an index already taken;
    each draw is ``randbelow`` (``getrandbits`` of the bound's bit length until below it). This
    does the same inline (a bot playout samples moves at every decision). A generator of another
    class is left to its own ``sample``; ``ValueError`` unless ``0 <= k <= n``.
    """
    if type(rng) is not random.Random:
        return rng.sample(range(n), k)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    getrandbits = rng.getrandbits
    setsize = 21
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    result = []
    if n <= setsize:
        pool = list(range(n))
        for i in range(n, n - k, -1):
            bits = i.bit_length()
            j = getrandbits(bits)
            while j >= i:
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[i - 1]
        return result
    bits = n.bit_length()
    taken = set()
    for _ in range(k):
        j = getrandbits(bits)
        while j >= n or j in taken:
            j = getrandbits(bits)
        taken.add(j)
        result.append(j)
    return result


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, tuples become lists) for saves and views."""
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_copy(v) for v in value]
    return value


def quoted(value: Any, limit: int = 40) -> Any:
    """A value a peer chose, fit to be an argument of a :class:`Said`: a bool, None, an int or a
    short str as it is, anything else (or a long str) as a short ``repr``."""
    if value is None or isinstance(value, bool) or (isinstance(value, int) and abs(value) < 2**53):
        return value
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def visible_to(event: Event, seat: int | None) -> bool:
    """True if ``seat`` (``None`` = spectator) may see ``event``."""
    to = event.get("to")
    return to is None or (seat is not None and seat in to)


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The events of ``events`` that ``seat`` may see, in order."""
    return [e for e in events if visible_to(e, seat)]


# How a clone copies a field (see :class:`Field`).
SHARED = "shared"  # never changed in place, only replaced: clones share it
LIST = "list"  # a list changed in place: a clone copies it
NESTED = "nested"  # a list of lists changed in place
DICT = "dict"  # a dict changed in place
DICTS = "dicts"  # a list of dicts changed in place
LIST_OR_NONE = "list_or_none"  # a list changed in place, or None


@dataclass(frozen=True)
class Field:
    """One attribute of a game state, declared once: ``__init__``, ``to_dict``, ``from_dict``
    and ``clone`` follow from a class's :attr:`GameState.FIELDS`.

    ``default`` is the value of a new state (copied, so a list default is never shared);
    ``copy`` says how a clone copies it (``SHARED``, ``LIST``, ...); ``saved`` is False for what
    is derived from the saved fields (rebuilt by :meth:`GameState._after_load`) or a cache;
    ``attr`` names the attribute that holds the value when ``name`` is a property over it
    (the clone copies ``attr``; the save reads and writes ``name``).
    """

    name: str
    default: Any = None
    copy: str = SHARED
    saved: bool = True
    attr: str = ""


class GameState(ABC):
    """One game in progress. Subclasses implement the rules; this class holds the shared plumbing.

    Attributes shared by every game: ``players`` (number of seats, seats are ``0..players-1``),
    ``seed``, ``options`` (the resolved option dict) and ``moves`` (the ``[seat, move]`` log from
    the start, used by :meth:`record`).
    """

    game: ClassVar[str]  # the registry name, e.g. "koikoi"
    title: ClassVar[str]  # the name players read, e.g. "Koi-Koi"

    players: int
    seed: int
    options: dict[str, OptionValue]
    moves: list[list[Any]]

    # The fields every game has; a game lists its own in FIELDS (saved in this order after these).
    BASE_FIELDS: ClassVar[tuple[Field, ...]] = (
        Field("players", 0),
        Field("seed", 0),
        Field("options", {}, DICT),
        Field("moves", [], LIST),
        Field("round_pending", False, saved=False),  # see apply_unchecked
        Field("dealt", None, saved=False),  # the chance log of a new game, for record()
        Field("deals", {}, saved=False),  # a replayed record's chance, by label (shuffled)
    )
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    _all_fields: ClassVar[tuple[Field, ...]] = BASE_FIELDS
    _saved: ClassVar[tuple[str, ...]] = ()
    _copies: ClassVar[dict[str, tuple[str, ...]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = (*GameState.BASE_FIELDS, *cls.FIELDS)
        cls._all_fields = fields
        cls._saved = tuple(f.name for f in fields if f.saved)
        kinds = (LIST, NESTED, DICT, DICTS, LIST_OR_NONE)
        cls._copies = {k: tuple(f.attr or f.name for f in fields if f.copy == k) for k in kinds}

    def __init__(self) -> None:
        for f in self._all_fields:
            setattr(self, f.name, plain_copy(f.default))

    # --- the contract ---------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        options: dict[str, OptionValue],
        deals: Mapping[str, list[Any]] | None = None,
    ) -> GameState:
        """A fresh game; ``Engine.new_game`` has already checked players, seed and options.
        ``deals``: orders chance must give by label (a replayed record, :meth:`shuffled`)."""
        state = cls()
        state.players = players
        state.seed = seed
        state.options = dict(options)
        state.deals = dict(deals) if deals else {}
        state.dealt = []  # a loaded or determinized state does not know what came before
        state._begin()
        return state

    @abstractmethod
    def _begin(self) -> None:
        """Set up a new game (``players``, ``seed`` and ``options`` are set) and deal."""

    @property
    @abstractmethod
    def to_move(self) -> list[int]: ...

    @abstractmethod
    def legal_moves(self, seat: int) -> list[Move]: ...

    @abstractmethod
    def view(self, seat: int | None) -> View: ...

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """``{"scores": [...], "winners": [...], "rounds": [...]}`` (rounds: per-round breakdown)."""

    @abstractmethod
    def cards(self) -> list[Any]:
        """Every card of the game wherever it is (hands, piles, board, deck), as a multiset in
        any order: the same cards from the first deal to the end (the contract test checks)."""

    @classmethod
    @abstractmethod
    def from_view(cls, view: View, rng: random.Random) -> GameState:
        """A full state consistent with ``view``: what the view hides is sampled with ``rng``.

        The result's ``view(view["seat"])`` equals ``view``; its seed is fresh, so future deals are
        unknown too. Its move log is empty (it is a hypothesis, not a replayable game).
        """

    @abstractmethod
    def check(self, seat: int, move: Move) -> Said | None:
        """Why ``seat`` may not make ``move`` now, as a :class:`Said` (a reason id of
        ``engines/describe.py`` and its arguments); ``None`` if it is legal.

        The one validation hook: :meth:`apply` refuses exactly the moves this names a reason
        for, and it must accept exactly the moves of :meth:`legal_moves` (the contract test
        checks both ways). :meth:`turn_problem` gives the reasons every game shares.
        """

    @abstractmethod
    def _step(self, seat: int, move: Move, events: list[Event] | None) -> None:
        """The one mutation hook: apply a move already known to be legal.

        Its events go to ``events``; ``None`` (the bots' fast path, :meth:`apply_unchecked`)
        builds none, and then a round end of a game that goes on leaves the next deal pending.
        """

    # --- shared behaviour -----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A plain-data save of the whole state (the saved :attr:`FIELDS`), msgpack- and
        JSON-friendly."""
        data = {name: getattr(self, name) for name in self._saved}
        return {"game": self.game, **plain_copy(data)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        """Restore a :meth:`to_dict` save; ``ValueError`` naming what is wrong with a bad one."""
        if not isinstance(data, Mapping) or data.get("game") != cls.game:
            game = data.get("game") if isinstance(data, Mapping) else None
            raise ValueError(f"not a {cls.title} save: game is {game!r}")
        state = cls()
        try:
            for name in cls._saved:
                setattr(state, name, plain_copy(data[name]))
        except KeyError as missing:
            raise ValueError(f"{cls.title} save lacks the field {missing}") from None
        if not isinstance(state.options, Mapping):
            raise ValueError(f"{cls.title} save has options {state.options!r}, not a map")
        state.options = cls.saved_options(state.players, state.options)
        try:
            state._after_load()
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
            raise ValueError(f"damaged {cls.title} save: {error!r}") from None
        return state

    def clone(self) -> GameState:
        """An independent copy: every field is copied as its :class:`Field` says (a field never
        changed in place is shared)."""
        cls = type(self)
        other = cls.__new__(cls)
        src = self.__dict__
        dst = other.__dict__
        dst.update(src)
        copies = cls._copies
        for name in copies[LIST]:
            dst[name] = list(src[name])
        for name in copies[NESTED]:
            dst[name] = [list(x) for x in src[name]]
        for name in copies[DICT]:
            dst[name] = dict(src[name])
        for name in copies[DICTS]:
            dst[name] = [dict(x) for x in src[name]]
        for name in copies[LIST_OR_NONE]:
            value = src[name]
            if value is not None:
                dst[name] = list(value)
        return other

    @classmethod
    def saved_options(cls, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options of a save or replay record made before one of the game's options existed,
        completed with the values that keep the rules the game was played with.

        A game whose rules changed defaults overrides this; by default options stay as saved.
        """
        return dict(options)

    def _after_load(self) -> None:
        """Check the loaded fields and rebuild the unsaved ones from them (after ``from_dict``);
        an error it raises is reported as a damaged save. Nothing by default."""

    def turn_problem(self, seat: Any) -> Said | None:
        """The reasons shared by every game's :meth:`check`: the game is over, ``seat`` is no
        seat of the game, or not one of the seats to move; ``None`` otherwise."""
        if self.is_over:
            return Said("over")
        if type(seat) is not int or not 0 <= seat < self.players:
            return Said("no_seat", {"seat": quoted(seat), "players": self.players})
        if seat not in self.to_move:
            return Said("not_your_turn", {"seat": seat, "to_move": list(self.to_move)})
        return None

    def apply(self, seat: int, move: Move) -> list[Event]:
        """Check ``move`` for ``seat``, apply it and return the events; see :class:`IllegalMove`.

        The only ``apply``: :meth:`check` refuses, :meth:`_step` changes the state, and the move
        joins the log as a plain copy (the caller's value may change later).
        """
        reason = self.check(seat, move)
        if reason is not None:
            raise IllegalMove(reason)
        events: list[Event] = []
        self._step(seat, move, events)
        self.moves.append([seat, plain_copy(move)])
        return events

    def apply_unchecked(self, seat: int, move: Move) -> list[Event]:
        """Apply a move the caller took from ``legal_moves`` (bot playouts); no log, no checks.

        The state changes as under :meth:`apply`, but for one thing: a move that ends a round
        (a deal) of a game that goes on *settles* the round — scores, round history, winners,
        who deals or starts next: everything the game's bot policy's ``cutoff_marker`` and
        ``evaluate`` read (a next deal that ends at once without a move, as a Koi-Koi hand
        bonus, is part of it) — and leaves the next round's deal undone, with ``round_pending``
        True. A playout that stops at the round end then never pays for a deal it does not play.
        Before anything else reads or moves a pending state (``to_move``, ``legal_moves``,
        ``view``, ``to_dict``, another move), call :meth:`start_pending_round`; the state is then
        the one :meth:`apply` reaches. ``is_over``, ``clone`` and the figures above are valid on
        a pending state.

        Playouts never read the events, so :meth:`_step` gets ``events`` None and builds none;
        the list returned is always empty.
        """
        self._step(seat, move, None)
        return []

    def start_pending_round(self) -> None:
        """Deal the round that a round end under :meth:`apply_unchecked` left pending, as
        :meth:`apply` deals it (no events); nothing if no round is pending."""
        if self.round_pending:
            self.round_pending = False
            self._deal_pending_round()

    def _deal_pending_round(self) -> None:
        """Games with rounds: the deal their round end leaves for :meth:`start_pending_round`."""
        raise NotImplementedError(f"{self.title} leaves no round pending")

    def shuffled(self, items: list[Any], *labels: object) -> list[Any]:
        """``items`` in the order chance gives them under ``labels`` (e.g. ``"deal", 3``): the
        order a replayed record holds for those labels, else ``seeded_rng(seed, *labels)``'s
        shuffle. Every game deals through this, so :meth:`record` holds every dealt order and
        a replay deals the same on any Python version. Returns a new list."""
        key = ":".join(str(label) for label in labels)
        order = self.deals.get(key) if self.deals else None
        if order is None:
            order = list(items)
            seeded_rng(self.seed, *labels).shuffle(order)
        elif sorted(order) != sorted(items):
            raise ValueError(f"the replay deal {key!r} does not hold the cards in play")
        else:
            order = list(order)
        if self.dealt is not None:
            self.dealt = [*self.dealt, [key, order]]  # replaced, never changed: clones share it
        return list(order)

    def chosen(self, make: Any, valid: Any, *labels: object) -> list[Any]:
        """What chance decides under ``labels`` that is no shuffle (a first dealer, a game's
        objectives), as a list: the list a replayed record holds for those labels if
        ``valid(list)`` accepts it (``ValueError`` if not), else ``make(seeded_rng(seed,
        *labels))``. Recorded as :meth:`shuffled` records a deal, so :meth:`record` holds it."""
        key = ":".join(str(label) for label in labels)
        value = self.deals.get(key) if self.deals else None
        if value is None:
            value = list(make(seeded_rng(self.seed, *labels)))
        elif not valid(value):
            raise ValueError(f"the replay choice {key!r} is not one chance could make")
        else:
            value = list(value)
        if self.dealt is not None:
            self.dealt = [*self.dealt, [key, value]]
        return list(value)

    def determinize(self, seat: int | None, rng: random.Random) -> GameState:
        """A state consistent with ``view(seat)`` with every hidden card resampled by ``rng``."""
        return type(self).from_view(self.view(seat), rng)

    def record(self) -> dict[str, Any]:
        """The replay record ``{"game", "players", "options", "seed", "moves", "deals"}``.

        ``deals`` lists what chance decided, ``[label, order]`` in the order dealt (e.g.
        ``["deal:2", [cards...]]``), so :func:`replay` deals the same whatever the Python
        version's random module does with the seed. A save does not hold the deals (saves stay
        as they were), so a loaded state learns them here once, replaying its moves from the
        seed as the save itself would be replayed.
        """
        if self.dealt is None:
            fresh = type(self).new(self.players, self.seed, dict(self.options))
            for seat, move in self.moves:
                fresh.apply(seat, move)
            self.dealt = fresh.dealt
        record = {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "moves": [[seat, move] for seat, move in self.moves],
        }
        record["deals"] = plain_copy(self.dealt)
        return record


class TurnBasedState(GameState):
    """A game where one seat decides at a time: ``current`` moves until ``phase`` is ``"over"``."""

    current: int
    phase: str

    @property
    def to_move(self) -> list[int]:
        return [] if self.phase == "over" else [self.current]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"


@dataclass(frozen=True)
class Engine:
    """A game: its description, its declared options and the factory for its states."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    state_class: type[GameState] = field(repr=False)
    summary: str = ""

    def check_players(self, players: Any) -> int:
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"number of players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            span = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise ValueError(f"{self.title} is for {span} players, not {players}")
        return players

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        return resolve_options(self.options, options)

    def new_game(
        self,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        deals: Mapping[str, list[Any]] | None = None,
    ) -> GameState:
        """Start a game; raises ``ValueError`` for a bad player count, seed or option.
        ``deals``: what chance decided, by label (:meth:`replay_game`); the seed deals the rest."""
        players = self.check_players(players)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
            raise ValueError(f"seed must be a whole number from 0 to 2**63-1, not {seed!r}")
        resolved = self.resolve_options(options)
        return self.state_class.new(players, seed, resolved, deals)

    def replay_game(
        self, players: int, seed: int, options: Mapping[str, Any] | None, deals: Any
    ) -> GameState:
        """:meth:`new_game` dealing what a replay record's ``deals`` holds (see
        :meth:`GameState.record`); ``ValueError`` for deals that are not ``[label, order]``."""
        script: dict[str, list[Any]] = {}
        if not isinstance(deals, (list, tuple)):
            raise ValueError(f"replay deals must be a list of [label, order], not {deals!r}")
        for entry in deals:
            if not (isinstance(entry, (list, tuple)) and len(entry) == 2):
                raise ValueError(f"a replay deal must be [label, order], not {entry!r}")
            label, order = entry
            if not isinstance(label, str) or not isinstance(order, (list, tuple)):
                raise ValueError(f"a replay deal must be [label, order], not {entry!r}")
            script[label] = list(order)
        return self.new_game(players, seed, options, script)

    def from_dict(self, data: Mapping[str, Any]) -> GameState:
        return self.state_class.from_dict(data)

    def saved_options(self, players: int, options: Any) -> Any:
        """Options read from a save or replay record (:meth:`GameState.saved_options`); anything
        that is not a mapping is returned as it is, for :meth:`resolve_options` to refuse."""
        if not isinstance(options, Mapping):
            return options
        return self.state_class.saved_options(players, options)

    def from_view(self, view: View, rng: random.Random) -> GameState:
        return self.state_class.from_view(view, rng)

    def describe(self) -> dict[str, Any]:
        """A msgpack-friendly description for lobbies and clients."""
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.to_dict() for o in self.options],
            "summary": self.summary,
        }
