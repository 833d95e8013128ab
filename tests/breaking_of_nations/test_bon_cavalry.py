"""Cavalry (BON-079..085, BON-105, the cavalry glory trigger of BON-036), through ``Game``."""

from __future__ import annotations

import pytest

from breaking_of_nations.bon_support import do, game, ids, model, move_refusal, texts, unit
from riotact.core import IllegalActionError
from riotact.rulesets.breaking_of_nations.tables import gait_limit
from support import umpire_sees

OFF = {"counter_attack": False}


def horse(*, dice: list[int] = (), turns: int = 3, **card):
    return game([unit("C", "red", (10, 5), (12, 5), kind="cavalry", soldiers=1, **card),
                 unit("x", "blue", (40, 45))], dice=[1, 2, *dice], turns=turns, options=OFF)


def next_turn(g) -> None:
    while g.to_act() == ("red",) and umpire_sees(g)["active"]:
        do(g, f"end:{umpire_sees(g)['active']}")
    do(g, "activate:x")
    do(g, "end:x")


def test_bon079_bon082_from_a_walk_a_mount_may_canter_but_not_gallop() -> None:
    """BON-079, BON-082, BON-105: walk 6", canter 8", gallop 10"; one gait up a turn."""
    g = horse()
    do(g, "activate:C")
    assert move_refusal(g, "C", 11, 13.5) is not None  # 8.5": a gallop
    do(g, "move:C:11,13")
    assert "C goes at a canter." in texts(g)
    next_turn(g)
    do(g, "activate:C")
    assert move_refusal(g, "C", 11, 23) is None  # 10" at a gallop now


def test_bon080_the_gait_is_the_lowest_that_covers_the_move_so_its_minimum_is_met() -> None:
    """BON-080: a move of 5" is a walk, 7" a canter (at least 6")."""
    g = horse()
    do(g, "activate:C")
    do(g, "move:C:11,10")
    assert "C goes at a walk." in texts(g)
    g = horse()
    do(g, "activate:C")
    do(g, "move:C:11,12")
    assert "C goes at a canter." in texts(g)


def test_bon081_turning_90_degrees_at_a_gallop_costs_2_inches() -> None:
    """BON-081: a galloping mount that turns 90 degrees has 8" left."""
    g = horse()
    do(g, "activate:C")
    do(g, "move:C:11,13")  # canter north
    next_turn(g)
    do(g, "activate:C")
    assert move_refusal(g, "C", 19, 13) is None  # 8" east: a gallop with the turn
    assert move_refusal(g, "C", 19.5, 13) is not None


def test_bon084_heavy_armour_cannot_gallop_and_canters_only_6() -> None:
    """BON-084: Heavy: -2" at a canter and no gallop; Flak (Kevlar): -2" at a gallop."""
    g = horse(armour="heavy")
    do(g, "activate:C")
    assert move_refusal(g, "C", 11, 11) is None and move_refusal(g, "C", 11, 11.5) is not None  # 6" at most
    # a heavy rider's canter (6") is never more than his walk, so no game reaches a gallop: the chart says so
    assert gait_limit("canter", "heavy", "gallop") is None
    g = horse(armour="flak")
    do(g, "activate:C")
    do(g, "move:C:11,12")  # 7": a canter
    next_turn(g)
    do(g, "activate:C")
    assert move_refusal(g, "C", 11, 20) is None  # 8" at a gallop now
    assert move_refusal(g, "C", 11, 20.5) is not None  # not 10"


def test_bon085_a_rider_fires_less_accurately() -> None:
    """BON-085, BON-113: TN +1 for a firer on horseback."""
    g = game([unit("C", "red", (2, 2), (10, 10), kind="cavalry", soldiers=1), unit("x", "blue", (46, 47), (10, 21))],
             dice=[1, 2, 1], options=OFF)
    do(g, "activate:C")
    do(g, "fire:C:x")
    assert "TN 6: 5 DS +0 medium range +0 Regular firer +1 firer on horseback" in texts(g)


def test_bon083_a_cavalryman_against_a_man_on_foot_needs_1_less() -> None:
    """BON-083: the cavalryman's close-combat TN is 1 lower against a dismounted soldier."""
    g = game([unit("C", "red", (2, 2), (10, 10), kind="cavalry", soldiers=1, facing=90),
              unit("x", "blue", (46, 47), (11, 10), level="green", facing=270)], dice=[1, 2, 3, 3])
    do(g, "activate:C")
    do(g, "fight:C")
    assert "TN 3: 4 DS -1 cavalryman against a man on foot +0 attacker's CS" in texts(g)
    assert not model(g, "x.2").in_play


def test_bon036_cavalry_cantering_straight_at_a_unit_raises_its_gl() -> None:
    """BON-036: a vehicle or cavalry heading straight for it at a higher gear."""
    g = game([unit("C", "red", (10, 5), (12, 5), kind="cavalry", soldiers=1), unit("x", "blue", (11, 20))],
             dice=[1, 2])
    do(g, "activate:C")
    do(g, "move:C:11,12")
    assert "x: glory test, cavalry is heading straight for it at a higher gait; GL rises to 5+." in texts(g)


def test_bon022_mounted_cavalry_cannot_form_square() -> None:
    """BON-022: Square is for infantry and dismounted cavalry only."""
    g = horse()
    do(g, "activate:C")
    assert "formation:C:closed" in ids(g) and "formation:C:square" not in ids(g)
    with pytest.raises(IllegalActionError):
        do(g, "formation:C:square")
