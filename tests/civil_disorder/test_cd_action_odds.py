"""Odds where a Civil Disorder SF player decides (CD-51..55): beside an order to send a snatch
squad into a crowd or to charge it, from his view and the house rules only."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from riotact.core import Game
from riotact.core.odds import action_odds, find_procedure
from riotact.rulesets import get_ruleset

SPEC = get_ruleset("civil-disorder")

arrest, fight = find_procedure(SPEC, "arrest").compute, find_procedure(SPEC, "fight").compute


def riot(cd: Any, **crowd_a: Any) -> Game:
    return cd.game(units=[cd.unit("AR1", "anti_riot", "J1-0", figures=8), cd.unit("M1", "mounted", "J1-0", figures=4)],
                   crowds=[cd.crowd("A", "J1-1", figures=20, rl=5, **crowd_a),
                           cd.crowd("B", "J0-0", figures=24, rl=8)])


def test_cd55_a_snatch_squad_order_shows_the_exact_chance_of_an_arrest(cd: Any) -> None:
    """House rule snatch_squad 6: six of AR1's eight go in; crowd A at RL 5 fights one on one."""
    shown = action_odds(riot(cd), "commander")
    exact = arrest(unit="anti_riot", squad=6, opponents=1)
    assert shown["order:AR1:arrest:A"].p == 1 - exact.outcomes["0 arrest(s)"]
    assert shown["order:AR1:arrest:A"].text.endswith(f"{float(exact.figures['expected arrests']):.1f} expected "
                                                     "(6 go in, 1 rioter(s) each)")


def test_cd52_a_crowd_at_rl_7_gangs_up_and_the_odds_say_so(cd: Any) -> None:
    """CD-52: crowd B at RL 8, 24 figures against 6: four on each figure (outnumbered 4-1, -3)."""
    shown = action_odds(riot(cd), "commander")
    exact = arrest(unit="anti_riot", squad=6, opponents=4)
    assert shown["order:AR1:arrest:B"].p == 1 - exact.outcomes["0 arrest(s)"]
    assert shown["order:AR1:arrest:B"].p < shown["order:AR1:arrest:A"].p


def test_cd53_a_mounted_charge_shows_each_figures_chance_to_win(cd: Any) -> None:
    shown = action_odds(riot(cd), "commander")["order:M1:charge:A"]
    odds = fight(unit="mounted", opponents=1, charging=True)
    wins = sum((p for k, p in odds.figures.items() if k.startswith("a figure's first outcome: wins")), Fraction(0))
    assert shown.p == wins and shown.text.startswith(f"each of 4 figures: {round(wins * 100)}% wins")
    assert "order:M1:hold" not in action_odds(riot(cd), "commander")  # no chance, no odds


def test_the_odds_an_sf_player_sees_do_not_depend_on_hidden_crowd_facts(cd: Any) -> None:
    """Looters and petrol bombs in a crowd are the umpire's secret (CD-03): the same odds either way."""
    plain, armed = riot(cd), riot(cd, looters=True, petrol_bombs=True)
    assert plain.view("umpire") != armed.view("umpire")
    assert action_odds(plain, "commander") == action_odds(armed, "commander") != {}
