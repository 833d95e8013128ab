"""The exact odds of an action attempt (RB-12..RB-15, RB-21, RB-23) against the engine's own
Monte Carlo: seeded games played through ``Game`` (declare, then draw until the attempt ends)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from revolting_behaviour.rb_support import act, player, rb_game, umpire_sees
from riotact.core.odds import find_procedure
from riotact.rulesets import get_ruleset

#: RB-12..RB-15, RB-21, RB-23: the exact odds of an attempt, as the odds command computes them.
attempt = find_procedure(get_ruleset("revolting-behaviour"), "attempt").compute


def close(hits: int, trials: int, p: Fraction) -> bool:
    sigma = math.sqrt(float(p) * (1 - float(p)) / trials)
    return abs(hits / trials - float(p)) <= 4.5 * sigma + 0.003


def test_rb12_mild_legal_success_is_a_red_card_before_a_joker() -> None:
    """RB-12: 26 red cards, 2 Jokers: success 26/28 when drawing until the attempt ends."""
    odds = attempt(suit="D", severity="mild")
    assert odds.figures["chance of success"] == Fraction(13, 14)
    assert odds.figures["Joker risk"] == Fraction(1, 14)
    assert sum(odds.outcomes.values()) == 1


def test_rb15_cost_caps_the_draws_and_illegal_cards_cost_two() -> None:
    """RB-15: at 5 RP an illegal action draws at most 2 cards (2 RP each)."""
    odds = attempt(suit="C", severity="moderate", rp=5)
    assert max(int(k.rsplit(" ", 1)[1]) for k in odds.outcomes if k.startswith("success")) == 2
    assert "stopped after 2 cards" in odds.outcomes


def test_rb03_no_jokers_means_no_risk() -> None:
    odds = find_procedure(get_ruleset("revolting-behaviour"), "attempt").run(["jokers_per_deck=0"])
    assert odds.figures["Joker risk"] == 0 and odds.figures["chance of success"] == 1


@pytest.mark.slow
def test_rb14_attempts_played_through_game_match_the_exact_odds() -> None:
    """A Severe legal fund-raising attempt, stopped after 4 cards, in 2,500 seeded games."""
    exact = attempt(suit="D", severity="severe", cards=4)
    trials, success, joker, paid, penalty = 2500, 0, 0, 0, 0
    for seed in range(trials):
        game = rb_game(cause_cards=10, seed=seed)  # 20 RP: no loss is capped at 0 (RB-15, RB-23)
        before = player(game, "p1").rp
        act(game, "D-severe")
        drawn = 0
        while game.to_act() == ("p1",) and umpire_sees(game)["phase"] == "draw" and drawn < 4:
            act(game, "draw")
            drawn += 1
        if umpire_sees(game)["phase"] == "draw":
            act(game, "stop")
        events = game.log.events
        won = any(e.get("rule") == "RB-13" for e in events)
        success += won
        joker += any(e.get("rule") == "RB-23" and e["kind"] == "draw" for e in events)
        cost = sum(e.get("paid", 0) for e in events if e["kind"] == "draw" and e.get("rule") == "RB-14")
        paid += cost
        penalty += before - player(game, "p1").rp - cost + (16 if won else 0)  # RB-13: Severe legal earns 16
    assert close(success, trials, exact.figures["chance of success"])
    assert close(joker, trials, exact.figures["Joker risk"])
    assert abs(paid / trials - float(exact.figures["expected RP paid"])) < 0.12
    assert abs(penalty / trials - float(exact.figures["expected RP lost to the Joker's penalty card"])) < 0.35
