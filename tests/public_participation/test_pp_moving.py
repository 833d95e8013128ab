"""Character cards (PP-02), moving (PP-03, PP-04, PP-06) and nerve (PP-46 to PP-48): continuous moves
with coordinates, validated with reasons, and the finite menu bots use."""

from __future__ import annotations

import pytest

from public_participation.pp_support import card, ch, do, finish, game, owner, pos, rolls, texts, to_phase, wall
from riotact.core import IllegalActionError, builtin_scenarios
from riotact.rulesets import get_ruleset


def refusal(g, action_id: str) -> str:
    seat = owner(g, action_id)
    with pytest.raises(IllegalActionError) as err:
        g.apply(seat, action_id)
    return err.value.why


def test_pp02_every_character_of_every_scenario_has_a_card_the_rules_read():
    """PP-02: movement, fighting value and morale class come from the card, not from constants."""
    for scenario in builtin_scenarios(get_ruleset("public-participation")):
        for drawn in scenario.setup.characters:
            assert drawn.move >= 0 and -5 <= drawn.fight <= 5 and drawn.morale
    g = game([ch("R1", "red", (5, 5), move=4), ch("B1", "blue", (20, 20), move=6)])
    assert [card(g, c)["walk"] for c in ("R1", "B1")] == [4, 6]


def test_pp03_a_5_inch_man_walks_5_runs_10_and_cannot_go_11():
    g = game([ch("R1", "red", (5, 5)), ch("B1", "blue", (25, 25))])
    assert "out of reach: 11.0\"" in refusal(g, "move:R1:5.0,16.0")
    assert "walks 5\" and runs 10\"" in refusal(g, "move:R1:5.0,16.0")
    events = g.apply("red", "move:R1:5.0,15.0")
    assert "R1 runs 10.0\" to (5.0,15.0)" in events[-1]["text"] or "R1 runs 10.0\"" in texts(g, "red")
    assert pos(g, "R1") == (5.0, 15.0)
    g = game([ch("R1", "red", (5, 5)), ch("B1", "blue", (25, 25))])
    g.apply("red", "move:R1:8.0,9.0")
    assert "R1 walks 5.0\" to (8.0,9.0)." in texts(g, "red")


def test_continuous_moves_are_refused_with_a_reason_off_the_table_through_a_wall_or_out_of_turn():
    house = wall("house", [(8, 4), (12, 4), (12, 8), (8, 8)], building=True, name="the house")
    g = game([ch("R1", "red", (10, 2)), ch("B1", "blue", (25, 25))], features=[house])
    assert refusal(g, "move:R1:10.0,9.0") == "the path goes through the house"
    assert "off the table" in refusal(g, "move:R1:-1.0,2.0")
    assert refusal(g, "move:R1:ten,2") == "a move needs a point: move:ID:X,Y (inches)"
    with pytest.raises(IllegalActionError, match="red's decision now"):
        g.apply("blue", "move:B1:24.0,24.0")
    assert len(g.log.events) == 1  # refusals change nothing


def test_the_bots_menu_is_finite_stable_and_every_entry_is_legal():
    g = game([ch("R1", "red", (5, 5)), ch("R2", "red", (6, 5)), ch("B1", "blue", (12, 12))],
             features=[wall("hedge", [(8, 2), (9, 2), (9, 9), (8, 9)], cover=True, obstacle="most")])
    first = [a.id for a in g.legal_actions("red")]
    assert first == [a.id for a in g.clone().legal_actions("red")] and len(first) < 60
    contact = next(a for a in g.legal_actions("red") if a.id == "move:R1:11.2,11.2")
    assert contact.text == "R1 runs 8.8\" over the hedge to (11.2,11.2), towards B1"  # 0.1" from his base
    for action_id in first:
        twin = g.clone()
        twin.apply("red", action_id)


def test_pp04_heavy_load_walks_4_and_two_men_with_a_really_heavy_load_3_together():
    g = game([ch("R1", "red", (5, 5), load="heavy"), ch("C1", "red", (10, 5), load="really_heavy",
                                                         carries_with="C2"),
              ch("C2", "red", (11.5, 5), load="really_heavy", carries_with="C1"), ch("B1", "blue", (25, 25))])
    assert card(g, "R1")["walk"] == 4 and card(g, "C1")["walk"] == 3
    g.apply("red", "move:C1:10.0,8.0")
    assert pos(g, "C2") == (11.5, 8.0) and "C1 with C2 and the load walks 3.0\"" in texts(g, "red")
    g = game([ch("C1", "red", (10, 5), load="really_heavy"), ch("B1", "blue", (25, 25))])
    assert "cannot move a really heavy load alone (PP-04)" in refusal(g, "move:C1:10.0,6.0")


def test_pp06_a_6_inch_man_has_3_left_after_a_difficult_obstacle_and_1_after_a_really_difficult_one():
    fence = wall("fence", [(0, 6), (30, 6), (30, 6.5), (0, 6.5)], obstacle="difficult", name="the fence")
    g = game([ch("R1", "red", (5, 5), move=6), ch("B1", "blue", (25, 25))], features=[fence])
    g.apply("red", "move:R1:5.0,8.0")
    assert "R1 walks 3.0\", over the fence (-3\", PP-06)" in texts(g, "red")
    g = game([ch("R1", "red", (5, 5), move=6), ch("B1", "blue", (25, 25))],
             features=[{**fence, "obstacle": "really_difficult"}])
    twin = g.clone()
    twin.apply("red", "move:R1:5.0,6.5")
    assert "R1 runs 1.5\", over the fence (-5\", PP-06)" in texts(twin, "red")
    g.apply("red", "move:R1:5.0,6.0")
    assert "walks" in texts(g, "red")
    assert "+5\", PP-06" in refusal(game([ch("R1", "red", (5, 5), move=3), ch("B1", "blue", (25, 25))],
                                         features=[{**fence, "obstacle": "really_difficult"}]), "move:R1:5.0,7.0")


def test_pp46_pp47_a_named_man_trained_who_has_done_it_before_has_plus_4_and_passes_on_a_1():
    """PP-46/PP-47: named +2, trained for it +1, done it before +1: a 1 makes 5."""
    gap = wall("gap", [(0, 7), (30, 7), (30, 8), (0, 8)], risky="leap the gap", name="the gap")
    g = game([ch("R1", "red", (5, 5), named=True, trained_for=["leap the gap"], done_before={"leap the gap": 1}),
              ch("B1", "blue", (25, 25))], features=[gap], dice=[1])
    g.apply("red", "move:R1:5.0,9.0")
    nerve = rolls(g, "PP-46")[0]
    assert nerve["total"] == 5 and nerve["result"] == "pass" and pos(g, "R1") == (5.0, 9.0)


def test_pp46_pp48_a_5_passes_a_4_fails_and_cowers_back_with_minus_1_next_move():
    """PP-48: a 4 fails: he does not leap and does nothing else this move; next move -1 (failed
    before), with the umpire's 'Oh Sh*t' -2 and Etc +2 (PP-47)."""
    gap = wall("gap", [(0, 7), (30, 7), (30, 8), (0, 8)], risky="leap the gap", danger="oh_shit", etc=2,
               name="the gap")
    g = game([ch("R1", "red", (5, 5)), ch("B1", "blue", (25, 25))], features=[gap], moves=2, dice=[4, 6])
    g.apply("red", "move:R1:5.0,9.0")
    assert pos(g, "R1") == (5.0, 5.0) and "loses his nerve" in texts(g, "red")
    to_phase(g, "moving", move=2)
    do(g, "move:R1:5.0,9.0")
    second = rolls(g, "PP-46")[1]
    assert {(m["value"], m["reason"]) for m in second["modifiers"]} == {
        (-2, "'Oh Sh*t'"), (2, "the umpire's judgement (Etc)"), (-1, "failed before")}
    assert second["total"] == 5 and pos(g, "R1") == (5.0, 9.0)
    finish(g)


def test_any_typed_point_is_either_carried_out_exactly_or_refused_with_a_reason_and_nothing_changes():
    """Property: coordinates anywhere (on or off the table, through walls, out of reach)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    house = wall("house", [(8, 4), (12, 4), (12, 8), (8, 8)], building=True, name="the house")
    fence = wall("fence", [(0, 12), (30, 12), (30, 12.5), (0, 12.5)], obstacle="difficult", name="the fence")

    @settings(max_examples=60, deadline=None, database=None)
    @given(x=st.floats(-5, 35), y=st.floats(-5, 35))
    def holds(x: float, y: float) -> None:
        g = game([ch("R1", "red", (10, 10.5)), ch("B1", "blue", (25, 25))], features=[house, fence])
        action = f"move:R1:{x:.1f},{y:.1f}"
        before = list(g.log.lines())
        try:
            g.apply("red", action)
        except IllegalActionError as err:
            assert err.why and list(g.log.lines()) == before
        else:
            assert pos(g, "R1") == (round(x, 1), round(y, 1))

    holds()


@pytest.mark.parametrize(("faces", "ends", "factors"), [
    ([1, 1, 1, 1], [(5.0, 9.0)] * 4,  # four failures: the fourth attempt follows three
     [[], [(-1, "failed before")], [(-1, "failed before")], [(-2, "failed lots of times")]]),
    ([6, 6, 6, 6], [(5.0, 9.0), (5.0, 5.0), (5.0, 9.0), (5.0, 5.0)],  # four leaps, back and forth
     [[], [(1, "done it before")], [(1, "done it before")], [(2, "done it lots of times")]]),
])
def test_pp47_pp48_lots_of_times_is_three_real_attempts_failed_or_done(faces, ends, factors):
    """PP-47 gap: 'lots of times' is 3 or more and replaces 'before'; PP-48: each failure (he stays where
    he cowers) counts as failed before. R1 tries to leap the gap once a move for four moves."""
    gap = wall("gap", [(0, 7), (30, 7), (30, 8), (0, 8)], risky="leap the gap", name="the gap")
    g = game([ch("R1", "red", (5, 5)), ch("B1", "blue", (25, 25))], features=[gap], moves=4, dice=faces)
    for move, end in enumerate(ends, 1):
        to_phase(g, "moving", move=move)
        do(g, f"move:R1:{end[0]:.1f},{end[1]:.1f}")
        if "stay:R1" in [a.id for a in g.legal_actions("red")]:
            g.apply("red", "stay:R1")  # PP-48: he cowers where he is
        assert pos(g, "R1") == ((5.0, 5.0) if faces[0] == 1 else end)
    finish(g)
    assert [[(m["value"], m["reason"]) for m in r["modifiers"]] for r in rolls(g, "PP-46")] == factors
