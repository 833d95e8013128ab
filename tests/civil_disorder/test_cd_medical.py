"""Casualties and paramedics (CD-56 to CD-59). A sniper in the shop shoots patrol P1 at J1-0, where
an ambulance stands on 'treat' (CD-67: a 6 hits; CD-61: 3 wounds, 4 kills); P1 never runs (every
CD-63 test a 6: shaken at worst) and crowd A far off keeps the game going. Every other die is a 1 (a miss)."""

from __future__ import annotations

from civil_disorder.cd_play import texts, turn, unit
from support import umpire_sees


def ward(cd, *, hits: int = 1, casualty=(3,), triage=(), medics: int = 2):
    """A game whose sniper hits P1 in each of the first ``hits`` turns, played to the end of turn 1."""
    game = cd.game(units=[cd.unit("P1", "patrol", "J1-0"),
                          cd.unit("AMB1", "paramedics", "J1-0", figures=medics, vehicle="ambulance",
                                  order="treat")],
                   buildings=[{"id": "shop", "block": [0, 0], "value": 60}],
                   snipers=[{"id": "S", "building": "shop", "target": "P1"}],
                   crowds=[cd.crowd("A", "J2-2", rl=3)], turns=20,
                   dice=cd.dice({"CD-67": [6] * hits, "CD-61": list(casualty), "CD-57": list(triage),
                                 "CD-63": [6] * 20}))
    turn(game)
    return game


def turns(game, n: int) -> None:
    for _ in range(n):
        turn(game)


def casualties(game) -> list[dict]:
    return umpire_sees(game)["casualties"]


def test_cd56_casualties_are_wounded_or_dead_and_lie_where_they_fell(cd):
    """CD-56: every casualty is wounded or dead and stays put until a paramedic reaches it: P1,
    hit twice at J1-0 (wounded, then killed), pulls back and leaves both lying there."""
    game = ward(cd, hits=2, casualty=(3, 4))
    game.apply("commander", "order:AMB1:hold")  # no paramedic comes
    game.apply("commander", "stay")
    turn(game, "order:P1:withdraw")  # shaken, it may still pull back (CD-64)
    turn(game)
    assert sorted(c["status"] for c in casualties(game)) == ["dead", "wounded"]
    assert {(c["node"], c["stage"]) for c in casualties(game)} == {("J1-0", "lying")}
    assert unit(game, "P1")["node"] != "J1-0"


def test_cd56_the_dead_get_no_triage_roll(cd):
    """CD-56 default: bodies are recovered as stretcher cases without a roll."""
    game = ward(cd, casualty=(4,))
    turns(game, 3)  # reach, stretcher, load
    assert unit(game, "AMB1")["load"] == 1 and casualties(game)[0]["stage"] == "stretcher"
    assert not [e for e in game.log_for("umpire") if e.get("rule") == "CD-57" and e["kind"] == "roll"]


def test_cd57_triage_1_back_in_action_after_one_turn(cd):
    """CD-57: "It's only a scratch": one turn of patching, then it carries on."""
    game = ward(cd, triage=[1])
    turns(game, 1)
    assert unit(game, "P1")["figures"] == 7
    turns(game, 1)
    assert unit(game, "P1")["figures"] == 8 and umpire_sees(game)["stats"]["sf_wounded"] == 0


def test_cd57_triage_6_dies_after_two_turns(cd):
    """CD-57: "Sorry, there was nothing we could do": dead after two turns of resuscitation."""
    game = ward(cd, triage=[6])
    turns(game, 2)
    assert casualties(game)[0]["status"] == "wounded"
    turns(game, 1)
    stats = umpire_sees(game)["stats"]
    assert casualties(game)[0]["status"] == "dead" and stats["sf_dead"] == 1 and stats["sf_wounded"] == 0


def test_cd57_triage_2_3_walks_to_the_ambulance(cd):
    """CD-57: 2-3: patched for a turn, then walks (the ambulance is at hand) and is loaded."""
    game = ward(cd, triage=[3])
    turns(game, 3)
    assert unit(game, "AMB1")["load"] == 1 and casualties(game)[0]["stage"] == "walking"


def test_cd58_two_paramedics_for_a_stretcher_and_a_turn_each_step(cd):
    """CD-58: one paramedic cannot move a stretcher case; two take a turn to patch, a turn to
    put it on the stretcher and a turn to load it."""
    alone = ward(cd, triage=[4], medics=1)
    turns(alone, 5)
    assert unit(alone, "AMB1")["load"] == 0
    assert "AMB1 needs two paramedics to man the stretcher." in texts(alone, "CD-58")
    pair = ward(cd, triage=[5])
    turns(pair, 3)  # reach + triage, patch, stretcher
    assert unit(pair, "AMB1")["load"] == 0
    turns(pair, 1)  # load
    assert unit(pair, "AMB1")["load"] == 1


def test_cd59_an_ambulance_takes_2_stretcher_cases_or_4_walking_wounded(cd):
    """CD-59: a third stretcher case (or a fifth walking wounded) cannot be loaded. P1 is hit in
    turns 1 to 3, three stretcher cases (triage 4): the first two are loaded, 4 turns each (reach,
    patch, stretcher, load); the third is refused. The commander then orders the ambulance to
    hospital (carried out in the turn's step 6)."""
    game = ward(cd, hits=3, casualty=(3, 3, 3), triage=[4, 4, 4])
    turns(game, 8)
    assert unit(game, "AMB1")["load"] == 2
    assert not [t for t in texts(game, "CD-59") if "is full" in t]
    turns(game, 4)  # the third: reach, patch, stretcher, then loading is refused
    assert unit(game, "AMB1")["load"] == 2 and "Ambulance AMB1 is full" in texts(game, "CD-59")[-1]
    turn(game, "order:AMB1:evacuate")
    assert unit(game, "AMB1")["load"] == 0
    assert [c["stage"] for c in casualties(game)] == ["evacuated", "evacuated", "stretcher"]
    assert "Ambulance AMB1 leaves for hospital with 2 casualties." in texts(game, "CD-59")


def test_cd59_a_body_takes_a_stretcher_place_when_the_ambulance_fills_up(cd):
    """CD-59 / CD-56 default: a body is recovered as a stretcher case, so it takes 2 places:
    with a stretcher case and a walking wounded aboard (3 of 4 places), it cannot be loaded."""
    game = ward(cd, hits=3, casualty=(3, 3, 4), triage=[4, 3])  # a stretcher case, a walking wounded, a body
    turns(game, 7)  # the stretcher case in 4 turns, the walking wounded in 3 (reach, patch, load)
    assert unit(game, "AMB1")["load"] == 2
    turns(game, 3)  # reach (no triage for the dead), stretcher, then loading is refused
    assert unit(game, "AMB1")["load"] == 2 and "Ambulance AMB1 is full" in texts(game, "CD-59")[-1]
    assert [c["stage"] for c in casualties(game)] == ["stretcher", "walking", "dead"]
