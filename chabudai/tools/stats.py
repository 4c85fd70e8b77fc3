"""Confidence intervals for the bot tournaments: Wilson for win rates, Student's t for means."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959964
# Student's t 97.5 % quantiles for 1 to 4 degrees of freedom, where the series below is poor.
_T95_SMALL = {1: 12.7062, 2: 4.3027, 3: 3.1824, 4: 2.7764}


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (``successes`` may be fractional)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def t95(df: int) -> float:
    """Student's t 97.5 % quantile (two-sided 95 %) for ``df`` degrees of freedom.

    Up to 4 degrees of freedom from a table, above by the Cornish-Fisher series of the normal
    quantile (Abramowitz & Stegun 26.7.5), within 0.001 of the exact value from 5 on.
    """
    if df < 1:
        return math.inf
    if df in _T95_SMALL:
        return _T95_SMALL[df]
    z = Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean with its 95 % t interval (treating values as independent).

    With fewer than two values the interval is unbounded.
    """
    n = len(values)
    if n == 0:
        return (math.nan, -math.inf, math.inf)
    mean = math.fsum(values) / n
    if n < 2:
        return (mean, -math.inf, math.inf)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t95(n - 1) * math.sqrt(var / n)
    return (mean, mean - half, mean + half)
