"""Exact confrontation odds (BWA-31..33, 44), computed with icepool.

A side's dice are given as :class:`DiceGroup` s: how many dice score against
which morale check number, with which total modifier (BWA-34). A die scores on
a natural 6, never on a natural 1, else when face + modifier reaches the target
(BWA-32). The result is the probability of each result band of BWA-44/45:

>>> odds = confrontation_odds([DiceGroup(4, 4)], [DiceGroup(2, 4)])
>>> round(float(odds["first 2+"]), 4), round(float(sum(odds.values())), 4)
(0.2031, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import icepool

from .tables import compare_points

BANDS = ("first 4+", "first 3+", "first 2+", "hold", "second 2+", "second 3+", "second 4+")


@dataclass(frozen=True)
class DiceGroup:
    dice: int
    target: int
    modifier: int = 0


@cache
def score_die(target: int, modifier: int) -> icepool.Die:
    """BWA-32: one confrontation die as 1 point or 0."""
    return icepool.d6.map(lambda f: 1 if f == 6 or (f != 1 and f + modifier >= target) else 0)


def points(groups: list[DiceGroup] | tuple[DiceGroup, ...]) -> icepool.Die:
    """The distribution of a side's total points."""
    total: icepool.Die = icepool.Die([0])
    for g in groups:
        if g.dice:
            total = total + (g.dice @ score_die(g.target, g.modifier))
    return total


def band(first: int, second: int, zero_counts_as: int = 4) -> str:
    """The BWA-44 result band for two point totals."""
    sign, _, row = compare_points(first, second, zero_counts_as)
    if sign == 0 or row < 2:
        return "hold"
    return f"{'first' if sign > 0 else 'second'} {row}+"


def confrontation_odds(first: list[DiceGroup], second: list[DiceGroup], *,
                       zero_counts_as: int = 4) -> dict[str, Fraction]:
    """Exact probability of each result band (keys of :data:`BANDS`)."""
    outcome = icepool.map(lambda a, b: band(a, b, zero_counts_as), points(first), points(second))
    return {b: Fraction(outcome.probability(b)) for b in BANDS}
