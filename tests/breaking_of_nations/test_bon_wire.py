"""Barbed wire cut by hand (BON-102): a soldier with wire cutters cuts a 1" lane across the wire at
one action per inch; through the lane models move and charge as on open ground. The lanes are the
game's state: a copy of the game never shares them. Wire cutters are in the army list, one set a squad.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from breaking_of_nations.bon_support import BASE, do, feature, game, ids, model, seen_unit, texts, unit
from riotact.core import Game, IllegalActionError, ScenarioError, find_scenario, parse_scenario
from riotact.rulesets import get_ruleset
from riotact.rulesets.breaking_of_nations.armies import army_report, army_totals, check_list
from support import umpire_sees

SPEC = get_ruleset("breaking-of-nations")  # its screen, determiniser, heuristic bot and encoding
text_view, determinise, HeuristicBot, encoding = SPEC.text_view, SPEC.determinise, SPEC.heuristic_bot, SPEC.encoding

WIRE = feature("wire", "barbed_wire", [(0, 14), (48, 14), (48, 17), (0, 17)])  # 3" deep
DEEP = feature("wire", "barbed_wire", [(0, 14), (48, 14), (48, 18), (0, 18)])  # 4" deep


def raid(cutters: int = 1, wire: dict = WIRE, **kw: object) -> Game:
    """Red's C, one Regular (SP 5, AC 3) 0.5" short of the wire; blue's x beyond it. Red acts first."""
    return game([unit("C", "red", (10, 13), wire_cutters=cutters, **kw), unit("x", "blue", (10, 21))],
                dice=[1, 2], features=[wire], turns=3)


def next_turn(g: Game) -> None:
    """Blue's x ends its activation: the turn ends and red's C acts first again."""
    do(g, "activate:x")
    do(g, "end:x")


def cut_through(g: Game) -> None:
    """C spends its three actions cutting 3" of wire (BON-102), then, next turn, is activated again."""
    do(g, "activate:C")
    for _ in range(3):
        do(g, "cut:C:wire")
    next_turn(g)
    do(g, "activate:C")


def test_bon102_cutting_3_inches_of_wire_takes_3_actions() -> None:
    """BON-102: one action per inch: three cuts open a lane through 3" of wire, each paid with 1 AC."""
    g = raid()
    do(g, "activate:C")
    c = model(g, "C.1")
    assert c.cutters and c.ac == 3
    for n, ac in ((1, 2), (2, 1)):
        do(g, "cut:C:wire")
        assert model(g, "C.1").ac == ac and f'C.1 cuts 1" into the wire ({n}.0 of 3.0").' in texts(g)
        assert g.view("blue")["state"]["table"]["lanes"][0]["through"] is False
    do(g, "cut:C:wire")
    assert model(g, "C.1").ac == 0 and 'C.1 cuts 1" into the wire (3.0 of 3.0"): the lane is through.' in texts(g)
    lane = g.view("blue")["state"]["table"]["lanes"][0]
    assert (lane["wire"], lane["cut"], lane["depth"], lane["through"]) == ("wire", 3.0, 3.0, True)
    xs = sorted({p[0] for p in lane["outline"]})
    assert xs == [9.5, 10.5]  # 1" wide, straight across the wire from the cutter
    assert g.to_act() == ("blue",)  # no AC left: the activation ended
    row = next(r for r in text_view(g.view("blue")).splitlines() if r.startswith("|%"))
    assert row[11] == "_"  # the terminal screen shows the lane (one column an inch)


def test_bon102_only_a_carrier_of_cutters_at_the_wire_is_offered_the_cut() -> None:
    """BON-102: "with special equipment": no cutters, no cut; nor from farther than 1" off the wire, nor
    from inside it."""
    g = raid(cutters=0)
    do(g, "activate:C")
    assert not [i for i in ids(g) if i.startswith("cut:")]
    with pytest.raises(IllegalActionError):
        do(g, "cut:C:wire")
    far = game([unit("C", "red", (10, 11), wire_cutters=1), unit("x", "blue", (10, 21))], dice=[1, 2],
               features=[WIRE])
    do(far, "activate:C")
    assert "cut:C:wire" not in ids(far)
    inside = game([unit("C", "red", (10, 15), wire_cutters=1), unit("x", "blue", (10, 21))], dice=[1, 2],
                  features=[WIRE])
    do(inside, "activate:C")
    assert "cut:C:wire" not in ids(inside)  # he cuts from the wire's edge, not from within it


def test_bon102_a_lane_cut_part_way_keeps_its_progress_into_the_next_turn() -> None:
    """BON-102 house rule: 4" of wire is more than a soldier's 3 AC; the lane keeps its 3" and the
    fourth inch is cut the next turn."""
    g = raid(wire=DEEP)
    do(g, "activate:C")
    for _ in range(3):
        do(g, "cut:C:wire")
    assert g.view("red")["state"]["table"]["lanes"][0]["cut"] == 3.0
    next_turn(g)
    do(g, "activate:C")
    do(g, "cut:C:wire")
    assert 'C.1 cuts 1" into the wire (4.0 of 4.0"): the lane is through.' in texts(g)
    assert "cut:C:wire" not in ids(g)  # the lane is through: nothing more to cut there


def test_bon102_a_model_moves_through_the_lane_as_over_open_ground() -> None:
    """BON-102 / BON-109: across the wire a Regular goes only a third of his 5" (2", rounded up); along
    the lane, his full 5"; the wire itself is still on the table around the lane."""
    uncut = raid()
    do(uncut, "activate:C")
    do(uncut, "end:C")
    next_turn(uncut)
    do(uncut, "activate:C")
    with pytest.raises(IllegalActionError, match=r"C\.1 can move only 2\.0\" that way"):
        do(uncut, "move:C:10,18")
    g = raid()
    cut_through(g)
    do(g, "move:C:10,18")
    assert model(g, "C.1").pos == (10, 18)
    assert [f["id"] for f in g.view("red")["state"]["table"]["features"]] == ["wire"]


def test_bon102_bon017_a_charge_goes_along_the_lane_but_not_across_the_wire_beside_it() -> None:
    """BON-017 / BON-102: no charge across wire; once the lane is through, a charge along it is legal,
    and one that would cross the uncut wire beside it is still not."""
    g = raid()
    cut_through(g)
    assert "charge:C:x" in ids(g)
    aside = game([unit("C", "red", (10, 13), wire_cutters=1), unit("x", "blue", (14, 21))], dice=[1, 2],
                 features=[WIRE], turns=3)
    cut_through(aside)
    assert "charge:C:x" not in ids(aside)


def test_bon102_a_copy_of_the_game_never_shares_the_lane() -> None:
    """The lanes are state: a clone made before the cut has no lane, a clone's cut is its own, and the
    search's worlds (determinise) carry the lane the seat can see."""
    g = raid()
    do(g, "activate:C")
    before = g.clone()
    do(g, "cut:C:wire")
    assert before.view("red")["state"]["table"]["lanes"] == []
    after = g.clone()
    do(after, "cut:C:wire")
    assert [lane["cut"] for lane in g.view("red")["state"]["table"]["lanes"]] == [1.0]
    assert [lane["cut"] for lane in after.view("red")["state"]["table"]["lanes"]] == [2.0]
    world = determinise(g, "blue", 7)
    assert world.view("blue")["state"]["table"]["lanes"] == g.view("blue")["state"]["table"]["lanes"]
    terrain = [umpire_sees(twin)["table"]["features"] for twin in (before, g, after)]
    assert terrain[0] == terrain[1] == terrain[2]  # the terrain itself is unchanged (the lanes are apart)


def test_bon102_cutting_reveals_a_hidden_unit_and_the_cutters_stay_unknown_till_then() -> None:
    """BON-002 house rule with BON-102: twin games whose hidden unit has or has not cutters look the
    same to blue until it cuts; the cutting is heard, and blue then sees the unit and its lane."""
    def hidden(cutters: int) -> Game:
        return game([unit("C", "red", (10, 13), wire_cutters=cutters, hidden=True), unit("x", "blue", (10, 40))],
                    dice=[1, 2], features=[WIRE], options={"hidden_deployment": True})

    a, b = hidden(1), hidden(0)
    for g in (a, b):
        do(g, "activate:C")
    assert a.view("blue") == b.view("blue") and a.log_for("blue") == b.log_for("blue")
    do(a, "cut:C:wire")
    seen = a.view("blue")["state"]
    assert [u["id"] for u in seen["units"]] == ["C", "x"] and len(seen["table"]["lanes"]) == 1
    assert "C (red) is revealed: its wire cutters are heard." in texts(a, "blue")


def test_bon102_the_bot_cuts_wire_that_stands_between_it_and_the_enemy() -> None:
    """The heuristic bot cuts when its way to the enemy goes through the wire (BON-102)."""
    g = raid()
    do(g, "activate:C")
    bot = HeuristicBot("red", random.Random(0))
    assert bot.choose(g.view("red"), g.legal_actions("red")) == "cut:C:wire"
    beside = game([unit("C", "red", (10, 13), wire_cutters=1), unit("x", "blue", (10, 4))], dice=[1, 2],
                  features=[WIRE])
    do(beside, "activate:C")
    assert "cut:C:wire" in ids(beside)
    assert bot.choose(beside.view("red"), beside.legal_actions("red")) != "cut:C:wire"


def test_bon102_the_cut_order_has_a_fixed_number() -> None:
    """RL: ``cut:<unit>:<wire>`` is in the fixed numbering and a legal cut maps to it and back."""
    g = raid()
    enc = encoding(g.scenario, {})
    assert {"cut:C:wire", "cut:x:wire"} <= set(enc.action_ids)
    do(g, "activate:C")
    numbers = enc.number(ids(g))
    k = enc.index["cut:C:wire"]
    assert numbers[k] == "cut:C:wire"
    do(g, numbers[k])
    assert g.view("red")["state"]["table"]["lanes"][0]["cut"] == 1.0
    # the raiders deploy hidden (BON-002): their cuts are numbered by the hidden units' slots
    assert any(a.startswith("cut:H~1:wire-") for a in encoding(find_scenario("breaking-of-nations/trench-raid"),
                                                               {}).action_ids)


# -- the army list ------------------------------------------------------------------------------

def load(*units: dict) -> object:
    data = copy.deepcopy(BASE)
    data["setup"].update(units=[*units, {"id": "x", "name": "x", "seat": "blue", "at": [10, 40]}])
    return parse_scenario(data, "army.toml")


def squad(**kw: object) -> dict:
    return {"id": "A", "name": "squad A", "seat": "red", "at": [10, 10], **kw}


def test_bon102_one_set_of_cutters_a_squad() -> None:
    """BON-102 gap: at most one set a squad (a historical squad of the scenario may have more); only
    soldiers on foot carry them; they cost nothing (the seed gives no price)."""
    sc = load(squad(wire_cutters=1))
    assert army_totals(sc.setup)["red"] == army_totals(load(squad()).setup)["red"]
    with pytest.raises(ScenarioError, match=r"unit A: at most 1 set of wire cutters a squad \(BON-102 gap, "
                                            r"unless the scenario's squad is historical\); it has 2"):
        load(squad(wire_cutters=2))
    load(squad(wire_cutters=2, historical=True))
    with pytest.raises(ScenarioError, match=r"unit A: only soldiers on foot cut wire \(BON-102\)"):
        load(squad(kind="mg", wire_cutters=1))


def test_bon102_the_builder_and_a_toml_list_take_wire_cutters(tmp_path: Path) -> None:
    """The lobby's builder offers the field and says why two sets are refused; a TOML list too."""
    data = copy.deepcopy(find_scenario("breaking-of-nations/trench-raid").data)
    report = army_report(data)
    assert report["ok"] and any(f["name"] == "wire_cutters" and f["kind"] == "int" for f in report["form"])
    data["setup"]["units"][0]["wire_cutters"] = 2
    assert army_report(data)["units"][0]["problems"] == [
        "unit A: at most 1 set of wire cutters a squad (BON-102 gap, unless the scenario's squad is historical); "
        "it has 2"]
    path = tmp_path / "raiders.toml"
    path.write_text('name = "Raiders"\n\n[[units]]\nid = "a"\nname = "1st"\nwire_cutters = 2\n', encoding="utf-8")
    assert check_list(path)[1] == [f"{path}: units[0].wire_cutters: at most 1 set of wire cutters a squad "
                                   "(BON-102 gap, unless the scenario's squad is historical); it has 2"]


def test_bon102_the_trench_raiders_carry_cutters_and_the_squad_s_last_rifleman_has_them() -> None:
    """The trench raid: both London Scottish sections carry a set; the carrier is the last rifleman."""
    g = Game(find_scenario("breaking-of-nations/trench-raid"), seed=1)
    units = umpire_sees(g)["units"]
    for uid in ("A", "B"):
        men = next(u["models"] for u in units if u["id"] == uid)
        assert [m["id"] for m in men if m["cutters"]] == [men[-1]["id"]]
    assert not any(m["cutters"] for u in units if u["seat"] == "germans" for m in u["models"])


def test_bon102_the_squad_s_set_goes_to_the_front_rank_man_at_the_wire() -> None:
    """BON-102 (house default): a section in two ranks reaches the wire with its front rank while its
    carrier, the last rifleman, stands 2" back; the man at the wire takes the squad's one set and
    cuts, and keeps it."""
    g = Game(find_scenario("breaking-of-nations/trench-raid"), seed=1)
    do(g, "activate:B")
    do(g, "move:B:22,16")
    do(g, "move:B:22,18.6")
    assert model(g, "B.10").pos[1] < 18 and model(g, "B.3").pos[1] > 19.5  # rear rank, front rank
    assert "cut:B:wire-east" in ids(g)
    do(g, "cut:B:wire-east")
    assert 'B.3 cuts 1" into the wire (east) (1.0 of 2.0").' in texts(g)
    assert [m["id"] for m in seen_unit(g, "B")["models"] if m["cutters"]] == ["B.3"]


def test_bon102_house_rule_one_turn_cuts_the_lane_with_the_cutters_whole_turn() -> None:
    """BON-102 house rule ``wire_cutting = "one_turn"`` (the terrain chart): 4" of wire is cut through at
    once by a carrier who has not acted this turn; one who has moved may not cut."""
    g = game([unit("C", "red", (10, 13), wire_cutters=1), unit("x", "blue", (10, 21))], dice=[1, 2],
             features=[DEEP], options={"wire_cutting": "one_turn"})
    do(g, "activate:C")
    do(g, "cut:C:wire")
    assert model(g, "C.1").ac == 0
    assert 'C.1 spends his turn cutting the wire (4.0 of 4.0"): the lane is through.' in texts(g)
    moved = game([unit("C", "red", (10, 11), wire_cutters=1), unit("x", "blue", (10, 21))], dice=[1, 2],
                 features=[DEEP], options={"wire_cutting": "one_turn"})
    do(moved, "activate:C")
    do(moved, "move:C:10,13")
    assert "cut:C:wire" not in ids(moved)
