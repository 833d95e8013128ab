"""Exact odds (icepool) of a shot, a fighting round and a morale throw, against the engine's own Monte
Carlo: seeded games played through ``Game`` (PP-10, PP-12, PP-13, PP-21, PP-24, PP-31, PP-39)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from public_participation.pp_support import ch, do, game, to_phase
from riotact.rulesets import get_ruleset
from riotact.rulesets.public_participation.odds import fight_odds, hit_chance, morale_odds, shot_odds

GAMES = 800


def close(counts: dict[str, int], exact: dict[str, Fraction], n: int) -> None:
    for name, p in exact.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(counts.get(name, 0) / n - float(p)) <= 4.5 * sigma + 0.003, (name, counts, exact)


def test_pp10_exact_hit_chances():
    assert hit_chance(0, 4) == Fraction(1, 2) and hit_chance(-3, 5) == 0 and hit_chance(2, 4) == Fraction(5, 6)


def test_pp24_fight_odds_are_symmetric_and_sum_to_one():
    odds = fight_odds(1, -1)
    assert sum(odds.values()) == 1 and odds["unscathed"] > fight_odds(-1, 1)["unscathed"]
    assert fight_odds(0, 0)["Flinches"] == fight_odds(0, 0, "first")["Flinches"] == Fraction(5, 36)


@pytest.mark.slow
def test_pp13_pp31_a_rifle_shot_falls_as_icepool_says_in_seeded_games():
    """A good shot at 9" with a rifle (4+ to hit, +1): miss, or the Piercing save's outcome at -1."""
    exact = shot_odds(modifier=1, need=4, sdd=-1)
    counts: dict[str, int] = {}
    for seed in range(GAMES):
        g = game([ch("R1", "red", (5, 2), weapons=["rifle"], shooting="good"), ch("B1", "blue", (5, 12))],
                 seed=seed)
        to_phase(g, "firing")
        do(g, "fire:R1:rifle:B1")
        save = [e for e in g.log.events if e.get("rule") == "PP-30"]
        outcome = save[0]["result"] if save else "miss"
        counts[outcome] = counts.get(outcome, 0) + 1
    close(counts, exact, GAMES)


@pytest.mark.slow
def test_pp21_pp39_a_fighting_round_and_a_morale_throw_fall_as_icepool_says_in_seeded_games():
    """A (+1) against B (-1): A's first-round result; W, 10" from a shot, throws Normal with +1 armed
    (the throws where the target lies down or dead, -1 more, are left out)."""
    fights: dict[str, int] = {}
    morale: dict[str, int] = {}
    for seed in range(GAMES):
        g = game([ch("A", "red", (20, 20), fight=1), ch("B", "green", (20, 21.2), fight=-1),
                  ch("R1", "red", (5, 2), weapons=["rifle"]), ch("T", "blue", (5, 4)),
                  ch("W", "blue", (5, 14.5), weapons=["club"])], seats=["red", "blue", "green"], seed=seed)
        to_phase(g, "firing")
        do(g, "fire:R1:rifle:T")
        to_phase(g, "moving", move=2)
        first = next(e["text"] for e in g.log.events if e.get("rule") == "PP-24" and e["text"].startswith(
            "Round 1: A"))
        fights[first.rsplit(": ", 1)[1].rstrip(".")] = fights.get(first.rsplit(": ", 1)[1].rstrip("."), 0) + 1
        throw = next(e for e in g.log.events if e["kind"] == "roll" and e["rule"] == "PP-39" and e["who"] == "W")
        if sum(m["value"] for m in throw["modifiers"]) == 1:  # armed, and no comrade down (PP-38)
            morale[throw["result"]] = morale.get(throw["result"], 0) + 1
    close(fights, fight_odds(1, -1), GAMES)
    assert sum(morale.values()) > GAMES // 3
    close(morale, morale_odds("normal", 1), sum(morale.values()))


def test_pp_odds_procedures_are_the_cross_checked_functions_through_the_command():
    """`riotact odds public-participation shot|fight|morale` report the distributions checked above."""
    from riotact.core.odds import OddsError, find_procedure
    spec = get_ruleset("public-participation")

    shot = find_procedure(spec, "shot").run(["modifier=1", "need=4", "sdd=-1"])
    assert shot.outcomes == shot_odds(modifier=1, need=4, sdd=-1) and shot.figures["chance to hit"] == Fraction(2, 3)
    fight = find_procedure(spec, "fight").run(["mine=2", "group=2"])
    assert fight.outcomes == {k: v for k, v in fight_odds(2, 0, group=2).items() if v}
    morale = find_procedure(spec, "morale").run(["morale_class=brave"])
    assert sum(morale.outcomes.values()) == 1 and morale.outcomes == {
        k: v for k, v in morale_odds("brave", 0).items() if v}
    with pytest.raises(OddsError, match="group takes a number from 1 to 6"):
        find_procedure(spec, "fight").run(["group=9"])
