"""Players, visibility, actions and the turn (CD-06 to CD-08, CD-12 to CD-16)."""

from __future__ import annotations

import pytest

from riotact.core.errors import IllegalActionError
from riotact.core.log import UMPIRE
from support import umpire_sees

BLOCK = {"id": "block", "block": [0, 0], "value": 50, "kind": "house"}


def unit_at(game, uid: str) -> dict:
    """A unit as the umpire sees it on the table."""
    return next(u for u in umpire_sees(game)["units"] if u["id"] == uid)


def me(game, seat: str = "commander") -> dict:
    """A player's own figure, as his view shows it."""
    return game.view(seat)["state"]["you"]


def play_turn(game, action: str = "pass", walk: str = "stay") -> None:
    """One turn: the commander's action, then his walk."""
    game.apply("commander", action)
    game.apply("commander", walk)


def test_cd06_units_out_of_sight_leave_the_view_except_by_radio(cd):
    """CD-06: a crowd behind a building is not shown; a radio unit that sees it reports it."""
    hidden = cd.game(buildings=[BLOCK], crowds=[cd.crowd("A", "J0-0")])
    assert hidden.view("commander")["state"]["crowds"] == []
    reported = cd.game(buildings=[BLOCK], crowds=[cd.crowd("A", "J0-0")],
                       units=[cd.unit("R1", "riot_police", "x0y10")])
    [crowd] = reported.view("commander")["state"]["crowds"]
    assert crowd["id"] == "A" and crowd["source"] == "radio report"
    lax = cd.game(buildings=[BLOCK], crowds=[cd.crowd("A", "J0-0")],
                  house_rules={"strict_visibility": False})
    assert [c["source"] for c in lax.view("commander")["state"]["crowds"]] == ["sight"]


def test_cd06_a_unit_he_may_order_is_in_his_view_where_his_orders_say_it_is(cd):
    """CD-06 / CD-07: the commander may order the fire chief's F1 by radio though it stands behind the
    block, out of his sight. His orders to move it name every junction but the one it holds, so he
    knows where it is: his view shows it there (it answers on the radio)."""
    game = cd.game(seats=["commander", "sub1"], buildings=[BLOCK],
                   players=[{"seat": "commander", "at": "J1-1"},
                            {"seat": "sub1", "at": "J2-2", "service": "fire", "superior": "commander"}],
                   units=[cd.unit("F1", "firefighters", "J0-0", player="sub1")])
    moves = {a.id.rsplit(":", 1)[1] for a in game.legal_actions("commander") if a.id.startswith("order:F1:move:")}
    [f1] = [u for u in game.view("commander")["state"]["units"] if u["id"] == "F1"]
    assert (f1["node"], f1["source"]) == ("J0-0", "radio") and f1["node"] not in moves
    town = game.view("commander")["state"]["town"]
    assert moves | {f1["node"]} == {f"J{c}-{r}" for c in range(town["columns"]) for r in range(town["rows"])}
    out_of_reach = cd.game(seats=["commander", "sub1"], buildings=[BLOCK],
                           players=[{"seat": "commander", "at": "J1-1", "radio": False},
                                    {"seat": "sub1", "at": "J2-2", "service": "fire", "superior": "commander"}],
                           units=[cd.unit("F1", "firefighters", "J0-0", player="sub1")])
    assert not any(a.id.startswith("order:F1") for a in out_of_reach.legal_actions("commander"))
    assert out_of_reach.view("commander")["state"]["units"] == []  # beyond his voice and radio: unseen


@pytest.mark.parametrize("ref", ["civil-disorder/night-of-fires", "civil-disorder/high-street-riot"])
def test_cd06_every_unit_a_player_may_order_is_in_his_view(ref):
    """Played by the heuristic bots: at every decision, each unit an SF seat is offered orders for
    is one its view shows (its orders name where it stands)."""
    from riotact.core import Game, find_scenario, make_bot

    game = Game(find_scenario(ref), seed=7)
    bots = {seat: make_bot("heuristic", game, seat) for seat in game.seats}
    for _ in range(60):
        for seat in (s for s in game.seats if s != "umpire"):
            ordered = {a.id.split(":")[1] for a in game.legal_actions(seat) if a.id.startswith("order:")}
            assert ordered <= {u["id"] for u in game.view(seat)["state"]["units"]}, seat
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))


def test_cd06_the_line_of_sight_is_blocked_by_buildings_only(cd):
    """CD-06 default: straight lines through no building: from J1-1 the commander sees the crowds
    at J1-0 and J0-1 along the streets, not the one at J0-0 behind the block."""
    game = cd.game(buildings=[BLOCK], crowds=[cd.crowd("A", "J0-0"), cd.crowd("B", "J1-0"), cd.crowd("C", "J0-1")])
    assert [c["id"] for c in game.view("commander")["state"]["crowds"]] == ["B", "C"]


def test_cd07_one_action_a_turn_but_walking_is_free(cd):
    """CD-07: after one action the player may only walk; a second action is refused."""
    game = cd.game(crowds=[cd.crowd("A", "x16y14", rl=4)])
    assert "negotiate:A" in {a.id for a in game.legal_actions("commander")}
    game.apply("commander", "negotiate:A")
    ids = {a.id for a in game.legal_actions("commander")}
    assert "stay" in ids and any(i.startswith("walk:") for i in ids)
    assert not any(i.startswith(("negotiate", "run", "order", "pass")) for i in ids)
    with pytest.raises(IllegalActionError, match="CD-07"):
        game.apply("commander", "pass")


def test_cd07_orders_reach_units_within_earshot_or_by_radio(cd):
    """CD-07 default: 2" by voice, 8" with a megaphone, any distance by radio."""
    far = [cd.unit("R1", "riot_police", "J0-0", radio=False)]
    game = cd.game(units=far, crowds=[cd.crowd("A", "J2-2")])
    assert not any(a.id.startswith("order:R1") for a in game.legal_actions("commander"))
    with pytest.raises(IllegalActionError, match="CD-07"):
        game.apply("commander", "order:R1:hold")
    near = [cd.unit("R1", "riot_police", "x16y14", radio=False)]
    assert any(a.id.startswith("order:R1") for a in cd.game(units=near).legal_actions("commander"))
    radio = [cd.unit("R1", "riot_police", "J0-0")]
    assert any(a.id.startswith("order:R1") for a in cd.game(units=radio).legal_actions("commander"))


def _two_players(cd, at: str, radio: bool):
    return cd.game(seats=["commander", "sub1"], crowds=[cd.crowd("A", "J2-2", rl=3)],
                   players=[{"seat": "commander", "at": "J1-1", "radio": radio},
                            {"seat": "sub1", "at": at, "superior": "commander", "radio": radio}])


def test_cd08_players_confer_only_as_their_action(cd):
    """CD-08: out of earshot and off the radio, no talk; talking uses the action and passes on
    what the speaker knows."""
    assert "talk:sub1" not in {a.id for a in _two_players(cd, "J0-0", False).legal_actions("commander")}
    game = _two_players(cd, "x16y14", False)
    game.apply("commander", "talk:sub1")
    assert game.view("commander")["state"]["phase"] == "walk"  # the action is used
    game.apply("commander", "stay")
    game.apply("sub1", "pass")
    game.apply("sub1", "stay")
    assert game.view("sub1")["state"]["messages"][0].startswith("commander tells you:")
    assert "talk:sub1" in {a.id for a in _two_players(cd, "J0-0", True).legal_actions("commander")}


def test_cd12_turn_sequence(cd):
    """CD-12: crowds move (step 2) before personal figures (step 3); over-reaction tests (step 4)
    follow the fights; RL rolls come last (step 6)."""
    game = cd.game(units=[cd.unit("P1", "patrol", "x16y4")], crowds=[cd.crowd("A", "J1-0", rl=8)],
                   seed=5)
    game.apply("commander", "pass")
    game.apply("commander", "walk:x16y18")
    events = game.log.events
    order = [(e["rule"], e["text"]) for e in events if e.get("rule") in ("CD-12", "CD-17", "CD-51", "CD-63",
                                                                        "CD-20")]
    steps = [i for i, (rule, _) in enumerate(order) if rule == "CD-12"]
    assert len(steps) == 4
    first = {rule: i for i, (rule, _) in reversed(list(enumerate(order)))}
    assert steps[0] < first["CD-51"] < first["CD-63"] < steps[2] < steps[3] < first["CD-20"]
    assert me(game)["node"] == "x16y18"


def test_cd13_a_unit_holds_on_its_last_orders_without_new_ones(cd):
    """CD-13: a unit told to hold a corner is still there several turns later."""
    game = cd.game(units=[cd.unit("R1", "riot_police", "J2-1")], crowds=[cd.crowd("A", "J0-2", rl=3)],
                   turns=6, seed=2)
    game.apply("commander", "order:R1:hold")
    game.apply("commander", "stay")
    for _ in range(3):
        play_turn(game)
    r1 = unit_at(game, "R1")
    assert umpire_sees(game)["turn"] == 5 and (r1["node"], r1["order"]) == ("J2-1", "hold")


def test_cd14_walk_6_run_12_and_run_is_the_action(cd):
    """CD-14: walking (6") comes with any action but running (12") is the action itself."""
    game = cd.game(crowds=[cd.crowd("A", "J2-2", rl=3)])
    runs = {a.id for a in game.legal_actions("commander") if a.id.startswith("run:")}
    assert "run:x28y16" in runs and "run:x30y16" not in runs
    game.apply("commander", "run:x28y16")
    assert game.view("commander")["state"]["turn"] == 2  # no walk decision after running: the turn resolved
    assert me(game)["node"] == "x28y16"
    negotiator = cd.game(crowds=[cd.crowd("A", "x16y14", rl=4)])
    negotiator.apply("commander", "negotiate:A")
    walks = {a.id for a in negotiator.legal_actions("commander")}
    assert "walk:x22y16" in walks and "walk:x24y16" not in walks


def test_cd14_horses_walk_8(cd):
    """CD-14 default: horses walk 8": M1 on its way from J0-1 to J2-1 is 8" along after one turn."""
    game = cd.game(units=[cd.unit("M1", "mounted", "J0-1", order="move:J2-1")], crowds=[cd.crowd("A", "J2-2")],
                   dice=cd.dice({}))
    play_turn(game)
    assert unit_at(game, "M1")["node"] == "x8y16"


def test_cd15_a_moving_vehicle_goes_anywhere_a_stationary_one_12(cd):
    """CD-15: already moving: any distance by road; from stationary: 12" (default). Both vans are
    ordered from J0-0 to J2-2 (32" by road); the stationary one ends a turn 12" along a street."""
    game = cd.game(units=[cd.unit("V1", "patrol", "J0-0", vehicle="van", aboard=True, order="move:J2-2")],
                   dice=cd.dice({}))
    play_turn(game)
    assert unit_at(game, "V1")["node"] in {"x12y0", "x0y12"}
    moving = cd.game(units=[cd.unit("V1", "patrol", "J0-0", vehicle="van", aboard=True, moving=True,
                                    order="move:J2-2")], dice=cd.dice({}))
    play_turn(moving)
    van = unit_at(moving, "V1")
    assert (van["node"], van["vehicle_node"]) == ("J2-2", "J2-2")


def test_cd16_mount_and_dismount_only_from_a_stationary_vehicle(cd):
    """CD-16: getting in or out takes a turn in which the vehicle does not move; occupants can
    only get in where the vehicle is."""
    game = cd.game(units=[cd.unit("V1", "patrol", "J0-0", vehicle="van", aboard=True, moving=True, order="dismount")],
                   crowds=[cd.crowd("A", "J2-2", rl=3)])  # a passive crowd far off keeps the game going
    play_turn(game, "order:V1:move:J1-0")  # turn 1: the crew gets out; his order is for turn 2
    van = unit_at(game, "V1")
    assert not van["aboard"] and van["vehicle_node"] == "J0-0" and van["node"] == "J0-0"
    play_turn(game, "order:V1:mount")  # turn 2: on foot now, the van stays behind
    van = unit_at(game, "V1")
    assert van["vehicle_node"] == "J0-0" and van["node"] != "J0-0"
    play_turn(game)  # turn 3: the crew tries to get in
    assert not unit_at(game, "V1")["aboard"]  # not at the van


def test_cd07_personal_action_grab_a_rioter_and_arrest_him(cd):
    """CD-07 (c) / CD-51 / CD-54: a police player in contact with a crowd grabs a rioter: 8 + 1
    against 3 is +6, cuffed; the player then escorts the prisoner and can do nothing else (CD-55)."""
    game = cd.game(crowds=[cd.crowd("A", "x16y14", rl=5)], dice=cd.dice({"CD-51": [8, 3], "CD-20": [5]}, default=3))
    assert "arrest:A" in {a.id for a in game.legal_actions("commander")}
    game.apply("commander", "arrest:A")
    game.apply("commander", "stay")
    umpire = game.view(UMPIRE)["state"]
    assert umpire["stats"]["arrests"] == 1 and [c["figures"] for c in umpire["crowds"]] == [24]
    mine = game.view("commander")["state"]
    assert mine["you"]["escorting"] in {p["id"] for p in mine["prisoners"]} and not mine["you"]["able"]
    assert [a.id for a in game.legal_actions("commander")] == ["pass"]


def test_cd07_personal_action_fire_your_gun(cd):
    """CD-07 (c) / CD-60 / CD-61: an armed player fires one d6; a 4 hits, a casualty roll of 5 kills."""
    game = cd.game(players=[{"seat": "commander", "at": "J1-1", "weapon": "single"}],
                   crowds=[cd.crowd("A", "J1-0")], dice=cd.dice({"CD-60": [4], "CD-61": [5]}))
    assert "fire:A" in {a.id for a in game.legal_actions("commander")}
    play_turn(game, "fire:A")
    assert umpire_sees(game)["stats"]["firearm_deaths"] == 1
    assert "fire:A" not in {a.id for a in cd.game(crowds=[cd.crowd("A", "J1-0")]).legal_actions("commander")}
    lax = cd.game(players=[{"seat": "commander", "at": "J1-1", "weapon": "single"}], buildings=[BLOCK],
                  crowds=[cd.crowd("A", "J0-0", rl=3)], house_rules={"strict_visibility": False}, dice=cd.dice({}))
    assert "fire:A" in {a.id for a in lax.legal_actions("commander")}  # seen, but behind the block
    play_turn(lax, "fire:A")
    assert not any(e.get("rule") == "CD-60" and e["kind"] == "roll" for e in lax.log.events)  # no shot
    assert [e["text"] for e in lax.log_for("commander") if e.get("rule") == "CD-60"] == [
        "You hold your fire: no line of fire to crowd A."]


def test_cd54_a_rioting_crowd_attacks_a_players_figure_it_touches(cd):
    """CD-23 / CD-54: at RL 7 a crowd attacks a personal figure in contact; stunned (1 + 1 - 3
    against 5), the player can do nothing for two turns, then acts again."""
    game = cd.game(crowds=[cd.crowd("A", "x16y14", rl=7)], dice=cd.dice({"CD-51": [1, 5]}))
    play_turn(game)
    assert "commander is stunned and falls." in [e["text"] for e in game.log_for("commander")]
    for _ in range(2):  # turns 2 and 3
        assert me(game)["down"] and not me(game)["able"]
        assert [a.id for a in game.legal_actions("commander")] == ["pass"]
        play_turn(game)
    assert me(game)["able"] and len(game.legal_actions("commander")) > 1


def test_cd57_a_wounded_player_is_out_until_patched_up(cd):
    """CD-54 / CD-56 / CD-57: beaten by a rioter (-1 against 10), the commander's figure is a
    casualty, out of action, until AMB1 drives up (its crew steady: over-reaction 6s) and its
    triage roll of 1 ("only a scratch") patches him up the turn after."""
    game = cd.game(units=[cd.unit("AMB1", "paramedics", "J0-1", figures=2, vehicle="ambulance", order="treat")],
                   crowds=[cd.crowd("A", "x16y14", rl=7)], dice=cd.dice({"CD-51": [1, 10], "CD-57": [1],
                                                                       "CD-63": [6] * 9}))
    play_turn(game)
    assert "commander is wounded (beaten by crowd A)." in [e["text"] for e in game.log_for("commander")]
    out_for = 0
    while me(game)["out"]:
        assert [a.id for a in game.legal_actions("commander")] == ["pass"]
        play_turn(game)
        out_for += 1
    assert out_for == 4 and me(game)["able"]
    assert [e["text"] for e in game.log_for(UMPIRE) if e.get("rule") == "CD-57"][1:] == [
        'AMB1 reaches casualty cas1: "It\'s only a scratch".', "Casualty cas1 is patched up and carries on."]


def _driver_game(cd, order="hold", **kw):
    """The commander stands at J1-1 beside a police van (crew aboard, on ``order``); a passive crowd far off."""
    return cd.game(units=[cd.unit("V1", "patrol", "J1-1", figures=4, vehicle="van", aboard=True, order=order)],
                   crowds=[cd.crowd("A", "J2-2", rl=3)], seed=4, **kw)


def test_cd07_a_player_drives_a_vehicle_himself(cd):
    """CD-07 (c) / CD-15 / CD-16: getting in beside the van is part of the walk; the next turn
    driving it is the player's action: 12" from stationary (not 14"), crew aboard; the turn after
    it is moving and goes anywhere by road. While driving he cannot run, nor get out that turn."""
    game = _driver_game(cd)
    game.apply("commander", "pass")
    assert "board:V1" in {a.id for a in game.legal_actions("commander")}
    game.apply("commander", "board:V1")
    assert me(game)["vehicle"] == "V1" and game.view("commander")["state"]["turn"] == 2
    ids = {a.id for a in game.legal_actions("commander")}
    assert "drive:x28y16" in ids and "drive:x30y16" not in ids
    assert not any(i.startswith("run:") for i in ids)
    game.apply("commander", "drive:x28y16")
    assert [a.id for a in game.legal_actions("commander")] == ["stay"]
    game.apply("commander", "stay")
    van = unit_at(game, "V1")
    assert (me(game)["node"], van["vehicle_node"], van["node"]) == ("x28y16", "x28y16", "x28y16")
    assert "drive:J0-2" in {a.id for a in game.legal_actions("commander")}  # CD-15: now moving
    play_turn(game, "drive:J0-2")
    assert (me(game)["node"], unit_at(game, "V1")["node"]) == ("J0-2", "J0-2")
    play_turn(game, "pass", "alight")
    assert me(game)["vehicle"] is None and me(game)["node"] == "J0-2" and unit_at(game, "V1")["node"] == "J0-2"


def test_cd07_the_crew_rides_where_the_player_at_the_wheel_drives(cd):
    """CD-07 (c): with a player at the wheel, the crew's own move order does not move the van."""
    game = _driver_game(cd)
    game.apply("commander", "pass")
    game.apply("commander", "board:V1")  # turn 1's walk: he gets in at the wheel
    game.apply("commander", "order:V1:move:J2-1")  # turn 2: he orders the crew to move
    game.apply("commander", "stay")
    game.apply("commander", "pass")  # turn 3: the crew is on its order
    game.apply("commander", "stay")
    van = unit_at(game, "V1")
    assert umpire_sees(game)["turn"] == 4 and van["order"] == "move:J2-1"
    assert (van["node"], van["vehicle_node"]) == ("J1-1", "J1-1")


def test_cd16_no_getting_in_after_the_vehicle_moved_and_no_driving_after_someone_got_out(cd):
    """CD-16: a player cannot get in once the vehicle has moved this turn, and cannot drive it in
    a turn in which anyone got in or out (the vehicle stays stationary all that turn)."""
    moved = _driver_game(cd, order="move:J2-1")
    moved.apply("commander", "pass")
    moved.apply("commander", "board:V1")  # the crew drove off in the movement step, before his walk
    assert me(moved)["vehicle"] is None

    game = _driver_game(cd)
    play_turn(game, "pass", "board:V1")  # turn 1: he gets in at the wheel
    play_turn(game, "order:V1:dismount")  # turn 2: he orders the crew out
    play_turn(game, "drive:x20y16")  # turn 3: the crew gets out; the van stays put all turn
    van = unit_at(game, "V1")
    assert not van["aboard"] and me(game)["vehicle"] == "V1"
    assert van["vehicle_node"] == "J1-1" and me(game)["node"] == "J1-1"
    play_turn(game, "drive:x20y16")  # turn 4: nobody gets in or out: he drives
    van = unit_at(game, "V1")
    assert van["vehicle_node"] == "x20y16" and van["node"] == "J1-1"  # the crew is on foot now
