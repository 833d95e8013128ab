"""The gap defaults that were built in, now house rules: each played through ``Game`` with scripted
dice at its default and at its alternative (docs/rules/PP.md lists them)."""

from __future__ import annotations

import pytest

from public_participation import pp_support
from public_participation.pp_support import ch, do, figure, finish, markers, pos, rolls, texts, to_phase, wall


def mods(event: dict) -> list[tuple[int, str]]:
    return [(m["value"], m["reason"]) for m in event["modifiers"]]


def game(chars: list[dict], *, dice: list[int] | None = None, **kw):
    """The scripted dice, then sixes for whatever follows that the test does not look at."""
    return pp_support.game(chars, dice=None if dice is None else [*dice, *[6] * 30], **kw)


CROSSBOW = {"name": "crossbow", "kind": "firearm", "range": 20}  # no shots dice, no SDD on the card


def shoot(weapon: str, target: dict, *others: dict, dice: list[int], weapons=(), **kw):
    g = game([ch("R1", "red", (5, 2), weapons=[weapon]), target, *others], dice=dice, weapons=list(weapons), **kw)
    to_phase(g, "firing")
    do(g, f"fire:R1:{weapon}:{target['id']}")
    return g


@pytest.mark.parametrize(("options", "hit_rolls"), [({}, 1), ({"default_shots": 2}, 2)])
def test_pp09_a_crossbow_without_shots_dice_fires_default_shots(options, hit_rolls):
    g = shoot("crossbow", ch("B1", "blue", (5, 10)), dice=[1, 1, 6], weapons=[CROSSBOW], options=options)
    assert len(rolls(g, "PP-10")) == hit_rolls and not rolls(g, "PP-09")


@pytest.mark.parametrize(("options", "sdd"), [({}, []), ({"missile_sdd": -1}, [(-1, "crossbow SDD")])])
def test_pp13_a_missile_without_an_sdd_saves_at_missile_sdd(options, sdd):
    """Hit (5), Staggers (4), the save on the Piercing table carries the house rule's SDD."""
    g = shoot("crossbow", ch("B1", "blue", (5, 10)), dice=[5, 4, 6, 6, 6], weapons=[CROSSBOW], options=options)
    save = rolls(g, "PP-30")[0]
    assert "piercing" in save["text"] and mods(save) == sdd


@pytest.mark.parametrize(("options", "sdd"), [({}, []), ({"other_weapon_sdd": -2}, [(-2, "cudgel SDD")])])
def test_pp31_a_melee_weapon_without_an_sdd_saves_at_other_weapon_sdd(options, sdd):
    """A (+2, cudgel) 6 against B 1: B is Downed and saves against the cudgel."""
    cudgel = {"name": "cudgel", "kind": "melee", "table": "bludgeoning"}
    g = game([ch("A", "red", (5, 5), fight=2, weapons=["cudgel"]), ch("B", "blue", (5, 6.2))],
             weapons=[cudgel], dice=[6, 1, 6, 6, 6], options=options)
    finish(g)
    assert mods(rolls(g, "PP-30")[0]) == sdd


@pytest.mark.parametrize(("options", "factor"), [({}, -2), ({"heavy_cover": -1}, -1)])
def test_pp11_heavy_cover_is_its_own_class(options, factor):
    """A stone wall the scenario calls heavy cover; a hedge stays light (-1)."""
    stone = wall("stone", [(0, 9), (30, 9), (30, 9.5), (0, 9.5)], cover="heavy", name="the stone wall")
    g = shoot("rifle", ch("B1", "blue", (5, 10)), dice=[1, 6], features=[stone], options=options)
    assert (factor, "target in heavy cover (the stone wall)") in mods(rolls(g, "PP-10")[0])
    hedge = wall("hedge", [(0, 9), (30, 9), (30, 9.5), (0, 9.5)], cover="light", name="the hedge")
    g = shoot("rifle", ch("B1", "blue", (5, 10)), dice=[1, 6], features=[hedge], options=options)
    assert (-1, "target in cover (the hedge)") in mods(rolls(g, "PP-10")[0])


@pytest.mark.parametrize(("options", "cover"), [({}, False), ({"figures_in_the_way": "cover"}, True)])
def test_pp11_a_figure_across_the_line_of_fire_gives_cover_only_when_the_table_says_so(options, cover):
    g = shoot("rifle", ch("B1", "blue", (5, 14)), ch("B2", "blue", (5.2, 9)), ch("B3", "blue", (7, 9)), dice=[1],
              options=options)
    assert ((-1, "target in cover (B2 in the way)") in mods(rolls(g, "PP-10")[0])) is cover
    assert len([m for m in mods(rolls(g, "PP-10")[0]) if "cover" in m[1]]) == cover


@pytest.mark.parametrize(("options", "bonus"), [({}, False), ({"coup_de_grace": "point_blank"}, True)])
def test_pp11_a_shot_within_1_inch_at_a_standing_man_is_a_coup_de_grace_only_read_literally(options, bonus):
    g = game([ch("R1", "red", (5, 5), weapons=["rifle"]), ch("B1", "blue", (5, 6.8))], dice=[1, 3, 3, 3, 3],
             options=options)
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:B1")
    assert ((2, "coup de grace within 1\"") in mods(rolls(g, "PP-10")[0])) is bonus


@pytest.mark.parametrize(("options", "rested"), [({}, False), ({"rested": "still"}, True)])
def test_pp11_a_long_gun_not_moved_and_touching_nothing_is_rested_only_when_still_is_enough(options, rested):
    g = shoot("rifle", ch("B1", "blue", (5, 12)), dice=[1, 6], options=options)
    assert ((1, "rested long gun") in mods(rolls(g, "PP-10")[0])) is rested


@pytest.mark.parametrize(("options", "effect_rolls", "row"), [({}, 1, "Flinches"), ({"thrown_effect": "staggers"}, 0,
                                                                                     "Staggers")])
def test_pp15_a_stone_hit_is_judged_by_the_hit_effect_die_or_always_staggers(options, effect_rolls, row):
    g = game([ch("R1", "red", (5, 5), throwables={"stone": 1}), ch("B1", "blue", (5, 8))], dice=[6, 1, 6, 6, 6],
             options=options)
    to_phase(g, "firing")
    do(g, "throw:R1:stone:B1")
    assert len(rolls(g, "PP-15")) == effect_rolls
    save = rolls(g, "PP-30")[0]
    assert save["text"].split("saving throw: ")[1].startswith(f"{row}, bludgeoning")


@pytest.mark.parametrize(("options", "table"), [({}, "piercing"), ({"blast_table": "bludgeoning"}, "bludgeoning")])
def test_pp18_the_blast_is_saved_on_the_blast_table(options, table):
    """The stick hits its aiming point 2" from B (no one within 1" to kick it): B is hit at 1.5"."""
    g = game([ch("R1", "red", (5, 2), throwables={"dynamite": 1}), ch("B1", "blue", (5, 10))],
             dice=[6, 4, 6, 6], options=options)
    to_phase(g, "firing")
    do(g, "bomb:R1:dynamite:5.0,8.0")
    save = rolls(g, "PP-30")[0]
    assert save["who"] == "B1" and f"Staggers, {table}" in save["text"]


@pytest.mark.parametrize(("options", "kicks"), [({}, 1), ({"kick_attempts": 2}, 2)])
def test_pp19_a_failed_kick_may_be_tried_again_only_with_more_attempts(options, kicks):
    """B1 stands on the aiming point: a 1 is a failed kick (D6-3 = -2)."""
    g = game([ch("R1", "red", (5, 2), throwables={"dynamite": 1}), ch("B1", "blue", (5, 7))],
             dice=[6, 1, 1], options=options)
    to_phase(g, "firing")
    do(g, "bomb:R1:dynamite:5.0,7.0")
    g.apply("blue", "kick:B1:1")
    if kicks == 2:
        assert [a.id for a in g.legal_actions("blue")][-1] == "nokick:B1"
        g.apply("blue", "kick:B1:1")
    assert len(rolls(g, "PP-19")) == kicks and "The dynamite explodes" in texts(g, "blue")


@pytest.mark.parametrize(("options", "turns"), [({}, [1, 2, 3]), ({"gas_reroll": False}, [1])])
def test_pp20_a_head_still_in_the_cloud_rolls_as_it_forms_and_in_each_later_move_unless_only_at_forming(
        options, turns):
    """PP-20 gap: the cloud forms in move 1 and lasts 3 moves; B1 (who cannot move) rolls as it forms and
    once in each of moves 2 and 3, not a second time in move 1."""
    g = game([ch("R1", "red", (5, 2), throwables={"gas bomb": 1}), ch("B1", "blue", (5, 7), move=0)],
             dice=[6, 6, 6, 6], moves=3, options=options)
    to_phase(g, "firing")
    do(g, "bomb:R1:gas-bomb:5.0,7.0")
    finish(g)
    assert [r["turn"] for r in rolls(g, "PP-20")] == turns
    assert "The gas cloud at (5.0, 7.0) clears." in texts(g, "blue")


def test_pp20_a_cloud_drifts_by_the_arrow_die_and_half_a_d6_when_the_table_says_so():
    """The cloud at (5, 7) drifts north (arrow 1) 2" (a 4) at the end of move 1: B1 at (5, 9.5) is still in
    it and rolls again, B2 at (7.5, 6.2) is out of it."""
    g = game([ch("R1", "red", (5, 2), throwables={"gas bomb": 1}), ch("B1", "blue", (5, 9.5), move=0),
              ch("B2", "blue", (7.5, 6.2), move=0)],
             dice=[6, 6, 6, 1, 4, 6, 6], moves=2, options={"gas_drift": "arrow"})
    to_phase(g, "firing")
    do(g, "bomb:R1:gas-bomb:5.0,7.0")
    finish(g)
    drift = next(e for e in g.log.events if e["kind"] == "effect" and "drifts" in e["text"])
    assert drift["template"]["y"] == 9.0 and drift["scatter"] == {"from": [5.0, 7.0], "to": [5.0, 9.0]}
    gas = [r for r in rolls(g, "PP-20") if "gas (3" in r["text"]]
    assert [r["who"] for r in gas if r["seq"] < drift["seq"]] == ["B1", "B2"]  # as the cloud forms
    assert [r["who"] for r in gas if r["seq"] > drift["seq"]][:1] == ["B1"] and "B2" not in [
        r["who"] for r in gas if r["seq"] > drift["seq"]]
    g = game([ch("R1", "red", (5, 2), throwables={"gas bomb": 1}), ch("B1", "blue", (5, 9.5), move=0)],
             dice=[6, 6, 6], moves=2)
    to_phase(g, "firing")
    do(g, "bomb:R1:gas-bomb:5.0,7.0")
    finish(g)
    assert not any("drifts" in e["text"] for e in g.log.events)


@pytest.mark.parametrize(("options", "total"), [({}, 4), ({"mounted_charge": "adds"}, 5)])
def test_pp22_a_mounted_charge_replaces_charging_or_adds_to_it(options, total):
    g = game([ch("A", "red", (5, 2), mounted=True), ch("B", "blue", (5, 6))], dice=[3, 3, 3, 3],
             options={"surprise": "off", **options})
    do(g, "move:A:5.0,4.8")
    finish(g)
    first = next(r for r in rolls(g, "PP-21") if r["who"] == "A")
    assert sum(v for v, _ in mods(first)) == total


@pytest.mark.parametrize(("options", "victim"), [({}, None), ({"group_loss": "best"}, "A1")])
def test_pp23_a_groups_loss_falls_at_random_or_on_its_best_fighter(options, victim):
    """B (+3) 6 against A1 (+1) and A2: the group's mean 1 + 2 + 1 = 4 loses by 5: Downed."""
    g = game([ch("A1", "red", (5, 6.2), fight=1), ch("A2", "red", (6.2, 5)), ch("B", "blue", (5, 5), fight=3)],
             dice=[6, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6], options=options)
    finish(g)
    chosen = [e for e in g.log.events if e.get("rule") == "PP-23" and "choice" in e]
    if victim is None:
        assert chosen and rolls(g, "PP-30")[0]["who"] == chosen[0]["choice"]
    else:
        assert not chosen and rolls(g, "PP-30")[0]["who"] == victim


def test_pp23_two_against_two_split_one_to_one_or_fought_side_against_side():
    """A1 touches B1 and B2, A2 touches B2: not N to one. Split (default): A1-B1 and A2-B2, one die
    each; side against side: each side rolls two dice, the mean, no bonus at 2 to 2."""
    chars = [ch("A1", "red", (5, 5)), ch("A2", "red", (7.4, 5)), ch("B1", "blue", (5, 6.2)),
             ch("B2", "blue", (6.2, 5))]
    g = game(chars, dice=[3] * 12)
    finish(g)
    assert len(rolls(g, "PP-21")) == 8 and not rolls(g, "PP-23")
    g = game(chars, dice=[3] * 12, options={"uneven_fights": "sides"})
    finish(g)
    group = [e["text"] for e in g.log.events if e.get("rule") == "PP-23" and e["kind"] == "effect"]
    assert not rolls(g, "PP-21") and len(rolls(g, "PP-23")) == 4
    assert group[0].startswith("A1 and A2: mean of the dice 3 (rounded down), +0 for 2 to 2")


@pytest.mark.parametrize(("options", "state"), [({}, "BI"), ({"wound_totals": False}, "LI")])
def test_pp29_two_lis_add_up_to_bi_or_the_worst_wound_counts(options, state):
    g = game([ch("R1", "red", (5, 2), weapons=["revolver"]), ch("B1", "blue", (5, 8))],
             dice=[2, 6, 1, 4, 6, 1, 4, 6], options=options)
    to_phase(g, "firing")
    do(g, "fire:R1:revolver:B1")
    assert figure(g, "B1")["wound"] == state


@pytest.mark.parametrize(("options", "table"), [({}, "piercing"), ({"fight_save": "bludgeoning"}, "bludgeoning")])
def test_pp30_a_knife_fights_loss_is_saved_on_the_knifes_table_or_on_bludgeoning(options, table):
    g = game([ch("A", "red", (5, 5), weapons=["knife"]), ch("B", "blue", (5, 6.2))], dice=[4, 3, 6, 3, 3, 6],
             options=options)
    finish(g)
    save = rolls(g, "PP-30")[0]
    assert f"Flinches, {table} (knife)" in save["text"] and mods(save) == [(1, "knife SDD")]


@pytest.mark.parametrize(("options", "groggy_in_move_4"), [({}, False), ({"groggy_moves": 2}, True)])
def test_pp36_groggy_lasts_one_move_or_more(options, groggy_in_move_4):
    """Downed, 3 on the Downed row: stunned; recovers on a 6 at the end of move 1: groggy in move 2."""
    g = game([ch("A", "red", (5, 5)), ch("B", "blue", (5, 6.2))], moves=4, dice=[6, 1, 3, 6] + [6] * 20,
             options={"downed_rises": False, **options})
    finish(g)
    groggy = {r["turn"] for r in rolls(g, "PP-21") if r["who"] == "B" and (-1, "groggy") in mods(r)}
    assert groggy == ({2, 3} if groggy_in_move_4 else {2})


@pytest.mark.parametrize(("options", "throws"), [({}, 1), ({"initial_shooting": "each_move"}, 2)])
def test_pp37_the_initial_shooting_tests_once_or_in_every_move(options, throws):
    """A rifle misses in move 1 and in move 2; W, 8" away, throws 6 each time he must."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 25)), ch("W", "blue", (13, 2))],
             dice=[1, 6, 6, 1, 6, 6], moves=2, options=options)
    for move in (1, 2):
        to_phase(g, "firing", move=move)
        do(g, "fire:R1:rifle:B1")
    finish(g)
    assert [r["who"] for r in rolls(g, "PP-39")].count("W") == throws


@pytest.mark.parametrize(("options", "friend_tests"), [({}, True), ({"routs": "terrified"}, False)])
def test_pp37_a_friend_who_faints_routs_only_when_faint_counts(options, friend_tests):
    """Move 1: a missed shot at B1 tests B1, FAINT (ADT -2) and Z, who both hold. Move 2: FAINT is hit, LI,
    throws 1 - 2 - 1 = -2: Faint (for a D6 of 3 moves); Z, 3" from him, tests again only if that is a rout."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 25)),
              ch("FAINT", "blue", (5, 8), adt=-2), ch("Z", "blue", (8, 8))],
             dice=[1, 6, 6, 6, 6, 1, 4, 1, 3], moves=2, options=options)
    for move in (1, 2):
        to_phase(g, "firing", move=move)
        do(g, f"fire:R1:rifle:{'B1' if move == 1 else 'FAINT'}")
    finish(g)
    assert "unconscious" in markers(g, "FAINT")  # in move 2
    assert ("Z" in [r["who"] for r in rolls(g, "PP-39") if r["turn"] == 2]) is friend_tests


@pytest.mark.parametrize(("options", "may_move"), [({}, False), ({"obedient": "controlled"}, True)])
def test_pp41_an_obedient_man_without_an_order_holds_or_acts_as_controlled(options, may_move):
    """FOL (Follower) throws 5 after the shot: Obedient."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 25)),
              ch("FOL", "blue", (9, 9), morale="follower")], dice=[1, 5], moves=2, options=options)
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:B1")
    to_phase(g, "moving", move=2)
    assert figure(g, "FOL")["morale"] == "O"  # Obedient
    if "blue" not in g.to_act():
        g.apply("red", "done")
    assert any(a.id.startswith("move:FOL") for a in g.legal_actions("blue")) is may_move


@pytest.mark.parametrize(("options", "may_fire"), [({}, False), ({"panicked_fires": True}, True)])
def test_pp43_a_panicked_man_holds_his_fire_unless_the_table_lets_him_shoot(options, may_fire):
    """P (Normal, pistol: armed +1) throws 0 + 1 = 1 after the first shot: Panicked next move."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("P", "blue", (5, 10), weapons=["pistol"], adt=-1)],
             dice=[1, 1, 6], moves=2, options=options)
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:P")
    to_phase(g, "firing", move=2)
    assert "Panicked" in markers(g, "P")  # from move 2
    legal = [a.id for a in g.legal_actions("blue")] if "blue" in g.to_act() else []
    assert any(a.startswith("fire:P") for a in legal) is may_fire


@pytest.mark.parametrize(("options", "faint_rolls", "out_in_move_3"), [({}, 1, True), ({"faint_moves": "1"}, 0, False)])
def test_pp45_a_faint_lasts_d6_moves_or_one(options, faint_rolls, out_in_move_3):
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("FAINT", "blue", (5, 8), adt=-2)],
             dice=[1, 1, 3], options=options, moves=3)
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:FAINT")
    to_phase(g, "moving", move=2)
    assert len(rolls(g, "PP-45")) == faint_rolls and "unconscious" in markers(g, "FAINT")
    to_phase(g, "moving", move=3)
    assert ("unconscious" in markers(g, "FAINT")) is out_in_move_3


@pytest.mark.parametrize(("options", "total"), [({}, 5), ({"named_nerve": False}, 3)])
def test_pp47_a_named_character_has_plus_2_to_nerve_unless_the_table_says_not(options, total):
    gap = wall("gap", [(0, 7), (30, 7), (30, 8), (0, 8)], risky="leap the gap", name="the gap")
    g = game([ch("R1", "red", (5, 5), named=True), ch("B1", "blue", (25, 25))], features=[gap], dice=[3],
             options=options)
    g.apply("red", "move:R1:5.0,9.0")
    assert rolls(g, "PP-46")[0]["total"] == total


def test_pp48_who_loses_his_nerve_is_offered_a_step_back_of_up_to_1_inch_or_to_stay():
    """Default: a 4 fails; he may step back 1" (straight back or to either side) or cower where he is."""
    gap = wall("gap", [(0, 7), (30, 7), (30, 8), (0, 8)], risky="leap the gap", name="the gap")
    g = game([ch("R1", "red", (5, 5)), ch("B1", "blue", (25, 25))], features=[gap], dice=[4])
    g.apply("red", "move:R1:5.0,9.0")
    legal = [a.id for a in g.legal_actions("red")]
    assert legal == ["back:R1:5.0,4.0", "back:R1:5.9,4.5", "back:R1:4.1,4.5", "stay:R1"]
    g.apply("red", "back:R1:5.0,4.0")
    assert pos(g, "R1") == (5.0, 4.0) and "R1 cowers back 1.0\" to (5.0,4.0)." in texts(g, "red")
    assert "R1 cowers back" in texts(g, "blue") or "R1" not in {c["id"] for c in g.view("blue")["state"]["characters"]}
    to_phase(g, "firing")
    assert pos(g, "R1") == (5.0, 4.0)
    g = game([ch("R1", "red", (5, 5)), ch("B1", "blue", (25, 25))], features=[gap], dice=[4],
             options={"nerve_step_back": 0.0})
    g.apply("red", "move:R1:5.0,9.0")
    assert not any(a.id.startswith(("back:", "stay:")) for a in g.legal_actions("red"))


@pytest.mark.parametrize(("options", "allowed"), [({}, False), ({"short_of_movement": "stop_on_it"}, True)])
def test_pp06_too_little_movement_to_cross_is_refused_or_stops_on_the_obstacle(options, allowed):
    """A 2" man (runs 4") 3.2" onto a difficult fence (3"): 6.2" by default, out of reach."""
    fence = wall("fence", [(0, 8), (30, 8), (30, 9), (0, 9)], obstacle="difficult", name="the fence")
    g = game([ch("R1", "red", (5, 5), move=2), ch("B1", "blue", (25, 25))], features=[fence], options=options)
    if allowed:
        g.apply("red", "move:R1:5.0,8.2")
        assert pos(g, "R1") == (5.0, 8.2)
    else:
        assert "out of reach" in g.why_illegal("red", "move:R1:5.0,8.2")


def test_every_house_rule_is_listed_on_the_rules_page():
    from pathlib import Path

    from riotact.rulesets import get_ruleset

    page = (Path(__file__).parents[2] / "docs" / "rules" / "PP.md").read_text()
    missing = [r.key for r in get_ruleset("public-participation").house_rules if f"| `{r.key}` |" not in page]
    assert not missing
