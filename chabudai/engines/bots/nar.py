"""Nar bots (rules/nar.md): avoid being the Fool, dump high cards when void, keep 1s.

Each legal card is scored by the chance that it ends up among the worst cards of the trick
(R-16, R-17) — a Fool sits out the next trick and sheds one card fewer — against what playing it
sheds (a card left in hand costs its value, R-22). The chance counts the cards already in the
trick that are worse, and for each player still to play the chance of a worse card: certain
from a player known to be void in the lead colour (an off-colour card, R-13, R-16), otherwise
about the share of lead-colour values below ours. 1s are kept as insurance (a 1 is always a lead
card, R-14) until the hand is short.
"""

from __future__ import annotations

import random
from typing import Any

from chabudai.engines.base import GameState, Move, View
from chabudai.engines.bots.common import margin_rewards
from chabudai.engines.bots.policy import GamePolicy
from chabudai.engines.nar.cards import CARD_INFO, DECK_TABLE, legal_cards
from chabudai.engines.nar.tricks import ORDER_NUMBERS

FOOL_COST = 6.0  # sitting out a trick: a card not shed, and a step away from +10
SHED_WEIGHT = 0.08  # per point of the value a card would cost if kept
ONE_KEEP = 1.2  # the insurance a 1 gives while the hand is long
VOID_GUESS = 0.08  # chance that a player not known to be void is void in the lead colour
PLAY_LOW = 0.5  # how readily a follower plays a lower card than ours (they avoid the Fool too)


def _p_fool(need: int, chances: list[float]) -> float:
    """Chance that fewer than ``need`` of the later players play a worse card."""
    if need <= 0:
        return 0.0
    if need == 1:  # none worse: the product below, computed the same way
        none = 1.0
        for p in chances:
            none *= 1 - p
        return none
    # dist[j] = chance that exactly j later cards are worse (j < need tracked, rest folded).
    dist = [1.0] + [0.0] * need
    for p in chances:
        for j in range(need, 0, -1):
            dist[j] = dist[j] * (1 - p) + dist[j - 1] * p if j < need else dist[j] + dist[j - 1] * p
        dist[0] *= 1 - p
    return sum(dist[:need])


def candidates(legal: list[str]) -> list[str]:
    """The cards worth scoring: the highest legal card of each colour and a 1, in legal order.

    A lower card of a colour never scores better than a higher one of the same colour in
    :func:`card_scores`: it is worse in the trick for the same lead (so its Fool risk is no
    lower) and sheds less. Scoring only these picks the same card, several times faster.

    ``legal`` is in hand order (:func:`chabudai.engines.nar.cards.legal_cards`: each colour's cards
    together, rising, the 1 last), so the highest of a colour is the last card of its run (the
    1's "colour" is its own code).
    """
    out = []
    previous = legal[0]
    for card in legal:
        if card[0] != previous[0]:  # a new colour
            out.append(previous)
        previous = card
    out.append(previous)
    return out


def _card_row(lead: str | None, card: str, tops: dict[str, int]) -> tuple[Any, ...]:
    """What :func:`card_scores` needs of ``card`` under ``lead`` that does not depend on the
    trick: ``(R-16 number, p, risks, pair risks, void colour, shed)``.

    ``p`` is the chance that one later player plays a worse card; ``risks[n]`` the chance that
    none of ``n`` later players does (the product ``(1 - p) ** n``, multiplied out one factor at
    a time) and ``pair risks[n]`` that fewer than two do (:func:`_p_fool`, two Fools a trick);
    ``void colour`` is the colour a later player known to be void in plays worse than ours for
    certain (R-13, R-16), None if no void makes it certain; ``shed`` is what playing the card
    sheds (None for a 1, which is kept as insurance instead).
    """
    colour, value = CARD_INFO[card]
    mine = ORDER_NUMBERS[lead][card]
    new_lead = lead or colour or None
    void_colour = None
    if new_lead is None:
        p = 0.3  # only 1s so far: the next coloured card decides
    elif mine < 64:  # off-colour
        p = 0.3 * VOID_GUESS * value / tops[new_lead]
    else:
        low = (value - 1) / max(1, tops[new_lead] - 1)
        p = VOID_GUESS + (1 - VOID_GUESS) * PLAY_LOW * low
        void_colour = new_lead
    risks = [1.0]
    q = 1 - p
    for _ in range(max(DECK_TABLE)):  # up to a player count's later players
        risks.append(risks[-1] * q)
    pair_risks = tuple(_p_fool(2, [p] * n) for n in range(len(risks)))
    shed = SHED_WEIGHT * value if colour else None
    return mine, p, tuple(risks), pair_risks, void_colour, shed


_ROWS: dict[tuple[Any, ...], dict[str, tuple[Any, ...]]] = {}


def _card_rows(lead: str | None, tops: dict[str, int]) -> dict[str, tuple[Any, ...]]:
    """:func:`_card_row` of every card for ``lead`` and the composition ``tops`` (top value per
    colour letter, R-3), built once per lead colour and composition."""
    key = (lead, tops["G"], tops["R"], tops["Y"], tops["B"])
    rows = _ROWS.get(key)
    if rows is None:
        rows = _ROWS[key] = {card: _card_row(lead, card, tops) for card in CARD_INFO}
    return rows


def card_scores(
    hand: list[str],
    legal: list[str],
    trick: list[list[Any]],
    lead: str | None,
    later: list[int],
    voids: list[Any],
    tops: dict[str, int],
    fools: int,
) -> dict[str, float]:
    """A score per card of ``legal`` (higher is better); see the module docstring.

    A card already in the trick is worse than ours when its R-16 number (``ORDER_NUMBERS``) is
    lower (on a tie the earlier card is the better one, R-16). While no lead colour is set the
    trick holds only 1s, so the numbers of ``lead`` serve every card of ``legal``. What depends
    on the card alone comes from :func:`_card_rows`.
    """
    rows = _card_rows(lead, tops)
    in_trick = [rows[other][0] for _, other in trick]
    count = len(later)
    out: dict[str, float] = {}
    for card in legal:
        mine, p, risks, pair_risks, void_colour, shed = rows[card]
        need = fools
        for number in in_trick:
            if number < mine:
                need -= 1
        risk = 0.0
        if need > 0:
            # A later player known to be void in the lead colour plays a worse card for certain.
            certain = False
            if void_colour is not None:
                for seat in later:
                    if void_colour in voids[seat]:
                        certain = True
                        break
            if need == 1:  # as _p_fool computes it: a certain worse card makes the product 0
                if not certain:
                    risk = risks[count]
            elif not certain and need == 2:
                risk = pair_risks[count]
            else:
                chances = [p] * count
                if certain:
                    chances = [1.0 if void_colour in voids[seat] else p for seat in later]
                risk = _p_fool(need, chances)
        score = -FOOL_COST * risk
        if shed is not None:
            score += shed
        elif len(hand) > 3:
            score -= ONE_KEEP
        out[card] = score
    return out


def _later(active: list[int], played: int) -> list[int]:
    return active[played + 1 :]


class NarPolicy(GamePolicy):
    score_scale = 20.0
    margin_weight = 0.15
    rollout_epsilon = 0.05

    def easy(self, view: View, legal: list[Move], rng: random.Random) -> Move:
        """Random, but when void in the lead colour dump the highest card."""
        if "declare" in legal[0]:
            return {"declare": False}
        lead = view["lead"]
        cards = [m["play"] for m in legal]
        if lead and not any(CARD_INFO[c][0] == lead for c in view["hand"]):
            coloured = [c for c in cards if CARD_INFO[c][0]]
            if coloured:
                return {"play": max(coloured, key=lambda c: CARD_INFO[c][1])}
        return rng.choice(legal)

    def normal(self, view: View, legal: list[Move], rng: random.Random) -> Move:
        if "declare" in legal[0]:
            return {"declare": False}
        scores = card_scores(
            view["hand"],
            candidates([m["play"] for m in legal]),
            view["trick"],
            view["lead"],
            _later(view["active"], len(view["trick"])),
            view["voids"],
            view["deck"],
            view["fools_per_trick"],
        )
        return {"play": max(scores, key=scores.__getitem__)}

    def rollout(self, state: GameState, seat: int, legal: list[Move], rng: random.Random) -> Move:
        if "declare" in legal[0]:
            return {"declare": False}
        return {"play": self._rollout_card(state, seat, [m["play"] for m in legal])}

    def playout_move(self, state: GameState, seat: int, rng: random.Random) -> Move:
        """:meth:`GamePolicy.playout_move` from the legal cards, without the move list."""
        if state.phase != "play":
            return super().playout_move(state, seat, rng)
        cards = legal_cards(state.hands[seat], state.lead)
        if len(cards) == 1:
            return {"play": cards[0]}
        if rng.random() < self.rollout_epsilon:
            return {"play": rng.choice(cards)}
        return {"play": self._rollout_card(state, seat, cards)}

    def _rollout_card(self, state: GameState, seat: int, legal: list[str]) -> str:
        """The best scored card of ``legal`` (the first on a tie) for ``seat`` in ``state``."""
        cards = candidates(legal)
        if len(cards) == 1:
            return cards[0]
        trick = state.trick
        scores = card_scores(
            state.hands[seat],
            cards,
            trick,
            state.lead,
            state.active[len(trick) + 1 :],
            state.voids,
            state.deck,
            state.fools_per_trick,
        )
        return max(scores, key=scores.__getitem__)

    def cutoff_marker(self, state: GameState) -> Any:
        """Playouts end with the round (R-21); :meth:`evaluate` scores the totals then."""
        return None if state.phase == "over" else state.round

    def evaluate(self, state: GameState) -> list[float]:
        scores = list(state.scores)
        return [
            0.5 * r + 0.5 * m
            for r, m in zip(self.score_rewards(scores, []), self._margin(scores), strict=True)
        ]

    def _margin(self, scores: list[int]) -> list[float]:
        return margin_rewards(scores, self.score_scale)


POLICY = NarPolicy()
