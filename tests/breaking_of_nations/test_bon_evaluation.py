"""The search bot's evaluation of a Breaking of Nations world (the spec's ``evaluation``, BON-003): the seat's
lead in models not fleeing and in objectives held, as the table stands."""

from __future__ import annotations

from breaking_of_nations.bon_support import do, feature, game, unit
from riotact.rulesets import get_ruleset

EVALUATION = get_ruleset("breaking-of-nations").evaluation  # the search bot's, as the spec declares it
assert EVALUATION is not None
value = EVALUATION.value

FARM = feature("farm", "clear", [(18, 18), (22, 18), (22, 22), (18, 22)])


def test_bon003_more_models_and_a_held_objective_put_the_seat_ahead() -> None:
    """BON-003: red has a model more and is ahead; once blue's man walks onto the farm (its objective,
    5 points) blue is ahead; at the end the value is the outcome."""
    g = game([unit("A", "red", (5, 5), (8, 5)), unit("x", "blue", (20, 15))], dice=[1, 2], turns=1,
             features=[FARM], objectives=[{"seat": "blue", "feature": "farm", "points": 5}])
    assert value(g.state, "red") > 0.0 > value(g.state, "blue")
    assert value(g.state, "red") == -value(g.state, "blue")
    do(g, "activate:A")
    do(g, "end:A")
    do(g, "activate:x")
    do(g, "move:x:20,20")
    assert value(g.state, "blue") > 0.0 > value(g.state, "red")
    do(g, "end:x")
    assert g.result is not None and g.result.winners == ("blue",)
    assert value(g.state, "blue") == 1.0 and value(g.state, "red") == -1.0
