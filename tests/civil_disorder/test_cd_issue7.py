"""Issue 7, Civil Disorder: each defect played through ``Game`` with scripted dice."""

from __future__ import annotations

import math

import pytest

from riotact.core.errors import IllegalActionError
from riotact.core.log import UMPIRE
from support import umpire_sees

BLOCK = {"id": "block", "block": [0, 0], "value": 40}  # hides J1-1 and the street below J1-0 from J0-0


def rl_rolls(game, crowd: str = "A") -> list[dict]:
    return [e for e in game.log_for("umpire") if e["kind"] == "roll" and e["rule"] == "CD-20"
            and e["who"] == f"Crowd {crowd}"]


def seen(game, kind: str, pid: str) -> dict:
    """A piece on the table as the umpire sees it (``kind``: "units", "crowds", "snipers")."""
    return next(p for p in umpire_sees(game)[kind] if p["id"] == pid)


def end_turn(game, seat: str = "commander", action: str = "pass") -> None:
    game.apply(seat, action)
    if seat in game.to_act():
        game.apply(seat, "stay")
    if UMPIRE in game.to_act():  # a person in the umpire's chair lets the turn resolve (CD-03)
        game.apply(UMPIRE, "proceed")


def test_cd20_gas_fired_this_turn_counts_in_the_rl_roll_it_triggers(cd):
    """CD-20 / CD-21 / CD-22: the tear gas R1 fires in step 4 is still over the crowd when the RL
    roll it triggers is made in step 6 (the cloud drifts only afterwards), so the roll has -2."""
    dice = cd.dice({"CD-20": [6], "CD-22": [6]})
    game = cd.game(dice=dice, crowds=[cd.crowd("A", "J1-0", rl=5)],
                   units=[cd.unit("R1", "riot_police", "J1-1", order="gas:A")])
    end_turn(game)
    [roll] = rl_rolls(game)
    assert any(m["reason"] == "in effective tear gas cloud" for m in roll["modifiers"]), roll["text"]
    assert roll["total"] == 4 and seen(game, "crowds", "A")["rl"] == 4  # 6 - 2 = 4 becomes the RL (CD-20)
    assert dice.left == {}  # the cloud drifted after the roll
    mine = [e["text"] for e in game.log_for("commander")]
    assert "R1 fires tear gas at crowd A." in mine
    assert any("Crowd A's RL marker now shows 4" in t for t in mine)
    [crowd] = game.view("commander")["state"]["crowds"]
    assert crowd["rl"] == 4


def test_cd21_adjacent_crowds_count_at_their_rl_before_this_assessment(cd):
    """CD-21: crowd A and crowd B stand together at RL 5; both are riled this turn. A rolls first
    and goes up, but B's roll counts A at RL 5 (equal: no factor), not at its new RL."""
    dice = cd.dice({"CD-20": [6, 5]})
    crowds = [cd.crowd("A", "J0-0", rl=5, figures=10), cd.crowd("B", "J0-0", rl=5, figures=10)]
    game = cd.game(dice=dice, crowds=crowds, house_rules={"merge_crowds": False},
                   units=[cd.unit("R1", "riot_police", "x0y8", order="advance:A"),
                          cd.unit("R2", "riot_police", "x0y8", order="advance:B")])
    end_turn(game)
    [a], [b] = rl_rolls(game, "A"), rl_rolls(game, "B")
    assert not any("adjacent" in m["reason"] for m in a["modifiers"] + b["modifiers"]), (a["text"], b["text"])
    assert seen(game, "crowds", "A")["rl"] == 6 and seen(game, "crowds", "B")["rl"] == 5


def play_turns(game, n: int, seat: str = "commander") -> None:
    for _ in range(n):
        end_turn(game, seat)


def test_cd68_shots_are_counted_per_location_not_per_sniper(cd):
    """CD-68: "the first shot from any location is always unobserved ... +1 for every subsequent
    shot from the same place". An armed agent in a drifting crowd shoots from x14y0, J1-0, x14y0,
    J1-0: no spotting roll for its first shot from each place, and the second shot from each
    place is rolled with +0, not with a bonus for the shots fired elsewhere."""
    dice = cd.dice({"CD-63": [6] * 4, "CD-67": [1] * 4, "CD-68": [1] * 4}, default=1)
    game = cd.game(dice=dice, units=[cd.unit("R1", "mounted_riot", "J1-1")], crowds=[cd.crowd("A", "J1-0", rl=3)],
                   snipers=[{"id": "ag", "crowd": "A", "target": "R1"}], house_rules={"gunfire_turns": 0})
    play_turns(game, 4)
    spotting = [e for e in game.log_for("umpire") if e["kind"] == "roll" and e["rule"] == "CD-68"]
    assert [(e["turn"], e["modifiers"]) for e in spotting] == [(3, []), (4, [])]
    told = [e["turn"] for e in game.log_for("commander") if e["text"] == "R1 is under fire from an unseen sniper."]
    assert told == [1, 2, 3, 4]  # CD-67: the target is always told


def test_cd64_a_panicked_unit_goes_back_to_its_last_orders(cd):
    """CD-13 / CD-64: conscripts advancing on an RL 6 crowd are bricked for the first time and
    panic (1 -2 conscripts -1 outnumbered -1 no support = -3): they run away this turn, ignoring
    orders, and next turn advance again on their last orders (not "hold" for good)."""
    dice = cd.dice({"CD-63": [1], "CD-36": [1]}, default=3)
    game = cd.game(dice=dice, units=[cd.unit("R1", "conscripts", "x16y10", figures=10, order="advance:A")],
                   crowds=[cd.crowd("A", "J1-0", rl=6)])
    end_turn(game)
    mine = [e["text"] for e in game.log_for("commander")]
    assert "R1 panics and runs away, ignoring orders." in mine
    fled = seen(game, "units", "R1")
    [r1] = [u for u in game.view("commander")["state"]["units"] if u["id"] == "R1"]
    assert r1["order"] == "advance:A"
    end_turn(game)
    [crowd] = game.view("commander")["state"]["crowds"]
    r1 = seen(game, "units", "R1")
    assert math.dist((r1["x"], r1["y"]), (crowd["x"], crowd["y"])) < math.dist((fled["x"], fled["y"]),
                                                                             (crowd["x"], crowd["y"]))


def test_cd49_firefighters_who_ran_from_their_engine_walk_back_and_man_the_hose(cd):
    """CD-48 / CD-49 / CD-64: the crew of F1 at a fire of 3 are under petrol bomb attack, panic
    and run from the fire; on the next turns they walk back to the engine, which stayed, and
    fight the fire again on their last orders."""
    dice = cd.dice({"CD-63": [1], "CD-45": [6] * 6, "CD-46": [6] * 6}, default=1)
    game = cd.game(dice=dice, buildings=[{"id": "shop", "block": [0, 0], "value": 50, "kind": "shop", "fires": 3}],
                   units=[cd.unit("F1", "firefighters", "x8y16", figures=6, vehicle="engine", order="hose:shop")],
                   crowds=[cd.crowd("A", "J2-2", rl=3)])
    end_turn(game)
    f1 = seen(game, "units", "F1")
    mine = [e["text"] for e in game.log_for("commander")]
    assert "F1 panics and runs away, ignoring orders." in mine and f1["node"] != f1["vehicle_node"]
    play_turns(game, 3)
    later = [e["text"] for e in game.log_for("commander") if e["turn"] >= 2]
    f1 = seen(game, "units", "F1")
    assert f1["node"] == f1["vehicle_node"] and f1["order"] == "hose:shop"
    assert any(t.startswith("F1 fights the fire in the shop") for t in later)
    assert not any("cannot man the hose" in t for t in later if "turn" in t)


def test_cd50_an_engine_cannot_connect_while_its_crew_is_elsewhere(cd):
    """CD-50: the crew connects the hose to the hydrant; a crew that ran off walks back first."""
    dice = cd.dice({}, default=1)
    game = cd.game(dice=dice, features=[{"kind": "hydrant", "at": "x8y16"}],
                   units=[cd.unit("F1", "firefighters", "x8y16", vehicle="engine", order="connect")],
                   crowds=[cd.crowd("A", "J2-2", rl=3)], seats=["commander", UMPIRE])
    game.intervene("move", piece="F1", to="J0-1", reason="the crew ran from a panic")  # CD-03: 8" from its engine
    assert seen(game, "units", "F1")["vehicle_node"] == "x8y16"
    end_turn(game)
    f1 = seen(game, "units", "F1")
    assert not f1["hydrant"] and f1["node"] != "J0-1"
    play_turns(game, 2)
    assert seen(game, "units", "F1")["hydrant"]


def test_cd20_house_rule_relative_moves_the_rl_from_where_it_is(cd):
    """CD-20 house rule ``rl_roll = "relative"``: a Hostile RL 6 crowd that sees riot police
    arrive and rolls a 1 goes to RL 5, not to RL 1 (Fleeing); with the default ``"absolute"``
    (the seed's RL State Chart read at the score) the score becomes the RL."""
    def riled(rule: str) -> int:
        dice = cd.dice({"CD-20": [1], "CD-17": [6]}, default=1)  # the crowd drifts east, along the street
        game = cd.game(dice=dice, crowds=[cd.crowd("A", "J0-0", rl=6)], house_rules={"rl_roll": rule},
                       buildings=[BLOCK], units=[cd.unit("R1", "riot_police", "x16y12", vehicle="van",
                                                         aboard=True, order="move:J1-0")])
        end_turn(game)
        [roll] = rl_rolls(game)
        assert roll["total"] == 1 and "SF come into view: R1" in roll["text"]
        return game.view("commander")["state"]["crowds"][0]["rl"]

    assert riled("relative") == 5
    assert riled("absolute") == 1


def test_cd21_emergency_services_are_no_show_of_force(cd):
    """CD-20 / CD-21 default: a fire engine or an ambulance coming into view is not "additional
    SF", and does not make the crowd "visibly outnumbered": no RL roll, the Hostile crowd stays
    at RL 6. With ``emergency_services_count`` they count as before."""
    def engine_arrives(count: bool) -> list[dict]:
        dice = cd.dice({"CD-20": [1], "CD-17": [6]}, default=1)  # the crowd drifts east, along the street
        game = cd.game(dice=dice, crowds=[cd.crowd("A", "J0-0", rl=6, figures=1)], buildings=[BLOCK],
                       house_rules={"emergency_services_count": count},
                       units=[cd.unit("F1", "firefighters", "x16y12", vehicle="engine", aboard=True,
                                      order="move:J1-0")])
        end_turn(game)
        return rl_rolls(game)

    assert engine_arrives(False) == []
    [roll] = engine_arrives(True)
    assert any(m["reason"] == "visibly outnumbered by SF" for m in roll["modifiers"])


def test_cd65_a_swat_team_under_sniper_fire_fires_at_the_sniper_not_into_a_peaceful_crowd(cd):
    """CD-64 / CD-65 default: a lone SWAT team shot at by a sniper in a building panics
    (1 -1 SWAT -1 no support -4 under gunfire); rolling 1-3 it opens fire at where the shots come
    from (the building), so the peaceful crowd far away is not shot at; otherwise it runs away
    from the sniper (which shoots from the flats' first front, J1-0 at 16,0), not from that crowd."""
    def from_sniper(game) -> float:
        sw1 = seen(game, "units", "SW1")
        assert umpire_sees(game)["town"]["buildings"][0]["fronts"][0] == "J1-0"
        return math.dist((sw1["x"], sw1["y"]), (16, 0))

    def shot_at(cd65: int) -> tuple:
        dice = cd.dice({"CD-67": [1], "CD-63": [1], "CD-65": [cd65]}, default=1)
        game = cd.game(dice=dice, buildings=[{"id": "flats", "block": [1, 0], "value": 40}],
                       units=[cd.unit("SW1", "swat", "x26y0", weapon="single")],
                       crowds=[cd.crowd("A", "J0-2", rl=3)],
                       snipers=[{"id": "sn", "building": "flats", "target": "SW1"}])
        start = from_sniper(game)
        end_turn(game)
        mine = [e["text"] for e in game.log_for("commander")]
        return mine, seen(game, "snipers", "sn")["suppressed_turn"], from_sniper(game) > start

    mine, suppressed, _ = shot_at(2)
    assert "SW1 opens fire at flats!" in mine and suppressed == 1
    assert not any("on crowd A" in t for t in mine)
    mine, _, away = shot_at(5)
    assert "SW1 panics and runs away, ignoring orders." in mine and away


def test_cd32_whether_negotiate_is_offered_does_not_reveal_hidden_shooting(cd):
    """CD-32 / CD-06: two games that differ only in a sniper the commander cannot see or hear of
    (it shoots at R1, which has no radio, up a street the commander cannot see, but the crowd
    can). The commander's views, legal actions and log are identical until the attempt; both
    games offer the negotiation; in the game with the sniper it comes to nothing (no CD-33 roll)
    and the commander is told only that he negotiated."""
    def game(sniper: bool):
        dice = cd.dice({"CD-63": [6, 6], "CD-33": [5]}, default=1)
        snipers = [{"id": "sn", "building": "shop", "target": "R1"}] if sniper else []
        return cd.game(dice=dice, seed=5, snipers=snipers,
                       players=[{"seat": "commander", "at": "x10y16", "megaphone": True}],
                       buildings=[{"id": "flats", "block": [0, 0], "value": 40},
                                  {"id": "shop", "block": [1, 0], "value": 40}],
                       units=[cd.unit("R1", "mounted_riot", "x16y4", radio=False)],
                       crowds=[cd.crowd("A", "J1-1", rl=4)])

    quiet, shooting = game(False), game(True)
    for g in (quiet, shooting):
        end_turn(g)
    assert any(e.get("rule") == "CD-67" for e in shooting.log_for("umpire"))  # the sniper did shoot
    assert quiet.view("commander") == shooting.view("commander")
    assert quiet.log_for("commander") == shooting.log_for("commander")
    assert "negotiate:A" in {a.id for a in shooting.legal_actions("commander")}
    for g in (quiet, shooting):
        end_turn(g, action="negotiate:A")
    assert [e["rule"] for e in quiet.log_for("umpire") if e["kind"] == "roll"].count("CD-33") == 1
    assert [e["rule"] for e in shooting.log_for("umpire") if e["kind"] == "roll"].count("CD-33") == 0
    told = [e["text"] for e in shooting.log_for("commander") if e.get("rule") == "CD-32"]
    assert told == ["commander negotiates with crowd A."]


def test_cd32_why_negotiate_is_missing_out_of_voice_range(cd):
    """CD-32: a crowd 10" away is out of voice range: the refusal says how far it is and what
    carries how far, for the words a person types as for the action id."""
    game = cd.game(crowds=[cd.crowd("A", "J1-0", rl=5)])  # 16" north of the commander at J1-1
    assert "negotiate:A" not in {a.id for a in game.legal_actions("commander")}
    for typed in ("negotiate A", "negotiate with crowd a", "negotiate:A"):
        why = game.why_illegal("commander", typed)
        assert 'crowd A is 16" away, beyond the 2" your voice carries' in why, why
        assert '8" with a megaphone' in why and "CD-32" in why
    assert game.why_illegal("commander", "negotiate") == (
        'no crowd you know of is within the 2" your voice carries (2" by voice, 8" with a megaphone or PA): '
        'crowd A 16" (CD-32)')
    with pytest.raises(IllegalActionError, match='beyond the 2" your voice carries'):
        game.apply("commander", "negotiate:A")


def test_cd04_the_end_screen_gives_the_breakdown(cd):
    """CD-04: at the end every seat's screen shows how the score was made (each item with its
    points), property, fires, casualties, arrests, and each crowd's RL turn by turn."""
    dice = cd.dice({"CD-20": [6, 6]}, default=1)
    game = cd.game(dice=dice, turns=2, buildings=[{"id": "shop", "block": [0, 0], "value": 40, "kind": "shop"}],
                   crowds=[cd.crowd("A", "J1-0", rl=5), cd.crowd("B", "J0-0", rl=6)],
                   units=[cd.unit("R1", "riot_police", "x16y8", order="advance:A")])
    play_turns(game, 2)
    assert game.is_over()
    screen = game.spec.text_view(game.view("commander"))
    assert "How the SF score was made (CD-04):" in screen
    assert "   +100.0  start" in screen
    assert "Property: " in screen and "Fires: " in screen and "Casualties: SF " in screen and "Arrests: " in screen
    history = game.result.details["rl_history"]
    assert f"  A: {' '.join(map(str, history['A']))}" in screen and len(history["A"]) == 3
    total = sum(points for _, points in game.result.details["score_parts"])
    assert game.result.scores["commander"] == round(total, 1)


def test_cd32_a_failed_negotiation_does_not_tell_where_an_unseen_crowd_went(cd):
    """CD-06 / CD-32: the commander declares a negotiation and walks off west; crowd A drifts north
    behind the flats, out of his sight. The attempt fails, and he is not told how far away the
    crowd he can no longer see has gone."""
    blocks = [{"id": "flats", "block": [0, 0], "value": 40}, {"id": "shop", "block": [1, 0], "value": 40}]
    game = cd.game(dice=cd.dice({"CD-17": [6]}), buildings=blocks, crowds=[cd.crowd("A", "x16y14", rl=4)])
    game.apply("commander", "negotiate:A")
    game.apply("commander", "walk:x10y16")
    assert game.view("commander")["state"]["crowds"] == []
    told = [e["text"] for e in game.log_for("commander") if e.get("rule") == "CD-32"]
    assert told == ["Your negotiation fails: crowd A is no longer within reach of your voice."]


def test_cd64_a_panicked_ambulance_crew_goes_back_to_treating_casualties(cd):
    """CD-13 / CD-62 / CD-64: paramedics bricked for the first time panic and run; their order to
    treat casualties is not lost (it used to become "hold" for the rest of the game)."""
    dice = cd.dice({"CD-63": [1], "CD-36": [1]}, default=3)
    game = cd.game(dice=dice, units=[cd.unit("AMB1", "paramedics", "x16y10", figures=2, vehicle="ambulance",
                                             order="treat")],
                   crowds=[cd.crowd("A", "J1-0", rl=6)])
    end_turn(game)
    assert "AMB1 panics and runs away, ignoring orders." in [e["text"] for e in game.log_for("commander")]
    assert unit_order(game, "AMB1") == "treat"


def unit_order(game, uid: str) -> str:
    return next(u["order"] for u in game.view("commander")["state"]["units"] if u["id"] == uid)
