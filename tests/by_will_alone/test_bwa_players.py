"""Several players on one side act together (BWA-01): they order at the same time, their orders
resolve in one step, allies share what their side knows, and the harness passes."""

from __future__ import annotations

import copy

import pytest

from riotact.core import conformance
from riotact.core.errors import IllegalActionError, ScenarioError
from riotact.core.game import Game
from riotact.core.scenario import builtin_scenarios, parse_scenario
from riotact.rulesets import get_ruleset

PLAYERS = {"students": "nonviolent", "unions": "nonviolent-2", "clergy": "nonviolent-2",
           "riot-a": "authority", "riot-b": "authority-2", "reserve": "authority-2"}


def four_player_ministry():
    base = next(s for s in builtin_scenarios(get_ruleset("by-will-alone")) if s.id == "ministry-sit-in")
    data = copy.deepcopy(base.data)
    data["id"] = "ministry-four-players"
    data["seats"] = ["nonviolent", "nonviolent-2", "authority", "authority-2"]
    for unit in data["setup"]["units"]:
        if unit["id"] in PLAYERS:
            unit["player"] = PLAYERS[unit["id"]]
    return parse_scenario(data, "ministry-four-players")


def test_bwa01_players_of_a_side_order_together() -> None:
    game = Game(four_player_ministry(), seed=2)
    assert game.to_act() == ("nonviolent", "nonviolent-2")
    with pytest.raises(IllegalActionError, match="takes its orders from nonviolent-2"):
        game.apply("nonviolent", "unions:sit")
    game.apply("nonviolent", "students:sit")
    game.apply("nonviolent-2", "unions:sit")
    assert game.to_act() == ("nonviolent", "nonviolent-2")  # nothing resolves before both are done
    assert not [e for e in game.log.events if e.get("rule") == "BWA-19"]
    game.apply("nonviolent", "done")
    game.apply("nonviolent-2", "done")
    sat = [e for e in game.log.events if e.get("rule") == "BWA-19"]
    assert {e["unit"] for e in sat} == {"students", "unions"} and {e["turn"] for e in sat} == {1}
    decisions = [e for e in game.log.events if e["kind"] == "decision"]
    assert all(e["visible_to"] == ["nonviolent", "nonviolent-2"] for e in decisions)
    assert game.to_act() == ("authority", "authority-2")  # no risk taken: the initiative passed


def test_allies_see_their_side_and_share_the_result() -> None:
    game = Game(four_player_ministry(), seed=2)
    view = game.view("nonviolent-2")["state"]
    assert view["side"] == "nonviolent" and view["allies"] == ["nonviolent"]
    assert any(u["id"] == "clergy" for u in view["units"])
    play = conformance.random_game(four_player_ministry(), 4)
    result = play.result
    assert result is not None and set(result.scores) == set(play.seats)
    if result.winners:
        assert len(result.winners) == 2 and len({w.split("-")[0] for w in result.winners}) == 1


@pytest.mark.parametrize("seed", [1, 2])
def test_four_player_scenario_passes_the_harness(seed) -> None:
    scenario = four_player_ministry()
    conformance.check_legal_only(scenario, seed)
    conformance.check_determinism(scenario, seed)
    conformance.check_replay(conformance.random_game(scenario, seed))
    conformance.check_clone_and_undo(scenario, seed, steps=30)
    assert conformance.check_no_leaks(scenario, seed) > 0


def test_bad_player_names(bwa) -> None:
    """BWA-01: a piece's player is a seat of its side; the setup model checks it against the seats."""
    data = bwa.data([bwa.nv("n", "w0", player="authority"), bwa.auth("a", "e6")])
    with pytest.raises(ScenarioError, match=r"setup\.units\.0\.player: .*player 'authority' is not a seat of "
                                            "the nonviolent side"):
        parse_scenario(data, "x")
    data = bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6")],
                    dummies=[{"side": "authority", "feature": "w0", "player": "authority-2"}])
    with pytest.raises(ScenarioError, match=r"setup\.dummies\.0\.player: .*'authority-2' is not a seat"):
        parse_scenario(data, "x")
    data = bwa.data([bwa.nv("n", "w0"), bwa.auth("a", "e6")])
    data["seats"] = ["nonviolent", "police"]
    with pytest.raises(ScenarioError, match="seats"):
        Game(parse_scenario(data, "x"))
