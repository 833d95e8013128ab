"""The search bot's evaluation of a Public Participation world (the spec's ``evaluation``, PP-02): the seat's
lead in the points that decide the game, as the table stands, and in what comes before them."""

from __future__ import annotations

from public_participation.pp_support import ch, do, game, to_phase, wall
from riotact.rulesets import get_ruleset

EVALUATION = get_ruleset("public-participation").evaluation  # the search bot's, as the spec declares it
assert EVALUATION is not None
value = EVALUATION.value

YARD = wall("yard", [(4, 10), (8, 10), (8, 14), (4, 14)], name="the yard")


def test_pp02_standing_on_a_place_to_reach_puts_the_seat_ahead() -> None:
    """PP-02: red scores 4 while one of its men stands in the yard: a little ahead for being near it,
    further ahead once R1 has walked in, and blue behind by as much."""
    g = game([ch("R1", "red", (6, 7)), ch("B1", "blue", (25, 25))], features=[YARD],
             objectives=[{"seat": "red", "kind": "reach", "target": "yard", "points": 4}])
    near = value(g.state, "red")
    assert near > 0.0 > value(g.state, "blue")
    to_phase(g, "moving")
    do(g, "move:R1:6.0,11.0")
    assert value(g.state, "red") > near
    assert value(g.state, "red") == -value(g.state, "blue")


def test_pp02_an_enemy_in_a_place_to_keep_clear_costs_the_seat_its_points() -> None:
    """PP-02: blue keeps the yard clear for 3 points: ahead while it is, less so once R1 stands in it;
    a finished game is its outcome."""
    g = game([ch("R1", "red", (6, 7)), ch("B1", "blue", (25, 25))], features=[YARD],
             objectives=[{"seat": "blue", "kind": "keep_out", "target": "yard", "points": 3}])
    clear = value(g.state, "blue")
    assert clear > 0.0 > value(g.state, "red")
    to_phase(g, "moving")
    do(g, "move:R1:6.0,11.0")
    assert 0.0 < value(g.state, "blue") < clear / 4
    while g.to_act():
        g.apply(g.to_act()[0], "done")
    assert g.result is not None and g.result.winners == () and value(g.state, "red") == 0.0
