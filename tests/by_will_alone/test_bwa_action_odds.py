"""Odds where a By Will Alone seat decides: activation of orders and reactions (BWA-18), and the
confrontation and initiative after a Hold (BWA-02, 27, 31..34, 43, 44, 50), from its view only."""

from __future__ import annotations

import math
from fractions import Fraction
from types import SimpleNamespace

import pytest

from riotact.core import Game
from riotact.core.odds import action_odds, find_procedure
from riotact.rulesets import get_ruleset

confrontation = find_procedure(get_ruleset("by-will-alone"), "confrontation").compute  # `riotact odds`' procedure


def confronted(bwa: SimpleNamespace, *extra: dict, seed: int = 1, police: dict | None = None,
               **options: object) -> Game:
    """4 Trained nonviolent stands confront the police (4 Reliable unless told): the police react."""
    g = bwa.game([bwa.nv("n", "x1"), bwa.auth("a", "m2", **(police or {})), *extra], None, seed=seed,
                 options=options)
    bwa.orders(g, "nonviolent", "n:confront:a")
    assert bwa.prompt(g) == "react"
    return g


def test_bwa44_a_hold_shows_the_exact_confrontation_and_initiative(bwa: SimpleNamespace) -> None:
    """No accidental attacks: the bands of 4 Trained against 4 Reliable dice; the nonviolent side
    holds the initiative, so the police take it unless the nonviolent side wins at 2+ (BWA-44)."""
    shown = action_odds(confronted(bwa, accidental_attacks=False), "authority")["react:hold"]
    exact = confrontation(first="4*trained", second="4*reliable", initiative="first")
    assert shown.p == exact.figures["second side higher at 2+"]
    after = 1 - exact.figures["first side holds the initiative after"]
    assert shown.text.endswith(f"{round(after * 100)}% your side has the initiative after (BWA-44)")


def test_bwa18_a_reaction_that_needs_activation_shows_its_chance(bwa: SimpleNamespace) -> None:
    """Withdraw (+2) for Reliable police (4+): 1D6 + 2 reaches 4 on a 2 or more."""
    shown = action_odds(confronted(bwa), "authority")
    withdraw = [aid for aid in shown if aid.startswith("react:withdraw")]
    assert withdraw and all(shown[aid].p == Fraction(5, 6) for aid in withdraw)
    assert shown[withdraw[0]].text == "activation 83% (BWA-18)"


def test_bwa18_an_order_that_needs_activation_shows_its_chance(bwa: SimpleNamespace) -> None:
    """Build Barricade (+0): an Untrained unit needs 6+ on 1D6 (BWA-03), a Trained one 4+."""
    for quality, p in (("untrained", Fraction(1, 6)), ("trained", Fraction(1, 2))):
        g = bwa.game([bwa.nv("n", "x1", quality=quality), bwa.auth("a", "n5")], None)
        shown = action_odds(g, "nonviolent")
        assert shown["n:barricade"].p == p
        assert "n:sit" not in shown and "n:move:m2" not in shown


@pytest.mark.slow
def test_bwa50_a_hold_with_accidental_attacks_matches_the_engine(bwa: SimpleNamespace) -> None:
    """Wavering police (6) with level-2 weapons roll BWA-50 checks first (2D6 + 2 under 6 shoots;
    a shooter rolls with its deadliest weapon, BWA-51): the chance shown beside Hold against 2,000
    seeded confrontations played through Game."""
    police = {"quality": "wavering", "weapons": 2}
    shown = action_odds(confronted(bwa, police=police), "authority")["react:hold"]
    trials, ours, shots = 2000, 0, 0
    for seed in range(trials):
        g = confronted(bwa, seed=seed, police=police)
        g.apply("authority", "react:hold")
        result = next(e for e in g.log.events if e.get("rule") == "BWA-33")
        ours += result["higher"] == "a" and result["row"] >= 2
        shots += any(e.get("rule") == "BWA-51" for e in g.log.events)
    assert shots > trials // 10  # the checks did shoot
    sigma = math.sqrt(float(shown.p) * (1 - float(shown.p)) / trials)
    assert abs(ours / trials - float(shown.p)) <= 4.5 * sigma + 0.003


def test_the_odds_do_not_depend_on_a_hidden_unit(bwa: SimpleNamespace) -> None:
    """A hidden police unit far away, or none (BWA-11): the nonviolent seat's odds are the same."""
    plain = bwa.game([bwa.nv("n", "x1"), bwa.auth("a", "n5")], None)
    ghost = bwa.game([bwa.nv("n", "x1"), bwa.auth("a", "n5"), bwa.auth("g", "o5", hidden=True, weapons=3)], None)
    assert plain.view("umpire") != ghost.view("umpire")
    assert action_odds(plain, "nonviolent") == action_odds(ghost, "nonviolent") != {}
