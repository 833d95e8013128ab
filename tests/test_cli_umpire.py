"""The terminal umpire: `riotact play ... --seat umpire=human` types the umpire's powers as commands."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from riotact.core import Game

CD = "civil-disorder/night-of-fires"


def play(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "riotact.cli", "play", CD, "--seed", "3", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_the_umpire_types_powers_and_they_are_saved(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    commands = ["umpire help", "umpire set-rl A 9 too far", "umpire set-rl A 7 word of a death spreads",
                "umpire message commander Hold the bridge.", "umpire bogus", 'umpire override CD-45 "fire in',
                'umpire override CD-45 "fire in the warehouse" 1 the fire takes hold', "umpire help", "quit", "yes"]
    out = play("--seat", "umpire=human", "--seat", "commander=heuristic", "--seat", "fire=heuristic",
               "--save", str(save), stdin="\n".join(commands) + "\n")
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    assert "umpire set-rl CROWD RL REASON: set a crowd's Response Level (CD-20)" in out.stdout
    assert "a crowd's RL is 1 to 8 (CD-20), not 9" in out.stdout
    assert "#0 t1" in out.stdout  # the umpire sees event numbers, to release an event by its number
    assert "waiting: the next roll of CD-45 by fire in the warehouse: faces 1" in out.stdout
    assert "no umpire power 'bogus'" in out.stdout and "cannot read the command" in out.stdout
    game = Game.load(save)
    powers = [(e["power"], e["text"]) for e in game.log.events if e["kind"] == "decision" and "power" in e]
    assert powers == [("set-rl", "umpire: crowd A's RL is now 7 (word of a death spreads)."),
                      ("message", "umpire: message to commander: Hold the bridge."),
                      ("override", "umpire: override: the next roll of CD-45 by fire in the warehouse shows 1 "
                                   "(the fire takes hold).")]


def test_a_player_cannot_use_the_umpires_commands() -> None:
    out = play("--seat", "commander=human", "--seat", "fire=heuristic", stdin="umpire message fire hi\nquit\nyes\n")
    assert out.returncode == 0, out.stderr
    assert "No action matches 'umpire message fire hi'" in out.stdout
    assert "#0 t1" not in out.stdout  # event numbers are the umpire's (a player's log is numbered afresh)
