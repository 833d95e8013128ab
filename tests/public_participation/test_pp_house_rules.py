"""House rules: the catalogue's gap defaults, each overridable (docs/rules/PP.md lists them all)."""

from __future__ import annotations

import pytest

from public_participation.pp_support import WALL, card, ch, do, finish, game, markers, pos, rolls, texts, to_phase, wall
from riotact.core import OptionError
from riotact.rulesets import get_ruleset
from support import umpire_sees


def mods(event: dict) -> list[tuple[int, str]]:
    return [(m["value"], m["reason"]) for m in event["modifiers"]]


def test_every_house_rule_names_its_catalogue_rule_and_bad_values_are_one_line_errors():
    spec = get_ruleset("public-participation")
    assert all(r.rule.startswith("PP-") and r.text for r in spec.house_rules)
    with pytest.raises(OptionError, match="fight_table"):
        game([ch("A", "red", (5, 5)), ch("B", "blue", (9, 9))], options={"fight_table": "third"})


def test_pp01_seat_order_lets_a_seat_move_all_its_characters_before_the_next():
    g = game([ch("R1", "red", (5, 5)), ch("R2", "red", (7, 5)), ch("B1", "blue", (25, 25))],
             options={"turn_order": "seat_order"})
    g.apply("red", "hold:R1")
    assert g.to_act() == ("red",)
    g = game([ch("R1", "red", (5, 5)), ch("R2", "red", (7, 5)), ch("B1", "blue", (25, 25))])
    g.apply("red", "hold:R1")
    assert g.to_act() == ("blue",)  # PP-01 gap default: the seats alternate


def test_pp03_doubling_before_the_deductions():
    g = game([ch("R1", "red", (5, 5), load="heavy"), ch("B1", "blue", (25, 25))],
             options={"move_reductions": "double_then_deduct"})
    assert card(g, "R1")["run"] == 9


def test_pp04_one_man_may_carry_a_really_heavy_load_when_the_table_allows():
    g = game([ch("C1", "red", (10, 5), load="really_heavy"), ch("B1", "blue", (25, 25))],
             options={"one_man_really_heavy": True})
    g.apply("red", "move:C1:10.0,8.0")
    assert pos(g, "C1") == (10.0, 8.0)


def test_pp05_one_speaking_round():
    g = game([ch("A", "red", (5, 5)), ch("B", "blue", (25, 25))], options={"speaking_rounds": 1})
    finish(g)
    assert "speaking round 2" not in texts(g)


def test_pp08_the_attack_penalty_added_to_the_opportunity_penalty():
    g = game([ch("R1", "red", (10, 10), weapons=["pistol"]), ch("B1", "blue", (10, 14))], dice=[2, 1],
             options={"opportunity_attacked": "add"})
    do(g, "move:B1:10.0,11.1")
    g.apply("red", "opp:R1:B1")
    assert sum(v for v, _ in mods(rolls(g, "PP-10")[0])) == -3


def test_pp10_other_scores_to_hit():
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 12))], dice=[1, 6],
             options={"hit_half_range": 3})
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:B1")
    assert rolls(g, "PP-10")[0]["target"] == 3


def test_pp14_no_melee_bonus_to_throwing_range():
    g = game([ch("R1", "red", (5, 5), fight=2, throwables={"stone": 1}), ch("B1", "blue", (5, 15))],
             options={"throw_range_melee": False})
    to_phase(g, "firing")
    assert not any(a.id.startswith("throw") for a in g.legal_actions("red"))
    g = game([ch("R1", "red", (5, 5), fight=2, throwables={"stone": 1}), ch("B1", "blue", (5, 15))])
    to_phase(g, "firing")
    assert "throw:R1:stone:B1" in [a.id for a in g.legal_actions("red")]  # 8 + 2 = 10" by default


def test_pp15_a_thrown_spear_on_the_piercing_table():
    g = game([ch("R1", "red", (5, 5), throwables={"spear": 1}), ch("B1", "blue", (5, 8))], dice=[6, 3, 6, 6, 6],
             options={"spear_table": "piercing"})
    to_phase(g, "firing")
    do(g, "throw:R1:spear:B1")
    assert "piercing" in rolls(g, "PP-30")[0]["text"] and rolls(g, "PP-30")[0]["result"] == "LI"


def test_pp16_the_sheets_second_placement_method():
    """D6 -1 at full range: 5 - 1 = 4: 0.75" away, in the arrow die's direction (1: north)."""
    g = game([ch("R1", "red", (5, 5), throwables={"dynamite": 1}), ch("B1", "blue", (25, 25))],
             dice=[5, 1], options={"exploding_point": "placement"})
    to_phase(g, "firing")
    do(g, "bomb:R1:dynamite:5.0,10.0")
    assert next(e for e in g.log.events if e.get("scatter"))["scatter"]["to"] == [5.0, 10.75]


def test_pp17_a_natural_1_only_misses():
    g = game([ch("R1", "red", (5, 5), throwables={"gas bomb": 1}), ch("B1", "blue", (25, 25))],
             dice=[1, 1, 2], options={"explosive_natural_one": "miss"})
    to_phase(g, "firing")
    do(g, "bomb:R1:gas-bomb:5.0,9.0")
    clouds = umpire_sees(g)["clouds"]
    assert clouds and clouds[0]["y"] == 10.0


def test_pp19_kicking_dynamite_away_takes_nerve():
    g = game([ch("R1", "red", (5, 5), throwables={"dynamite": 1}), ch("K", "blue", (5, 11))],
             dice=[6, 4, 1, 6], options={"kick_nerve": True})
    to_phase(g, "firing")
    do(g, "bomb:R1:dynamite:5.0,10.0")
    g.apply("blue", "kick:K:3")
    assert rolls(g, "PP-46")[0]["result"] == "fail" and not rolls(g, "PP-19")


def test_pp20_a_cloud_lasting_one_move_clears_at_its_end_and_the_gassed_wake_d6_moves_later():
    """H3 rolls 3 in the cloud: unconscious; the cloud clears at the end of move 1; a 2: awake after move 3."""
    g = game([ch("R1", "red", (5, 5), throwables={"gas bomb": 1}), ch("H3", "blue", (5, 10))],
             dice=[4, 3, 2], options={"gas_moves": 1}, moves=4)
    to_phase(g, "firing")
    do(g, "bomb:R1:gas-bomb:5.0,10.0")
    to_phase(g, "moving", move=3)
    assert not umpire_sees(g)["clouds"] and "clears" in texts(g)
    assert "unconscious" in markers(g, "H3")
    to_phase(g, "moving", move=4)
    assert "unconscious" not in markers(g, "H3")


def test_pp22_no_surprise():
    g = game([ch("A", "red", (8, 3)), ch("B", "blue", (12, 7.5))], features=[WALL], dice=[3, 4, 3, 3],
             options={"surprise": "off"})
    do(g, "move:A:11.2,8.4")
    finish(g)
    assert mods(rolls(g, "PP-21")[0]) == [(0, "A's fighting value"), (1, "charging")]


def test_pp24_the_less_deadly_table_makes_minus_2_a_flinch():
    g = game([ch("A", "red", (5, 5), fight=2), ch("B", "blue", (5, 6.2))], dice=[3, 3, 6, 1, 3, 6],
             options={"fight_table": "second"})
    finish(g)
    assert "Round 1: B 3 against 5, a difference of -2: Flinches." in texts(g)


def test_pp38_the_morale_tables_wound_values_and_elite_with_trained():
    """PP-38 gap (a): BI is -3 on the morale table; (d) Elite and Trained may be added together."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 12), training="elite")],
             dice=[4, 3, 4, 6], options={"wound_morale": "table", "elite_replaces_trained": False})
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:B1")
    finish(g)
    assert {(-3, "BI"), (2, "Elite"), (1, "Trained")} <= set(mods(rolls(g, "PP-39")[0]))


def test_pp38_the_scariest_thing_within_9_inches_counts_once():
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 12)),
              ch("BEAR", "green", (12, 12), fright=2, npc=True), ch("DOG", "green", (13, 12), fright=1, npc=True)],
             seats=["red", "blue", "green"], dice=[1, 6, 6, 6])
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:B1")
    finish(g)
    b1 = next(r for r in rolls(g, "PP-39") if r["who"] == "B1")
    assert [(v, r) for v, r in mods(b1) if "Fright" in r] == [(-2, "Fright Value of BEAR within 9\"")]


def test_pp44_terrified_men_need_not_throw_again():
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("HERO", "blue", (12, 5), morale="heroes", adt=-2)],
             moves=2, dice=[1, 1], options={"terrified_retest": False})
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:HERO")
    finish(g)
    assert len([r for r in rolls(g, "PP-39") if r["who"] == "HERO"]) == 1


def test_pp47_lots_of_times_from_two():
    gap = wall("gap", [(0, 7), (30, 7), (30, 8), (0, 8)], risky="leap the gap")
    g = game([ch("R1", "red", (5, 5), done_before={"leap the gap": 2}), ch("B1", "blue", (25, 25))],
             features=[gap], dice=[3], options={"lots_of_times": 2})
    g.apply("red", "move:R1:5.0,9.0")
    assert mods(rolls(g, "PP-46")[0]) == [(2, "done it lots of times")]


def test_pp22_charge_bonuses_for_two_rounds():
    g = game([ch("A", "red", (8, 3)), ch("B", "blue", (12, 7.5))], features=[WALL], dice=[1, 4, 1, 4],
             options={"charge_rounds": 2})
    do(g, "move:A:11.2,8.4")
    finish(g)
    a1, a2 = [r for r in rolls(g, "PP-21") if r["who"] == "A"]
    assert (1, "charging") in mods(a1) and (1, "charging") in mods(a2)


def test_pp23_the_groups_mean_rounded_to_nearest():
    g = game([ch("A1", "red", (5, 6.2)), ch("A2", "red", (6.2, 5)), ch("B", "blue", (5, 5))],
             dice=[6, 3, 6, 4, 1, 1, 1, 4], options={"outnumber_mean": "nearest"})
    finish(g)
    assert any("mean of the dice 5 (rounded nearest)" in e["text"] for e in g.log.events)


def test_pp33_a_downed_man_may_act_next_move_when_the_table_says_so():
    g = game([ch("A", "red", (5, 5), fight=1), ch("B", "blue", (5, 6.2), fight=-1)], dice=[4, 3, 4, 6],
             options={"downed_rises": False}, moves=2)
    to_phase(g, "moving", move=2)
    assert "down for the rest of this move" in texts(g) and not markers(g, "B") & {"down", "rising"}


def test_pp38_every_scary_thing_within_9_inches_adds_up():
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 12)),
              ch("BEAR", "green", (12, 12), fright=2, npc=True), ch("DOG", "green", (13, 12), fright=1, npc=True)],
             seats=["red", "blue", "green"], dice=[1, 6, 6, 6], options={"fright": "all"})
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:B1")
    finish(g)
    b1 = next(r for r in rolls(g, "PP-39") if r["who"] == "B1")
    assert sum(v for v, r in mods(b1) if "Fright" in r) == -3


def test_pp44_a_terrified_man_in_contact_cowers_instead_of_surrendering():
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("A", "red", (12, 5), fight=-5),
              ch("HERO", "blue", (12, 6.2), morale="heroes", adt=-2, fight=-5)], moves=2,
             dice=[1, 3, 3, 3, 3, 6, 1], options={"terrified_in_contact": "cower"})
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:HERO")
    to_phase(g, "moving", move=2)
    assert "cowering" in markers(g, "HERO") and "surrendered" not in markers(g, "HERO")
