"""Helpers for tests: small scenarios built from data, so tests read like the rules."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from riotact.core import (
    UMPIRE,
    Action,
    Game,
    Result,
    RulesetSpec,
    Scenario,
    ScriptedDice,
    State,
    Umpire,
    find_scenario,
    make_bot,
    parse_scenario,
)
from riotact.core.persistence import recorded_faces


def umpire_sees(game: Game) -> dict[str, Any]:
    """What the umpire's view shows of the table: how a test looks inside a game (issue 20).

    A test reads the table through the public protocol, as the umpire may, never through
    ``game.state``: the view is the shape every interface relies on, and reading it keeps the
    state's own shape free to change.
    """
    return game.view(UMPIRE)["state"]


def rb_scenario(seats: int = 2, cause_cards: int = 10, *, setup: dict[str, Any] | None = None,
                **house_rules: Any) -> Scenario:
    """Seats p1..pN; ``setup`` adds to the ``[setup]`` table (e.g. changed decks, RB-03)."""
    return parse_scenario({
        "ruleset": "revolting-behaviour", "id": "test", "title": "test",
        "seats": [f"p{i + 1}" for i in range(seats)], "house_rules": house_rules,
        "setup": {"cause_cards": cause_cards, **(setup or {})},
    })


# -- a test-only ruleset that rolls dice (Revolting Behaviour! has none) -----------------------------

class DiceRace(State):
    """Seats take turns to roll 1D6 onto their score, or pass; the first to reach 10 wins."""

    GOAL = 10

    def __init__(self, scenario: Scenario, options: dict[str, Any], umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        self.scores = dict.fromkeys(self.seats, 0)
        self.turn = 0

    def to_act(self) -> tuple[str, ...]:
        return (self.seats[self.turn % len(self.seats)],)

    def legal_actions(self, seat: str) -> list[Action]:
        return [Action("roll", "roll 1D6"), Action("pass", "pass")]

    def apply(self, seat: str, action: Action) -> None:
        if action.id == "roll":
            self.scores[seat] += self.umpire.roll_total("DR-01", seat, 1, 6, purpose="the race").total
            if self.scores[seat] >= self.GOAL:
                self.result = Result((seat,), f"{seat} reached {self.GOAL}")
        self.turn += 1
        self.umpire.turn = self.turn

    def view(self, seat: str) -> dict[str, Any]:
        return {"scores": dict(self.scores)}


DICE_RACE = RulesetSpec("dice-race", "DR", "Dice race", "A test-only ruleset that rolls dice.", DiceRace)


def registered(monkeypatch: pytest.MonkeyPatch, spec: RulesetSpec) -> Scenario:
    """A test-only ruleset, registered for one test only, and a two-seat scenario of it."""
    import riotact.rulesets

    real = riotact.rulesets.get_ruleset
    monkeypatch.setattr(riotact.rulesets, "get_ruleset", lambda ruleset: spec if ruleset == spec.id else real(ruleset))
    return parse_scenario({"ruleset": spec.id, "id": "test", "title": spec.title, "seats": ["p1", "p2"]})


def dice_race_scenario(monkeypatch: pytest.MonkeyPatch) -> Scenario:
    """The dice race, registered for one test only."""
    return registered(monkeypatch, DICE_RACE)


def forged_bwa_log(folder: Path) -> tuple[Path, Path]:
    """An honest seeded By Will Alone log, and a forgery of it: relabelled as hand-rolled
    (``"dice": "recorded"``) with one die changed, every later event made to match."""
    scenario = find_scenario("by-will-alone/ministry-sit-in")
    honest = Game(scenario, seed=5)
    bots = {s: make_bot("heuristic", honest, s) for s in honest.seats}
    while len(recorded_faces(honest.log.events)) < 12:
        seat = honest.to_act()[0]
        honest.apply(seat, bots[seat].choose(honest.view(seat), honest.legal_actions(seat)))
    faces = recorded_faces(honest.log.events)
    faces[0] = faces[0] % 6 + 1  # the forger's die
    forged = Game(scenario, seed=5, dice=ScriptedDice(faces + [1] * 200))
    for seat, action in honest.decisions:
        if action not in {a.id for a in forged.legal_actions(seat)}:
            break
        forged.apply(seat, action)
    honest.save(folder / "honest.jsonl")
    forged.save(folder / "forged.jsonl")
    return folder / "honest.jsonl", folder / "forged.jsonl"


def riotact(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The command line as a user runs it (stderr not a terminal)."""
    return subprocess.run([sys.executable, "-m", "riotact.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=300)


def check_sim_and_replay(ref: str, seat: str, folder: Path, games: int) -> None:
    """``riotact sim`` writes the same logs and summary whatever ``--jobs``, and ``riotact replay``
    verifies a log and narrates it as ``seat`` saw it."""
    runs = [riotact("sim", ref, "--games", str(games), "--seed", "2", "--jobs", jobs,
                    "--log-dir", str(folder / jobs), "--json") for jobs in ("1", "2")]
    assert all(run.returncode == 0 for run in runs), runs[0].stderr + runs[1].stderr
    assert json.loads(runs[0].stdout) == json.loads(runs[1].stdout)
    logs = sorted((folder / "1").iterdir())
    for path in logs:
        assert path.read_bytes() == (folder / "2" / path.name).read_bytes()
    out = riotact("replay", str(logs[0]), "--seat", seat)
    assert out.returncode == 0 and "Game over" in out.stdout, out.stderr


def play_random(game: Game, rng: random.Random, decisions: int) -> None:
    """Up to ``decisions`` decisions, each a uniform pick from the legal list drawn with ``rng``."""
    for _ in range(decisions):
        if not game.to_act():
            return
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[int(rng.random() * len(legal))].id)
