"""The umpire's powers (core/umpiring.py), played through ``Game`` on Civil Disorder, the ruleset whose
``umpire`` seat a person may take: each power is a logged decision that replays from a save, unseen by
the other seats until released, and refused with a reason when nobody holds the chair."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from riotact.core import Game, IllegalActionError, find_scenario
from riotact.core.dice import SeededDice
from riotact.core.log import UMPIRE
from riotact.core.umpiring import action_id
from support import umpire_sees

CHAIR = "civil-disorder/night-of-fires"  # seats: commander, fire, umpire


def game(seed: int = 3, **kw: object) -> Game:
    return Game(find_scenario(CHAIR), seed=seed, **kw)  # type: ignore[arg-type]


def finish_turn(g: Game) -> None:
    """Every seat passes and stays; the umpire lets the Game Control rules run the turn."""
    turn = g.umpire.turn
    while g.to_act() and g.umpire.turn == turn:
        seat = g.to_act()[0]
        g.apply(seat, g.legal_actions(seat)[0].id)


def seen(g: Game, seat: str) -> tuple[object, object]:
    return g.view(seat), g.log_for(seat)


def test_powers_are_listed_with_argument_schemas() -> None:
    powers = {p["name"]: p for p in game().umpire_powers()}
    assert {"message", "release", "ruling", "override", "set-rl", "move", "remove"} <= set(powers)
    assert [a["name"] for a in powers["set-rl"]["args"]] == ["crowd", "rl", "reason"]
    assert powers["set-rl"]["rule"] == "CD-03"


def test_message_reaches_only_its_seat_and_is_logged() -> None:
    quiet, told = game(), game()
    events = told.intervene("message", to="fire", text="Smoke to the east.")
    assert [e["kind"] for e in events] == ["decision", "message"]
    assert events[0]["visible_to"] == [] and events[0]["seat"] == "umpire"
    assert told.log_for("fire")[-1]["text"] == "The umpire to fire: Smoke to the east."
    assert seen(told, "commander") == seen(quiet, "commander")  # the commander knows of no message


def test_message_to_all() -> None:
    g = game()
    g.intervene("message", to="all", text="Curfew at ten.")
    said = "The umpire to everyone: Curfew at ten."
    assert g.log_for("commander")[-1]["text"] == g.log_for("fire")[-1]["text"] == said


def test_cd03_set_rl_shows_on_the_marker_but_the_decision_and_reason_stay_hidden() -> None:
    """CD-03 / CD-20: the RL marker the SF see changes; the umpire's decision and reason they do not see."""
    plain, riled = game(), game()
    riled.intervene("set-rl", crowd="A", rl=7, reason="word of a death spreads")
    for g, rl in ((riled, 7), (plain, 6)):
        for seat in ("umpire", "commander"):
            assert next(c["rl"] for c in g.view(seat)["state"]["crowds"] if c["id"] == "A") == rl
    for seat in ("commander", "fire"):
        assert riled.log_for(seat) == plain.log_for(seat)
        assert "death" not in str(riled.view(seat))


def test_pending_interventions_are_invisible_until_released() -> None:
    """Two games differing only by the umpire's hidden ruling and override: each seat sees the same."""
    plain, ruled = game(), game()
    ruled.intervene("ruling", seat="fire", modifier=-2, action="runs a hose from the mill",
                    ruling="allowed", roller="fire in the warehouse")
    ruled.intervene("override", rule="CD-41", who="Crowd B", faces="1,1", reason="the shutters hold")
    for seat in ("commander", "fire"):
        assert seen(ruled, seat) == seen(plain, seat)
    ruled.intervene("release", to="commander", fact="the umpire damped the warehouse fire")
    assert ruled.log_for("commander")[-1]["text"] == "The umpire tells commander: the umpire damped the warehouse fire"
    assert seen(ruled, "fire") == seen(plain, "fire")


def test_release_an_earlier_hidden_event() -> None:
    g = game()
    finish_turn(g)
    hidden = next(e for e in g.log.events if e["kind"] == "roll" and e["visible_to"] == [])
    g.intervene("release", to="fire", event=hidden["seq"])
    assert g.log_for("fire")[-1]["text"] == f"The umpire tells fire: {hidden['text']}"
    assert g.log_for("fire")[-1]["released"] == hidden["seq"]


def test_ruling_adds_its_modifier_to_the_next_roll_of_its_roller() -> None:
    g = game()
    g.intervene("ruling", seat="fire", modifier=-2, action="runs a hose from the mill",
                ruling="allowed: the warehouse fire is damped", roller="fire in the warehouse")
    finish_turn(g)
    rolls = [e for e in g.log.events if e["kind"] == "roll" and e["who"] == "fire in the warehouse"]
    assert rolls[0]["modifiers"] == [{"value": -2, "reason": "umpire's ruling on fire's runs a hose from the mill",
                                      "rule": "umpire"}]
    assert rolls[0]["total"] == sum(rolls[0]["dice"]) - 2
    assert all(r["modifiers"] == [] for r in rolls[1:])  # the next roll only


def test_override_sets_the_faces_of_the_next_matching_roll() -> None:
    g = game()
    g.intervene("override", rule="CD-45", who="fire in the warehouse", faces="6", reason="the fire takes hold")
    assert g.umpire_pending() == [{"who": "fire in the warehouse", "rule": "CD-45", "faces": [6], "modifier": None,
                                   "reason": "the fire takes hold", "decision": 2, "skip": 0}]
    finish_turn(g)
    assert g.umpire_pending() == []
    roll = next(e for e in g.log.events if e["kind"] == "roll" and e["rule"] == "CD-45"
                and e["who"] == "fire in the warehouse")
    assert roll["dice"] == [6]
    note = g.log.events[roll["seq"] + 1]
    assert note["override_of"] == roll["seq"] and note["visible_to"] == []


@pytest.mark.parametrize("seeded", [True, False])
def test_interventions_replay_from_a_save(tmp_path: Path, seeded: bool) -> None:
    """Seeded or recorded dice (an overridden roll's faces come from the intervention, not the record)."""
    g = game() if seeded else game(dice=SeededDice(random.Random(11)))
    g.intervene("override", rule="CD-45", who="any", faces=[1], reason="rain")
    g.intervene("set-rl", crowd="B", rl=2, reason="a local priest calms them")
    g.intervene("ruling", seat="commander", modifier=1, action="speech", ruling="good", roller="Crowd A")
    finish_turn(g)
    g.intervene("move", piece="R1", to="J1-1", reason="ordered out by the mayor")
    g.intervene("remove", piece="A", reason="goes home")
    g.intervene("message", to="all", text="Half time.")
    path = tmp_path / "g.jsonl"
    g.save(path)
    back = Game.load(path)
    assert back.log.events == g.log.events
    assert back.view("umpire") == g.view("umpire")
    assert back.view("commander") == g.view("commander")


def test_cd03_move_and_remove_tell_the_units_player() -> None:
    g = game()
    g.intervene("move", piece="R1", to="J1-1", reason="ordered out by the mayor")
    assert g.log_for("commander")[-1]["text"] == "The umpire moves R1 to J1-1."
    assert all("R1" not in e["text"] for e in g.log_for("fire"))
    g.intervene("remove", piece="R1", reason="recalled")
    assert g.log_for("commander")[-1]["text"] == "The umpire takes R1 off the table."
    assert "R1" not in {a.id.split(":")[1] for a in g.legal_actions("commander") if a.id.startswith("order:")}


def test_intervention_at_any_time_does_not_take_a_turn() -> None:
    g = game()
    before = g.to_act()
    g.intervene("set-rl", crowd="A", rl=5, reason="test")
    assert g.to_act() == before == ("commander", "fire")


@pytest.mark.parametrize(("power", "args", "why"), [
    ("set-rl", {"crowd": "A", "rl": 9, "reason": "x"}, "RL is 1 to 8"),
    ("set-rl", {"crowd": "R1", "rl": 3, "reason": "x"}, "is a unit, not a crowd"),
    ("move", {"piece": "Z", "to": "J1-1", "reason": "x"}, "not a crowd or unit on the table"),
    ("move", {"piece": "A", "to": "moon", "reason": "x"}, "not a street point"),
    ("message", {"to": "nobody", "text": "hi"}, "to must be one of commander, fire, all"),
    ("message", {"to": "fire"}, "message needs text"),
    ("ruling", {"seat": "fire", "modifier": "lots", "action": "a", "ruling": "b"}, "whole number"),
    ("override", {"rule": "any", "who": "any", "faces": "3", "reason": "x"}, "needs a rule ID or a roller"),
    ("release", {"to": "fire"}, "needs a fact"),
    ("teleport", {}, "there is no umpire power 'teleport'"),
    ("message", {"to": "fire", "text": "hi", "loud": 1}, "takes no argument 'loud'"),
])
def test_bad_interventions_are_refused_with_a_reason_and_change_nothing(power: str, args: dict[str, object],
                                                                        why: str) -> None:
    g = game()
    before = list(g.log.events)
    with pytest.raises(IllegalActionError, match=why):
        g.intervene(power, **args)
    assert g.log.events == before and g.decisions == []


def test_refused_for_a_player_seat() -> None:
    g = game()
    with pytest.raises(IllegalActionError, match="fire cannot 'message': only the umpire may"):
        g.intervene("message", by="fire", to="commander", text="the umpire says retreat")
    with pytest.raises(IllegalActionError, match="commander cannot"):
        g.apply("commander", action_id("message", {"to": "fire", "text": "we are the umpire now"}))
    assert g.log.events == game().log.events


def test_refused_when_nobody_holds_the_chair() -> None:
    g = Game(find_scenario("civil-disorder/embassy-protest"), seed=1)  # riotact umpires
    assert g.umpire_powers() == []
    with pytest.raises(IllegalActionError, match="nobody holds the umpire's chair"):
        g.intervene("message", to=g.seats[0], text="hello")
    with pytest.raises(IllegalActionError, match="nobody holds the umpire's chair"):
        g.apply("umpire", action_id("set-rl", {"crowd": "A", "rl": 8, "reason": "x"}))


# -- By Will Alone: a person in the umpire's chair through the game's players -----------------------

def bwa_game() -> Game:
    return Game(find_scenario("by-will-alone/ministry-sit-in"), seed=3,
                players={"umpire": "human", "nonviolent": "human", "authority": "heuristic"})


def test_bwa_move_is_told_to_the_units_side_only() -> None:
    plain, moved = bwa_game(), bwa_game()
    moved.intervene("move", unit="clergy", to="x11", reason="they came by the back street")
    assert next(u for u in umpire_sees(moved)["units"] if u.get("id") == "clergy")["feature"] == "x11"
    assert moved.log_for("nonviolent")[-1]["text"].startswith("The umpire moves ")
    assert moved.log_for("authority") == plain.log_for("authority")


def test_bwa_remove_is_the_rules_own_leaving_event() -> None:
    g = bwa_game()
    g.intervene("remove", unit="riot-a", reason="called away to a fire")
    assert "riot-a" not in {u.get("id") for u in umpire_sees(g)["units"]}
    assert g.log_for("nonviolent")[-1]["text"].endswith("leaves the table: the umpire's decision.")
    with pytest.raises(IllegalActionError, match="not a unit on the table"):
        g.intervene("move", unit="riot-a", to="x11", reason="back again")


def test_bwa_a_human_umpire_in_the_players_replays(tmp_path: Path) -> None:
    g = bwa_game()
    g.intervene("move", unit="clergy", to="x11", reason="they came by the back street")
    g.intervene("message", to="authority", text="The minister is on his way.")
    g.save(tmp_path / "g.jsonl")
    back = Game.load(tmp_path / "g.jsonl")
    assert back.log.events == g.log.events and back.umpire_chair_held()


def test_bwa_nobody_in_the_chair_by_default() -> None:
    g = Game(find_scenario("by-will-alone/ministry-sit-in"), seed=3)
    with pytest.raises(IllegalActionError, match="nobody holds the umpire's chair"):
        g.intervene("remove", unit="riot-a", reason="x")


def test_a_game_full_of_interventions_replays_and_undoes_exactly(tmp_path: Path) -> None:
    """A whole game with the umpire intervening at random between decisions: the save replays event
    for event, and taking back an intervention then making it again gives the same log."""
    rng = random.Random(5)
    g = game(seed=8)
    made = 0
    while not g.is_over() and g.umpire.turn <= 4:
        if rng.random() < 0.3:
            crowds = [c["id"] for c in umpire_sees(g)["crowds"] if c["gone"] is None and c["figures"] > 0]
            power, args = rng.choice([
                ("message", {"to": rng.choice(["commander", "fire", "all"]), "text": f"note {made}"}),
                ("set-rl", {"crowd": rng.choice(crowds), "rl": rng.randint(1, 8), "reason": "mood"}),
                ("override", {"rule": "CD-20", "who": "any", "faces": [rng.randint(1, 6)], "reason": "r"}),
                ("ruling", {"seat": "fire", "modifier": rng.choice([-1, 1]), "action": "a", "ruling": "b",
                            "roller": f"Crowd {rng.choice(crowds)}"}),
            ])
            g.intervene(power, **args)
            made += 1
        else:
            seat = g.to_act()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)).id)
    assert made >= 5
    assert any("override_of" in e for e in g.log.events)
    assert any(m["rule"] == "umpire" for e in g.log.events if e["kind"] == "roll" for m in e["modifiers"])
    path = tmp_path / "g.jsonl"
    g.save(path)
    assert Game.load(path).log.events == g.log.events
    last = max(i for i, (seat, _) in enumerate(g.decisions) if seat == "umpire")
    again = g.clone()
    taken = g.decisions[last:]
    again.undo(len(taken), seat="umpire")
    for seat, action in taken:
        again.apply(seat, action)
    assert again.log.events == g.log.events


def test_rejudge_the_last_roll_makes_the_decisions_again_with_the_faces_set(tmp_path: Path) -> None:
    """The turn's last roll is re-judged: the umpire's 'proceed' is made again after an override,
    so the log holds the override, and the save replays it."""
    g = game()
    finish_turn(g)
    last = next(e for e in reversed(g.log.events) if e["kind"] == "roll")
    decisions = list(g.decisions)
    face = 1 if last["dice"] != [1] else 2
    events = g.intervene("rejudge", faces=[face], reason="the wind drops")
    assert events[0]["power"] == "override" and events[0]["seq"] == g.log.events.index(events[0])
    assert g.decisions[:-2] == decisions[:-1] and g.decisions[-1] == decisions[-1]  # proceed again
    again = next(e for e in reversed(g.log.events) if e["kind"] == "roll" and e["rule"] == last["rule"]
                 and e["who"] == last["who"])
    assert again["dice"] == [face]
    path = tmp_path / "g.jsonl"
    g.save(path)
    assert Game.load(path).log.events == g.log.events


def test_rejudge_refusals() -> None:
    g = game()
    with pytest.raises(IllegalActionError, match="no roll has followed a decision yet"):
        g.intervene("rejudge", faces=[1], reason="x")
    finish_turn(g)
    with pytest.raises(IllegalActionError, match="needs 1 face"):
        g.intervene("rejudge", faces=[1, 2], reason="x")


def test_a_take_back_refusal_does_not_tell_of_a_hidden_intervention() -> None:
    """With a person in the umpire's chair every take-back needs his agreement, so two games that
    differ only by a hidden ruling refuse a player's take-back in the same words."""
    refusals = []
    for hidden in (False, True):
        game = Game(find_scenario(CHAIR), seed=3)
        seat = next(s for s in game.to_act() if s != UMPIRE)
        game.apply(seat, game.legal_actions(seat)[0].id)
        if hidden:
            game.intervene("ruling", action="a quiet word", ruling="allowed", modifier=1, seat=seat)
        refusal = game.undo_refusal(game.take_back_count(seat), seat=seat)
        assert refusal is not None
        refusals.append(str(refusal))
    assert refusals[0] == refusals[1]
    assert "umpire's chair" in refusals[0]
