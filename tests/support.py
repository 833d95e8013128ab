"""Helpers for tests: small scenarios built from data, so tests read like the rules."""

from __future__ import annotations

from typing import Any

import pytest

from riotact.core import Action, Result, RulesetSpec, Scenario, State, Umpire, parse_scenario


def rb_scenario(seats: int = 2, cause_cards: int = 10, **house_rules: Any) -> Scenario:
    return parse_scenario({
        "ruleset": "revolting-behaviour", "id": "test", "title": "test",
        "seats": [f"p{i + 1}" for i in range(seats)], "house_rules": house_rules,
        "setup": {"cause_cards": cause_cards},
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


def dice_race_scenario(monkeypatch: pytest.MonkeyPatch) -> Scenario:
    """The dice race, registered for one test only."""
    import riotact.rulesets

    real = riotact.rulesets.get_ruleset
    monkeypatch.setattr(riotact.rulesets, "get_ruleset",
                        lambda ruleset: DICE_RACE if ruleset == DICE_RACE.id else real(ruleset))
    return parse_scenario({"ruleset": DICE_RACE.id, "id": "race", "title": "race", "seats": ["p1", "p2"]})
