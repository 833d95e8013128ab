"""Confrontations (BWA-31..34, 43..45), accidental attacks (BWA-50/51), arrests and escapes
(BWA-35..38) and nonviolent discipline (BWA-39..42)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from riotact.core import make_bot
from riotact.rulesets.by_will_alone.tables import compare_points

NO_ACCIDENTS = {"accidental_attacks": False}


def rolls(g, rule):
    return [e for e in g.log.events if e["kind"] == "roll" and e.get("rule") == rule]


def dice_of(g, uid, start=0):
    return sum(len(e["dice"]) for e in rolls(g, "BWA-32")[start:] if f"({uid})" in e["who"])


def shots(g):
    """The stands that shot accidentally (BWA-51)."""
    return {e["stand"] for e in g.log.events if e.get("rule") == "BWA-51"}


def jailed(g, bwa):
    return bwa.sees(g)["jail"]["stands"]


def stand_ids(g, bwa, uid):
    return [s["id"] for s in bwa.unit(g, uid)["stands"]]


def commander_of(g, bwa, uid):
    return next(s["id"] for s in bwa.unit(g, uid)["stands"] if s["commander"])


def test_bwa31_one_die_per_stand_times_multiplier(bwa) -> None:
    """BWA-31: five stands give 5 dice; five stands sitting down give 10."""
    for condition, dice in ((None, 5), ("sitting", 10)):
        g = bwa.game([bwa.nv("n", "x1", stands=5, condition=condition), bwa.auth("a", "x1")], None,
                     options=NO_ACCIDENTS)
        bwa.confront(g, "n", "a")
        assert dice_of(g, "n") == dice


@pytest.mark.parametrize(("quality", "mods", "faces", "points"), [
    ("trained", 0, [3, 4, 5, 6], 3),          # a Trained die scores on 4+
    ("trained", -2, [5, 6], 1),               # -2: a natural 5 fails, a natural 6 still scores
    ("veteran", 1, [1, 2], 1),                # +1: a natural 1 never scores
])
def test_bwa32_scoring_with_natural_six_and_one(bwa, quality, mods, faces, points) -> None:
    """BWA-32: each die scores at the stand's morale number; natural 6 always, natural 1 never."""
    lang = {"language": "other"} if mods == -2 else {}
    g = bwa.game([bwa.nv("n", "x1", stands=len(faces), quality=quality, food=mods == 1, **lang),
                  bwa.auth("a", "x1", stands=1, fed=mods != 1)], [*faces, 1, *bwa.then],
                 options=NO_ACCIDENTS)
    assert bwa.confront(g, "n", "a")["points"]["n"] == points


def test_bwa33_points_ratio_and_row() -> None:
    """BWA-33: 9 against 4 is a ratio of 2.25: the '>= 2' row; ties are ratio 1; 0 counts as 4+."""
    assert compare_points(9, 4) == (1, Fraction(9, 4), 2)
    assert compare_points(3, 3) == (0, Fraction(1), 1)
    assert compare_points(0, 0) == (0, Fraction(1), 1)
    assert compare_points(0, 2) == (-1, None, 4)
    assert compare_points(2, 0, zero_counts_as=3)[2] == 3


def test_bwa34_country_and_language_minus_four_six_still_scores(bwa) -> None:
    """BWA-34: from another country (-2) speaking another language (-2): each die -4; 6 scores."""
    g = bwa.game([bwa.nv("n", "x1", stands=2, country="far", region="far", language="other"),
                  bwa.auth("a", "x1", stands=1)], [6, 5, 1, *bwa.then],
                 options=NO_ACCIDENTS)
    out = bwa.confront(g, "n", "a")
    roll = next(e for e in rolls(g, "BWA-32") if "(n)" in e["who"])
    assert sorted(m["value"] for m in roll["modifiers"]) == [-2, -2]  # country replaces region
    assert out["points"]["n"] == 1


def test_bwa34_food_and_region(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=1, food=True, region="north"),
                  bwa.auth("a", "x1", stands=1, fed=False)], [3, 1], options=NO_ACCIDENTS)
    bwa.confront(g, "n", "a")
    roll = next(e for e in rolls(g, "BWA-32") if "(n)" in e["who"])
    assert sorted(m["value"] for m in roll["modifiers"]) == [-1, 1]


def test_bwa34_authority_plus_one_when_commander_not_touching(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=2, without_commander=True), bwa.auth("a", "x1", stands=1)], None,
                 options={**NO_ACCIDENTS, "first_initiative": "authority"})
    bwa.confront(g, "a", "n")
    roll = next(e for e in rolls(g, "BWA-32") if "(a)" in e["who"])
    assert [m["value"] for m in roll["modifiers"]] == [1]


def test_bwa43_multipliers(bwa) -> None:
    """BWA-43: 3 partying stands roll 12; 4 stands with direct lethal force roll 12; housing 3x."""
    g = bwa.game([bwa.nv("n", "x1", stands=3, condition="partying"), bwa.auth("a", "x1", stands=4, weapons=3)],
                 None, levels={"a": 3}, options=NO_ACCIDENTS)
    bwa.confront(g, "n", "a")
    assert dice_of(g, "n") == 12 and dice_of(g, "a") == 12
    housing = bwa.game([bwa.nv("n", "h", stands=3), bwa.auth("a", "h", stands=4, weapons=3)], None,
                       options=NO_ACCIDENTS)
    bwa.confront(housing, "n", "a")
    assert dice_of(housing, "n") == 9


def test_bwa43_multipliers_combine_by_house_rule(bwa) -> None:
    g = bwa.game([bwa.nv("n", "h", stands=1, condition="sitting"), bwa.auth("a", "h", stands=1)], None,
                 options={**NO_ACCIDENTS, "multipliers": "highest"})
    bwa.confront(g, "n", "a")
    assert dice_of(g, "n") == 3  # 3x housing beats 2x sitting; multiplied it would be 6


def confront_step(bwa, nv_faces, auth_faces, **kw):
    """Nonviolent 'n' (4 Trained) confronts authority 'a' (4 Reliable) that Holds."""
    g = bwa.game([bwa.nv("n", "x1", **kw), bwa.auth("a", "m2")], [], options=NO_ACCIDENTS)
    bwa.orders(g, "nonviolent", "n:confront:a")
    bwa.script(g, nv_faces + auth_faces)
    g.apply("authority", "react:hold")
    return g


def test_bwa44_ratio_under_two_holds_and_initiative_passes(bwa) -> None:
    """BWA-44: 9 to 5 (1.8): Hold, the acting side loses the initiative."""
    g = bwa.game([bwa.nv("n", "x1", stands=9), bwa.auth("a", "m2", stands=5)], [], options=NO_ACCIDENTS)
    bwa.orders(g, "nonviolent", "n:confront:a")
    bwa.script(g, [6] * 9 + [6] * 5)
    g.apply("authority", "react:hold")
    event = [e for e in g.log.events if e.get("rule") == "BWA-33"][-1]
    assert event["row"] == 1 and abs(event["ratio"] - 1.8) < 1e-9
    assert bwa.unit(g, "a")["feature"] == "m2" and bwa.sees(g)["initiative"] == "authority"


def test_bwa44_reacting_side_higher_at_two_gains_initiative(bwa) -> None:
    """BWA-44: at 2.0 with the reacting side higher, the reacting side gains the initiative."""
    g = confront_step(bwa, [6, 1, 1, 1], [6, 6, 1, 1] + [6] * 8)
    while bwa.prompt(g) == "withdraw":
        seat = g.to_act()[0]
        g.apply(seat, g.legal_actions(seat)[0].id)
    assert bwa.sees(g)["initiative"] == "authority"


def test_bwa44_acting_side_higher_keeps_initiative(bwa) -> None:
    g = confront_step(bwa, [6, 6, 1, 1], [6, 1, 1, 1])
    while bwa.prompt(g) == "withdraw":
        seat = g.to_act()[0]
        g.apply(seat, g.legal_actions(seat)[0].id)
    assert bwa.sees(g)["initiative"] == "nonviolent" and bwa.sees(g)["step"] == 2


def test_bwa45_lower_side_withdraws_at_three_and_a_half(bwa) -> None:
    """BWA-45: at 3.5 the lower side withdraws, the higher side choosing where."""
    g = bwa.game([bwa.nv("n", "x1", stands=7), bwa.auth("a", "m2", stands=2)], [], options=NO_ACCIDENTS)
    bwa.orders(g, "nonviolent", "n:confront:a")
    bwa.script(g, [6] * 7 + [6, 6])
    g.apply("authority", "react:hold")
    assert not rolls(g, "BWA-45")  # ratio 3.5: no morale check
    assert g.to_act() == ("nonviolent",) and bwa.prompt(g) == "withdraw"  # Withdraw (Higher)
    g.apply("nonviolent", "withdraw:e4")
    assert bwa.unit(g, "a")["feature"] == "e4"


def test_bwa45_ratio_four_morale_check_then_withdraw(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=8), bwa.auth("a", "m2", stands=2)], [], options=NO_ACCIDENTS)
    bwa.orders(g, "nonviolent", "n:confront:a")
    bwa.script(g, [6] * 8 + [6, 6] + [6, 6])
    g.apply("authority", "react:hold")
    assert len(rolls(g, "BWA-45")) == 1 and bwa.prompt(g) == "withdraw"


def test_bwa45_ratio_two_lower_side_chooses(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=4), bwa.auth("a", "m2", stands=2)], [], options=NO_ACCIDENTS)
    bwa.orders(g, "nonviolent", "n:confront:a")
    bwa.script(g, [6] * 4 + [6, 6])
    g.apply("authority", "react:hold")
    assert g.to_act() == ("authority",) and bwa.prompt(g) == "withdraw"


def test_bwa50_accidental_attack_thresholds(bwa) -> None:
    """BWA-50: 2D6+2 under the morale number shoots: Wavering on 2-3, Reliable never."""
    # then the confrontation's dice, all 1s: nobody scores, both Hold
    g = bwa.game([bwa.nv("n", "x1", stands=1), bwa.auth("w", "x1", stands=2, quality="wavering")],
                 [1, 2, 3, 2] + [1] * 8)
    bwa.confront(g, "n", "w")
    assert shots(g) == {"w.1"}  # 1+2 +2 = 5 < 6 shoots; then 3+2 +2 -1 (touching shooter) = 6 holds
    reliable = bwa.game([bwa.nv("n", "x1", stands=1), bwa.auth("r", "x1", stands=1)], [1, 1] + [1] * 8)
    bwa.confront(reliable, "n", "r")
    assert len(rolls(reliable, "BWA-50")) == 1 and shots(reliable) == set()


def test_bwa50_touching_shooter_and_enveloped(bwa) -> None:
    """BWA-50: an enveloped Reliable stand touching a stand that shot (-3) shoots on 2-4."""
    g = bwa.game([bwa.nv("n", "x1", stands=1, enveloping="r"), bwa.auth("r", "x1", stands=2)],
                 [1, 1, 2, 2, *bwa.then])
    bwa.confront(g, "n", "r")
    assert shots(g) == {"r.1", "r.2"}  # 2+2-2 = 2 < 4; then 4+2-2-1 = 3 < 4


def test_bwa50_fraternizing_makes_shooting_less_likely(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=1, condition="fraternizing"), bwa.auth("w", "x1", stands=1,
                                                                                 quality="wavering")],
                 [1, 1] + [1] * 8, options={"first_initiative": "authority"})
    bwa.confront(g, "w", "n")
    assert len(rolls(g, "BWA-50")) == 1 and shots(g) == set()  # 2+2+3 = 7


def test_bwa51_accidental_shot_uses_deadliest_weapon(bwa) -> None:
    """BWA-51: a stand with firearms that shoots accidentally at level 1 provides 3 dice."""
    g = bwa.game([bwa.nv("n", "x1", stands=1), bwa.auth("w", "x1", stands=1, quality="wavering", weapons=3)],
                 [1, 1, 4, 4, 4, 4, *bwa.then], options={"first_initiative": "authority"})
    bwa.confront(g, "w", "n")
    assert dice_of(g, "w") == 3 and bwa.sees(g)["levels"]["w"] == 1


def arrest_game(bwa, target_quality, faces, pick_all=True, **auth_kw):
    """Police p (3 stands) arrest at x1 from 8 stands of n; the authority picks stands from the last
    (the commander last) until the capacity is used."""
    g = bwa.game([bwa.nv("n", "x1", stands=8, quality=target_quality), bwa.auth("p", "x1", stands=3, **auth_kw)],
                 [], jail={"feature": "b", "kind": "building"}, options={"first_initiative": "authority"})
    bwa.orders(g, "authority", "p:arrest:n")
    bwa.script(g, faces)
    g.apply("nonviolent", "react:hold")
    while pick_all and bwa.prompt(g) == "arrest":
        g.apply("authority", [a.id for a in g.legal_actions("authority") if a.id.startswith("arrest-stand:")][-1])
    return g


def test_bwa35_authority_picks_each_stand_up_to_the_capacity(bwa) -> None:
    """BWA-35: capacity 1+1+1 = 3; the authority picks the stands to arrest one at a time (here the
    commander and the last two), and no more than three are tried."""
    g = arrest_game(bwa, "untrained", [1, 1, 1] + [1] * 3 + [6] * 6, pick_all=False)
    ids = stand_ids(g, bwa, "n")
    commander = commander_of(g, bwa, "n")
    picks = [commander, ids[-1], ids[-2]]
    for stand_id in picks:
        assert f"arrest-stand:{stand_id}" in {a.id for a in g.legal_actions("authority")}
        g.apply("authority", f"arrest-stand:{stand_id}")
    assert sorted(jailed(g, bwa)) == sorted(picks)
    assert bwa.prompt(g) != "arrest" and len(rolls(g, "BWA-36")) == 3


def test_bwa35_arrest_up_to_the_capacity_may_stop_early(bwa) -> None:
    """BWA-35: "up to": the authority may stop after one arrest; a stand that resisted is not tried again."""
    g = arrest_game(bwa, "veteran", [2, 1, 1, 6], pick_all=False)
    first = stand_ids(g, bwa, "n")[0]
    g.apply("authority", f"arrest-stand:{first}")  # a 6: the Veteran resists
    assert f"arrest-stand:{first}" not in {a.id for a in g.legal_actions("authority")}
    g.apply("authority", "arrest-done")
    assert jailed(g, bwa) == [] and len(rolls(g, "BWA-36")) == 1 and len(stand_ids(g, bwa, "n")) == 8


def test_bwa35_heuristic_bot_arrests_the_commander_first(bwa) -> None:
    g = arrest_game(bwa, "trained", [1, 1, 1], pick_all=False)
    bot = make_bot("heuristic", g, "authority")
    choice = bot.choose(g.view("authority"), g.legal_actions("authority"))
    assert choice == "arrest-stand:" + commander_of(g, bwa, "n")


def test_bwa35_arrest_capacity_is_sum_of_d6(bwa) -> None:
    """BWA-35: three arresting stands rolling 2, 5 and 1 may arrest up to 8 stands (no activation)."""
    g = arrest_game(bwa, "untrained", [2, 5, 1] + [1] * 8)
    assert len(jailed(g, bwa)) == 8 and not rolls(g, "BWA-18") and not rolls(g, "BWA-32")
    g2 = arrest_game(bwa, "untrained", [1, 1, 1] + [1] * 3)
    assert len(jailed(g2, bwa)) == 3


@pytest.mark.parametrize(("face", "arrested"), [(4, True), (5, False)])
def test_bwa36_veteran_against_dedicated_police(bwa, face, arrested) -> None:
    """BWA-36: a Veteran arrested by a Dedicated police stand (-3) resists on 5-6."""
    g = arrest_game(bwa, "veteran", [1, 0 + 1, 1] + [face] * 3, quality="dedicated", police=True)
    roll = rolls(g, "BWA-36")[0]
    assert sorted(m["value"] for m in roll["modifiers"]) == [-2, -1]
    assert (len(jailed(g, bwa)) == 3) is arrested


@pytest.mark.parametrize(("face", "arrested"), [(2, True), (3, False)])
def test_bwa36_trained_against_wavering_non_police(bwa, face, arrested) -> None:
    g = arrest_game(bwa, "trained", [1, 1, 1] + [face] * 3, quality="wavering")
    assert (len(jailed(g, bwa)) == 3) is arrested


def jail_game(bwa, kind="vehicle", guards=True):
    units = [bwa.nv("n", "w0"), bwa.nv("j", None, stands=3, start="jail")]
    units += [bwa.auth("guard", "b", stands=2)] if guards else [bwa.auth("x", "o5")]
    return bwa.game(units, [], jail={"feature": "b", "kind": kind, "guards": "guard" if guards else None},
                    options=NO_ACCIDENTS)


@pytest.mark.parametrize(("face", "passes"), [(4, False), (5, True)])
def test_bwa37_escape_roll_trained_five_plus(bwa, face, passes) -> None:
    """BWA-37: an arrested Trained stand escapes on 5-6 (no jailers here: it walks free)."""
    g = jail_game(bwa, guards=False)
    bwa.script(g, [face, 1, 1])
    bwa.orders(g, "nonviolent", "jail:escape", "n:sit")
    assert (len(jailed(g, bwa)) == 2) is passes


def test_bwa38_jailers_in_vehicle_double_and_breach_frees_everyone(bwa) -> None:
    """BWA-38: jailers of a vehicle jail roll double dice; a breach frees every jailed stand."""
    g = jail_game(bwa, kind="vehicle")
    bwa.script(g, [6, 1, 1] + [6] + [1, 1, 1, 1] + [6] * 6)
    bwa.orders(g, "nonviolent", "jail:escape")
    assert dice_of(g, "guard") == 4
    assert jailed(g, bwa) == [] and len(stand_ids(g, bwa, "n")) == 7


def test_bwa38_no_breach_keeps_them_jailed(bwa) -> None:
    g = jail_game(bwa, kind="open")
    bwa.script(g, [6, 6, 1] + [4, 4] + [4, 4] + [6] * 6)
    bwa.orders(g, "nonviolent", "jail:escape")
    assert dice_of(g, "guard") == 2 and len(jailed(g, bwa)) == 3


@pytest.mark.parametrize(("quality", "total", "keeps"), [
    ("untrained", 4, False), ("untrained", 5, True), ("trained", 2, False), ("trained", 3, True),
    ("veteran", 2, True)])
def test_bwa39_discipline_roll(bwa, quality, total, keeps) -> None:
    """BWA-39: 2D6+1 against the morale number: Untrained loses on 2-4, Trained only on 2."""
    g = bwa.game([bwa.nv("n", "x1", stands=1, quality=quality), bwa.auth("a", "x1", stands=2)], [],
                 options={**NO_ACCIDENTS, "first_initiative": "authority"})
    bwa.confront(g, "a", "n", 6, 6, 6, 1, total - 1, *bwa.then)  # 2 points to 1: n loses at ratio 2
    assert len(rolls(g, "BWA-39")) == 1
    assert (bwa.unit(g, "n") is not None) is keeps


def test_bwa39_losing_confrontation_triggers_discipline_checks(bwa) -> None:
    g = bwa.game([bwa.nv("n", "x1", stands=2, quality="untrained"), bwa.auth("a", "m2", stands=4)], [],
                 options={**NO_ACCIDENTS, "first_initiative": "authority"})
    bwa.orders(g, "authority", "a:confront:n")
    bwa.script(g, [6, 6, 6, 6] + [1, 1] + [6, 6, 6, 6] + [3] * 30)
    g.apply("nonviolent", "react:hold")
    assert len(rolls(g, "BWA-39")) == 2


def test_bwa40_band_attacks_with_two_dice_and_makes_police_dedicated(bwa) -> None:
    """BWA-40: an undisciplined stand attacks a Wavering police unit with 2 dice; it becomes Dedicated,
    and the attack counts for its commander's escalation (BWA-49)."""
    g = band_game(bwa, [bwa.nv("n", "o4"), bwa.auth("a", "w0", stands=2, quality="wavering", weapons=2)],
                  [1, 1] + [1, 1] + [1] + [1] * 4)  # band 2 dice, police 2: no points; escalation; again
    assert dice_of(g, "band") == 2
    assert {s["quality"] for s in bwa.unit(g, "a")["stands"]} == {"Dedicated"}
    bwa.orders(g, "authority", "a:escalate")
    assert [m["value"] for m in rolls(g, "BWA-49")[0]["modifiers"]] == [1]  # attacked this initiative


def band_game(bwa, units: list[dict], dice: list[int] | None, **options: object):
    """A band (BWA-40) beside unit n at w0: the nonviolent side ends its orders, and the band goes for
    the authority as the initiative changes."""
    g = bwa.game([bwa.nv("band", "w0", stands=1, band=True), *units], dice,
                 options={**NO_ACCIDENTS, "first_initiative": "nonviolent", **options})
    g.apply("nonviolent", "done")
    return g


def test_bwa40_band_moves_toward_closest_authority_in_sight(bwa) -> None:
    g = band_game(bwa, [bwa.nv("n", "w0", stands=2), bwa.auth("a", "x3", stands=2), bwa.auth("far", "o5")], None)
    assert g.to_act() == ("nonviolent",) and g.view("nonviolent")["state"]["prompt"] == {
        "kind": "block", "band": "band"}  # BWA-41: commanded unit in the way
    g.apply("nonviolent", "noblock")
    assert bwa.unit(g, "band")["feature"] == "x1"


def test_bwa41_block_stops_band(bwa) -> None:
    """BWA-41: a controlled unit may confront the band; at 2+ the band stops."""
    g = band_game(bwa, [bwa.nv("n", "w0", stands=3), bwa.auth("a", "x3", stands=2)], [])
    bwa.script(g, [6, 6, 6, 1, 1])
    g.apply("nonviolent", "block:n")
    assert bwa.unit(g, "band")["feature"] == "w0"
    assert [e["band"] for e in g.log.events if e.get("rule") == "BWA-41" and "blocked" in e["text"]] == ["band"]


def test_bwa42_regain_modifiers_touching_and_surrounded(bwa) -> None:
    """BWA-42: touching an authority unit (-2) and surrounded by activists (+3): net +1."""
    g = bwa.game([bwa.nv("n", "m2", stands=1), bwa.nv("band", "m2", stands=2, band=True), bwa.nv("w", "x1"),
                  bwa.nv("e", "x3"), bwa.nv("hh", "h"), bwa.auth("a", "m2")], [1])
    bwa.orders(g, "nonviolent", "n:regain:band")
    mods = rolls(g, "BWA-42")[0]["modifiers"]
    assert sum(m["value"] for m in mods) == 1 and len(mods) == 2


def test_bwa42_regain_brings_stands_back(bwa) -> None:
    g = bwa.game([bwa.nv("n", "w0", stands=1), bwa.nv("band", "w0", stands=2, band=True), bwa.nv("m", "x1", stands=2),
                  bwa.auth("a", "o5")], [2])
    bwa.orders(g, "nonviolent", "m:regain:band")
    assert len(bwa.unit(g, "m")["stands"]) == 4 and bwa.unit(g, "band") is None
