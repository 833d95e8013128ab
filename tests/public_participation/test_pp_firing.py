"""Firing (PP-08 to PP-13) and throwing (PP-14 to PP-20), played through ``Game`` with scripted dice."""

from __future__ import annotations

from public_participation.pp_support import card, ch, do, figure, game, markers, pos, rolls, texts, to_phase, wall
from support import umpire_sees

HEDGE = wall("hedge", [(3, 11), (7, 11), (7, 13), (3, 13)], cover=True, name="the hedge")


def mods(event: dict) -> list[tuple[int, str]]:
    return [(m["value"], m["reason"]) for m in event["modifiers"]]


def test_pp10_pp11_good_shot_at_a_target_in_cover_rolls_an_unmodified_d6_then_pp12_pp13_pp30_rifle_save():
    """PP-10/11: +1 good shot, -1 cover: a natural 4 is 4, a hit at 4+ within half range. PP-12: a 4
    Staggers. PP-13/PP-30: the rifle's -1 on the Piercing table: 6 - 1 = 5, the Staggers row's 5+: LI."""
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"], shooting="good"), ch("B1", "blue", (5, 12))],
             features=[HEDGE], dice=[4, 4, 6, 6, 2])
    to_phase(g, "firing")
    assert not any(a.id.startswith("fire") for a in g.legal_actions("blue"))
    do(g, "fire:R1:rifle:B1")
    shot = rolls(g, "PP-10")[0]
    assert shot["dice"] == [4] and shot["total"] == 4 and shot["result"] == "pass"
    assert (1, "good shot") in mods(shot) and (-1, "target in cover (the hedge)") in mods(shot)
    assert rolls(g, "PP-12")[0]["result"] == "Staggers"
    save = rolls(g, "PP-30")[0]
    assert save["total"] == 5 and save["result"] == "LI" and mods(save) == [(-1, "rifle SDD")]
    assert figure(g, "B1")["wound"] == "LI"


def test_pp11_poor_shot_who_moved_3_at_a_target_in_cover_has_minus_3():
    g = game([ch("R1", "red", (5, 0), weapons=["rifle"], shooting="poor"), ch("B1", "blue", (5, 12))],
             features=[HEDGE], dice=[6, 1, 5, 6, 6])
    do(g, "move:R1:5.0,3.0")
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:B1")
    shot = rolls(g, "PP-10")[0]
    assert sum(v for v, _ in mods(shot)) == -3 and shot["total"] == 3


def test_pp09_the_shots_dice_set_the_number_of_hit_rolls_and_a_card_without_them_fires_once():
    """PP-09: a revolver's D6 shows 3: three hit rolls; a rifle (shots "1") rolls once."""
    g = game([ch("R1", "red", (5, 2), weapons=["revolver"]), ch("B1", "blue", (5, 12))],
             dice=[3, 1, 1, 1, 6])
    to_phase(g, "firing")
    do(g, "fire:R1:revolver:B1")
    assert rolls(g, "PP-09")[0]["total"] == 3 and len(rolls(g, "PP-10")) == 3
    g = game([ch("R1", "red", (5, 2), weapons=["rifle"]), ch("B1", "blue", (5, 12))], dice=[1, 6])
    to_phase(g, "firing")
    do(g, "fire:R1:rifle:B1")
    assert not rolls(g, "PP-09") and len(rolls(g, "PP-10")) == 1


def test_pp08_opportunity_shot_at_a_passing_target_is_minus_1_and_at_one_attacking_from_3_inches_minus_2():
    """PP-08: the shot is fired in the moving phase, before the phase ends, and counts against the
    pistol's shots (D3: a D6 of 2 is 1 shot)."""
    g = game([ch("R1", "red", (10, 10), weapons=["pistol"]), ch("B1", "blue", (16, 20))], dice=[2, 1])
    to_phase(g, "moving")
    do(g, "move:B1:14.0,16.0")
    assert [a.id for a in g.legal_actions("red")] == ["opp:R1:B1", "noopp:R1"]
    g.apply("red", "opp:R1:B1")
    shot = rolls(g, "PP-10")[0]
    assert mods(shot) == [(-1, "opportunity shot")]
    phase_2 = next(e["seq"] for e in g.log.events if "phase 2" in e["text"])
    assert shot["seq"] < phase_2
    assert card(g, "R1")["shots_left"] == 0
    g = game([ch("R1", "red", (10, 10), weapons=["pistol"]), ch("B1", "blue", (10, 14))], dice=[2, 1])
    do(g, "move:B1:10.0,11.1")
    g.apply("red", "opp:R1:B1")
    assert mods(rolls(g, "PP-10")[0]) == [(-2, "opportunity shot, attacked from under 10 cm")]


def test_pp08_a_target_running_past_behind_a_house_is_shot_at_where_it_passed_nearest():
    """B1 runs across R1's front and ends behind the house, out of his sight: R1 may still fire, at the
    point of the path nearest him (3.3" edge to edge, 4+ at half the pistol's range)."""
    house = wall("house", [(14, 6), (18, 6), (18, 14), (14, 14)], building=True)
    g = game([ch("R1", "red", (10, 10), weapons=["pistol"]), ch("B1", "blue", (8, 14))], features=[house],
             dice=[2, 6, 1, 6])
    do(g, "move:B1:17.5,15.5")
    assert "B1" not in {c["id"] for c in g.view("red")["state"]["characters"]}
    assert [a.id for a in g.legal_actions("red")] == ["opp:R1:B1", "noopp:R1"]
    g.apply("red", "opp:R1:B1")
    shot = rolls(g, "PP-10")[0]
    assert "3.3\" away, 4+ to hit" in shot["text"] and pos(g, "B1") == (17.5, 15.5)


def test_pp11_pp12_coup_de_grace_within_1_inch_at_a_helpless_target_plus_2_to_hit_and_effect():
    """PP-11 gap / PP-12: a stunned man 0.5" away: +2 to hit, and a 3 on the effect die is 5: Downed."""
    g = game([ch("R1", "red", (5, 5), weapons=["pistol"], melee="club"), ch("B1", "blue", (5, 6.2))],
             moves=2, dice=[1, 6, 1, 5,  # move 1: the club downs B1, the save of 1 - 2: stunned; stays stunned
                            2, 2, 3, 6, 5])  # move 2: one shot, 2 + 2 hits, 3 + 2 = 5 Downed, saved on 6: BI
    to_phase(g, "firing", move=2)
    assert "stunned" in markers(g, "B1")
    do(g, "fire:R1:pistol:B1")
    shot, effect = rolls(g, "PP-10")[0], rolls(g, "PP-12")[0]
    assert (2, "coup de grace within 1\"") in mods(shot) and shot["result"] == "pass"
    assert effect["total"] == 5 and effect["result"] == "Downed"


def test_pp14_stone_at_3_inches_hits_on_4_at_6_on_5_and_cannot_reach_9():
    g = game([ch("R1", "red", (5, 5), throwables={"stone": 3}), ch("B1", "blue", (5, 9)),
              ch("B2", "blue", (8.5, 10.2)), ch("B3", "blue", (15, 5))], dice=[4, 1, 6, 1, 1, 6, 6])
    to_phase(g, "firing")
    ids = [a.id for a in g.legal_actions("red")]
    assert "throw:R1:stone:B1" in ids and "throw:R1:stone:B2" in ids and "throw:R1:stone:B3" not in ids
    do(g, "throw:R1:stone:B1")
    throw = rolls(g, "PP-14")[0]
    assert throw["target"] == 4 and throw["result"] == "pass"


def test_pp14_full_range_needs_the_fr_score():
    g = game([ch("R1", "red", (5, 5), throwables={"stone": 3}), ch("B2", "blue", (5, 12))], dice=[4])
    to_phase(g, "firing")
    do(g, "throw:R1:stone:B2")
    throw = rolls(g, "PP-14")[0]
    assert throw["target"] == 5 and throw["result"] == "fail" and card(g, "R1")["throwables"]["stone"] == 2


def test_pp15_a_staggering_stone_is_saved_on_the_bludgeoning_staggers_row_at_minus_1():
    """PP-15: 5 - 1 = 4 on the Staggers row of the Bludgeoning table is 'hurt' (and a morale throw)."""
    g = game([ch("R1", "red", (5, 5), throwables={"stone": 1}), ch("B1", "blue", (5, 8))], dice=[4, 3, 5, 6])
    to_phase(g, "firing")
    do(g, "throw:R1:stone:B1")
    assert rolls(g, "PP-15")[0]["result"] == "Staggers"
    save = rolls(g, "PP-30")[0]
    assert save["total"] == 4 and save["result"] == "hurt" and mods(save) == [(-1, "stone SDD")]
    assert "bludgeoning" in save["text"]


def test_pp16_a_missed_stick_with_the_arrow_north_and_a_3_lands_1_5_inches_north():
    """PP-16: 3 misses the FR score; arrow die 1 (north), D6 3: half of it, 1.5"."""
    g = game([ch("R1", "red", (5, 5), throwables={"dynamite": 1}), ch("B1", "blue", (25, 25))],
             dice=[3, 1, 3])
    to_phase(g, "firing")
    do(g, "bomb:R1:dynamite:5.0,10.0")
    scatter = next(e for e in g.log.events if e.get("scatter"))
    assert scatter["scatter"] == {"from": [5.0, 10.0], "to": [5.0, 11.5]}
    assert any("explodes at (5.0, 11.5)" in e["text"] for e in g.log.events)


def test_pp17_a_gas_bomb_thrown_with_a_natural_1_makes_no_cloud():
    """PP-17 gap: a natural 1 is a dud; it still scatters (PP-16) but releases no gas."""
    g = game([ch("R1", "red", (5, 5), throwables={"gas bomb": 1}), ch("B1", "blue", (5, 9))], dice=[1, 1, 2])
    to_phase(g, "firing")
    do(g, "bomb:R1:gas-bomb:5.0,9.0")
    assert not umpire_sees(g)["clouds"] and any("dud" in e["text"] for e in g.log.events)


def test_pp18_blast_sdd_by_distance_0_at_1_5_inches_and_minus_1_at_half_an_inch():
    """PP-18: everyone within 3" rolls the hit-effect die and saves with the distance SDD; N, within
    1", is offered the kick first (PP-19) and declines."""
    g = game([ch("R1", "red", (5, 5), throwables={"dynamite": 1}), ch("M", "blue", (5, 12)),
              ch("N", "blue", (6, 10))], dice=[6, 1, 6, 1, 6])
    to_phase(g, "firing")
    do(g, "bomb:R1:dynamite:5.0,10.0")
    assert [a.id for a in g.legal_actions("blue")][-1] == "nokick:N"
    g.apply("blue", "nokick:N")
    saves = {e["who"]: e for e in rolls(g, "PP-30")}
    assert mods(saves["M"]) == [] and mods(saves["N"]) == [(-1, "dynamite at 0.5\" SDD")]


def kick_away(kick_roll: int):
    """R1's stick lands 1" from K (0.5" from his base); K kicks it towards arrow face 3 (120 degrees)."""
    g = game([ch("R1", "red", (5, 5), throwables={"dynamite": 1}), ch("K", "blue", (5, 11))],
             dice=[6, kick_roll, 1, 6])
    to_phase(g, "firing")
    do(g, "bomb:R1:dynamite:5.0,10.0")
    g.apply("blue", "kick:K:3")
    return [e["text"] for e in g.log.events]


def test_pp19_a_standing_man_half_an_inch_away_kicks_the_stick_2_inches_on_a_5_and_a_3_leaves_it():
    """PP-19: D6-3 inches in the direction he picks; 0 or less fails; then it goes off (PP-18)."""
    assert "K kicks the stick 2\" away, to (6.7, 9.0)." in kick_away(5)
    assert "The dynamite explodes at (6.7, 9.0)." in kick_away(5)
    failed = kick_away(3)
    assert "K fails to get rid of the stick." in failed and "The dynamite explodes at (5.0, 10.0)." in failed


def test_pp20_gas_standard_3_unconscious_4_not_gigantic_1_plus_3_not():
    g = game([ch("R1", "red", (5, 5), throwables={"gas bomb": 1}), ch("G", "blue", (6, 11), size="gigantic"),
              ch("H3", "blue", (4, 10)), ch("H4", "blue", (5, 11))], dice=[4, 1, 3, 4, 6, 6])
    to_phase(g, "firing")
    do(g, "bomb:R1:gas-bomb:5.0,10.0")
    assert [(r["who"], r["result"]) for r in rolls(g, "PP-20")][:3] == [
        ("G", "resists"), ("H3", "unconscious"), ("H4", "resists")]
    assert "unconscious" in markers(g, "H3") and "unconscious" not in markers(g, "H4")
    assert len(rolls(g, "PP-20")) == 3  # the game's one move is over: no roll again in the move it formed


def test_pp07_a_volley_is_heard_once_and_the_firer_is_told_how_far_not_who_understood_it():
    """A revolver's three shots (D6: 3) all miss: the firer's seat reads once how far its firing carries
    (a shot says nothing to be understood); B1, 4.0" away, hears shooting once."""
    g = game([ch("R1", "red", (5, 2), weapons=["revolver"]), ch("B1", "blue", (5, 7))], dice=[3, 1, 1, 1, 6])
    to_phase(g, "firing")
    do(g, "fire:R1:revolver:B1")
    red, blue = texts(g, "red"), texts(g, "blue")
    assert len(rolls(g, "PP-10")) == 3
    assert red.count("R1 fires (heard up to 18\" away).") == 1 and "understood by" not in red
    assert blue.count("B1 hears a shot to the south.") == 1
    assert texts(g).count("(umpire) R1 fires; heard by B1.") == 1


def test_pp08_no_opportunity_shot_is_offered_at_a_figure_an_earlier_one_left_apparently_dead():
    """B1 runs past R1 and R2: R1's shot (D3: 1) hits (6), Downs (5) and the save of 1 is AD (PP-28); R2 is
    not asked about a shot at him."""
    g = game([ch("R1", "red", (10, 10), weapons=["pistol"]), ch("R2", "red", (12, 10), weapons=["pistol"]),
              ch("B1", "blue", (16, 20))], dice=[2, 6, 5, 1])
    to_phase(g, "moving")
    do(g, "move:B1:14.0,16.0")
    assert [a.id for a in g.legal_actions("red")] == ["opp:R1:B1", "noopp:R1"]
    g.apply("red", "opp:R1:B1")
    assert figure(g, "B1")["wound"] == "AD"
    assert not any(a.id.startswith(("opp:", "noopp:")) for a in g.legal_actions("red"))
