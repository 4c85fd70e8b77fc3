"""Koi-Koi bots (rules/koikoi.md): card values from the yaku they feed, and when to stop.

The evaluation works on bit masks of card ids (bit ``c`` = card ``c``). :func:`potential` values a
capture pile by its progress towards each yaku (K-19 to K-25, K-37 to K-41) that the opponent has
not already made impossible; a capture is worth what it adds to the bot's potential plus part of
what it would have added to the opponent's (denial), and an unmatched card put on the board costs
the chance that the opponent takes it next (K-13, K-15). A capture nobody else can make (no unseen
card of its month is left) is worth only ``SAFE`` of its value unless it makes a yaku: it can wait
while contested cards are taken first.

With one deal (the default) any stop wins the game (K-29, K-35), so every yaku counts about the
same and the bot stops at once; over several deals points count and the bot calls koi-koi (K-30)
only while the opponent is far from a yaku and enough turns remain.

The hard bot's playouts of a multi-deal game stop when the deal ends; the reward is then the
chance to win the game from the score margin, the deals left and who deals next
(:func:`match_equity`, a dynamic programme over measured deal outcomes).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from chabudai.engines.base import GameState, Move, View
from chabudai.engines.bots.policy import GamePolicy
from chabudai.engines.koikoi.cards import (
    AKA,
    ANIMAL,
    AO,
    BRIGHT,
    IDC,
    PLAIN,
    RAIN_MAN,
    RIBBON,
    SAKE_CUP,
)
from chabudai.engines.koikoi.scoring import score_total, stop_points
from chabudai.engines.koikoi.state import board_matches


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _cards(mask: int) -> list[int]:
    return [c for c in range(48) if mask >> c & 1]


ALL = (1 << 48) - 1
RAIN_BIT = 1 << RAIN_MAN
SAKE_BIT = 1 << SAKE_CUP
BRIGHT_M = _mask(BRIGHT)
CLEAR_BRIGHT_M = BRIGHT_M & ~RAIN_BIT  # the four brights other than the Rain Man
ANIMAL_M, RIBBON_M, PLAIN_M = _mask(ANIMAL), _mask(RIBBON), _mask(PLAIN)
MONTH_M = [0xF << (4 * m) for m in range(12)]

# (mask, cards needed, points) of the set yaku, per ruleset (K-20 to K-22, K-38 to K-40).
_SETS = {
    "cardavia": ((_mask(IDC), 3, 5), (_mask(AKA), 3, 6), (_mask(AO), 3, 6)),
    "nintendo": (
        (_mask(IDC), 3, 5),
        (_mask(AKA), 3, 5),
        (_mask(AO), 3, 5),
        (_mask({8, SAKE_CUP}), 2, 5),
        (_mask({28, SAKE_CUP}), 2, 5),
    ),
}
_SANKO = {"cardavia": 6, "nintendo": 5}
_LADDER = {"cardavia": (15, 10, 8, 6), "nintendo": (10, 8, 7, 5)}
PROGRESS = 0.55  # worth of a yaku one card short of complete, per card short (a power)
DENIAL = 0.6  # share of a card's value to the opponent that taking it is worth
SAFE = 0.5  # share of a capture's value when no unseen card of its month is left (K-13)


class Evaluator:
    """The options that change values: ruleset, sake cup as a Plain, one deal or several."""

    __slots__ = ("ladder", "plain_sake", "ruleset", "sanko", "sets", "single")

    def __init__(self, options: dict[str, Any], single: bool) -> None:
        self.ruleset = options.get("ruleset", "cardavia")
        self.plain_sake = bool(options.get("sake_cup_plain", True))
        self.sets = _SETS[self.ruleset]
        self.sanko = _SANKO[self.ruleset]
        self.ladder = _LADDER[self.ruleset]
        self.single = single  # any yaku wins the game: points matter little

    def weight(self, points: float) -> float:
        return 1.0 + 0.1 * points if self.single else points

    def potential(self, me: int, opp: int) -> float:
        """The value of pile ``me`` given the opponent's pile ``opp`` (cards lost to ``me``)."""
        w = self.weight
        total = 0.0
        for mask, need, points in self.sets:
            if mask & opp:
                continue
            n = (me & mask).bit_count()
            if n:
                total += w(points) * PROGRESS ** (need - n)
        clear = (me & CLEAR_BRIGHT_M).bit_count()
        rain = bool(me & RAIN_BIT)
        if clear + rain >= 3 and (clear >= 3 or clear + rain >= 4):
            five, four, rainy, three = self.ladder
            if clear + rain == 5:
                points = five
            elif clear + rain == 4:
                points = rainy if rain else four
            else:
                points = three
            total += w(points)
        elif clear and (CLEAR_BRIGHT_M & ~opp).bit_count() >= 3:
            total += w(self.sanko) * PROGRESS ** (3 - min(clear, 3))
        sake = 1 if self.plain_sake and me & SAKE_BIT else 0
        for count, avail, need in (
            ((me & ANIMAL_M).bit_count(), (ANIMAL_M & ~opp).bit_count(), 5),
            ((me & RIBBON_M).bit_count(), (RIBBON_M & ~opp).bit_count(), 5),
            ((me & PLAIN_M).bit_count() + sake, (PLAIN_M & ~opp).bit_count() + 1, 10),
        ):
            if count >= need:
                total += w(1 + count - need)
            elif avail >= need and count:
                total += w(1) * PROGRESS ** (need - count)
        return total

    def rises(self, me: int, cards: int) -> bool:
        """Does adding ``cards`` to pile ``me`` raise its total (K-17, K-26)?"""
        before = score_total(_cards(me), self.ruleset, self.plain_sake)
        return score_total(_cards(me | cards), self.ruleset, self.plain_sake) > before

    def gain(self, me: int, opp: int, cards: int) -> float:
        """What adding ``cards`` to pile ``me`` is worth."""
        return self.potential(me | cards, opp) - self.potential(me, opp)

    def threat(self, me: int, opp: int) -> int:
        """The fewest cards pile ``me`` still needs for some yaku not yet impossible."""
        best = 99
        for mask, need, _ in self.sets:
            if not mask & opp:
                best = min(best, need - (me & mask).bit_count())
        if (CLEAR_BRIGHT_M & ~opp).bit_count() >= 3:
            best = min(best, 3 - min(3, (me & CLEAR_BRIGHT_M).bit_count()))
        sake = 1 if self.plain_sake and me & SAKE_BIT else 0
        best = min(best, 5 - min(5, (me & ANIMAL_M).bit_count()))
        best = min(best, 5 - min(5, (me & RIBBON_M).bit_count()))
        best = min(best, 10 - min(10, (me & PLAIN_M).bit_count() + sake))
        return best


def _capture(board: list[int], card: int, take: int | None) -> int:
    """The mask of the cards a play of ``card`` captures (K-13); 0 if it goes to the board."""
    matches = [b for b in board if b // 4 == card // 4]
    if not matches:
        return 0
    if len(matches) == 2:
        return (1 << card) | (1 << take)
    m = 1 << card
    for b in matches:
        m |= 1 << b
    return m


def _place_risk(ev: Evaluator, card: int, unknown: int, opp_hand: int, me: int, opp: int) -> float:
    """Expected loss from leaving ``card`` on the board for the opponent (K-13, K-15)."""
    same = (unknown & MONTH_M[card // 4]).bit_count()
    pool = unknown.bit_count()
    if not same or not pool:
        return 0.0
    miss = 1.0
    for i in range(min(opp_hand, pool)):
        miss *= max(0.0, (pool - same - i) / (pool - i))
    hit = 1.0 - miss
    hit = hit + (1 - hit) * same / pool  # or the opponent's draw takes it
    return hit * ev.gain(opp, me, 1 << card)


def choose_play(
    ev: Evaluator,
    legal: list[Move],
    hand: list[int],
    board: list[int],
    me: int,
    opp: int,
    opp_hand: int,
) -> Move:
    """The best hand step (K-12, K-13) by gain, denial and placement risk."""
    known = me | opp | _mask(board) | _mask(hand)
    unknown = ALL & ~known
    best, best_value = legal[0], -1e9
    for move in legal:
        card = move["play"]
        captured = _capture(board, card, move.get("take"))
        if captured:
            value = ev.gain(me, opp, captured) + DENIAL * ev.gain(opp, me, captured)
            if (
                not unknown & MONTH_M[card // 4]
                and captured.bit_count() == 2
                and not ev.rises(me, captured)
            ):
                value *= SAFE  # nobody else can take this pair, and it makes no yaku: it can wait
            value += 0.05
        else:
            value = -_place_risk(ev, card, unknown, opp_hand, me, opp)
            value -= 0.3 * ev.gain(me, opp, 1 << card)  # the card could capture later
        if value > best_value:
            best, best_value = move, value
    return best


def choose_take(ev: Evaluator, legal: list[Move], pending: int, me: int, opp: int) -> Move:
    """The drawn card's target when two board cards match (K-15)."""

    def value(move: Move) -> float:
        cards = (1 << pending) | (1 << move["take"])
        return ev.gain(me, opp, cards) + DENIAL * ev.gain(opp, me, cards)

    return max(legal, key=value)


def should_stop(
    ev: Evaluator,
    total: int,
    me: int,
    opp: int,
    hand_left: int,
    scores: list[int],
    seat: int,
    final_deal: bool,
    opp_called: bool,
) -> bool:
    """K-28: stop unless koi-koi's odds look better (see the module docstring)."""
    points = stop_points(total, ev.ruleset, opp_called)
    mine, theirs = scores[seat], scores[1 - seat]
    if final_deal:
        if mine + points > theirs:
            return True  # stopping wins the game
        return hand_left == 0  # otherwise only more points can win
    if ev.single or hand_left <= 3:
        return True
    if ev.threat(opp, me) <= 2:
        return True
    return points >= 6 or hand_left <= 4 and points >= 3


# Static card values for playouts: what a card is typically worth to the pile that takes it.
_VALUE = [0.2] * 48
for _c in BRIGHT:
    _VALUE[_c] = 2.0
_VALUE[RAIN_MAN] = 0.8
for _c in ANIMAL | RIBBON:
    _VALUE[_c] = 0.6
for _c in IDC | AKA | AO:
    _VALUE[_c] = 1.2
_VALUE[SAKE_CUP] = 1.0
_GROUPS = tuple(_mask(g) for g in (IDC, AKA, AO, BRIGHT - {RAIN_MAN}))


def _month_tables() -> tuple[list[list[float]], list[tuple[int, ...]]]:
    """Per month: the summed ``_VALUE`` of each subset of its four cards (added in card order,
    as :func:`_fast_value` once did card by card) and the ``_GROUPS`` its cards belong to."""
    sums, groups = [], []
    for m in range(12):
        row = []
        for pattern in range(16):
            value = 0.0
            for k in range(4):
                if pattern >> k & 1:
                    value += _VALUE[4 * m + k]
            row.append(value)
        sums.append(row)
        groups.append(tuple(g for g in _GROUPS if g & MONTH_M[m]))
    return sums, groups


_MONTH_VALUES, _MONTH_GROUPS = _month_tables()


def _fast_value(cards: int, me: int, opp: int, month: int) -> float:
    """A cheap stand-in for :meth:`Evaluator.gain` plus denial, used in playouts.

    ``cards`` is a capture, so its cards share one month (K-13): ``month`` (``card // 4``).
    """
    value = _MONTH_VALUES[month][cards >> 4 * month]
    for group in _MONTH_GROUPS[month]:
        if cards & group:
            value += 0.7 * (me & group).bit_count() + 0.5 * (opp & group).bit_count() * (
                not opp & group & ~cards
            )
    return value


def fast_hand_step(
    hand: list[int], board: list[int], me: int, opp: int, opp_hand: int
) -> tuple[int, int | None]:
    """A quick hand step for playouts: the most valuable capture, else the cheapest discard.

    Returns ``(card, take)`` (``take`` only for a card with two board matches). Cards are tried
    in ``hand`` order and two matches in board order, the order of ``legal_moves``, so ties go
    to the first legal move.
    """
    on_board = 0
    for b in board:
        on_board |= 1 << b
    discard = 0.5 + 0.1 * opp_hand
    best, best_take, best_value = hand[0], None, -1e9
    for card in hand:
        month = card >> 2
        matched = on_board & MONTH_M[month]
        if not matched:
            value = -_VALUE[card] * discard
            if value > best_value:
                best, best_take, best_value = card, None, value
            continue
        bit = 1 << card
        if matched.bit_count() == 2:
            for take in board:
                if matched >> take & 1:
                    value = 1.0 + _fast_value(bit | (1 << take), me, opp, month)
                    if value > best_value:
                        best, best_take, best_value = card, take, value
        else:
            value = 1.0 + _fast_value(bit | matched, me, opp, month)
            if value > best_value:
                best, best_take, best_value = card, None, value
    return best, best_take


def _fast_hand_move(state: GameState, seat: int) -> Move:
    """:func:`fast_hand_step` for ``seat`` of a determinized state, as a move."""
    piles = state.pile_masks
    card, take = fast_hand_step(
        sorted(state.hands[seat]), state.board, piles[seat], piles[1 - seat],
        len(state.hands[1 - seat]),
    )  # fmt: skip
    return {"play": card} if take is None else {"play": card, "take": take}


def _rollout_take(state: GameState, seat: int) -> int:
    """:func:`fast_take` for ``seat`` of a determinized state waiting for the drawn card's target."""
    piles = state.pile_masks
    pending = state.pending
    return fast_take(board_matches(state.board, pending), pending, piles[seat], piles[1 - seat])


def fast_take(targets: list[int], pending: int, me: int, opp: int) -> int:
    """A quick choice of the drawn card's target for playouts (K-15): the most valuable capture
    by :func:`_fast_value`, the first of ``targets`` (board order, as ``legal_moves``) on ties."""
    best, best_value = targets[0], -1e9
    for take in targets:
        value = _fast_value((1 << pending) | (1 << take), me, opp, pending >> 2)
        if value > best_value:
            best, best_value = take, value
    return best


@cache
def _evaluator(ruleset: str, plain_sake: bool, single: bool) -> Evaluator:
    """The (immutable) :class:`Evaluator` of these options, built once for all playouts."""
    return Evaluator({"ruleset": ruleset, "sake_cup_plain": plain_sake}, single)


def _rollout_stop(state: GameState, seat: int) -> bool:
    """:func:`should_stop` for ``seat`` of a determinized state (K-28): its last total rose."""
    options = state.options
    rounds = options["rounds"]
    ev = _evaluator(options["ruleset"], bool(options["sake_cup_plain"]), rounds <= 1)
    piles = state.pile_masks
    return should_stop(
        ev,
        state.last_total[seat],
        piles[seat],
        piles[1 - seat],
        len(state.hands[seat]),
        state.scores,
        seat,
        state.deal_index >= rounds,
        state.koikoi_calls[1 - seat] > 0,
    )


# What one deal of a multi-deal game is worth, measured from normal against normal (300 12-deal
# games per ruleset, seeds 1-300, 3,600 deals): how often the dealer wins the deal, how often the
# other player does and how often it is drawn (K-33), then the winner's points (K-29, K-42) with
# their counts. The winner deals the next deal (K-34), so leading the deal count matters a little.
_DEAL_OUTCOMES = {
    "cardavia": (
        (1891, 1574, 135),
        {1: 1762, 2: 411, 3: 110, 4: 25, 5: 84, 6: 726, 7: 149, 8: 128, 9: 33, 10: 9, 11: 5,
         12: 7, 13: 7, 14: 5, 15: 3, 16: 1},
    ),
    "nintendo": (
        (1920, 1610, 70),
        {1: 1202, 2: 285, 3: 68, 4: 30, 5: 1155, 6: 312, 8: 1, 10: 13, 12: 3, 14: 203, 16: 53,
         18: 18, 20: 108, 22: 25, 24: 18, 26: 10, 28: 6, 30: 8, 32: 6, 34: 2, 36: 1, 38: 1,
         40: 1, 56: 1},
    ),
}  # fmt: skip
EQUITY_SPAN = 160  # score margins beyond this decide the game whatever the deals left
MATCH_EQUITY = 0.9  # share of a stopped playout's reward given by the chance to win the game
# Budget shares of the hard bot's decisions (GamePolicy.search_weight): stop or koi-koi (K-28)
# decides a deal and the drawn card's choice of two matches (K-15) is close more often than not;
# a hand step keeps the budget as given.
SEARCH_WEIGHTS = {"decide": 3.0, "draw_choice": 2.0}
_CALLS = ("stop", "koikoi")  # K-28, in the order of ``legal_moves``


@cache
def match_equity(ruleset: str, left: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The chance to win the game with ``left`` deals to play (K-34, K-35; a draw counts half).

    Returns two tables indexed by ``margin + EQUITY_SPAN`` (the seat's score minus the other's):
    the first for the seat that deals next, the second for the other seat. Computed by dynamic
    programming over the deal outcomes of :data:`_DEAL_OUTCOMES` (each deal independent of the
    score, an approximation: players behind take more risks).
    """
    span = EQUITY_SPAN
    size = 2 * span + 1
    if left <= 0:
        final = tuple(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in range(-span, span + 1))
        return final, final
    (dealer_wins, other_wins, draws), points = _DEAL_OUTCOMES[ruleset]
    deals = dealer_wins + other_wins + draws
    won = sum(points.values())
    p_dealer, p_other, p_draw = dealer_wins / deals, other_wins / deals, draws / deals
    spread = [(x, n / won) for x, n in points.items()]
    deal_next, other_next = match_equity(ruleset, left - 1)

    def after(table: tuple[float, ...], d: int) -> float:
        return table[d + span] if -span <= d <= span else (1.0 if d > 0 else 0.0)

    dealer, other = [0.0] * size, [0.0] * size
    for d in range(-span, span + 1):
        win = sum(p * after(deal_next, d + x) for x, p in spread)  # the seat wins, deals next
        lose = sum(p * after(other_next, d - x) for x, p in spread)  # the other wins the deal
        dealer[d + span] = p_dealer * win + p_other * lose + p_draw * deal_next[d + span]
        other[d + span] = p_other * win + p_dealer * lose + p_draw * other_next[d + span]
    return tuple(dealer), tuple(other)


def win_chance(ruleset: str, left: int, margin: int, deals_next: bool) -> float:
    """The chance that a seat ``margin`` points ahead wins the game (see :func:`match_equity`)."""
    if margin > EQUITY_SPAN or margin < -EQUITY_SPAN:
        return 1.0 if margin > 0 else 0.0
    dealer, other = match_equity(ruleset, left)
    return (dealer if deals_next else other)[margin + EQUITY_SPAN]


class KoiKoiPolicy(GamePolicy):
    points_per_deal = True
    score_scale = 6.0
    margin_weight = 0.1
    rollout_epsilon = 0.1

    # ------------------------------------------------------------------ easy

    def easy(self, view: View, legal: list[Move], rng: random.Random) -> Move:
        """A beginner: any capture when there is one, else a random card; greedy about koi-koi
        (stops more readily the more the yaku are worth)."""
        if view["phase"] == "decide":
            total = view["totals"][view["seat"]]
            stop = rng.random() < 0.4 + 0.1 * total
            return {"call": "stop" if stop else "koikoi"}
        if view["phase"] == "play":
            captures = [m for m in legal if _capture(view["board"], m["play"], m.get("take"))]
            if captures:
                return rng.choice(captures)
        return rng.choice(legal)

    # ------------------------------------------------------------------ normal

    def normal(self, view: View, legal: list[Move], rng: random.Random) -> Move:
        seat = view["seat"]
        options = view["options"]
        ev = Evaluator(options, single=options.get("rounds", 1) <= 1)
        me, opp = _mask(view["piles"][seat]), _mask(view["piles"][1 - seat])
        phase = view["phase"]
        if phase == "play":
            return choose_play(
                ev, legal, view["hand"], view["board"], me, opp, view["hand_counts"][1 - seat]
            )
        if phase == "draw_choice":
            return choose_take(ev, legal, view["pending"], me, opp)
        stop = should_stop(
            ev,
            view["totals"][seat],
            me,
            opp,
            view["hand_counts"][seat],
            view["scores"],
            seat,
            view["deal"] >= options.get("rounds", 1),
            view["koikoi_calls"][1 - seat] > 0,
        )
        return {"call": "stop" if stop else "koikoi"}

    # ------------------------------------------------------------------ hard bot's search

    def search_weight(self, view: View, legal: list[Move]) -> float:
        """More budget for stop or koi-koi and the drawn card's match (:data:`SEARCH_WEIGHTS`).

        Measured over 8 seeded 12-deal games (Cardavia, 500 iterations): the root race settles a
        stop or koi-koi in 135 iterations on average, but 1 in 6 is still close at 500 and the
        search overrules the normal policy in a third of them; the drawn card's choice used 374
        iterations on average, two thirds of them the full 500. Both are a few per deal against
        about 11 hand steps, so the extra budget adds a few per cent to a deal's iterations."""
        return SEARCH_WEIGHTS.get(view["phase"], 1.0)

    # ------------------------------------------------------------------ hard bot's playouts

    def rollout(self, state: GameState, seat: int, legal: list[Move], rng: random.Random) -> Move:
        """A fast ``normal`` on the determinized state's public part and ``seat``'s own hand."""
        if state.phase == "play":
            return _fast_hand_move(state, seat)
        if state.phase == "draw_choice":
            return {"take": _rollout_take(state, seat)}
        return {"call": "stop" if _rollout_stop(state, seat) else "koikoi"}

    def playout_move(self, state: GameState, seat: int, rng: random.Random) -> Move:
        """:meth:`GamePolicy.playout_move` without building the legal moves, with the same random
        draws: the drawn card always has two targets (K-15) and a decision two calls (K-28)."""
        phase = state.phase
        if phase == "play":
            hand = state.hands[seat]
            if len(hand) > 1 and rng.random() < self.rollout_epsilon:
                card = rng.choice(hand)
                takes = board_matches(state.board, card)
                if len(takes) == 2:
                    return {"play": card, "take": rng.choice(takes)}
                return {"play": card}
            return _fast_hand_move(state, seat)
        if phase == "draw_choice":
            if rng.random() < self.rollout_epsilon:
                return {"take": rng.choice(board_matches(state.board, state.pending))}
            return {"take": _rollout_take(state, seat)}
        if rng.random() < self.rollout_epsilon:
            return {"call": rng.choice(_CALLS)}
        return {"call": "stop" if _rollout_stop(state, seat) else "koikoi"}

    def rewards(self, state: GameState) -> list[float]:
        """:meth:`GamePolicy.rewards` of a finished game from its two scores alone, without
        building the result (the same floats): K-35, the higher total wins, equal ones draw."""
        s0, s1 = state.scores
        rank = (1.0, 0.0) if s0 > s1 else (0.0, 1.0) if s1 > s0 else (0.5, 0.5)
        m = (s0 - s1) / self.score_scale  # margin_rewards of two seats: the lead, then squashed
        squash = 1 + abs(m)
        w = self.margin_weight
        return [
            (1 - w) * rank[0] + w * (0.5 + 0.5 * m / squash),
            (1 - w) * rank[1] + w * (0.5 + 0.5 * -m / squash),
        ]

    def cutoff_marker(self, state: GameState) -> Any:
        """Playouts of a multi-deal game end with the current deal (see :meth:`evaluate`)."""
        return len(state.history)

    def evaluate(self, state: GameState) -> list[float]:
        """After a deal: mostly the chance to win the game from the score margin, the deals left
        and who deals next (:func:`win_chance`), a little the margin itself (as at the end of
        the game, :meth:`GamePolicy.rewards`)."""
        left = state.options["rounds"] - len(state.history)
        diff = state.scores[0] - state.scores[1]
        p0 = win_chance(state.options["ruleset"], left, diff, state.dealer == 0)
        margin = self.score_rewards(list(state.scores), [])
        w = MATCH_EQUITY
        return [w * p0 + (1 - w) * margin[0], w * (1 - p0) + (1 - w) * margin[1]]


POLICY = KoiKoiPolicy()
