"""The officer's rally takes 2 GL away (BON-041), pinned down where the house rule's default could
change unseen (scripts/mutation.py over rules.py, docs/testing.md): only a unit raised 3 or more above
its level's own GL tells 2 from 3."""

from __future__ import annotations

from typing import Any

from breaking_of_nations.bon_support import do, game, texts, unit
from riotact.core import Game

#: The LMG's three shots at x (all miss): each firing pins it, +1 GL (BON-036).
MISSES = [1, 1, 1]
#: x's glory test in its Orders step (BON-037): a 1 fails, the GL stays.
FAILED_TEST = [1]


def labels(g: Game) -> dict[str, str]:
    return {a.id: a.text for a in g.legal_actions(g.to_act()[0])}


def pinned_three_turns_running(**options: Any) -> Game:
    """Red's LMG squad A pins blue's Veteran squad x (GL 3+, BON-104) in turns 1, 2 and 3, and each of
    x's glory tests fails: x activates in turn 3 at GL 6+, its officer x.1 not panicking."""
    g = game([unit("A", "red", (2, 2), (10, 10), specialists=[{"kind": "lmg"}]),
              unit("x", "blue", (10, 20), (12, 21), level="veteran"),
              unit("y", "blue", (46, 47))],
             dice=[1, 2, *(MISSES + FAILED_TEST) * 3], options={"counter_attack": False, **options}, turns=4)
    for turn in (1, 2, 3):
        do(g, "activate:A")
        do(g, "fire:A:x")
        do(g, "end:A")
        do(g, "activate:x")
        assert f"x stays at GL {3 + turn}+." in texts(g)
        if turn < 3:
            do(g, "end:x")
            do(g, "activate:y")
            do(g, "end:y")
    return g


def test_bon041_a_rally_takes_a_veteran_squad_from_gl_6_to_4_not_to_its_own_3() -> None:
    """BON-041: the rally lowers GL by 2 (``rally_gl``), never below the level's own GL: the Veteran
    squad at GL 6+ is rallied to 4+, one above its Veteran 3+."""
    g = pinned_three_turns_running()
    assert labels(g)["rally:x"] == "the officer rallies x (GL -2)"
    do(g, "rally:x")
    assert texts(g).endswith("x.1 rallies x: GL 4+.")
    assert next(u for u in g.view("blue")["state"]["units"] if u["id"] == "x")["gl"] == 4


def test_bon041_house_rule_rally_gl_3_takes_the_veteran_squad_to_its_own_gl_3_and_says_so() -> None:
    """BON-041 house rule ``rally_gl = 3``: the same squad is rallied to its Veteran 3+, and the action
    offered names the house rule's figure, not the seed's 2."""
    g = pinned_three_turns_running(rally_gl=3)
    assert labels(g)["rally:x"] == "the officer rallies x (GL -3)"
    do(g, "rally:x")
    assert texts(g).endswith("x.1 rallies x: GL 3+.")
