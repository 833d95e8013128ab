"""Negotiation (CD-32 to CD-34), played: the commander declares ``negotiate:A`` and stays; the
negotiation is resolved in step 4 and shows on crowd A's RL in step 6 (CD-12)."""

from __future__ import annotations

import json

import pytest

from riotact.core.errors import IllegalActionError
from support import umpire_sees


def talks(cd, rl: int, at: str = "x16y14", negotiator: str = "average", megaphone: bool = False, dice=(),
          **kw):
    return cd.game(players=[{"seat": "commander", "at": "J1-1", "negotiator": negotiator,
                             "megaphone": megaphone}],
                   crowds=[cd.crowd("A", at, rl=rl)], dice=dice if isinstance(dice, cd.dice) else list(dice), **kw)


def negotiated(game) -> int:
    """Crowd A's RL after a turn in which the commander negotiates with it (what the umpire sees)."""
    game.apply("commander", "negotiate:A")
    game.apply("commander", "stay")
    [crowd] = umpire_sees(game)["crowds"]
    return crowd["rl"]


def test_cd32_outside_rl_4_and_5_negotiation_has_no_effect_and_no_roll(cd):
    """CD-32: at RL 6 the attempt changes nothing and needs no roll."""
    game = talks(cd, 6, dice=cd.dice({}))
    assert negotiated(game) == 6
    assert "Crowd A is at RL 6: the negotiation has no effect, no roll." in [e["text"] for e in game.log_for("umpire")]
    assert not any(e.get("rule") == "CD-33" for e in game.log.events)


def test_cd32_range_2_by_voice_8_by_megaphone(cd):
    """CD-32: 5" away without a megaphone is out of range; with one it is in range."""
    game = talks(cd, 5, at="x16y10")
    assert "negotiate:A" not in {a.id for a in game.legal_actions("commander")}
    with pytest.raises(IllegalActionError, match="CD-32"):
        game.apply("commander", "negotiate:A")
    assert "negotiate:A" in {a.id for a in talks(cd, 5, at="x16y10", megaphone=True).legal_actions("commander")}


def test_cd32_no_negotiation_while_gas_or_shooting_is_in_sight(cd):
    """CD-32: a gas cloud or gunfire in sight of the crowd rules negotiation out: it is still
    offered (the player may not know of it), and the attempt comes to nothing, with no CD-33 roll."""
    gassed = talks(cd, 5, dice=cd.dice({}), gas=[{"kind": "tear", "at": "J1-0"}])
    shot = talks(cd, 5, dice=cd.dice({}), gunfire=[{"at": "J1-0"}])
    for game in (gassed, shot):
        game.apply("commander", "negotiate:A")
        game.apply("commander", "stay")
        assert not any(e.get("rule") == "CD-33" for e in game.log.events)
        assert any("shooting or gas in sight" in e["text"] for e in game.log_for("umpire"))


def test_cd33_an_average_negotiator_face_to_face_rolling_6_takes_rl_5_to_3(cd):
    """CD-33 default table: score 6 or more, RL -2."""
    assert negotiated(talks(cd, 5, dice=cd.dice({"CD-33": [6]}))) == 3


def test_cd33_a_poor_negotiator_rolling_1_riles_rl_4_to_6(cd):
    """CD-33: poor -4: a 1 scores -3, RL +2."""
    assert negotiated(talks(cd, 4, negotiator="poor", dice=cd.dice({"CD-33": [1]}))) == 6


def test_cd33_a_megaphone_is_not_face_to_face(cd):
    """CD-33: -2 for negotiating by megaphone (6 - 2 = 4: no change)."""
    game = talks(cd, 5, at="x16y10", megaphone=True, dice=cd.dice({"CD-33": [6]}))
    assert negotiated(game) == 5
    [roll] = [e for e in game.log_for("umpire") if e.get("rule") == "CD-33" and e["kind"] == "roll"]
    assert [m["reason"] for m in roll["modifiers"]] == ["not face to face (megaphone or PA)"]


def test_cd33_negotiation_applies_after_an_rl_roll_in_the_same_turn(cd):
    """CD-33 default: an RL roll for another reason comes first, then the negotiation result
    (shown with RL rolls whose score becomes the RL, where the order matters): R1 advances to
    threaten crowd A (CD-20 roll of 5 becomes its RL), then the negotiation's 6 takes it to 3."""
    game = talks(cd, 5, dice=cd.dice({"CD-33": [6], "CD-20": [5]}), house_rules={"rl_roll": "absolute"},
                 units=[cd.unit("R1", "riot_police", "x24y16", order="advance:A")])
    assert negotiated(game) == 3
    assert any(e.get("rule") == "CD-20" and "R1 threatens the crowd" in e["text"] for e in game.log_for("umpire"))


def test_cd33_the_table_is_a_house_rule(cd):
    """CD-33: an umpire can replace the lost table (here a 6 only calms by 1)."""
    game = cd.game(players=[{"seat": "commander", "at": "J1-1"}], crowds=[cd.crowd("A", "x16y14", rl=5)],
                   dice=cd.dice({"CD-33": [6]}), house_rules={"negotiation_table": "0:2,2:1,5:0,99:-1"})
    assert negotiated(game) == 4


def test_cd34_players_see_the_rl_but_not_quality_roll_or_table(cd):
    """CD-34: after a negotiation the player sees the RL marker move, nothing else."""
    game = talks(cd, 4, negotiator="poor", dice=cd.dice({"CD-33": [1]}))
    negotiated(game)
    seen = json.dumps(game.log_for("commander")) + json.dumps(game.view("commander"))
    assert "poor" not in seen and "CD-33" not in seen and '"kind": "roll"' not in seen
    assert "RL marker now shows 6" in seen
    assert any(e.get("rule") == "CD-33" for e in game.log_for("umpire"))


def test_cd33_the_umpire_rewards_a_good_bargaining_point(cd):
    """CD-33: umpire's discretion +1: a 5 becomes 6 (RL 5 -2 = 3)."""
    game = cd.game(seats=["commander", "umpire"], crowds=[cd.crowd("A", "x16y14", rl=5)],
                   players=[{"seat": "commander", "at": "J1-1"}], dice=cd.dice({"CD-33": [5]}))
    game.apply("commander", "negotiate:A")
    game.apply("commander", "stay")
    assert "bargain_good:commander" in {a.id for a in game.legal_actions("umpire")}
    game.apply("umpire", "bargain_good:commander")
    [roll] = [e for e in game.log_for("umpire") if e.get("rule") == "CD-33" and e["kind"] == "roll"]
    assert roll["total"] == 6 and [m["value"] for m in roll["modifiers"]] == [1]
    [crowd] = umpire_sees(game)["crowds"]
    assert crowd["rl"] == 3


def test_cd32_shooting_in_the_same_turn_rules_out_the_negotiation(cd):
    """CD-32 default: shooting in sight of the crowd in the current turn counts: soldiers firing
    on crowd A in step 4 stop the commander's negotiation with it that turn (no CD-33 roll)."""
    game = cd.game(units=[cd.unit("S1", "soldiers", "J1-1", figures=2, weapon="single", order="fire:A")],
                   crowds=[cd.crowd("A", "x16y14", rl=5)], seed=3)
    game.apply("commander", "negotiate:A")
    game.apply("commander", "stay")
    events = game.log.events
    assert any(e.get("rule") == "CD-60" for e in events)
    assert not any(e.get("rule") == "CD-33" for e in events)
    told = [e["text"] for e in game.log_for("commander") if e.get("rule") == "CD-32"]
    assert told == ["commander negotiates with crowd A."]  # only that nothing came of it
