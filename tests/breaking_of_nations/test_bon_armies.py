"""Army lists and their validation (BON-010, BON-044..BON-051, BON-055), as a scenario author meets them."""

from __future__ import annotations

import copy

import pytest

from breaking_of_nations.bon_support import BASE, feature
from riotact.core import ScenarioError, parse_scenario
from riotact.rulesets.breaking_of_nations.armies import army_totals


def squad(uid: str = "A", seat: str = "red", **kw) -> dict:
    return {"id": uid, "name": f"squad {uid}", "seat": seat, "at": [10, 10], **kw}


def load(units: list[dict], **setup) -> object:
    data = copy.deepcopy(BASE)
    data["setup"].update(setup, units=[*units, squad("x", "blue", at=[10, 40])])
    return parse_scenario(data, "army.toml")


def test_bon010_bon045_a_list_costs_soldiers_plus_weapons() -> None:
    """BON-010, BON-045: a list costs soldiers plus weapons."""
    sc = load([squad(level="regular", specialists=[{"kind": "lmg"}], radio=True)])
    # officer 3 + nine Regulars 27 + LMG 3 + radio 1 (BON-010 gap costs)
    assert army_totals(sc.setup)["red"] == 34


def test_bon010_the_points_limit_is_enforced_with_the_total() -> None:
    """BON-010: the points limit is enforced with the total."""
    with pytest.raises(ScenarioError, match=r"seat red: the army list costs 34 CU, over the scenario's limit of 33 "
                                            r"\(BON-010\)"):
        load([squad(specialists=[{"kind": "lmg"}], radio=True)], points_limit=33)


def test_bon044_a_squad_is_an_officer_and_nine_soldiers() -> None:
    """BON-044: a squad is an officer and nine soldiers."""
    load([squad(soldiers=9)])
    for n in (8, 10):
        with pytest.raises(ScenarioError, match=f"nine soldiers.*BON-044.*it has {n} soldiers"):
            load([squad(soldiers=n)])


def test_bon046_a_historical_specialist_squad_is_exempt() -> None:
    """BON-046: a historical specialist squad is exempt."""
    load([squad(soldiers=7, historical=True, specialists=[{"kind": "lmg"}] * 3)])


def test_bon045_at_most_two_specialists_and_bon051_the_radio_man_is_not_one() -> None:
    """BON-045, BON-051: at most two specialists and the radio man is not one."""
    load([squad(specialists=[{"kind": "lmg"}, {"kind": "grenadier"}], radio=True)])
    with pytest.raises(ScenarioError, match=r"at most 2 specialists in a squad \(BON-045\); it has 3"):
        load([squad(specialists=[{"kind": "lmg"}, {"kind": "grenadier"}, {"kind": "medic"}])])


def test_bon050_a_hero_with_a_specialist_weapon_leaves_room_for_one() -> None:
    """BON-050: a hero with a specialist weapon leaves room for one."""
    load([squad(hero_weapon="lmg", specialists=[{"kind": "grenadier"}])])
    with pytest.raises(ScenarioError, match=r"at most 1 specialist in a squad with a hero carrying .*BON-050"):
        load([squad(hero_weapon="lmg", specialists=[{"kind": "grenadier"}, {"kind": "lmg"}])])


def test_bon047_a_hero_is_never_better_than_his_squad() -> None:
    """BON-047: a hero is never better than his squad."""
    load([squad(level="veteran", hero_level="green")])
    with pytest.raises(ScenarioError, match=r"never has higher stats than his squad \(BON-047\)"):
        load([squad(level="green", hero_level="elite")])


def test_bon055_only_heroes_carry_close_combat_weapons_on_an_entrenched_board() -> None:
    """BON-055: only heroes carry close combat weapons on an entrenched board."""
    trench = feature("trench", "trench", [(0, 20), (48, 20), (48, 22), (0, 22)])
    load([squad(hero_weapon="cc_weapon")], features=[trench])
    load([squad(cc_weapons=2)])
    with pytest.raises(ScenarioError, match=r"only heroes may have close-combat weapons \(BON-055\)"):
        load([squad(cc_weapons=2)], features=[trench])


def test_bon036_a_banner_is_borne_by_an_ordinary_soldier_of_a_squad_or_cavalry_at_no_cost() -> None:
    """BON-036: a squad may field a banner at no cost (the seed gives none); an MG team may not, nor a
    squad whose soldiers are all specialists or the radio man; the army builder offers the field."""
    from riotact.rulesets.breaking_of_nations.armies import unit_form

    assert army_totals(load([squad(banner=True)]).setup) == army_totals(load([squad()]).setup)
    with pytest.raises(ScenarioError, match=r"unit m: a banner is borne by a soldier of a squad or a rider "
                                            r"\(BON-036\), not in a mg unit"):
        load([squad("m", kind="mg", banner=True)])
    with pytest.raises(ScenarioError, match=r"unit A: a banner needs an ordinary soldier to bear it \(BON-036\)"):
        load([squad(soldiers=2, historical=True, specialists=[{"kind": "lmg"}], radio=True, banner=True)])
    assert next(f for f in unit_form() if f["name"] == "banner")["kind"] == "bool"
