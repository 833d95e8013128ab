"""Casualties and paramedics (CD-56 to CD-59)."""

from __future__ import annotations

from riotact.rulesets.civil_disorder.rules import medical
from riotact.rulesets.civil_disorder.rules.medical import wound_sf


def ward(cd, dice, medics: int = 2):
    game = cd.game(units=[cd.unit("P1", "patrol", "J1-0"),
                          cd.unit("AMB1", "paramedics", "J1-0", figures=medics, vehicle="ambulance",
                                  order="treat")], dice=list(dice))
    s = game.state
    wound_sf(s, s.units["P1"], "a brick")
    return s


def turns(s, n: int) -> None:
    for _ in range(n):
        medical.move_paramedics(s, s.units["AMB1"])
        medical.paramedics(s)


def test_cd56_casualties_are_wounded_or_dead_and_lie_where_they_fell(cd):
    """CD-56: every casualty is wounded or dead and stays put until a paramedic reaches it."""
    game = cd.game(units=[cd.unit("P1", "patrol", "J1-0", order="move:J2-2")])
    s = game.state
    wound_sf(s, s.units["P1"], "a brick")
    wound_sf(s, s.units["P1"], "a shot", dead=True)
    from riotact.rulesets.civil_disorder.rules.orders import carry_out
    carry_out(s, s.units["P1"])
    assert sorted(c.status for c in s.casualties.values()) == ["dead", "wounded"]
    assert {c.node for c in s.casualties.values()} == {"J1-0"} and s.units["P1"].node != "J1-0"


def test_cd56_the_dead_get_no_triage_roll(cd):
    """CD-56 default: bodies are recovered as stretcher cases without a roll."""
    game = cd.game(units=[cd.unit("P1", "patrol", "J1-0"),
                          cd.unit("AMB1", "paramedics", "J1-0", figures=2, vehicle="ambulance", order="treat")],
                   dice=[])
    s = game.state
    wound_sf(s, s.units["P1"], "a shot", dead=True)
    turns(s, 3)  # reach, stretcher, load
    assert s.units["AMB1"].load and next(iter(s.casualties.values())).stage == "stretcher"


def test_cd57_triage_1_back_in_action_after_one_turn(cd):
    """CD-57: "It's only a scratch": one turn of patching, then it carries on."""
    s = ward(cd, [1])
    turns(s, 1)
    assert s.units["P1"].figures == 7
    turns(s, 1)
    assert s.units["P1"].figures == 8 and s.stats["sf_wounded"] == 0


def test_cd57_triage_6_dies_after_two_turns(cd):
    """CD-57: "Sorry, there was nothing we could do": dead after two turns of resuscitation."""
    s = ward(cd, [6])
    casualty = next(iter(s.casualties.values()))
    turns(s, 2)
    assert casualty.status == "wounded"
    turns(s, 1)
    assert casualty.status == "dead" and s.stats["sf_dead"] == 1 and s.stats["sf_wounded"] == 0


def test_cd57_triage_2_3_walks_to_the_ambulance(cd):
    """CD-57: 2-3: patched for a turn, then walks (the ambulance is at hand) and is loaded."""
    s = ward(cd, [3])
    turns(s, 3)
    assert s.units["AMB1"].load and next(iter(s.casualties.values())).stage == "walking"


def test_cd58_two_paramedics_for_a_stretcher_and_a_turn_each_step(cd):
    """CD-58: one paramedic cannot move a stretcher case; two take a turn to patch, a turn to
    put it on the stretcher and a turn to load it."""
    alone = ward(cd, [4], medics=1)
    turns(alone, 5)
    assert not alone.units["AMB1"].load
    pair = ward(cd, [5])
    turns(pair, 3)  # reach + triage, patch, stretcher
    assert not pair.units["AMB1"].load
    turns(pair, 1)  # load
    assert pair.units["AMB1"].load


def test_cd59_an_ambulance_takes_2_stretcher_cases_or_4_walking_wounded(cd):
    """CD-59: a third stretcher case (or a fifth walking wounded) cannot be loaded. Three stretcher
    cases (triage 4): the first two are loaded, 4 turns each (reach, patch, stretcher, load); the
    third is refused. The commander then orders the ambulance to hospital (carried out in the turn's
    step 6, every other die a 1)."""
    game = cd.game(units=[cd.unit("P1", "patrol", "J1-0"),
                          cd.unit("AMB1", "paramedics", "J1-0", figures=2, vehicle="ambulance", order="treat")],
                   dice=cd.dice({"CD-57": [4, 4, 4]}))
    s, amb = game.state, game.state.units["AMB1"]
    for i in range(3):
        wound_sf(s, s.units["P1"], f"brick {i}")
    turns(s, 8)
    assert len(amb.load) == 2 and medical.places(s, amb) == 4
    turns(s, 4)  # the third: reach, patch, stretcher, then loading is refused
    assert len(amb.load) == 2
    assert any("is full" in e["text"] for e in s.umpire.log.events if e.get("rule") == "CD-59")
    aboard = list(amb.load)
    game.apply("commander", "order:AMB1:evacuate")
    game.apply("commander", "stay")
    assert not amb.load and all(s.casualties[c].stage == "evacuated" for c in aboard) and not amb.on_table


def test_cd59_a_body_takes_a_stretcher_place_when_the_ambulance_fills_up(cd):
    """CD-59 / CD-56 default: a body is recovered as a stretcher case, so it takes 2 places:
    with a stretcher case and a walking wounded aboard (3 of 4 places), it cannot be loaded."""
    game = cd.game(units=[cd.unit("P1", "patrol", "J1-0"),
                          cd.unit("AMB1", "paramedics", "J1-0", figures=2, vehicle="ambulance", order="treat")],
                   dice=[4, 3])  # triage: a stretcher case, then a walking wounded
    s, amb = game.state, game.state.units["AMB1"]
    wound_sf(s, s.units["P1"], "a brick")
    wound_sf(s, s.units["P1"], "a brick")
    wound_sf(s, s.units["P1"], "a shot", dead=True)
    turns(s, 7)  # the stretcher case in 4 turns, the walking wounded in 3 (reach, patch, load)
    assert len(amb.load) == 2 and medical.places(s, amb) == 3
    turns(s, 4)  # reach (no triage for the dead), stretcher, then loading is refused
    assert len(amb.load) == 2 and medical.places(s, amb) == 3
    assert any("is full" in e["text"] for e in s.umpire.log.events if e.get("rule") == "CD-59")
