"""The turn (CD-12), phase by phase, played through ``Game`` with scripted dice: what each step
does, what the log records, and what the SF seats see afterwards."""

from __future__ import annotations

from support import umpire_sees


def unit_in_view(game, uid: str, seat: str = "commander") -> dict:
    return next(u for u in game.view(seat)["state"]["units"] if u["id"] == uid)


def texts(game, seat: str = "commander") -> list[str]:
    return [e["text"] for e in game.log_for(seat)]


def test_step1_declarations_are_secret_until_they_happen(cd):
    """CD-12 step 1 (default) / CD-08: each player declares one action in secret; the other player
    sees neither the declaration nor, out of sight and off the radio, what it does."""
    game = cd.game(dice=cd.dice({}), seats=["commander", "sub1"], crowds=[cd.crowd("A", "J2-2", rl=3)],
                   players=[{"seat": "commander", "at": "J1-1", "radio": False},
                            {"seat": "sub1", "at": "J0-0", "superior": "commander", "radio": False}],
                   buildings=[{"id": "block", "block": [0, 0], "value": 50}])
    game.apply("commander", "run:x16y4")
    assert game.view("commander")["state"]["declared"] == "run:x16y4"
    assert game.view("sub1")["state"]["declared"] is None
    assert 'commander: run to x16y4 (12" N).' in texts(game)
    assert not any("run to" in t for t in texts(game, "sub1"))
    game.apply("sub1", "pass")
    game.apply("sub1", "stay")
    assert game.view("commander")["state"]["you"]["node"] == "x16y4"  # step 5: the run happens


def test_step2_the_umpire_moves_crowds_and_units_on_their_last_orders(cd):
    """CD-12 step 2 / CD-13 / CD-23: crowd A (RL 3) drifts its 1d3 (a 3: 4"), out of the
    players' hearing; R1 walks 6" on the move order it was given before, without a new order."""
    game = cd.game(dice=cd.dice({"CD-23": [3, 3]}), crowds=[cd.crowd("A", "J1-0", rl=3)],
                   units=[cd.unit("R1", "riot_police", "J1-1", order="move:J2-1")])
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    umpire = texts(game, "umpire")
    assert "Crowd A rolls 1D3 for movement at RL 3 (CD-23): 3 = 3." in umpire
    moved = next(t for t in umpire if t.startswith("Crowd A moves"))
    assert moved.startswith('Crowd A moves 4"') and moved not in texts(game)  # Game Control's business
    [a] = game.view("commander")["state"]["crowds"]
    [umpires_a] = umpire_sees(game)["crowds"]
    assert a["node"] == umpires_a["node"] != "J1-0"
    assert unit_in_view(game, "R1")["node"] == "x22y16"
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    assert unit_in_view(game, "R1")["node"] == "x28y16"  # still on its last order (CD-13)


def test_step3_personal_figures_walk_before_negotiations_are_resolved(cd):
    """CD-12 steps 3 and 4 / CD-14 / CD-32: walking is free, and the walk (step 3) comes before the
    negotiation is resolved (step 4): the commander who declares a negotiation 2" from crowd A
    and then walks 6" away is out of voice range when it is resolved, and is told so."""
    game = cd.game(dice=cd.dice({"CD-33": [3]}), crowds=[cd.crowd("A", "x16y14", rl=4)])
    game.apply("commander", "negotiate:A")
    game.apply("commander", "walk:x16y22")
    assert game.view("commander")["state"]["you"]["node"] == "x16y22"
    mine = texts(game)
    assert any(t.startswith("Your negotiation fails: crowd A is") and 'beyond the 2" your voice' in t for t in mine)
    assert not any(e.get("rule") == "CD-33" for e in game.log_for("umpire"))


def test_step4_a_snatch_squad_arrests_and_the_prisoner_is_walked_away(cd):
    """CD-12 step 4 / CD-51 / CD-54 / CD-55: AR1 in contact sends a snatch squad into crowd A:
    the first figure rolls 5 +3 = 8 against a rioter's 2, a margin of 6: cuffed and under arrest.
    The commander's log has the fight and the arrest, his view the prisoner; the crowd's RL roll
    in step 6 counts the arrest (-1)."""
    dice = cd.dice({"CD-51": [5, 2], "CD-20": [4]})
    game = cd.game(dice=dice, crowds=[cd.crowd("A", "x16y12", rl=5)],
                   units=[cd.unit("AR1", "anti_riot", "x16y14", order="arrest:A")])
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    mine = texts(game)
    assert any(t.startswith("Fight: 6 of AR1 against crowd A (arrest attempt)") for t in mine)
    assert any("arrest" in t and "AR1" in t and "crowd A" in t for t in mine if "Fight" not in t)
    [prisoner] = game.view("commander")["state"]["prisoners"]
    assert prisoner["crowd"] == "A" and prisoner["captor"] == "AR1"
    [roll] = [e for e in game.log_for("umpire") if e.get("rule") == "CD-20"]
    assert any(m["reason"] == "1 crowd member(s) arrested" for m in roll["modifiers"])


def test_step5_an_order_given_this_turn_is_carried_out_from_the_next(cd):
    """CD-12 step 5 / CD-13: orders are given in step 5, after this turn's firing (step 4): S1
    ordered to fire over the heads of crowd A fires in turn 2, not in turn 1."""
    game = cd.game(dice=cd.dice({}), crowds=[cd.crowd("A", "J1-0", rl=3)],
                   units=[cd.unit("S1", "soldiers", "x16y14", figures=4, weapon="single", radio=False)])
    game.apply("commander", "order:S1:fire_over:A")
    game.apply("commander", "stay")
    assert "commander orders S1 to fire over the heads of crowd A." in texts(game)
    assert not any(e.get("rule") == "CD-60" for e in game.log_for("umpire"))
    assert unit_in_view(game, "S1")["order"] == "fire_over:A"
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    assert [e["turn"] for e in game.log_for("commander") if e.get("rule") == "CD-60"] == [2]


def test_step6_fires_burn_and_grow_and_the_rl_marker_shows_the_assessment(cd):
    """CD-12 step 6 / CD-44 / CD-45 / CD-20 / CD-24: the shop's 2 fires burn 2 points and grow to
    3 on a growth roll of 1; the fire is a dramatic change for crowd A beside it, whose RL roll
    of 6 becomes its RL (from 3), which the commander sees on its marker."""
    dice = cd.dice({"CD-45": [1], "CD-46": [6], "CD-20": [6]})
    game = cd.game(dice=dice, buildings=[{"id": "shop", "block": [0, 0], "value": 40, "kind": "shop", "fires": 2}],
                   crowds=[cd.crowd("A", "x16y14", rl=3)])
    game.apply("commander", "pass")
    game.apply("commander", "stay")
    [umpires_shop] = umpire_sees(game)["buildings"]
    assert umpires_shop["value"] == 38
    [shop] = game.view("commander")["state"]["buildings"]
    assert shop["fires"] == 3
    mine = texts(game)
    assert "Fire in the shop (the fire grows): 3 fires." in mine
    assert "Crowd A's RL marker now shows 6 (8 is bad, 1 is good)." in mine
