"""Messages between seats (core/messages.py, ``Game.say``): seats talk only as their rules allow, the
umpire may message anyone, messages are part of the log and reach only the seats that may receive them.

Revolting Behaviour!, By Will Alone and The Breaking of Nations: table talk (house rule ``table_talk``,
on by default). Public Participation: off by default (PP-07: speech reaches only characters in
hearing). Civil Disorder: a conversation is the player's action for the turn (CD-07 a, CD-08)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from riotact.core import Game, IllegalActionError, find_scenario
from riotact.core.messages import say_id
from riotact.core.scenario import parse_scenario
from support import umpire_sees

RB4 = "revolting-behaviour/four-players"


def seen(g: Game, seat: str) -> tuple[object, object]:
    return g.view(seat), g.log_for(seat)


def test_table_talk_reaches_only_its_recipient(tmp_path: Path) -> None:
    plain, talked = Game(find_scenario(RB4), seed=1), Game(find_scenario(RB4), seed=1)
    events = talked.say("p1", "p3", "Leave p2 to me.")
    assert [(e["kind"], e["visible_to"]) for e in events] == [("decision", ["p1"]), ("message", ["p1", "p3"])]
    assert talked.log_for("p3")[-1]["text"] == "p1 to p3: Leave p2 to me."
    for seat in ("p2", "p4"):  # nothing new for the others: not even that a message was sent
        assert seen(talked, seat) == seen(plain, seat)
    assert talked.to_act() == plain.to_act()  # a message takes no turn
    talked.say("p4", "all", "I can hear you all.")  # any seat, at any time
    assert all(talked.log_for(s)[-1]["text"] == "p4 to everyone: I can hear you all." for s in talked.seats)
    talked.save(tmp_path / "g.jsonl")
    back = Game.load(tmp_path / "g.jsonl")
    assert back.log.events == talked.log.events
    assert seen(back, "p3") == seen(talked, "p3")


def test_the_umpire_messages_anyone_through_say() -> None:
    g = Game(find_scenario(RB4), seed=1, players={"umpire": "human"})
    g.say("umpire", "p2", "You are being watched.")
    assert g.log_for("p2")[-1]["text"] == "The umpire to p2: You are being watched."
    assert all("watched" not in str(g.log_for(s)) for s in ("p1", "p3", "p4"))


@pytest.mark.parametrize(("seat", "to", "text", "why"), [
    ("p1", "p1", "hi", "a message goes to one of p2, p3, p4 or all"),
    ("p1", "umpire", "hi", "a message goes to one of"),
    ("p1", "p2", "   ", "a message needs words"),
    ("p1", "p2", "x" * 1001, "at most 1,000 characters"),
    ("nobody", "p2", "hi", "there is no seat 'nobody'"),
])
def test_bad_messages_are_refused_and_change_nothing(seat: str, to: str, text: str, why: str) -> None:
    g = Game(find_scenario(RB4), seed=1)
    before = list(g.log.events)
    with pytest.raises(IllegalActionError, match=why):
        g.say(seat, to, text)
    assert g.log.events == before and g.decisions == []


def test_table_talk_off_refuses_messages_and_forged_decisions() -> None:
    g = Game(find_scenario(RB4), seed=1, options={"table_talk": False})
    with pytest.raises(IllegalActionError, match="house rule table_talk is off"):
        g.say("p1", "p2", "deal?")
    with pytest.raises(IllegalActionError, match="p1 cannot 'say': the rules give no table talk"):
        g.apply("p1", say_id("p2", "deal?"))  # the decision typed by hand: refused alike
    assert g.decisions == []


def test_pp07_public_participation_has_no_table_talk_by_default() -> None:
    g = Game(find_scenario("public-participation/picket-line"), seed=1)
    with pytest.raises(IllegalActionError, match="table_talk is off"):
        g.say("pickets", "company", "Let us through.")


def test_bwa_and_bon_table_talk_between_the_sides() -> None:
    for ref, a, b in (("by-will-alone/ministry-sit-in", "nonviolent", "authority"),
                      ("breaking-of-nations/trench-raid", "british", "germans")):
        g = Game(find_scenario(ref), seed=1)
        g.say(a, b, "A truce for the wounded?")
        assert g.log_for(b)[-1]["text"] == f"{a} to {b}: A truce for the wounded?"


# -- Civil Disorder: a conversation is the turn's action (CD-07 a, CD-08) ---------------------------

def cd(radio: bool = True) -> Game:
    scenario = find_scenario("civil-disorder/night-of-fires")
    if not radio:  # the fire officer without a radio: out of earshot of the commander (CD-08 default)
        data = copy.deepcopy(scenario.data)
        for player in data["setup"]["players"]:
            player["radio"] = False
        scenario = parse_scenario(data, "night-of-fires without radios")
    return Game(scenario, seed=3)


def finish_turn(g: Game) -> None:
    turn = g.umpire.turn
    while g.umpire.turn == turn and not g.is_over():
        seat = g.to_act()[0]
        g.apply(seat, g.legal_actions(seat)[0].id)


def test_cd08_a_message_is_the_conversation_action_heard_in_step_5() -> None:
    plain, talked = cd(), cd()
    plain.apply("commander", "talk:fire")
    talked.say("commander", "fire", "Hold the bridge at J1-1.")
    assert umpire_sees(talked)["phase"]["commander"] == "walk"  # the action is spent (CD-07: one per turn)
    assert seen(talked, "fire") == seen(plain, "fire")  # declared in secret (CD-12 step 1)
    with pytest.raises(IllegalActionError, match="CD-08: talking is your action for the turn"):
        talked.say("commander", "fire", "And another thing.")
    finish_turn(talked)
    heard = [e for e in talked.log_for("fire") if e["kind"] == "message"]
    assert [(e["text"], e["rule"]) for e in heard] == [("commander to fire: Hold the bridge at J1-1.", "CD-08")]
    assert "commander says: Hold the bridge at J1-1." in talked.view("fire")["state"]["messages"]


def test_cd08_no_message_out_of_earshot_and_radio_nor_to_everyone() -> None:
    g = cd(radio=False)
    with pytest.raises(IllegalActionError, match="CD-08: fire is not next to you, in earshot or on the radio"):
        g.say("commander", "fire", "Can you hear me?")
    with pytest.raises(IllegalActionError, match="CD-08: a conversation is with one player"):
        cd().say("commander", "all", "Everyone back.")
    with pytest.raises(IllegalActionError):
        g.apply("commander", "talk:fire:Can you hear me?")  # the id typed by hand: refused alike
    assert g.decisions == []
