"""Glory tests and panic (BON-036..041, BON-111) and heroes' wounds (BON-048, BON-049, BON-112)."""

from __future__ import annotations

from breaking_of_nations.bon_support import do, game, gl, ids, model, move_refusal, texts, unit
from support import umpire_sees

OFF = {"counter_attack": False}


def test_bon036_bon037_leader_lost_and_half_strength_then_one_roll_per_trigger() -> None:
    """BON-036, BON-037, BON-014: leader lost and half strength, then one roll per trigger in the
    unit's Orders step."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (10, 20), (46, 47))],
             dice=[1, 2, 10, 9, 6, 4], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    log = texts(g)
    assert "x: glory test, its leader was wounded or killed; GL rises to 5+." in log
    assert "x: glory test, it is down to half strength or less; GL rises to 6+." in log
    do(g, "end:A")
    do(g, "activate:x")  # the Orders step: two glory rolls, 6 passes (GL 5+), 4 fails (stays 5+)
    assert gl(g, "x") == 5
    assert "x keeps its cool: GL back to 5+." in texts(g) and "x stays at GL 5+." in texts(g)


def panicked(extra_dice: list[int], turns: int = 2):
    """A Civilian unit (GL 6+) pinned by an LMG reaches GL 7: its three men roll flee, freeze, freeze."""
    g = game([unit("A", "red", (2, 2), (10, 10), specialists=[{"kind": "lmg"}]),
              unit("x", "blue", (30, 30), (10, 20), (12, 20), level="civilian"),
              unit("y", "blue", (46, 47))],
             dice=[1, 2, 1, 1, 1, 1, 2, 2, *extra_dice], options=OFF, turns=turns)
    do(g, "activate:A")
    do(g, "fire:A:x")
    return g


def test_bon038_bon111_at_gl_7_every_soldier_rolls_his_reaction() -> None:
    """BON-038, BON-111: at gl 7 every soldier rolls his reaction."""
    g = panicked([])
    log = texts(g)
    assert "x reaches GL 7 and panics." in log
    assert "x.1 (Civilian): flee." in log and "x.2 (Civilian): freeze." in log and "x.3 (Civilian): freeze." in log


def test_bon039_the_fleeing_soldier_runs_for_his_own_edge_and_the_frozen_stay() -> None:
    """BON-039: the fleeing soldier runs for his own edge and the frozen stay."""
    g = panicked([])
    do(g, "end:A")
    do(g, "activate:x")
    assert model(g, "x.1").pos == (30, 38)  # all his AC (2) in moves of 4" north, towards blue's edge
    assert model(g, "x.2").pos == (10, 20)


def test_bon040_recovery_a_natural_6_officers_every_turn_soldiers_every_other() -> None:
    """BON-040: recovery a natural 6 officers every turn soldiers every other."""
    g = panicked([1, 1, 6, 1], turns=3)
    for _ in range(6):
        seat = g.to_act()[0]
        act = next(i for i in ids(g) if i.startswith(("activate:", "end:")))
        do(g, act)
        if g.to_act() and g.to_act()[0] == seat and any(i.startswith("end:") for i in ids(g)):
            do(g, next(i for i in ids(g) if i.startswith("end:")))
        if umpire_sees(g)["turn"] == 3 and umpire_sees(g)["active"] == "" and g.to_act() == ("red",):
            break
    rolls = [e for e in g.log.events if e["kind"] == "roll" and e["rule"] == "BON-040"]
    assert [e["who"] for e in rolls][:3] == ["x.1", "x.2", "x.3"]  # turn 2: everyone may try
    assert not model(g, "x.3").panic and gl(g, "x") == 6


def test_bon041_an_officer_rallies_his_squad_two_gl_down_to_his_level() -> None:
    """BON-041: an officer rallies his squad two gl down to his level."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (10, 20), (12, 21), (46, 47))],
             dice=[1, 2, 10, 4, 1], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")  # the officer: a light chest wound, the unit's GL 5+
    do(g, "end:A")
    do(g, "activate:x")  # glory roll 1: stays at 5+
    assert "rally:x" in ids(g)
    do(g, "rally:x")
    assert gl(g, "x") == 4 and model(g, "x.1").ac == 2


def test_bon048_bon112_a_wounded_hero_rolls_his_hit_location() -> None:
    """BON-048, BON-112: a wounded hero rolls his hit location."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (10, 20), (46, 47))],
             dice=[1, 2, 10, 2, 1], options=OFF)  # x's glory test for the fire at its hero: a 1
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert model(g, "x.1").in_play and model(g, "x.1").injuries == ["leg_light"]
    do(g, "end:A")
    do(g, "activate:x")  # x.1 (10, 20) and x.2 (46, 47): the centre (28, 33.5)
    assert "x.1 can move only 3.0\"" in (move_refusal(g, "x", 28, 37.5) or "")  # light leg wound: speed halved
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (10, 20), (46, 47))],
             dice=[1, 2, 10, 11], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert model(g, "x.1").removed == "bloody death"


def test_bon049_a_hero_suffers_bloody_death_with_no_hit_location() -> None:
    """BON-049: a hero suffers bloody death with no hit location."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (10, 20), (46, 47))],
             dice=[1, 2, 12], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert model(g, "x.1").removed == "bloody death" and "hit location" not in texts(g)


def test_bon036_a_banner_bearer_struck_down_is_a_glory_trigger() -> None:
    """BON-036: "their leader or banner is wounded or killed": blue's x fields a banner (its first
    ordinary soldier, x.2, bears it; every seat sees it); red's rifleman kills him with a natural 12
    (BON-026) and x's GL rises from 4+ to 5+."""
    g = game([unit("A", "red", (2, 2), (10, 10)), unit("x", "blue", (20, 30), (10, 20), (12, 21), banner=True)],
             dice=[1, 2, 12], options=OFF)
    seen = {m["id"]: m["banner"] for u in g.view("red")["state"]["units"] if u["id"] == "x" for m in u["models"]}
    assert seen == {"x.1": False, "x.2": True, "x.3": False}
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert not model(g, "x.2").in_play and gl(g, "x") == 5
    assert "x: glory test, its banner-bearer was wounded or killed; GL rises to 5+." in texts(g, "blue")


def test_bon036_leader_and_banner_struck_down_together_are_one_trigger_a_turn() -> None:
    """BON-036 gap: leader and banner are one line of the seed's list, so one trigger a turn between
    them: two natural 12s kill x's officer and its bearer, and GL rises once (4+ to 5+)."""
    g = game([unit("A", "red", (2, 2), (10, 10), (11, 10)),
              unit("x", "blue", (10.5, 20), (11.5, 20), (20, 30), (21, 30), (22, 30), banner=True)],
             dice=[1, 2, 12, 12], options=OFF)
    do(g, "activate:A")
    do(g, "fire:A:x")
    assert not model(g, "x.1").in_play and not model(g, "x.2").in_play
    assert gl(g, "x") == 5 and "banner-bearer" not in texts(g)
