"""The laboratory's By Will Alone odds procedures (``riotact odds BWA ...``): named stands and
conditions give the exact bands of :mod:`odds`, and the BWA-50 check matches seeded games."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from riotact.core.game import Game
from riotact.core.odds import OddsError, find_procedure
from riotact.rulesets import get_ruleset
from riotact.rulesets.by_will_alone.odds import DiceGroup, accidental_attack, confrontation, confrontation_odds


def test_bwa43_named_stands_and_sitting_give_the_same_bands_as_dice_groups() -> None:
    """BWA-03/43: a sitting (x2) veteran, trained and untrained stand, -2, against 6 reliable dice."""
    named = confrontation(first="veteran,trained,untrained", first_condition="sitting", first_modifier=-2,
                          second="6*reliable")
    groups = confrontation_odds([DiceGroup(2, 2, -2), DiceGroup(2, 4, -2), DiceGroup(2, 6, -2)], [DiceGroup(6, 4)])
    assert named.outcomes == groups


def test_bwa44_initiative_goes_to_the_other_side_under_a_ratio_of_2() -> None:
    held = confrontation(initiative="first").figures["first side holds the initiative after"]
    lost = confrontation(initiative="second").figures["first side holds the initiative after"]
    odds = confrontation()
    assert held == odds.figures["first side higher at 2+"]
    assert lost - held == odds.outcomes["hold"]  # BWA-44: the hold row is every ratio under 2


def test_bwa43_highest_multiplier_house_rule() -> None:
    product = confrontation(first_condition="partying", first_multiplier=3)
    highest = confrontation(first_condition="partying", first_multiplier=3, multipliers="highest")
    assert "12 dice each" in product.title and "4 dice each" in highest.title


def test_unknown_stand_is_a_one_line_error() -> None:
    with pytest.raises(OddsError, match="not a stand"):
        find_procedure(get_ruleset("by-will-alone"), "confrontation").run(["first=heroic"])


@pytest.mark.slow
def test_bwa50_accidental_attack_played_in_seeded_games(bwa) -> None:
    """BWA-50: a lone wavering stand: 2D6 + 2 under its morale number 6 shoots (3 in 36)."""
    exact = accidental_attack(morale="wavering", modifiers=0)
    assert exact.outcomes["shoots"] == Fraction(1, 12)
    trials, shots = 3000, 0
    town = bwa.scenario([bwa.nv("n", "x1", stands=2), bwa.auth("a", "x1", stands=1, quality="wavering")])
    for seed in range(trials):  # n confronts a, which Holds: its stand checks first (BWA-50)
        g = Game(town, seed=seed, options={"accidental_attacks": True})
        for seat, action_id in (("nonviolent", "n:confront:a"), ("nonviolent", "done"), ("authority", "react:hold")):
            g.apply(seat, action_id)
        shots += any(e.get("rule") == "BWA-51" for e in g.log.events)
    p = float(exact.outcomes["shoots"])
    assert abs(shots / trials - p) <= 4.5 * math.sqrt(p * (1 - p) / trials) + 0.003, (shots / trials, p)
