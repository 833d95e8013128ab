"""Odds where a Breaking of Nations player decides (BON-025..030, BON-063, BON-074): beside an order
to fire at an enemy unit, from the seat's view and the house rules only (odds.py ``action_odds``).
Each figure is checked against the engine's own volley: its firers, aims and TNs, captured from a
copy of the game as it would fire."""

from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Any

import pytest

from breaking_of_nations.bon_support import do, feature, game, unit
from riotact.core import Game
from riotact.core.odds import action_odds, percent
from riotact.rulesets.breaking_of_nations.odds import _strike, volley

OFF = {"counter_attack": False}
WOOD = feature("wood", "light_forest", [(8, 24), (14, 24), (14, 30), (8, 30)])


def engine(g: Game, action_id: str) -> tuple[list[int], int]:
    """The TNs of the shots the engine would roll for this order, and the target's models."""
    _, uid, eid = action_id.split(":")
    st = copy.deepcopy(g.state)
    shots: list[Any] = []
    st.volley = lambda shooters, u, rule: shots.extend(shooters)  # type: ignore[method-assign]
    st.fire(st.units[uid], st.units[eid])
    return [st.ranged_tn(f, t)[0] for f, t in shots], len(st.members(st.units[eid]))


def shown_equals_engine(g: Game, seat: str, action_id: str) -> None:
    tns, models = engine(g, action_id)
    odds = volley(tns, models, "")
    shown = action_odds(g, seat)[action_id]
    expected = odds.figures["expected models hit (removed, save heroes' hit location)"]
    assert shown.p == 1 - odds.outcomes["0 hit"]
    span = f"{min(tns)}" if min(tns) == max(tns) else f"{min(tns)}-{max(tns)}"
    assert shown.text == (f"{percent(shown.p)} at least one hit, {float(expected):.1f} of {models} expected "
                          f"({len(tns)} shot(s) at TN {span}; a natural 12 always hits)")


def squads(**kw: Any) -> Game:
    """Four Regular riflemen against a Blue squad half in the wood, some at medium range, some long."""
    g = game([unit("A", "red", (2, 2), (10, 10), (12, 10), (14, 10), (16, 10), **kw.pop("red", {})),
              unit("x", "blue", (46, 47), (9, 26), (11, 26), (16, 27), (18, 38), **kw.pop("blue", {}))],
             dice=[1, 2], features=[WOOD], options=OFF, **kw)
    do(g, "activate:A")
    return g


def test_bon025_a_volley_s_odds_are_the_engine_s_own_shots_and_tns() -> None:
    """BON-025: DS + cover (the wood +3 for two of them) + range (BON-030) + the firer (BON-113)."""
    g = squads()
    shown_equals_engine(g, "red", "fire:A:x")
    assert "end:A" not in action_odds(g, "red")  # no chance, no odds


def test_bon106_bon113_armour_and_an_elite_firer_move_the_odds() -> None:
    plain, hard = squads(), squads(blue={"armour": "flak"}, red={"level": "elite"})
    shown_equals_engine(hard, "red", "fire:A:x")
    assert action_odds(plain, "red")["fire:A:x"] != action_odds(hard, "red")["fire:A:x"]


def test_bon063_an_lmg_fires_three_shots() -> None:
    g = squads(red={"specialists": [{"kind": "lmg"}]})
    shown_equals_engine(g, "red", "fire:A:x")
    assert "(6 shot(s)" in action_odds(g, "red")["fire:A:x"].text  # three riflemen and the LMG's three


def test_bon074_an_mg_salvo_shows_its_six_shots_in_the_arc() -> None:
    g = game([unit("A", "red", (2, 2), (20, 15), (22, 15)),
              unit("m", "blue", (20, 30), (19, 32), (22, 28.5), kind="mg", facing=180)],
             dice=[2, 1], options=OFF)
    do(g, "activate:m")
    uid, eid = "m", "A"
    st = copy.deepcopy(g.state)
    shots: list[Any] = []
    st.volley = lambda shooters, u, rule: shots.extend(shooters)  # type: ignore[method-assign]
    st.salvo(st.units[uid], st.units[eid])
    tns = [st.ranged_tn(f, t)[0] for f, t in shots]
    odds = volley(tns, 3, "")
    shown = action_odds(g, "blue")["fire:m:A"]
    assert len(tns) == 6 and shown.p == 1 - odds.outcomes["0 hit"] and "(6 shot(s) at TN" in shown.text


def test_the_odds_a_seat_sees_do_not_depend_on_a_hidden_unit() -> None:
    """BON-002 house rule: a hidden Blue unit behind the target (it would take the Great Equalizer's
    surplus, BON-029) is not in Red's view, nor in Red's odds."""
    def play(hidden: bool) -> Game:
        extra = [unit("y", "blue", (40, 46), (12, 44), (14, 44), hidden=True)] if hidden else []
        g = game([unit("A", "red", (2, 2), (10, 10), (12, 10), (14, 10), (16, 10)),
                  unit("x", "blue", (46, 47), (9, 26), (11, 26), (16, 27), (18, 38)), *extra],
                 dice=[1, 2], features=[WOOD], options={"hidden_deployment": True, **OFF})
        do(g, "activate:A")
        return g
    plain, other = play(False), play(True)
    assert plain.view("umpire") != other.view("umpire")
    assert action_odds(plain, "red") == action_odds(other, "red") != {}


def test_bon098_a_house_s_walls_stop_the_aim_and_a_man_inside_gets_no_guessed_odds() -> None:
    """BON-098: the house stands between one rifleman and the nearer Blue man, so he aims at the other
    (the engine's aims, counted alike); BON-090..101: a man inside fires and is fired at by the
    building's rules (windows, floors), which the odds do not guess: none are shown."""
    from breaking_of_nations.test_bon_ground_buildings import house

    g = game([unit("A", "red", (2, 2), (13, 4), (20, 4)), unit("y", "blue", (46, 47), (13, 20), (22, 22)),
              unit("x", "blue", (0, 0), inside="house.east")], dice=[1, 2], buildings=[house()], options=OFF)
    do(g, "activate:A")
    shown_equals_engine(g, "red", "fire:A:y")
    assert "fire:A:x" in [a.id for a in g.legal_actions("red")] and "fire:A:x" not in action_odds(g, "red")


def bombers(seed: int = 1, dice: list[int] | None = None, extra: tuple[dict[str, Any], ...] = (),
            options: dict[str, Any] | None = None) -> Game:
    """A Red grenadier 7" from three Blue men, and a Red man 1" from the aim: on target, the first die
    attacks the two Blue men nearest the aim, the second the Red man (BON-059)."""
    g = game([unit("A", "red", (2, 2), (10, 10), specialists=[{"kind": "grenadier"}]),
              unit("x", "blue", (46, 47), (10, 17), (10.8, 17), (12.2, 17.4)),
              unit("B", "red", (30, 2), (9.2, 17.6)), *extra],
             dice=dice, seed=seed, options=options or OFF)
    while g.to_act() and g.state.active != "A":
        s = g.to_act()[0]
        do(g, "activate:A" if s == "red" else next(a.id for a in g.legal_actions(s)
                                                    if a.id.startswith(("activate", "end"))))
    return g


def test_bon057_bon060_a_grenade_s_odds_weigh_every_landing_point_friends_included() -> None:
    shown = action_odds(bombers(), "red")["throw:A:10.0,17.0"]
    friends = float(shown.text.split(" and ")[1].split()[0])
    assert 0.5 < friends < 0.75 and shown.text.endswith("of your own (75% on target; D3 damage a hit)")
    assert Fraction(1, 2) < shown.p < Fraction(3, 4)  # on target, one die for both Blue men: 9 in 12


@pytest.mark.slow
def test_bon057_a_grenade_hits_at_least_one_enemy_as_often_as_the_odds_say() -> None:
    """The engine's own throws, seeded: the share with at least one Blue man hit (D3 damage logged)."""
    shown = action_odds(bombers(), "red")["throw:A:10.0,17.0"].p
    n, hit = 300, 0
    for seed in range(n):
        g = bombers(seed)
        start = len(g.log.events)
        do(g, "throw:A:10.0,17.0")
        hit += any("against x." in e["text"] and e["text"].endswith(("hit.", "critical hit."))
                   for e in g.log.events[start:])
    sigma = math.sqrt(float(shown) * (1 - float(shown)) / n)
    assert abs(hit / n - float(shown)) <= 4.5 * sigma + 0.005


def test_a_grenade_s_odds_do_not_count_a_hidden_unit_under_the_marker() -> None:
    """BON-002 house rule: a hidden Blue unit beside the aim (unspotted: the spotting range is 1" here)
    would be hit too; Red does not know it."""
    hidden = unit("y", "blue", (40, 46), (11.2, 16.3), hidden=True)
    fog = {"hidden_deployment": True, "spotting_range": 1.0, **OFF}
    plain, other = bombers(dice=[1, 2], options=fog), bombers(dice=[1, 2], extra=(hidden,), options=fog)
    assert plain.view("umpire") != other.view("umpire")
    assert action_odds(plain, "red") == action_odds(other, "red") != {}
    seen = bombers(dice=[1, 2], extra=(hidden,), options={**fog, "spotting_range": 12.0})
    assert action_odds(seen, "red")["throw:A:10.0,17.0"] != action_odds(plain, "red")["throw:A:10.0,17.0"]


def engine_blows(g: Game, uid: str) -> list[dict[str, Fraction]]:
    """The engine's own close combat, on a copy: each blow as the man it may hit -> the chance (its TN
    from ``cc_tn``, the reroll as ``strike`` takes it; a critical miss spread evenly over the others
    touching the striker or his foe, BON-034)."""
    st = copy.deepcopy(g.state)
    blows: list[dict[str, Fraction]] = []

    def strike(a: Any, t: Any) -> list[Any]:
        odds = _strike(st.cc_tn(a, t)[0], a.cc_weapon and st.options["cc_reroll"] == "when_not_critical")
        others = sorted({e.id for e in [*st.touching(a), *st.touching(t)]} - {a.id, t.id})
        blow = {t.id: odds["critical hit"] + odds["hit"]}
        for o in others:
            blow[o] = blow.get(o, Fraction(0)) + odds["critical miss"] / len(others)
        blows.append(blow)
        return []
    st.strike = strike  # type: ignore[method-assign]
    st.melee(st.units[uid])
    return blows


def melee_text(g: Game, blows: list[dict[str, Fraction]], seat: str) -> tuple[Fraction, str]:
    """The chance at least one enemy is struck and the words, from the engine's blows."""
    enemy = {m.id for m in g.state.men.values() if g.state.units[m.unit].seat != seat}
    struck = {i: 1 - math.prod(1 - b.get(i, Fraction(0)) for b in blows) for b in blows for i in b}
    theirs = sum((p for i, p in struck.items() if i in enemy), Fraction(0))
    ours = sum((p for i, p in struck.items() if i not in enemy), Fraction(0))
    some = 1 - math.prod(1 - sum((p for i, p in b.items() if i in enemy), Fraction(0)) for b in blows)
    return some, (f"{percent(some)} at least one of theirs struck, {float(theirs):.1f} expected; "
                  f"{float(ours):.1f} of yours (wild blows counted)")


@pytest.mark.parametrize("case", ["plain", "trench", "square", "from behind", "reroll", "two on one"])
def test_bon032_bon035_bon054_bon114_close_combat_odds_are_the_engine_s_blows(case: str) -> None:
    from breaking_of_nations.test_bon_close_combat import contact

    trench = feature("trench", "trench", [(10.6, 0), (14, 0), (14, 20), (10.6, 20)])
    g = {"plain": lambda: contact([], blue={"level": "green"}),
         "trench": lambda: contact([], blue={"level": "green"},
                                   features=[trench]),
         "square": lambda: contact([], blue={"formation": "square"}),
         "from behind": lambda: contact([], blue={"facing": 90}),
         "reroll": lambda: contact([], red={"cc_weapons": 1}),
         "two on one": lambda: contact([], extra=[(10.5, 10.95)])}[case]()
    shown = action_odds(g, "red")["fight:A"]
    assert (shown.p, shown.text) == melee_text(g, engine_blows(g, "A"), "red")


def test_bon034_a_wild_blow_falls_on_the_others_in_contact() -> None:
    """BON-034: with a second Red man touching the Blue one, each blow's critical miss may land on
    another man; the odds count it (a blow with nobody else about goes wild and hits nobody)."""
    from breaking_of_nations.test_bon_close_combat import contact

    alone, crowded = contact([]), contact([], extra=[(10.5, 10.95)])
    blows = engine_blows(crowded, "A")
    assert any(len(b) > 1 for b in blows) and all(len(b) == 1 for b in engine_blows(alone, "A"))
    assert (action_odds(crowded, "red")["fight:A"].p, action_odds(crowded, "red")["fight:A"].text) == melee_text(
        crowded, blows, "red")


@pytest.mark.parametrize("target", ["squad", "squad in a wood", "an MG"])
def test_bon068_a_piece_s_direct_fire_odds_are_the_engine_s_dice_and_tns(target: str) -> None:
    """BON-068: a howitzer's 3D12, each against two soldiers nearest first (or all at a piece), at
    DS + CV + the Green crew's +1 (BON-108 gap); as ``direct_fire`` groups them on a copy."""
    from breaking_of_nations.test_bon_fire_artillery import SQUAD, gun, play

    wood = feature("wood", "light_forest", [(21.5, 29), (24.5, 29), (24.5, 31), (21.5, 31)])
    enemy = (unit("m", "blue", (24, 30), (23, 32), (25, 32), kind="mg", facing=180) if target == "an MG"
             else unit("m", "blue", *SQUAD))
    g = play([1, 1, 1], gun(), enemy, features=[wood] if "wood" in target else [])
    st = copy.deepcopy(g.state)
    groups: list[list[int]] = []
    st.shell_hits = lambda damage, by, origin, pairs, rule: groups.extend(  # type: ignore[method-assign]
        [st.shell_tn(origin, t)[0] for t in group] for _, group in pairs)
    st.direct_fire(st.units["g"], st.units["m"])
    miss = math.prod(Fraction(min(max(0, min(group) - 1), 11), 12) for group in groups)  # a 12 always hits
    expected = sum((Fraction(min(12, max(1, 13 - tn)), 12) for group in groups for tn in group), Fraction(0))
    shown = action_odds(g, "red")["shoot:g:m"]
    assert len(groups) == 3 and shown.p == 1 - miss
    assert shown.text.startswith(f"{percent(shown.p)} at least one hit, {float(expected):.1f} hit(s) expected")
    if target == "squad in a wood":
        assert max(tn for group in groups for tn in group) > 6  # the wood's CV counts
