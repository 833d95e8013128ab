"""The SF heuristic bot against the random SF bot over seeded games (CD-04 judgement)."""

from __future__ import annotations

import pytest

from riotact.core import Game, builtin_scenarios
from riotact.core.bots import RandomBot, bot_rng, play_out
from riotact.rulesets.civil_disorder import SPEC


def pooled(kind: str, seeds: range) -> tuple[int, int, int]:
    lost = casualties = arrests = 0
    for scenario in builtin_scenarios(SPEC):
        for seed in seeds:
            game = Game(scenario, seed=seed)
            make = SPEC.heuristic_bot if kind == "heuristic" else RandomBot
            assert make is not None
            play_out(game, {s: make(s, bot_rng(seed, s)) for s in game.seats})
            assert game.result is not None
            d = game.result.details
            lost += d["property_lost"]
            casualties += sum(d["casualties"].values())
            arrests += d["arrests"]
    return lost, casualties, arrests


@pytest.mark.slow
def test_cd04_heuristic_sf_beat_random_sf_on_property_casualties_and_arrests():
    """CD-04: over 40 seeded games per scenario, the heuristic SF lose less property, suffer and
    cause fewer casualties and make more arrests than random SF."""
    seeds = range(40)
    h_lost, h_cas, h_arr = pooled("heuristic", seeds)
    r_lost, r_cas, r_arr = pooled("random", seeds)
    assert h_lost < 0.9 * r_lost
    assert h_cas < 0.8 * r_cas
    assert h_arr > r_arr
