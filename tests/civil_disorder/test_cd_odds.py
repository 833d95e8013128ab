"""Exact odds (icepool) of fights, arrests, RL rolls and over-reaction tests (CD-20..23, CD-51..55,
CD-62..65) against the engine's own Monte Carlo: one turn of a small table played with each of
many seeds (the tests that need only the table, not the words, play in the laboratory mode)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction

import pytest

from riotact.core import Game
from riotact.rulesets.civil_disorder.odds import arrest, fight, overreaction, rl_roll
from support import umpire_sees

TRIALS = 1500


def agrees(counts: Counter[str], exact: dict[str, Fraction], trials: int = TRIALS) -> None:
    for name, p in exact.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / trials)
        assert abs(counts[name] / trials - float(p)) <= 4.5 * sigma + 0.004, (name, counts[name] / trials, p)
    assert set(counts) <= set(exact), set(counts) - set(exact)


def seeded_turns(table: Game, *, explain: bool = True) -> Iterator[Game]:
    """``table``'s scenario played for one turn with each of the seeds, the commander taking no
    action (the units act on their orders)."""
    for seed in range(TRIALS):
        game = Game(table.scenario, seed=seed, explain=explain)
        game.apply("commander", "pass")
        game.apply("commander", "stay")
        yield game


def brawl(cd, kind: str, sf: int, order: str, rl: int = 5, crowd: int = 40, **house_rules) -> Game:
    """U1 stands in crowd A on ``order`` (the crowd stays in contact)."""
    return cd.game(units=[cd.unit("U1", kind, "J1-0", figures=sf, order=order)],
                   crowds=[cd.crowd("A", "J1-0", figures=crowd, rl=rl, missiles=0)], house_rules=house_rules)


def first_fight(game) -> list[str]:
    """What the turn's first fight did (CD-54 / CD-56), before any over-reaction that follows it."""
    events = [e for e in game.log.events if e["kind"] == "effect"]
    start = next(i for i, e in enumerate(events) if e["text"].startswith("Fight:"))
    results = []
    for e in events[start + 1:]:
        if e.get("rule") not in ("CD-54", "CD-56"):
            break
        results.append(e["text"])
    return results


@pytest.mark.slow
def test_cd54_one_exchange_played_in_seeded_games(cd) -> None:
    """CD-51/54: one riot policeman goes in against a crowd at RL 5 (one rioter, CD-52): ordered to
    charge the crowd he already stands in (no charging bonus)."""
    exact = fight(unit="riot_police")
    rioter_falls = exact.outcomes["SF wins: stunned"] + exact.outcomes["SF wins: arrest_or_stunned"]
    expected = {"rioter stunned": rioter_falls, "rioter wounded": exact.outcomes["SF wins: wounded"],
                "SF stunned": exact.outcomes.get("rioter wins: stunned", Fraction(0))
                + exact.outcomes.get("rioter wins: arrest_or_stunned", Fraction(0)),
                "SF wounded": exact.outcomes.get("rioter wins: wounded", Fraction(0))}
    expected["nothing"] = 1 - sum(expected.values())
    seen: Counter[str] = Counter()
    for game in seeded_turns(brawl(cd, "riot_police", 1, "charge:A")):
        [fought] = [e["text"] for e in game.log.events if e["text"].startswith("Fight:")][:1]
        assert fought == "Fight: 1 of U1 against crowd A."
        result = " ".join(first_fight(game))
        seen["rioter stunned" if "rioter of crowd A is stunned" in result else
             "rioter wounded" if "A figure of crowd A falls wounded" in result else
             "SF stunned" if "A figure of U1 is stunned" in result else
             "SF wounded" if "A figure of U1 is wounded" in result else "nothing"] += 1
    agrees(seen, expected)


@pytest.mark.slow
def test_cd55_snatch_squad_arrests_played_in_seeded_games(cd) -> None:
    """CD-52..55: a squad of 4 anti-riot figures, one rioter each: the number of arrests."""
    exact = arrest(unit="anti_riot", squad=4)
    seen: Counter[str] = Counter()
    for game in seeded_turns(brawl(cd, "anti_riot", 8, "arrest:A", snatch_squad=4), explain=False):
        seen[f"{umpire_sees(game)['stats']['arrests']} arrest(s)"] += 1
    agrees(seen, exact.outcomes)
    assert exact.figures["expected arrests"] == 4 * exact.figures["chance a figure arrests"]


@pytest.mark.slow
def test_cd52_a_crowd_at_rl7_gangs_up_three_to_one(cd) -> None:
    """CD-52/53: at RL 7+ each of a squad of 1 faces 3 rioters (-2): arrests fall."""
    exact = arrest(unit="anti_riot", squad=1, opponents=3)
    seen: Counter[str] = Counter()
    for game in seeded_turns(brawl(cd, "anti_riot", 8, "arrest:A", rl=7, crowd=3, snatch_squad=1),
                             explain=False):
        seen[f"{umpire_sees(game)['stats']['arrests']} arrest(s)"] += 1
    agrees(seen, exact.outcomes)
    assert exact.figures["chance a figure arrests"] < arrest(unit="anti_riot", squad=1).figures[
        "chance a figure arrests"]


@pytest.mark.slow
@pytest.mark.parametrize("how", ["relative", "absolute"])
def test_cd20_rl_roll_played_in_seeded_games(cd, how: str) -> None:
    """CD-20/21: a crowd at RL 5 rolls 1d6 + 4 (a +2 factor twice, none else): the anti-riot team
    AR2 it stands with withdraws in its sight (+2), and AR1's van drives round the corner into view,
    specialists appearing for the first time (+2). The score moves the RL (default) or becomes it
    (house rule), within 1-8. The factors are checked in the explained games of a few seeds."""
    exact = rl_roll(modifiers=4, current=5, rl_roll=how)
    if how == "absolute":
        assert exact.outcomes["RL 8"] == Fraction(1, 2)
    table = cd.game(buildings=[{"id": "offices", "block": [1, 0], "value": 10}],
                    units=[cd.unit("AR1", "anti_riot", "J2-1", vehicle="van", aboard=True, moving=True,
                                   order="move:J1-1"),
                           cd.unit("AR2", "anti_riot", "J1-0", order="withdraw")],
                    crowds=[cd.crowd("A", "J1-0", figures=10, rl=5)], house_rules={"rl_roll": how})
    seen: Counter[str] = Counter()
    for seed, game in enumerate(seeded_turns(table, explain=False)):
        [crowd] = umpire_sees(game)["crowds"]
        seen[f"RL {crowd['rl']}"] += 1
        if seed < 20:  # the factors, in the words of the game's explained replay
            [roll] = [e for e in game.explained().log.events if e.get("rule") == "CD-20" and e["kind"] == "roll"]
            assert [m["value"] for m in roll["modifiers"]] == [2, 2], roll["text"]
    agrees(seen, exact.outcomes)


@pytest.mark.slow
def test_cd63_overreaction_under_gunfire_played_in_seeded_games(cd) -> None:
    """CD-62..64: a lone patrol (+2, no support -1) under gunfire (-4): 1d6 - 3. A sniper in the
    offices shoots at it; the games in which the shot hits (a 6, CD-67: a member wounded, -1 more)
    are left out, which leaves the over-reaction die alone."""
    exact = overreaction(unit="patrol", no_support=True, under_gunfire=True)
    assert exact.outcomes == {"panic": Fraction(1, 2), "overreaction": Fraction(1, 3), "shaken": Fraction(1, 6)}
    seen: Counter[str] = Counter()
    missed = 0
    table = cd.game(buildings=[{"id": "offices", "block": [1, 0], "value": 10}],
                    units=[cd.unit("U1", "patrol", "J1-0", figures=4)],
                    snipers=[{"id": "sn", "building": "offices", "target": "U1"}])
    for game in seeded_turns(table):
        [shot] = [e for e in game.log.events if e.get("rule") == "CD-67" and e["kind"] == "roll"]
        if shot["total"] == 6:
            continue
        missed += 1
        [test] = [e for e in game.log.events if e.get("rule") == "CD-63" and e["kind"] == "roll"]
        assert sorted(m["value"] for m in test["modifiers"]) == [-4, -1, 2], test["text"]
        texts = " ".join(e["text"] for e in game.log.events if e.get("rule") == "CD-64")
        seen["panic" if "panics" in texts else "shaken" if "shaken" in texts else
             "overreaction" if umpire_sees(game)["stats"]["overreactions"] else "steady"] += 1
    agrees(seen, exact.outcomes, missed)


def test_cd62_firefighters_panic_instead_of_overreacting_and_cd65_soldiers_may_fire() -> None:
    assert "overreaction" not in overreaction(unit="firefighters", wounded=3).outcomes
    soldiers = overreaction(unit="conscripts", under_gunfire=True)
    assert soldiers.outcomes["panic: opens fire"] == soldiers.outcomes["panic: runs away"] == Fraction(1, 2)
