"""Small statistics for match reports."""

from __future__ import annotations

import math


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) with no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(total: float, total_of_squares: float, count: int,
                  z: float = 1.959964) -> tuple[float, float]:
    """A 95% interval (by default) for the mean of `count` values, from their sum and the sum of
    their squares: mean ± z·s/√n, s the sample standard deviation (the normal approximation:
    sound from a few dozen games on). With fewer than two values the interval is the mean alone."""
    if count == 0:
        return 0.0, 0.0
    mean = total / count
    if count < 2:
        return mean, mean
    variance = max(0.0, (total_of_squares - count * mean * mean) / (count - 1))
    half = z * math.sqrt(variance / count)
    return mean - half, mean + half
