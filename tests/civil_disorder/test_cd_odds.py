"""Exact odds (icepool) of fights, arrests, RL rolls and over-reaction tests (CD-20..23, CD-51..55,
CD-62..65) against the engine's own Monte Carlo: the procedures run in seeded games."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from riotact.rulesets.civil_disorder.odds import arrest, fight, overreaction, rl_roll
from riotact.rulesets.civil_disorder.rules import combat, crowds

TRIALS = 1500


def agrees(counts: Counter[str], exact: dict[str, Fraction], trials: int = TRIALS) -> None:
    for name, p in exact.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / trials)
        assert abs(counts[name] / trials - float(p)) <= 4.5 * sigma + 0.004, (name, counts[name] / trials, p)
    assert set(counts) <= set(exact), set(counts) - set(exact)


def brawl(cd, seed: int, kind: str, sf: int, rl: int = 5, **options):
    return cd.game(units=[cd.unit("U1", kind, "J1-0", figures=sf)],
                   crowds=[cd.crowd("A", "J1-0", figures=40, rl=rl)], seed=seed, options=options)


@pytest.mark.slow
def test_cd54_one_exchange_played_in_seeded_games(cd) -> None:
    """CD-51/54: one riot policeman goes in against a crowd at RL 5 (one rioter, CD-52)."""
    exact = fight(unit="riot_police")
    rioter_falls = exact.outcomes["SF wins: stunned"] + exact.outcomes["SF wins: arrest_or_stunned"]
    expected = {"rioter stunned": rioter_falls, "rioter wounded": exact.outcomes["SF wins: wounded"],
                "SF stunned": exact.outcomes.get("rioter wins: stunned", Fraction(0))
                + exact.outcomes.get("rioter wins: arrest_or_stunned", Fraction(0)),
                "SF wounded": exact.outcomes.get("rioter wins: wounded", Fraction(0))}
    expected["nothing"] = 1 - sum(expected.values())
    seen: Counter[str] = Counter()
    for seed in range(TRIALS):
        game = brawl(cd, seed, "riot_police", 1)
        s, unit, crowd = game.state, game.state.units["U1"], game.state.crowds["A"]
        combat.fight(s, unit, crowd, sf_attacking=True, arrest=False, charging=False)
        texts = " ".join(e["text"] for e in game.log.events)
        seen["rioter stunned" if "rioter of crowd A is stunned" in texts else
             "rioter wounded" if crowd.figures == 39 else
             "SF stunned" if unit.down else "SF wounded" if unit.figures == 0 else "nothing"] += 1
    agrees(seen, expected)


@pytest.mark.slow
def test_cd55_snatch_squad_arrests_played_in_seeded_games(cd) -> None:
    """CD-52..55: a squad of 4 anti-riot figures, one rioter each: the number of arrests."""
    exact = arrest(unit="anti_riot", squad=4)
    seen: Counter[str] = Counter()
    for seed in range(TRIALS):
        game = brawl(cd, seed, "anti_riot", 8, snatch_squad=4)
        s = game.state
        combat.fight(s, s.units["U1"], s.crowds["A"], sf_attacking=True, arrest=True, charging=False)
        seen[f"{s.stats['arrests']} arrest(s)"] += 1
    agrees(seen, exact.outcomes)
    assert exact.figures["expected arrests"] == 4 * exact.figures["chance a figure arrests"]


@pytest.mark.slow
def test_cd52_a_crowd_at_rl7_gangs_up_three_to_one(cd) -> None:
    """CD-52/53: at RL 7+ each of a squad of 1 faces 3 rioters (-2): arrests fall."""
    exact = arrest(unit="anti_riot", squad=1, opponents=3)
    seen: Counter[str] = Counter()
    for seed in range(TRIALS):
        game = cd.game(units=[cd.unit("U1", "anti_riot", "J1-0", figures=8)],
                       crowds=[cd.crowd("A", "J1-0", figures=3, rl=7)], seed=seed, options={"snatch_squad": 1})
        s = game.state
        combat.fight(s, s.units["U1"], s.crowds["A"], sf_attacking=True, arrest=True, charging=False)
        seen[f"{s.stats['arrests']} arrest(s)"] += 1
    agrees(seen, exact.outcomes)
    assert exact.figures["chance a figure arrests"] < arrest(unit="anti_riot", squad=1).figures[
        "chance a figure arrests"]


@pytest.mark.slow
@pytest.mark.parametrize("how", ["relative", "absolute"])
def test_cd20_rl_roll_played_in_seeded_games(cd, how: str) -> None:
    """CD-20/21: a crowd at RL 4 rolls 1d6 + 4 (a +2 factor twice, none else); the score moves
    the RL (default) or becomes it (house rule), within 1-8."""
    exact = rl_roll(modifiers=4, current=4, rl_roll=how)
    if how == "absolute":
        assert exact.outcomes["RL 8"] == Fraction(1, 2)
    seen: Counter[str] = Counter()
    for seed in range(TRIALS):
        game = cd.game(crowds=[cd.crowd("A", "J1-0", figures=10, rl=4)], seed=seed, options={"rl_roll": how})
        s, crowd = game.state, game.state.crowds["A"]
        s.trigger(crowd, "specialists appear", 2)  # CD-21 action factors, as the turn's events give them
        s.trigger(crowd, "specialists withdraw", 2)
        assert sum(m.value for m in crowds.rl_modifiers(s, crowd)) == 4
        crowds.rl_roll(s, crowd)
        seen[f"RL {crowd.rl}"] += 1
    agrees(seen, exact.outcomes)


@pytest.mark.slow
def test_cd63_overreaction_under_gunfire_played_in_seeded_games(cd) -> None:
    """CD-62..64: a lone patrol (+2, no support -1) under gunfire (-4): 1d6 - 3."""
    exact = overreaction(unit="patrol", no_support=True, under_gunfire=True)
    assert exact.outcomes == {"panic": Fraction(1, 2), "overreaction": Fraction(1, 3), "shaken": Fraction(1, 6)}
    seen: Counter[str] = Counter()
    for seed in range(TRIALS):
        game = cd.game(units=[cd.unit("U1", "patrol", "J1-0", figures=4)], seed=seed)
        s, unit = game.state, game.state.units["U1"]
        s.unit_event(unit, "shot at")
        combat.overreaction_tests(s)
        texts = " ".join(e["text"] for e in game.log.events)
        seen["panic" if "panics" in texts else "shaken" if unit.shaken_until else
             "overreaction" if s.stats["overreactions"] else "steady"] += 1
    agrees(seen, exact.outcomes)


def test_cd62_firefighters_panic_instead_of_overreacting_and_cd65_soldiers_may_fire() -> None:
    assert "overreaction" not in overreaction(unit="firefighters", wounded=3).outcomes
    soldiers = overreaction(unit="conscripts", under_gunfire=True)
    assert soldiers.outcomes["panic: opens fire"] == soldiers.outcomes["panic: runs away"] == Fraction(1, 2)
