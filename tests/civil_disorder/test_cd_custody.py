"""Arrest and custody (CD-55): the escort to a police vehicle, and rescue or escape at the
umpire's discretion (a person in the umpire seat, or riotact's ``rescue_chance`` house rule)."""

from __future__ import annotations

import pytest

from riotact.rulesets.civil_disorder.rules import custody


def arrested(cd, *, van_at: str | None = "x16y24", dice=(), **kw):
    """An Anti-Riot Team at J1-0 has just arrested a rioter of crowd A (RL 3, at J2-2)."""
    units = [cd.unit("AR1", "anti_riot", "J1-0")]
    if van_at is not None:
        units.append(cd.unit("V1", "patrol", van_at, figures=4, vehicle="van"))
    game = cd.game(units=units, crowds=[cd.crowd("A", "J2-2", figures=20, rl=3)],
                   dice=list(dice) if dice is not None else None, **kw)
    s = game.state
    prisoner = custody.make_arrest(s, "AR1", "J1-0", s.crowds["A"])
    return game, s, prisoner


def test_cd55_one_figure_escorts_the_prisoner_at_the_walk_to_the_nearest_police_vehicle(cd):
    """CD-55: the arrested figure leaves its crowd; one figure walks it 24" to the van at 6" a
    turn (4 turns) and is not fit for anything else until they arrive."""
    _, s, prisoner = arrested(cd)
    unit = s.units["AR1"]
    assert s.crowds["A"].figures == 19 and prisoner.turns == 4
    for _ in range(3):
        custody.escort_prisoners(s)
        assert prisoner.status == "escorted" and unit.fit == 7
    custody.escort_prisoners(s)
    assert prisoner.status == "in custody" and unit.fit == 8 and unit.escorts == []
    assert s.stats["arrests"] == 1


def test_cd55_with_no_police_vehicle_the_escort_walks_off_the_table(cd):
    """CD-55 default: no police vehicle on the table: to the nearest exit (J1-0 is one: 1 turn)."""
    _, _, prisoner = arrested(cd, van_at=None)
    assert prisoner.turns == 1


def test_cd55_a_player_escorting_a_prisoner_can_do_nothing_else_until_they_arrive(cd):
    """CD-07 (c) / CD-55: a player who grabbed a rioter walks him to the van (16": 3 turns) and
    can only pass meanwhile."""
    game = cd.game(units=[cd.unit("V1", "patrol", "J1-2", figures=4, vehicle="van")],
                   crowds=[cd.crowd("A", "x16y14", rl=5)], dice=cd.dice({"CD-51": [8, 3]}, default=3))
    game.apply("commander", "arrest:A")
    game.apply("commander", "stay")
    for turns in (2, 1):  # the turn's walk is done at its end (CD-12 step 6)
        mine = game.view("commander")["state"]
        assert [(p["status"], p["turns"]) for p in mine["prisoners"]] == [("escorted", turns)]
        assert [a.id for a in game.legal_actions("commander")] == ["pass"]
        game.apply("commander", "pass")
        assert [a.id for a in game.legal_actions("commander")] == ["stay"]  # no walk while escorting
        game.apply("commander", "stay")
    mine = game.view("commander")["state"]
    assert mine["you"]["able"] and [p["status"] for p in mine["prisoners"]] == ["in custody"]
    told = [e["text"] for e in game.log_for("commander") if e.get("rule") == "CD-55"]
    assert "(3 turn(s) at the walk)" in told[0] and "hands the prisoner over" in told[-1]


def test_cd55_the_umpire_seat_may_free_a_prisoner_on_the_way(cd):
    """CD-55: rescue or escape is at the umpire's discretion: a person in the umpire seat frees
    the prisoner; he rejoins crowd A, the escort is back and the arrest no longer counts."""
    game, s, prisoner = arrested(cd, seats=["commander", "umpire"], dice=None, seed=3)
    assert s.units["AR1"].fit == 7
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    assert game.to_act() == ("umpire",)
    assert f"free:{prisoner.id}" in {a.id for a in game.legal_actions("umpire")}
    assert not any(a.id.startswith("free:") for a in game.legal_actions("commander"))
    game.apply("umpire", f"free:{prisoner.id}")
    assert prisoner.status == "rescued" and s.crowds["A"].figures == 20
    assert s.units["AR1"].fit == 8 and s.stats["arrests"] == 0 and s.stats["escapes"] == 1
    told = [e for e in game.log_for("commander") if e.get("rule") == "CD-55"]
    assert "rescued by crowd A" in told[-1]["text"]


def test_cd55_a_prisoner_whose_crowd_is_gone_escapes(cd):
    """CD-55: with its crowd off the table, a freed prisoner simply escapes."""
    _, s, prisoner = arrested(cd)
    s.crowds["A"].gone = "dispersed"
    custody.free_prisoner(s, prisoner)
    assert prisoner.status == "escaped" and s.crowds["A"].figures == 19


@pytest.mark.parametrize(("face", "freed"), [(25, True), (26, False)])
def test_cd55_house_rule_rescue_chance_per_turn(cd, face, freed):
    """CD-55 house rule ``rescue_chance`` (riotact as umpire): 25% a turn: a d100 of 25 frees the
    prisoner, 26 does not."""
    _, s, prisoner = arrested(cd, dice=[face], house_rules={"rescue_chance": 25})
    custody.escort_prisoners(s)
    assert (prisoner.status == "rescued") is freed


def test_cd55_by_default_riotact_never_frees_a_prisoner(cd):
    """CD-55 default (rescue_chance 0): no roll and no rescue; the escort simply walks on."""
    _, s, prisoner = arrested(cd)
    for _ in range(4):
        custody.escort_prisoners(s)  # no dice are scripted: none may be rolled
    assert prisoner.status == "in custody"
