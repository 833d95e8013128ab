"""A person takes the umpire's chair at the terminal in every ruleset (`--seat umpire=human`), with the
umpire's powers, holds included, while people or bots play the seats."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.support import riotact, umpire_sees

from riotact.core import Game


def test_a_human_umpire_of_by_will_alone_is_asked_each_turn_and_holds_the_game(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    commands = ["help", "message authority The minister is on his way.", "hold turn", "",  # turn 1 runs
                "",  # turn 2 starts held: Enter advances
                "move unions x11 a side street", "", "quit", "yes"]
    out = riotact("play", "by-will-alone/ministry-sit-in", "--seed", "3", "--seat", "umpire=human",
                  "--seat", "nonviolent=heuristic", "--seat", "authority=heuristic", "--save", str(save),
                  stdin="\n".join(commands) + "\n")
    assert out.returncode == 0, out.stderr
    assert "umpire, turn 1:" in out.stdout and "umpire move UNIT TO REASON" in out.stdout
    assert "umpire, turn 2 (held):" in out.stdout
    game = Game.load(save)
    powers = [e["power"] for e in game.log.events if e["kind"] == "decision" and e["seat"] == "umpire"]
    assert powers[:4] == ["message", "hold", "advance", "move"]
    assert game.players["umpire"] == "human" and game.umpire_chair_held()


@pytest.mark.parametrize("scenario", ["revolting-behaviour/first-game", "breaking-of-nations/trench-raid"])
def test_every_ruleset_takes_a_human_umpire(scenario: str) -> None:
    out = riotact("play", scenario, "--seed", "1", "--seat", "umpire=human", stdin="help\nquit\nyes\n")
    assert out.returncode == 0, out.stderr
    assert "umpire hold AT: hold the game" in out.stdout


def test_the_umpires_chair_takes_a_person_not_a_bot() -> None:
    out = riotact("play", "revolting-behaviour/first-game", "--seat", "umpire=heuristic", stdin="quit\nyes\n")
    assert out.returncode == 2 and "the umpire's chair takes a person" in out.stderr
    assert len(out.stderr.strip().splitlines()) <= 4


def test_cd12_the_terminal_umpire_holds_the_assessment(tmp_path: Path) -> None:
    """Civil Disorder's umpire seat: the hold at step 6 gives him the held prompt with the turn's rolls."""
    save = tmp_path / "g.jsonl"
    commands = ["umpire hold assessment", "1",  # the umpire's discretion: let the Game Control rules run
                "umpire set-rl A 8 the arrests anger them", "1", "quit", "yes"]
    out = riotact("play", "civil-disorder/night-of-fires", "--seed", "3", "--seat", "umpire=human",
                  "--seat", "commander=heuristic", "--seat", "fire=heuristic", "--save", str(save),
                  stdin="\n".join(commands) + "\n")
    assert out.returncode == 0, out.stderr
    assert "The game is held for the umpire at turn 1's assessment" in out.stdout
    game = Game.load(save)
    powers = [e.get("power") for e in game.log.events if e["kind"] == "decision" and e["seat"] == "umpire"]
    assert powers == ["hold", None, "set-rl", "advance"]
    assert next(c for c in umpire_sees(game)["crowds"] if c["id"] == "A")["history"][1] == 8


def test_say_at_the_terminal_as_the_rules_allow(tmp_path: Path) -> None:
    """Table talk in Revolting Behaviour!; Civil Disorder's talk is the turn's action (CD-08)."""
    save = tmp_path / "rb.jsonl"
    out = riotact("play", "revolting-behaviour/four-players", "--seed", "1", "--save", str(save),
                  stdin="say p3 Leave p2 to me.\nsay p1 myself\nquit\nyes\n")
    assert out.returncode == 0, out.stderr
    assert "p1 to p3: Leave p2 to me." in out.stdout and "a message goes to one of p2, p3, p4 or all" in out.stdout
    assert Game.load(save).log_for("p3")[-1]["text"] == "p1 to p3: Leave p2 to me."
    save = tmp_path / "cd.jsonl"
    out = riotact("play", "civil-disorder/night-of-fires", "--seed", "3", "--seat", "fire=heuristic",
                  "--save", str(save), stdin="say fire Hold the bridge.\nsay fire again\nquit\nyes\n")
    assert out.returncode == 0, out.stderr
    assert "CD-08: talking is your action for the turn" in out.stdout
    assert Game.load(save).decisions[0] == ("commander", "talk:fire:Hold the bridge.")
