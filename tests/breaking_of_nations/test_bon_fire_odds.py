"""Exact odds (icepool) of a fire attack, artillery, close combat, a glory test and the panic spread,
against the engine's own Monte Carlo: seeded games played through ``Game`` (BON-025, BON-032, BON-037,
BON-068, BON-111)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from breaking_of_nations.bon_support import do, game, model, seen_unit, unit
from riotact.core.odds import OddsError, find_procedure
from riotact.rulesets import get_ruleset
from support import umpire_sees

# the procedures `riotact odds` runs
fire, artillery, close_combat, glory_test, panic = (find_procedure(get_ruleset("breaking-of-nations"), name).compute
                                                    for name in ("fire", "artillery", "close-combat", "glory-test",
                                                                 "panic"))

GAMES = 400
OFF = {"counter_attack": False, "great_equalizer": False}


def close(counts: Counter, exact: dict[str, Fraction], n: int) -> None:
    for name, p in exact.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(counts.get(name, 0) / n - float(p)) <= 4.5 * sigma + 0.005, (name, counts, exact)


def play_out(g, seat: str, orders: list[str], other: str) -> None:
    """Let ``seat`` give its orders on its first activation while the other seat only ends its own."""
    while g.to_act():
        s = g.to_act()[0]
        if s == seat and orders:
            for o in orders:
                do(g, o)
            orders = []
        elif s == seat:
            return
        else:
            legal = [a.id for a in g.legal_actions(s)]
            do(g, legal[0] if legal[0].startswith("activate:") else f"end:{other}")


def test_bon_odds_procedures_are_registered_and_refuse_bad_parameters() -> None:
    spec = get_ruleset("breaking-of-nations")
    assert find_procedure(spec, "fire").run(["shots=3", "band=short"]).figures["chance a shot hits"] == Fraction(9, 12)
    with pytest.raises(OddsError, match="band must be one of"):
        find_procedure(spec, "fire").run(["band=far"])
    assert sum(glory_test(gl=5, triggers=2).outcomes.values()) == 1 and glory_test(6, 1).outcomes == {"panics": 1}
    assert sum(artillery(models=3).outcomes.values()) == 1 and max(
        int(k.split()[0]) for k in artillery(models=3).outcomes) == 3


@pytest.mark.slow
def test_bon025_a_rifle_volley_removes_as_many_men_as_icepool_says() -> None:
    """Seven Regular riflemen at medium range (TN 5) fire at a squad of nine in the open."""
    exact = fire(shots=7, models=9).outcomes
    counts: Counter = Counter()
    firers = [(20 + i, 10) for i in range(7)]
    targets = [(40, 26), *[(16 + 2 * i, 20) for i in range(9)]]  # the officer stands well back
    for seed in range(GAMES):
        g = game([unit("A", "red", *firers, hero_weapon="rifle"), unit("x", "blue", *targets)], seed=seed,
                 options=OFF)
        play_out(g, "red", ["activate:A", "fire:A:x"], "x")
        counts[f"{seen_unit(g, 'x')['lost']} hit"] += 1
    close(counts, exact, GAMES)


@pytest.mark.slow
def test_bon068_a_howitzers_direct_fire_hits_as_icepool_says() -> None:
    """A howitzer (3D12, two men a die, TN 6) fires directly at a squad of six soldiers in the open."""
    exact = artillery(piece="howitzer", models=6).outcomes
    counts: Counter = Counter()
    crew = [(24, 10), (23, 8), (25, 8), (22, 8), (26, 8)]
    targets = [(24, 36), *[(19 + 2 * i, 30) for i in range(6)]]
    for seed in range(GAMES):
        g = game([unit("g", "red", *crew, kind="gun", piece="howitzer"), unit("x", "blue", *targets)],
                 seed=seed, options=OFF, single_pieces=True)
        play_out(g, "red", ["activate:g", "shoot:g:x"], "x")
        counts[f"{seen_unit(g, 'x')['lost']} hit"] += 1
    close(counts, exact, GAMES)


@pytest.mark.slow
def test_bon032_a_veteran_with_a_club_against_a_green_man_in_flak_falls_as_icepool_says() -> None:
    """One exchange: a Veteran with a close-combat weapon (reroll, BON-054) attacks a Green in flak."""
    exact = close_combat(attacker="veteran", defender="green", defender_armour="flak", attacker_weapon=True).outcomes
    counts: Counter = Counter()
    for seed in range(GAMES):
        g = game([unit("A", "red", (10, 2), (20, 20), level="veteran", cc_weapons=1),
                  unit("B", "blue", (40, 46), (20, 21), level="green", armour="flak", facing=180)],
                 seed=seed, options=OFF)
        play_out(g, "red", ["activate:A", "fight:A"], "B")
        a, b = model(g, "A.2").in_play, model(g, "B.2").in_play
        counts[{(True, True): "neither falls", (True, False): "the defender falls",
                (False, True): "the attacker falls", (False, False): "both fall"}[(a, b)]] += 1
    close(counts, exact, GAMES)


def pinned(level: str, seed: int):
    """An MG salvo at a squad in a trench (TN 18: only natural 12s hit) pins it (BON-075)."""
    trench = {"id": "t", "name": "the trench", "kind": "trench", "outline": [[0, 28], [48, 28], [48, 32], [0, 32]]}
    mg = unit("m", "red", (24, 10), (23, 8), (25, 8), kind="mg")
    squad = unit("x", "blue", *[(19 + i, 30) for i in range(10)], level=level)
    g = game([mg, squad], seed=seed, options=OFF, features=[trench])
    play_out(g, "red", ["activate:m", "fire:m:x"], "x")
    return g


@pytest.mark.slow
def test_bon037_the_glory_test_after_a_pinning_salvo_passes_as_icepool_says() -> None:
    """A Regular squad (GL 4+) pinned once tests at GL 5+ in its next Orders step: back to 4+ on a 5-6."""
    exact = glory_test(gl=4, triggers=1).outcomes
    counts: Counter = Counter()
    for seed in range(GAMES):
        g = pinned("regular", seed)
        while g.to_act() and not any(e.get("rule") == "BON-037" and e["kind"] == "roll" for e in g.log.events):
            s = g.to_act()[0]
            first = g.legal_actions(s)[0].id
            do(g, first if first.startswith("activate:") else f"end:{umpire_sees(g)['active']}")
        first = next(e for e in g.log.events if e.get("rule") == "BON-037" and e["kind"] == "roll")
        if first["target"] == 5:  # only the pinning raised it (no leader lost)
            counts["GL 4+" if first["result"] == "pass" else "GL 5+"] += 1
    n = sum(counts.values())
    assert n > GAMES * 3 // 4
    close(counts, exact, n)


@pytest.mark.slow
def test_bon111_the_panic_spread_of_a_civilian_squad_falls_as_icepool_says() -> None:
    """A Civilian squad (GL 6+) pinned by an MG reaches GL 7 and panics: each man's reaction."""
    figures = panic(level="civilian", soldiers=1).figures
    exact = {k.split(": ")[1]: v for k, v in figures.items() if k.startswith("chance")}
    counts: Counter = Counter()
    for seed in range(GAMES // 2):
        g = pinned("civilian", seed)
        for e in g.log.events:
            if e.get("rule") == "BON-039" and "reaction" in e:
                counts[e["reaction"].replace("_", " ")] += 1
    close(counts, exact, sum(counts.values()))
