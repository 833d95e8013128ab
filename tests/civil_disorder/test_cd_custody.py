"""Arrest and custody (CD-55): the escort to a police vehicle, and rescue or escape at the
umpire's discretion (a person in the umpire seat, or riotact's ``rescue_chance`` house rule)."""

from __future__ import annotations

import pytest

from civil_disorder.cd_play import crowd, events, texts, turn, unit
from support import umpire_sees


def arrested(cd, *, van_at: str | None = "x16y24", script=None, others=(), umpire="proceed", figures=20,
             **kw):
    """An Anti-Riot Team's snatch squad at J1-0 arrests a rioter of crowd A (RL 3, with it) in turn 1:
    its first figure scores 3 + 3 against a rioter's 1, +5: cuffed (CD-54); every other fight is a
    scuffle and every other die a 3. The commander then orders it to hold, so it arrests nobody else."""
    units = [cd.unit("AR1", "anti_riot", "J1-0", order="arrest:A")]
    if van_at is not None:
        units.append(cd.unit("V1", "patrol", van_at, figures=4, vehicle="van"))
    game = cd.game(units=units, crowds=[cd.crowd("A", "J1-0", figures=figures, rl=3), *others],
                   dice=cd.dice({"CD-51": [3, 1], **(script or {})}, default=3), **kw)
    turn(game, "order:AR1:hold")
    if "umpire" in game.to_act():  # a person in the umpire's chair has his say (CD-03)
        game.apply("umpire", umpire)
    return game


def prisoners(game):
    return [(p["status"], p["turns"]) for p in umpire_sees(game)["prisoners"]]


def test_cd55_one_figure_escorts_the_prisoner_at_the_walk_to_the_nearest_police_vehicle(cd):
    """CD-55: the arrested figure leaves its crowd; one figure walks it 24" to the van at 6" a
    turn (4 turns, the first at the end of the turn of the arrest) and is not fit for anything else
    until they arrive."""
    game = arrested(cd)
    assert "(4 turn(s) at the walk)" in texts(game, "CD-55")[0]
    assert crowd(game, "A")["figures"] == 19
    for walked in (1, 2, 3):
        assert prisoners(game) == [("escorted", 4 - walked)] and unit(game, "AR1")["fit"] == 7
        turn(game)
    assert prisoners(game) == [("in custody", 0)] and unit(game, "AR1")["fit"] == 8
    assert umpire_sees(game)["stats"]["arrests"] == 1
    assert "hands the prisoner over" in texts(game, "CD-55")[-1]


def test_cd55_with_no_police_vehicle_the_escort_walks_off_the_table(cd):
    """CD-55 default: no police vehicle on the table: to the nearest exit (J1-0 is one: 1 turn)."""
    game = arrested(cd, van_at=None)
    assert "(1 turn(s) at the walk)" in texts(game, "CD-55")[0]
    assert prisoners(game) == [("in custody", 0)]


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
    game = arrested(cd, seats=["commander", "umpire"])
    [prisoner] = umpire_sees(game)["prisoners"]
    assert unit(game, "AR1")["fit"] == 7
    turn(game)
    assert game.to_act() == ("umpire",)
    assert f"free:{prisoner['id']}" in {a.id for a in game.legal_actions("umpire")}
    assert not any(a.id.startswith("free:") for a in game.legal_actions("commander"))
    game.apply("umpire", f"free:{prisoner['id']}")
    assert prisoners(game)[0][0] == "rescued" and crowd(game, "A")["figures"] == 20
    stats = umpire_sees(game)["stats"]
    assert unit(game, "AR1")["fit"] == 8 and stats["arrests"] == 0 and stats["escapes"] == 1
    told = [e for e in game.log_for("commander") if e.get("rule") == "CD-55"]
    assert "rescued by crowd A" in told[-1]["text"]


def test_cd55_a_prisoner_whose_crowd_is_gone_escapes(cd):
    """CD-55: with its crowd off the table, a freed prisoner simply escapes. Crowd A is one rioter:
    arrested, he leaves no crowd behind (crowd B far off keeps the game going); when the umpire seat
    frees him, nobody rescues him and no crowd takes him back."""
    game = arrested(cd, seats=["commander", "umpire"], others=[cd.crowd("B", "J2-2", rl=4)], figures=1)
    turn(game)
    [prisoner] = umpire_sees(game)["prisoners"]
    game.apply("umpire", f"free:{prisoner['id']}")
    assert prisoners(game)[0][0] == "escaped" and crowd(game, "A")["figures"] == 0
    assert "escapes in the confusion" in texts(game, "CD-55")[-1]


@pytest.mark.parametrize(("face", "freed"), [(25, True), (26, False)])
def test_cd55_house_rule_rescue_chance_per_turn(cd, face, freed):
    """CD-55 house rule ``rescue_chance`` (riotact as umpire): 25% a turn: a d100 of 25 frees the
    prisoner at the end of the turn of the arrest, 26 does not."""
    game = arrested(cd, script={"CD-55": [face]}, house_rules={"rescue_chance": 25})
    assert (prisoners(game)[0][0] == "rescued") is freed


def test_cd55_by_default_riotact_never_frees_a_prisoner(cd):
    """CD-55 default (rescue_chance 0): no roll and no rescue; the escort simply walks on."""
    game = arrested(cd)
    for _ in range(3):
        turn(game)
    assert prisoners(game) == [("in custody", 0)] and not events(game, "CD-55", "roll")
