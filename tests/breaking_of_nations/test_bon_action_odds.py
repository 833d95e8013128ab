"""Odds where a Breaking of Nations player decides (BON-025..030, BON-063, BON-074): beside an order
to fire at an enemy unit, from the seat's view and the house rules only (odds.py ``action_odds``).
Each figure is checked against the engine's own volley: its firers, aims and TNs, read off the
umpire's log of the order played on a copy of the game, its dice scripted."""

from __future__ import annotations

import copy
import math
import re
from fractions import Fraction
from typing import Any
from unittest.mock import patch

import pytest
from shapely.geometry import LineString

from breaking_of_nations.bon_support import do, feature, game, seen_unit, unit
from riotact.core import UMPIRE, Game
from riotact.core.odds import action_odds, percent
from riotact.rulesets.breaking_of_nations.odds import _strike, tenths, volley
from riotact.rulesets.breaking_of_nations.rules import buildings, combat, heroes, movement
from riotact.tabletop import Feature
from support import umpire_sees

OFF = {"counter_attack": False}
WOOD = feature("wood", "light_forest", [(8, 24), (14, 24), (14, 30), (8, 30)])


TN = re.compile(r"\(TN (-?\d+):")


def played(g: Game, action_id: str, faces: list[int]) -> list[dict[str, Any]]:
    """The umpire's log of ``action_id`` played on a copy of the game by the seat deciding, the copy's
    next dice scripted (``faces``): the engine's own order, every roll and effect of it."""
    other = g.clone()
    assert other.dice.remaining == 0  # a test's dice are scripted, to the last
    other.dice.extend(faces)
    start = len(other.log_for(UMPIRE))
    other.apply(other.to_act()[0], action_id)
    return other.log_for(UMPIRE)[start:]


def shot_tns(events: list[dict[str, Any]]) -> list[int]:
    """The TN of each shot the engine rolled, in order."""
    return [int(TN.search(e["text"])[1]) for e in events if e["kind"] == "roll" and " shot at " in e["text"]]


def engine(g: Game, action_id: str) -> tuple[list[int], int]:
    """The TNs of the shots the engine rolls for this order (every die a 1), and the target's models."""
    return shot_tns(played(g, action_id, [1] * 40)), len(seen_unit(g, action_id.split(":")[2])["models"])


def shown_equals_engine(g: Game, seat: str, action_id: str) -> None:
    tns, models = engine(g, action_id)
    odds = volley(tns, models, "")
    shown = action_odds(g, seat)[action_id]
    expected = odds.figures["expected models hit (removed, save heroes' hit location)"]
    assert shown.p == 1 - odds.outcomes["0 hit"]
    span = f"{min(tns)}" if min(tns) == max(tns) else f"{min(tns)}-{max(tns)}"
    extra = odds.figures["expected extra hits for the Great Equalizer"]  # BON-029: to a unit behind
    assert shown.text == (f"{percent(shown.p)} at least one hit, {float(expected):.1f} of {models} expected "
                          f"({len(tns)} shot(s) at TN {span}; a natural 12 always hits)"
                          + (f"; {tenths(extra)} extra for a unit behind (BON-029)" if extra else ""))


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
    tns = shot_tns(played(g, "fire:m:A", [1] * 12))
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
    while g.to_act() and umpire_sees(g)["active"] != "A":
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

    def strike(w: Any, a: Any, t: Any) -> list[Any]:
        odds = _strike(buildings.cc_tn(st, a, t)[0], a.cc_weapon and st.options.cc_reroll == "when_not_critical")
        others = sorted({e.id for e in [*combat.touching(st, a), *combat.touching(st, t)]} - {a.id, t.id})
        blow = {t.id: odds["critical hit"] + odds["hit"]}
        for o in others:
            blow[o] = blow.get(o, Fraction(0)) + odds["critical miss"] / len(others)
        blows.append(blow)
        return []
    with patch.object(combat, "strike", strike):
        heroes.melee(st, st.units[uid])
    return blows


def melee_text(g: Game, blows: list[dict[str, Fraction]], seat: str) -> tuple[Fraction, str]:
    """The chance at least one enemy is struck and the words, from the engine's blows."""
    enemy = {m["id"] for u in umpire_sees(g)["units"] if u["seat"] != seat for m in u["models"]}
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
    DS + CV + the Green crew's +1 (BON-108 gap); as the engine's ``direct_fire`` groups them on a copy."""
    from breaking_of_nations.test_bon_fire_artillery import SQUAD, gun, play

    wood = feature("wood", "light_forest", [(21.5, 29), (24.5, 29), (24.5, 31), (21.5, 31)])
    enemy = (unit("m", "blue", (24, 30), (23, 32), (25, 32), kind="mg", facing=180) if target == "an MG"
             else unit("m", "blue", *SQUAD))
    g = play([], gun(), enemy, features=[wood] if "wood" in target else [])
    groups = [[tn for tn, _ in group] for group in die_groups(played(g, "shoot:g:m", [2, 3, 4]))]
    miss = math.prod(Fraction(min(max(0, min(group) - 1), 11), 12) for group in groups)  # a 12 always hits
    expected = sum((Fraction(min(12, max(1, 13 - tn)), 12) for group in groups for tn in group), Fraction(0))
    shown = action_odds(g, "red")["shoot:g:m"]
    assert len(groups) == 3 and shown.p == 1 - miss
    assert shown.text.startswith(f"{percent(shown.p)} at least one hit, {float(expected):.1f} hit(s) expected")
    if target == "squad in a wood":
        assert max(tn for group in groups for tn in group) > 6  # the wood's CV counts


# -- a charge (BON-017), indirect fire (BON-069/070/073/077), bashing a door (BON-095) --------------
def engine_charge(g: Game, uid: str, eid: str) -> tuple[list[dict[str, Fraction]], Game]:
    """The engine's own charge on a copy: the men move as ``charge`` moves them, then the blows of the
    close combat that follows (``engine_blows``' reading of each)."""
    other = copy.deepcopy(g)
    st = other.state
    with patch.object(heroes, "melee", lambda w, u: None):
        movement.charge(st, st.units[uid], st.units[eid])
    return engine_blows(other, uid), other


def charging(red: dict[str, Any] | None = None, blue: tuple[tuple[float, float], ...] = ((12, 17), (14, 17.5)),
             features: tuple[dict[str, Any], ...] = (), extra: tuple[dict[str, Any], ...] = (),
             options: dict[str, Any] | None = None) -> Game:
    """Four Regular riflemen 7" short of a Blue pair: the charge (double SP, BON-017) reaches them."""
    g = game([unit("A", "red", (2, 2), (10, 10), (12, 10), (14, 10), (16, 10), **(red or {})),
              unit("x", "blue", (46, 47), *blue, facing=180), *extra],
             dice=[1, 2], features=list(features), options=options or OFF)
    do(g, "activate:A")
    return g


THICKET = feature("thicket", "dense_forest", [(13.5, 11), (18, 11), (18, 15), (13.5, 15)])


@pytest.mark.parametrize("case", ["open", "closed", "a thicket stops some", "far"])
def test_bon017_a_charge_s_odds_are_the_close_combat_after_the_engine_s_own_charge(case: str) -> None:
    """BON-017: each man runs at double SP at the nearest Blue model, as far as the ground allows (a
    thicket stops some short, BON-109); BON-020: a charging Closed unit has DS 1; the close combat
    follows (BON-032), counted as for ``fight``."""
    g = {"open": lambda: charging(), "closed": lambda: charging(red={"formation": "closed"}),
         "a thicket stops some": lambda: charging(features=(THICKET,)),
         "far": lambda: charging(blue=((12, 17), (26, 21)))}[case]()
    aid = next(a.id for a in g.legal_actions("red") if a.id.startswith("charge:A:x"))
    blows, after = engine_charge(g, "A", "x")
    shown = action_odds(g, "red")[aid]
    some, words = melee_text(after, blows, "red")
    reached = sum(1 for m in after.state.members(after.state.units["A"]) if buildings.fighters(after.state, m))
    movers = len(movement.unit_movers(g.state, g.state.units["A"]))
    assert (shown.p, shown.text) == (some, f"{reached} of {movers} reach contact; {words}")
    if case == "closed":
        assert shown != action_odds(charging(), "red")[aid]  # the chargers' DS 1 (BON-020) counts


def test_a_charge_s_odds_do_not_count_a_hidden_enemy_beside_the_target() -> None:
    """BON-002 house rule: a hidden Blue man touching where the chargers arrive would strike back; Red
    does not know him, and its odds are the same as without him."""
    fog = {"hidden_deployment": True, "spotting_range": 1.0, **OFF}
    hidden = unit("y", "blue", (40, 46), (15.2, 16.3), hidden=True)
    plain, other = charging(options=fog), charging(extra=(hidden,), options=fog)
    assert engine_charge(plain, "A", "x")[0] != engine_charge(other, "A", "x")[0]  # he would fight
    assert action_odds(plain, "red") == action_odds(other, "red") != {}
    assert "charge:A:x" in action_odds(plain, "red")


def die_groups(events: list[dict[str, Any]]) -> list[list[tuple[int, str]]]:
    """Each die of a piece's attack (BON-068) and its models as (TN, model), read off the lines "Die 2
    against x.4 (TN 6: ...)" (every die a different face, all misses)."""
    groups: dict[str, list[tuple[int, str]]] = {}
    for e in events:
        if (line := re.match(r"Die (\d+) against (\S+) \(TN (\d+):", e["text"])) and e["kind"] == "effect":
            groups.setdefault(line[1], []).append((int(line[3]), line[2]))
    return list(groups.values())


def landed(g: Game, uid: str, arg: str, dice: list[int]) -> list[list[tuple[int, bool]]]:
    """One indirect round of the engine on a copy, its dice scripted (the piece's dice all misses):
    each die's models as (TN, Blue)."""
    seats = {m["id"]: u["seat"] for u in umpire_sees(g)["units"] for m in u["models"]}
    events = played(g, f"lob:{uid}:{arg}" if arg else f"lob:{uid}", [*dice, 2, 3, 4, 5])
    return [[(tn, seats[mid] != "red") for tn, mid in group] for group in die_groups(events)]


def engine_lob(g: Game, uid: str, arg: str) -> tuple[Fraction, Fraction, Fraction]:
    """The engine's indirect fire on copies, every placement, distance and direction scripted (a
    placement of 1 for a critical miss, 7 for none; one D6 for the distance, a D3 read from it; the
    D12 clock): each die's models and TNs as ``shell_hits`` is given them. Returns the chance of at
    least one Blue hit, Blue and Red models expected to be hit."""
    worst = int(g.options["artillery_critical_miss"])
    some = blue = red = Fraction(0)
    for place, weight in ((1, Fraction(worst, 12)), (7, Fraction(12 - worst, 12))):
        for length in range(1, 7):
            for face in range(1, 13):
                groups = landed(g, uid, arg, [place, length, face])
                w = weight / 6 / 12
                chance = [[(Fraction(min(12, max(1, 13 - tn)), 12), foe) for tn, foe in group] for group in groups]
                blue += w * sum((p for group in chance for p, foe in group if foe), Fraction(0))
                red += w * sum((p for group in chance for p, foe in group if not foe), Fraction(0))
                # a die misses every Blue man of its group when it is below their least TN and not a 12
                some += w * (1 - math.prod(Fraction(min(11, max(0, min(tn for tn, foe in group if foe) - 1)), 12)
                                           for group in groups if any(foe for _, foe in group)))
    return some, blue, red


LINE = [(24, 37), (23, 34), (24, 34), (25, 34), (23.5, 35), (24.5, 35)]


@pytest.mark.parametrize("ammunition", ["shell", "shrapnel"])
def test_bon069_bon070_bon073_indirect_fire_odds_weigh_every_deviation_as_the_engine_lands_it(
        ammunition: str) -> None:
    """BON-070: the round at the guessed range on the line to the squad's centre; BON-069: every round
    deviates (shell D3", D6" on a critical miss 1-3; shot D6", D6+3"); BON-073: the 4" or 2" marker;
    BON-068: three D12, two models each, at DS + CV + Green crew. A Red man stands by the target."""
    from breaking_of_nations.test_bon_fire_artillery import gun, play

    g = play([], gun(ammunition=ammunition), unit("x", "blue", *LINE), unit("B", "red", (40, 2), (26.5, 33)))
    aid = next(a.id for a in g.legal_actions("red") if a.id.startswith("lob:g:x:"))
    some, blue, red = engine_lob(g, "g", aid.split(":", 2)[2])
    shown = action_odds(g, "red")[aid]
    assert shown.p == some and red > 0
    assert shown.text.startswith(f"{percent(some)} at least one enemy hit, {float(blue):.1f} expected and "
                                 f"{float(red):.1f} of your own (every round deviates")


def test_bon077_the_mortar_s_planned_fire_shows_its_odds_to_its_owner_only() -> None:
    """BON-077: the plan is Red's secret; next turn ``lob:g`` fires at the planned point, and its odds are
    the engine's landing of the planned round; Blue's view has no plan (and Blue does not decide)."""
    from breaking_of_nations.test_bon_fire_artillery import gun, play

    g = play([], gun("trench_mortar"), unit("x", "blue", *LINE))
    do(g, next(a.id for a in g.legal_actions("red") if a.id.startswith("plan:g:x:")))
    do(g, "end:g")  # turning (BON-066) is all it could still do
    do(g, "activate:x")
    do(g, "end:x")
    do(g, "activate:g")
    some, _, _ = engine_lob(g, "g", "")
    assert action_odds(g, "red")["lob:g"].p == some > 0


def test_indirect_fire_odds_do_not_count_a_hidden_unit_under_the_marker() -> None:
    """BON-002 house rule: a hidden Blue unit beside the target would be hit too; Red does not know it."""
    from breaking_of_nations.test_bon_fire_artillery import gun

    fog = {"hidden_deployment": True, "spotting_range": 1.0, **OFF}
    hidden = unit("y", "blue", (40, 46), (21.5, 33), hidden=True)
    plain = game([gun(), unit("x", "blue", *LINE)], dice=[1, 2], options=fog, single_pieces=True)
    other = game([gun(), unit("x", "blue", *LINE), hidden], dice=[1, 2], options=fog, single_pieces=True)
    for g in (plain, other):
        do(g, "activate:g")
    aid = next(a.id for a in plain.legal_actions("red") if a.id.startswith("lob:g:x:"))
    assert engine_lob(plain, "g", aid.split(":", 2)[2]) != engine_lob(other, "g", aid.split(":", 2)[2])
    assert action_odds(plain, "red") == action_odds(other, "red") != {}
    assert plain.view("blue")["state"]["units"][0]["ammunition"] is None  # a piece's ammunition: its owner's


@pytest.mark.parametrize(("level", "door_ds"), [("regular", 4), ("elite", 4), ("regular", 5)])
def test_bon095_a_bash_s_odds_are_a_d6_against_the_door_s_ds_less_the_basher_s_cs(level: str, door_ds: int) -> None:
    """BON-095: the best CS at the door rolls a D6 against DS 4 (house rule ``door_ds``) less his CS; the
    engine's own roll's target, read from a copy, is the one the odds take."""
    from breaking_of_nations.test_bon_ground_buildings import house

    g = game([unit("A", "red", (8, 12), (8, 13), level=level), unit("x", "blue", (46, 47))], dice=[1, 2],
             buildings=[house(door="heavy")], options={"door_ds": door_ds})
    do(g, "activate:A")
    targets = [e["target"] for e in played(g, "bash:A:house.door", [1]) if e.get("rule") == "BON-095"
               and e["kind"] == "roll"]
    shown = action_odds(g, "red")["bash:A:house.door"]
    assert shown.p == Fraction(min(6, max(0, 7 - targets[0])), 6)
    assert f"D6 {targets[0]}+, DS {door_ds} less CS" in shown.text


def test_bon036_bon037_activating_a_unit_that_owes_glory_tests_shows_the_chance_its_gl_comes_down() -> None:
    """BON-036: the charge raised A's GL to 5+ and it owes a test; BON-037: in its next Orders step a
    D6 of 5 or more takes 1 away (the engine's own GL and tests owed, read off the umpire's view)."""
    g = charging(options=OFF)
    g.dice.extend([3] * 12 + [1, 2])  # every blow a 3 (no hit, no critical); turn 2's initiative: Red first
    do(g, "charge:A:x")
    if umpire_sees(g)["active"] == "A":  # men with AC left: the activation is still open
        do(g, "end:A")
    do(g, "activate:x")
    do(g, "end:x")
    u = seen_unit(g, "A")
    assert umpire_sees(g)["turn"] == 2 and u["tests"] == 1 and u["gl"] == 5
    assert "A: glory test, it charges (confusion); GL rises to 5+." in [e["text"] for e in g.log_for(UMPIRE)]
    shown = action_odds(g, "red")["activate:A"]
    assert shown.p == Fraction(7 - u["gl"], 6)
    assert shown.text == "33% to bring GL 5+ down (1 glory test(s), D6 of GL or more each)"
    assert "activate:B" not in action_odds(g, "red")


def test_bon109_a_vehicle_s_move_over_rough_ground_shows_its_breakdown_chance() -> None:
    """BON-109 gap: across rubble (Bumpy) a D6 of ``breakdown_face`` (1) or less breaks the vehicle
    down; a move over clear ground rolls nothing, and shows no odds."""
    from breaking_of_nations.test_bon_fire_support import vehicle

    rubble = feature("r", "rubble", [(0, 14), (48, 14), (48, 22), (0, 22)])
    for face in (1, 2):
        g = game([vehicle(3, speed=9) | {"at": [24, 12], "models_at": [[24, 12]]}, unit("x", "red", (4, 40), (5, 40))],
                 dice=[2, 1], options={**OFF, "breakdown_face": face}, features=[rubble])
        do(g, "activate:v")
        moves = [a.id for a in g.legal_actions("blue") if a.id.startswith("move:v:")]
        shown = action_odds(g, "blue")
        across = Feature("r", "rubble", rubble["outline"])
        rough = [m for m in moves
                 if across.crossed_by(LineString([(24, 12), tuple(map(float, m.split(":")[2].split(",")))]))]
        assert rough and {m: shown[m].p for m in rough} == {m: Fraction(face, 6) for m in rough}
        assert all(m not in shown for m in moves if m not in rough)


def test_bon029_the_great_equalizer_s_extra_hits_are_counted_beside_the_fire_order() -> None:
    """BON-029: nine shots at a two-man squad: the hits past two go to a unit behind (house rule
    ``great_equalizer``), expected as the volley's figure; with the rule off they are lost, not shown."""
    def play(options: dict[str, Any]) -> Game:
        g = game([unit("A", "red", (2, 2), (10, 10), (12, 10), (14, 10), specialists=[{"kind": "lmg"}]),
                  unit("x", "blue", (46, 47), (11, 16))], dice=[1, 2], options={**OFF, **options})
        do(g, "activate:A")
        return g
    tns, models = engine(play({}), "fire:A:x")
    extra = volley(tns, models, "").figures["expected extra hits for the Great Equalizer"]
    assert extra > 0
    assert action_odds(play({}), "red")["fire:A:x"].text.endswith(f"; {tenths(extra)} extra for a unit behind "
                                                                  "(BON-029)")
    assert "extra" not in action_odds(play({"great_equalizer": False}), "red")["fire:A:x"].text


def engine_assault(g: Game, uid: str, key: str) -> list[dict[str, Fraction]]:
    """The engine's fight through an opening on a copy, each blow read as ``engine_blows`` reads it."""
    st = copy.deepcopy(g.state)
    bid, _, oid = key.partition(".")
    blows: list[dict[str, Fraction]] = []

    def strike(w: Any, a: Any, t: Any) -> list[Any]:
        odds = _strike(buildings.cc_tn(st, a, t)[0], a.cc_weapon and st.options.cc_reroll == "when_not_critical")
        others = sorted({e.id for e in [*combat.touching(st, a), *combat.touching(st, t)]} - {a.id, t.id})
        blows.append({t.id: odds["critical hit"] + odds["hit"]}
                     | {o: odds["critical miss"] / len(others) for o in others})
        return []
    with patch.object(combat, "strike", strike):
        buildings.fight_through(st, st.units[uid], st.houses[bid], st.houses[bid].openings[oid])
    return blows


@pytest.mark.parametrize("side", ["from outside", "from inside", "elite defenders"])
def test_bon096_fighting_through_a_door_shows_the_two_a_side_blows_at_tn_plus_2(side: str) -> None:
    """BON-096: three Red men at the door, three Blue inside: two strike from each side, at TN +2 (the
    man inside also has the house's cover, BON-114); the odds are the engine's own blows."""
    from breaking_of_nations.test_bon_ground_buildings import house

    blue = {"level": "elite"} if side == "elite defenders" else {}
    red_out = unit("A", "red", (9, 12), (9, 12.6), (9, 11.4))
    blue_in = unit("x", "blue", (0, 0), (0, 0), (0, 0), inside="house.west", **blue)
    if side == "from inside":
        red_out, blue_in = (unit("A", "red", (0, 0), (0, 0), (0, 0), inside="house.west"),
                            unit("x", "blue", (9, 12), (9, 12.6), (9, 11.4)))
    g = game([red_out, blue_in], dice=[1, 2], buildings=[house()], options=OFF)
    do(g, "activate:A")
    blows = engine_assault(g, "A", "house.door")
    assert len(blows) == 4
    shown = action_odds(g, "red")["assault:A:house.door"]
    assert (shown.p, shown.text) == melee_text(g, blows, "red")


def engine_battering(g: Game, uid: str, bid: str) -> list[tuple[int, int]]:
    """The engine's own shots at a building's walls on a copy: (TN, damage) of each, read off its log
    (every die a 1, so nothing falls and every shot is rolled; a natural 12 always hits)."""
    from riotact.rulesets.breaking_of_nations.tables import WEAPONS

    weapon = {m["id"]: m["weapon"] for m in seen_unit(g, uid)["models"]}
    return [(min(int(TN.search(e["text"])[1]), 12), WEAPONS[weapon[e["who"]]].damage)
            for e in played(g, f"batter:{uid}:{bid}", [1] * 60) if e["kind"] == "roll" and e["rule"] == "BON-093"]


@pytest.mark.parametrize("material", ["wooden", "stone"])
def test_bon093_fire_at_a_building_s_walls_shows_its_hits_dp_and_fall_as_the_engine_s_shots(material: str) -> None:
    """BON-093: six Elite riflemen (one with an LMG, BON-063) at the walls: TN = CV + range + firer;
    each hit takes its D from the DP (wooden 4, stone 5), and at 0 the house falls."""
    from breaking_of_nations.test_bon_ground_buildings import house

    g = game([unit("A", "red", (20, 12), *[(20 + 0.5 * i, 13) for i in range(1, 6)], level="elite",
                   specialists=[{"kind": "lmg"}]),
              unit("x", "blue", (0, 0), (0, 0), (0, 0), inside="house.west")],
             dice=[1, 2], buildings=[house(material=material)], options=OFF)
    do(g, "activate:A")
    shots = engine_battering(g, "A", "house")
    dp = umpire_sees(g)["buildings"][0]["dp"]
    total: dict[int, Fraction] = {0: Fraction(1)}
    for tn, damage in shots:
        p = Fraction(13 - tn, 12)
        nxt: dict[int, Fraction] = {}
        for k, q in total.items():
            nxt[k + damage] = nxt.get(k + damage, Fraction(0)) + q * p
            nxt[k] = nxt.get(k, Fraction(0)) + q * (1 - p)
        total = nxt
    lost = sum((min(k, dp) * q for k, q in total.items()), Fraction(0))
    falls = sum((q for k, q in total.items() if k >= dp), Fraction(0))
    shown = action_odds(g, "red")["batter:A:house"]
    assert len(shots) == 8 and shown.p == 1 - total[0]
    assert shown.text == (f"{percent(shown.p)} at least one hit on the walls, {float(lost):.1f} of its {dp} DP "
                          f"expected; {percent(falls)} it falls on those inside")


@pytest.mark.parametrize(("red_at", "shown"), [((22, 27.5), True), ((10, 10), False)])
def test_bon076_activating_an_mg_whose_ammunition_man_is_fighting_shows_its_ammunition_roll(
        red_at: tuple[float, float], shown: bool) -> None:
    """BON-076: the ammunition crewman in base contact with a Red man: at the MG's activation a D6 of
    7 - 1 = 6 runs it out (the engine's own target, read off a copy); out of contact, no roll, no odds."""
    g = game([unit("A", "red", (2, 2), red_at), unit("m", "blue", (20, 30), (19, 32), (22, 28.5), kind="mg",
                                                      facing=180)], dice=[2, 1], options=OFF)
    targets = [e["target"] for e in played(g, "activate:m", [1]) if e.get("rule") == "BON-076"
               and e["kind"] == "roll"]
    if shown:
        odds = action_odds(g, "blue")["activate:m"]
        assert odds.p == Fraction(7 - targets[0], 6) == Fraction(1, 6)
        assert odds.text == "17% the MG runs out of ammunition (turn 1 without its crewman: a D6 of 6+)"
    else:
        assert not targets and "activate:m" not in action_odds(g, "blue")


@pytest.mark.parametrize(("armour", "away"), [("minimal", 7.5), ("heavy", 5.5), ("heavy", 7.5)])
def test_bon079_bon083_bon084_a_cavalry_charge_shows_the_close_combat_where_the_riders_end(armour: str,
                                                                                            away: float) -> None:
    """BON-079..084: riders charge a Blue pair at the best gait open to them (a walk last turn: a
    canter, 8", or 6" in heavy armour, BON-084, too short for 7.5"), and strike at -1 (BON-083); the
    odds are the close combat after the engine's own charge."""
    g = game([unit("C", "red", (2, 2), (10, 10), (12, 10), kind="cavalry", soldiers=2, armour=armour),
              unit("x", "blue", (46, 47), (11, 10 + away), (13, 10 + away), facing=180)], dice=[1, 2], options=OFF)
    do(g, "activate:C")
    if armour == "heavy" and away > 6:
        assert "charge:C:x" not in [a.id for a in g.legal_actions("red")] + list(action_odds(g, "red"))
        return
    blows, after = engine_charge(g, "C", "x")
    shown = action_odds(g, "red")["charge:C:x"]
    some, words = melee_text(after, blows, "red")
    reached = sum(1 for m in after.state.members(after.state.units["C"]) if buildings.fighters(after.state, m))
    movers = len(movement.unit_movers(g.state, g.state.units["C"]))
    assert reached == 2 and (shown.p, shown.text) == (some, f"{reached} of {movers} reach contact; {words}")


@pytest.mark.parametrize(("chargers", "target", "facing"), [("civilian", "regular", 180), ("regular", "civilian", 180),
                                                            ("regular", "civilian", 0)])
def test_bon036_bon038_no_charge_odds_when_its_glory_trigger_panics_a_side_before_the_blows(
        chargers: str, target: str, facing: float) -> None:
    """BON-036: charging is a trigger for the chargers, a charge in the flank or rear one for the
    charged; BON-038: at GL 7 (Civilians start at 6+) the unit panics at once, its men's reactions
    rolled before the close combat, which the odds do not weigh: none are shown then. Charged from the
    front, Civilians stay at 6+ and the odds are shown."""
    def play() -> Game:
        g = game([unit("A", "red", (2, 2), (10, 10), (12, 10), (14, 10), (16, 10), level=chargers),
                  unit("x", "blue", (46, 47), (12, 17), (14, 17.5), facing=facing, level=target)],
                 dice=[1, 2], options=OFF)
        do(g, "activate:A")
        return g
    g = play()
    g.dice.extend([3] * 40)  # the panic reactions and the blows
    do(g, "charge:A:x")
    panicked = any(m["panic"] for u in umpire_sees(g)["units"] for m in u["models"])
    assert panicked is (chargers == "civilian" or facing == 0)
    assert ("charge:A:x" in action_odds(play(), "red")) is not panicked


def test_bon102_bon017_a_charge_along_a_lane_cut_through_the_wire_has_the_engine_s_odds() -> None:
    """BON-102: once the lane is through, the charge runs along it (the lanes' geometry is in the view);
    the odds are the close combat after the engine's own charge."""
    from breaking_of_nations.test_bon_wire import cut_through, raid

    g = raid()
    cut_through(g)
    assert g.view("red")["state"]["table"]["lanes"]
    blows, after = engine_charge(g, "C", "x")
    some, words = melee_text(after, blows, "red")
    shown = action_odds(g, "red")["charge:C:x"]
    assert shown.p == some and shown.text.endswith(words) and not shown.text.startswith("0 of")
