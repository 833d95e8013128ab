"""Exact confrontation odds (icepool) against the engine's own Monte Carlo (BWA-31..33, 43, 44)."""

from __future__ import annotations

import math
from fractions import Fraction

from riotact.core.game import Game
from riotact.rulesets.by_will_alone.odds import BANDS, DiceGroup, band, confrontation_odds


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
    town = bwa.scenario(units, levels={"a": 2})
    # only the points matter: no accidental attack before, no discipline checks after (quicker games)
    no_aftermath = {"accidental_attacks": False, "discipline_loss_ratio": 20}
    exact = confrontation_odds(
        [DiceGroup(2, 2, -2), DiceGroup(2, 4, -2), DiceGroup(2, 6, -2)], [DiceGroup(6, 4)])
    trials = 3000
    counts = dict.fromkeys(BANDS, 0)
    for seed in range(11, 11 + trials):  # one played confrontation a game: n confronts a, which Holds
        g = Game(town, seed=seed, options=no_aftermath)
        for seat, action_id in (("nonviolent", "n:confront:a"), ("nonviolent", "done"), ("authority", "react:hold")):
            g.apply(seat, action_id)
        points = next(e["points"] for e in g.log.events if e.get("rule") == "BWA-33")
        counts[band(points["n"], points["a"])] += 1
    for name in BANDS:
        p = float(exact[name])
        sigma = math.sqrt(p * (1 - p) / trials)
        assert abs(counts[name] / trials - p) <= 4.5 * sigma + 0.002, (name, counts[name] / trials, p)
