"""Exact confrontation odds (icepool) against the engine's own Monte Carlo (BWA-31..33, 43, 44)."""

from __future__ import annotations

import math
from fractions import Fraction

from riotact.rulesets.by_will_alone.odds import BANDS, DiceGroup, band, confrontation_odds
from riotact.rulesets.by_will_alone.rules import combat


def test_bwa32_exact_single_die() -> None:
    """BWA-32: one Trained die scores 1/2; at -2 only the natural 6 (1/6)."""
    assert confrontation_odds([DiceGroup(1, 4)], [])["first 4+"] == Fraction(1, 2)
    assert confrontation_odds([DiceGroup(1, 4, -2)], [])["first 4+"] == Fraction(1, 6)
    assert confrontation_odds([DiceGroup(1, 2, 3)], [])["first 4+"] == Fraction(5, 6)  # natural 1 fails


def test_bwa44_bands_sum_to_one_and_are_symmetric() -> None:
    odds = confrontation_odds([DiceGroup(3, 4)], [DiceGroup(3, 4)])
    assert sum(odds.values()) == 1
    for row in ("2+", "3+", "4+"):
        assert odds[f"first {row}"] == odds[f"second {row}"]


def test_bwa33_engine_monte_carlo_matches_exact_odds(bwa) -> None:
    """The engine's confrontations (seeded dice) fall in each band as often as icepool says."""
    units = [bwa.nv("n", "x1", stands=3, qualities=["veteran", "trained", "untrained"], language="other"),
             bwa.auth("a", "x1", stands=3, weapons=2)]
    units[0]["condition"] = "sitting"
    g = bwa.game(units, None, seed=11, levels={"a": 2}, options={"accidental_attacks": False})
    st = g.state
    n, a = st.units["n"], st.units["a"]
    exact = confrontation_odds(
        [DiceGroup(2, 2, -2), DiceGroup(2, 4, -2), DiceGroup(2, 6, -2)], [DiceGroup(6, 4)])
    trials = 3000
    counts = dict.fromkeys(BANDS, 0)
    for _ in range(trials):
        out = combat.confront(st, n, a, why="monte carlo", moves_initiative=False)
        counts[band(out.points["n"], out.points["a"])] += 1
        del g.log.events[:]  # keep the log small; only the points matter here
    for name in BANDS:
        p = float(exact[name])
        sigma = math.sqrt(p * (1 - p) / trials)
        assert abs(counts[name] / trials - p) <= 4.5 * sigma + 0.002, (name, counts[name] / trials, p)
