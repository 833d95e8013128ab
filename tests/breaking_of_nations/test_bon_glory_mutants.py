"""Glory tests, panic, recovery and the officer's rally (BON-036..041, BON-111), each pinned down where a
small edit of the rule would otherwise pass (scripts/mutation.py over glory.py, docs/testing.md)."""

from __future__ import annotations

from typing import Any

from breaking_of_nations.bon_support import do, game, gl, ids, model, texts, unit
from riotact.core import Game
from support import umpire_sees

OFF = {"counter_attack": False}
#: The LMG's three shots at the Civilian squad (all miss); the pin raises it from GL 6+ to 7 (BON-036).
MISSES = [1, 1, 1]
#: Every soldier of the squad rolls 2 on the Moral Reactions chart: Civilians freeze (BON-111).
FREEZE = [2, 2, 2]


def frozen(**options: Any) -> Game:
    """Red's LMG pins blue's Civilian squad x in turn 1: it panics at GL 7 and all three freeze. The
    officer x.1 stands at (10, 20); x.2 exactly 6" from his base (7" centre to centre), x.3 far off."""
    g = game([unit("A", "red", (2, 2), (10, 10), specialists=[{"kind": "lmg"}]),
              unit("x", "blue", (10, 20), (10, 27), (30, 30), level="civilian"),
              unit("y", "blue", (46, 47))],
             dice=[1, 2, *MISSES, *FREEZE], options={**OFF, **options}, turns=6)
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert [m.panic for m in (model(g, "x.1"), model(g, "x.2"), model(g, "x.3"))] == ["freeze"] * 3
    return g


def finish_turn(g: Game) -> None:
    """Every unit left activates and ends its activation at once, up to the next turn (or the end)."""
    turn = umpire_sees(g)["turn"]
    while not g.is_over() and umpire_sees(g)["turn"] == turn:
        acts = ids(g)
        end = next((i for i in acts if i.startswith("end:")), None)
        do(g, end or next(i for i in acts if i.startswith("activate:")))


def recovery_rolls(g: Game) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for e in g.log.events:
        if e["kind"] == "roll" and e["rule"] == "BON-040":
            assert e["sides"] == 6  # BON-040: the soldier rolls a D6 (a natural 6, gap)
            out.setdefault(e["turn"], []).append(e["who"])
    return out


def panic_reactions(g: Game) -> list[str]:
    rolls = [e for e in g.log.events if e["kind"] == "roll" and e["rule"] == "BON-111"]
    assert all(e["sides"] == 6 for e in rolls)  # BON-111: each soldier's reaction is a D6 on the chart
    return [e["who"] for e in rolls]


def test_bon040_the_officer_tries_every_turn_his_soldiers_every_other_turn_from_the_turn_after_panic() -> None:
    """BON-040: no one tries in the turn he panicked (1); in turn 2 all three try, in turn 3 only the
    officer (his soldiers must wait), in turn 4 all three again. Every roll fails (a 1)."""
    g = frozen()
    g.dice.extend([1] * 7)
    for _ in range(4):
        finish_turn(g)
    assert recovery_rolls(g) == {2: ["x.1", "x.2", "x.3"], 3: ["x.1"], 4: ["x.1", "x.2", "x.3"]}
    assert gl(g, "x") == 7 and all(model(g, m).panic == "freeze" for m in ("x.1", "x.2", "x.3"))
    assert "gets a grip" not in texts(g)


def test_bon036_bon038_a_new_trigger_on_a_squad_already_panicking_at_gl_7_changes_nothing() -> None:
    """BON-036 / BON-038: pinned again in turn 2, the panicking squad stays at GL 7: no new glory test,
    no second panic, no new reactions rolled."""
    g = frozen()
    finish_turn(g)
    g.dice.extend([*MISSES, 1, 1, 1])  # red's LMG again (misses), then turn 2's failed recovery rolls
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert gl(g, "x") == 7
    assert texts(g).count("x reaches GL 7 and panics.") == 1 and "GL rises to 8+" not in texts(g)
    assert panic_reactions(g) == ["x.1", "x.2", "x.3"]
    finish_turn(g)
    assert recovery_rolls(g) == {2: ["x.1", "x.2", "x.3"]}


def test_bon041_the_rally_calms_the_panicking_soldiers_within_6_inches_once_a_turn_for_1_ac() -> None:
    """BON-040: the officer gets a grip in turn 2 (a 6; his soldiers roll 1), the squad is at GL 6+.
    BON-041: in turn 3 he rallies it for 1 AC: x.2, exactly 6" from him, stops panicking; x.3, far off,
    does not, and the squad cannot be rallied again that turn. In turn 4 it can."""
    g = frozen()
    g.dice.extend([6, 1, 1])
    finish_turn(g)
    finish_turn(g)
    assert "x.1 gets a grip of himself; x is at GL 6+." in texts(g)
    assert not model(g, "x.1").panic and gl(g, "x") == 6
    do(g, "activate:A")
    do(g, "end:A")
    do(g, "activate:x")
    assert "rally:x" in ids(g) and model(g, "x.1").ac == 2  # a Civilian officer's 2 AC (BON-008)
    do(g, "rally:x")
    assert "x.1 rallies x: GL 6+; x.2 stop panicking." in texts(g)
    assert not model(g, "x.2").panic and model(g, "x.3").panic == "freeze"
    assert model(g, "x.1").ac == 1
    assert "rally:x" not in ids(g)  # once a turn, though x.3 still panics
    finish_turn(g)  # turn 3's Glory Tests phase: x.3 must wait a turn (BON-040)
    do(g, "activate:A")
    do(g, "end:A")
    do(g, "activate:x")
    assert "rally:x" in ids(g)


def test_bon041_a_panicking_officer_does_not_rally_his_squad() -> None:
    """BON-041: in turn 2 the soldiers get a grip (6s) but the officer does not (a 1): in turn 3 the
    squad (GL 6+, its officer panicking) has no officer to rally it."""
    g = frozen()
    g.dice.extend([1, 6, 6])
    finish_turn(g)
    finish_turn(g)
    do(g, "activate:A")
    do(g, "end:A")
    do(g, "activate:x")
    assert model(g, "x.1").panic == "freeze" and not model(g, "x.2").panic
    assert any(i.startswith("move:x") for i in ids(g)) and "rally:x" not in ids(g)


def test_bon041_a_private_does_not_rally_a_squad_whose_officer_fell() -> None:
    """BON-036 / BON-041: the officer killed and the squad at half strength, its GL 5+ after its glory
    tests (a 6 and a 4): the private left cannot rally it."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (10, 20), (46, 47))],
             dice=[1, 2, 10, 9, 6, 4], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    do(g, "end:A")
    do(g, "activate:x")
    assert gl(g, "x") == 5 and not model(g, "x.1").in_play
    assert any(i.startswith("move:x") for i in ids(g)) and "rally:x" not in ids(g)


def test_bon041_an_officer_rallies_with_his_last_ac_and_no_squad_at_its_own_gl_is_rallied() -> None:
    """BON-041: a Regular squad at its own GL 4+ is not rallied; x, at GL 5+ after its officer's wound,
    is rallied by the officer with the last of his 3 AC, after two moves."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (10, 20), (12, 21), (46, 47))],
             dice=[1, 2, 10, 4, 1], options=OFF)
    do(g, "activate:A")
    assert gl(g, "A") == 4 and "rally:A" not in ids(g)
    do(g, "fire:A:x")
    do(g, "end:A")
    do(g, "activate:x")
    for _ in range(2):
        do(g, next(i for i in ids(g) if i.startswith("move:x")))
    assert model(g, "x.1").ac == 1 and "rally:x" in ids(g)
    do(g, "rally:x")
    assert model(g, "x.1").ac == 0 and gl(g, "x") == 4


def test_bon037_with_glory_test_per_trigger_off_two_triggers_are_tested_by_one_roll() -> None:
    """BON-037 house rule ``glory_test_per_trigger = false``: the officer killed and half strength raise
    x to GL 6+, and its Orders step rolls one D6 for both: a 6 brings it back to 5+."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (10, 20), (46, 47))],
             dice=[1, 2, 10, 9, 6], options={**OFF, "glory_test_per_trigger": False})
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert gl(g, "x") == 6
    do(g, "end:A")
    do(g, "activate:x")
    rolls = [e for e in g.log.events if e["kind"] == "roll" and e["rule"] == "BON-037"]
    assert [(e["sides"], e["total"]) for e in rolls] == [(6, 6)] and gl(g, "x") == 5


def test_bon038_panic_wipes_out_the_glory_tests_the_unit_owed() -> None:
    """BON-038: red's Green squad B loses its officer (GL 6+, a test owed) and falls to half strength
    (GL 7): it panics, and no glory test is rolled for either trigger (gap). A heroic deed (BON-043)
    then takes it back to GL 5+ before it activates: it still owes nothing, so no glory test is rolled."""
    g = game([unit("A", "red", (20, 20), kind="hero"), unit("B", "red", (25, 20), (27, 20), level="green"),
              unit("x", "blue", (25, 30), (26, 30), specialists=[{"kind": "lmg"}]),
              unit("h", "blue", (20, 21), kind="hero")],
             dice=[2, 1, 12, *MISSES, 2, 6, 3, 3, 3, 3], options=OFF)
    do(g, "activate:x")
    do(g, "fire:x:B")  # x.1's pistol shot, a 12, strikes B.1 down; the LMG misses; B.2 freezes (a 2)
    assert "B reaches GL 7 and panics." in texts(g)
    do(g, "end:x")
    do(g, "activate:A")
    do(g, "fight:A")  # a 6: A strikes blue's hero down
    assert "B takes heart: GL 7+ to 5+; B.2 stop panicking." in texts(g) and not model(g, "B.2").panic
    do(g, "end:A")
    while g.to_act() == ("blue",):
        do(g, ids(g)[0])  # blue's fallen hero's unit, its turn to activate
    do(g, "activate:B")
    assert not [e for e in g.log.events if e["kind"] == "roll" and e["rule"] == "BON-037"]
    assert gl(g, "B") == 5


def test_bon036_the_same_trigger_twice_in_a_turn_raises_gl_once() -> None:
    """BON-036 gap: each kind of trigger counts at most once a turn. Red's two LMG squads pin blue's
    Regular squad x in turn 1 (every shot misses): GL 5+, not 6+, and one glory test owed."""
    g = game([unit("A", "red", (2, 2), (10, 10), specialists=[{"kind": "lmg"}]),
              unit("B", "red", (20, 2), (22, 10), specialists=[{"kind": "lmg"}]),
              unit("x", "blue", (10, 20), (12, 20), (14, 20)), unit("y", "blue", (46, 47))],
             dice=[1, 2, *MISSES, *MISSES, 5], options=OFF)
    for step in ("activate:A", "fire:A:x", "end:A", "activate:y", "end:y", "activate:B", "fire:B:x", "end:B"):
        do(g, step)
    assert gl(g, "x") == 5 and texts(g).count("x: glory test, it is pinned down by enemy fire") == 1
    do(g, "activate:x")  # one glory test, a 5: back to its Regular 4+
    assert [e["total"] for e in g.log.events if e["kind"] == "roll" and e["rule"] == "BON-037"] == [5]
    assert gl(g, "x") == 4


def test_bon036_half_strength_is_a_trigger_once_not_at_every_later_loss() -> None:
    """BON-036 gap: "50% or less" fires once, when the unit first falls to half its models. Blue's x
    (4 models) loses two in turn 1 (GL 5+; its test fails, a 1); in turn 2 it loses a third: that
    rifle fire in two turns running pins it (GL 6+), but half strength counts no more."""
    g = game([unit("A", "red", (2, 2), (10, 10), (12, 10), (14, 10)),
              unit("x", "blue", (30, 40), (10, 20), (12, 20), (14, 20)), unit("y", "blue", (46, 47))],
             dice=[1, 2, 12, 12, 1, 1], options=OFF, turns=3)
    for step in ("activate:A", "fire:A:x", "end:A", "activate:x", "end:x", "activate:y", "end:y"):
        do(g, step)
    assert umpire_sees(g)["turn"] == 2 and gl(g, "x") == 5
    g.dice.extend([12, 1, 1, 1, 1, 1])
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert not model(g, "x.4").in_play and gl(g, "x") == 6
    assert texts(g).count("x: glory test, it is down to half strength or less") == 1


def test_bon038_bon111_in_a_panicking_mg_team_the_crew_react_and_the_gun_does_not() -> None:
    """BON-038 / BON-111: blue's MG team, pinned by red's LMG in turns 1 and 2 (its glory test fails,
    a 1), reaches GL 7 and panics: its crew and ammunition carrier roll their reactions (2s: Green men
    freeze, BON-065), the gun itself has none."""
    g = game([unit("A", "red", (2, 2), (10, 10), specialists=[{"kind": "lmg"}]),
              unit("m", "blue", (10, 20), (9, 22), (11, 22), kind="mg", level="civilian"),
              unit("y", "blue", (46, 47))],
             dice=[1, 2, *MISSES, 1, *MISSES, 2, 2], options=OFF)
    for step in ("activate:A", "fire:A:m", "end:A", "activate:m", "end:m", "activate:y", "end:y",
                 "activate:A", "fire:A:m"):
        do(g, step)
    assert "m reaches GL 7 and panics." in texts(g)
    assert panic_reactions(g) == ["m.2", "m.3"] and model(g, "m.1").panic == ""
    assert model(g, "m.2").panic == model(g, "m.3").panic == "freeze"


def test_bon041_an_officer_with_no_ac_left_cannot_rally() -> None:
    """BON-041: the rally costs the officer 1 AC. A light leg wound (a 2, BON-112) in turn 1 halves his
    SP, so in turn 2 he has 2 AC to his men's 3: after two moves he has none, and his squad (GL 5+, its
    glory test failed with a 1) is not rallied."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (10, 20), (12, 21), (46, 47))],
             dice=[1, 2, 10, 2, 1], options=OFF, turns=3)
    do(g, "activate:A")
    do(g, "fire:A:x")
    finish_turn(g)
    do(g, "activate:A")
    do(g, "end:A")
    do(g, "activate:x")
    assert model(g, "x.1").ac == 2 and "rally:x" in ids(g)
    for _ in range(2):
        do(g, next(i for i in ids(g) if i.startswith("move:x")))
    assert model(g, "x.1").ac == 0 and model(g, "x.2").ac == 1 and gl(g, "x") == 5
    assert "rally:x" not in ids(g)


def test_each_seat_sees_how_many_men_a_unit_has_lost() -> None:
    """The seats' view counts a unit's losses: x loses its officer to red's rifle (a 10, then a 9 on
    the hit location, BON-048) and both seats see one man lost."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (10, 20), (46, 47))],
             dice=[1, 2, 10, 9], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert not model(g, "x.1").in_play
    for seat in ("red", "blue"):
        assert next(u for u in g.view(seat)["state"]["units"] if u["id"] == "x")["lost"] == 1
