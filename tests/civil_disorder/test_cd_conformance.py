"""The conformance harness on every built-in Civil Disorder scenario, and a property test that
no SF view or filtered log ever holds hidden crowd state (CD-01, CD-06, CD-25, CD-34)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riotact.core import Game, builtin_scenarios
from riotact.core.bots import RandomBot, bot_rng
from riotact.core.conformance import (
    check_clone_and_undo,
    check_determinism,
    check_legal_only,
    check_no_leaks,
    check_replay,
)
from riotact.core.log import UMPIRE
from riotact.rulesets import get_ruleset

SPEC = get_ruleset("civil-disorder")

SCENARIOS = builtin_scenarios(SPEC)
IDS = [s.id for s in SCENARIOS]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=IDS)
def test_conformance(scenario):
    """Random full games end legally, replay, clone, undo and are deterministic (CD-04 end)."""
    for seed in (0, 1):
        game = check_legal_only(scenario, seed)
        assert game.result is not None and "rl_history" in game.result.details
    check_replay(game)
    check_determinism(scenario, 3)
    check_clone_and_undo(scenario, 4, steps=30)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=IDS)
def test_no_leaks_of_hidden_state(scenario):
    """CD-01 / CD-34: planted looter, negotiator and sniper tags never reach an SF seat."""
    assert check_no_leaks(scenario, 5) > 0


HIDDEN_KEYS = ('"looter": ', '"looters_inside": ', '"negotiator": ', '"missiles": ', '"objective": ',
               '"note": ', '"shop": ', '"tables": ', "CDSECRET")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), which=st.sampled_from(IDS))
def test_property_no_sf_view_or_log_holds_hidden_crowd_state(seed, which):
    """CD-01 / CD-24 / CD-25 / CD-34: at every decision of a random game, no SF view or filtered
    log holds crowd Game Control state (looters, objectives, stocks, ratings, dice rolls)."""
    scenario = next(s for s in SCENARIOS if s.id == which)
    game = Game(scenario, seed=seed)
    game.state.plant_sentinels()  # the conformance suite's sentinels are planted in the state (view.py)
    bots = {s: RandomBot(s, bot_rng(seed, s)) for s in game.seats}
    while game.to_act():
        for seat in (s for s in game.seats if s != UMPIRE):
            log = game.log_for(seat)
            assert not any(e["kind"] == "roll" for e in log)  # every roll is the umpire's
            text = json.dumps(game.view(seat)) + json.dumps(log)
            for key in HIDDEN_KEYS:
                assert key not in text, key
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(None, game.legal_actions(seat)))
