"""The PettingZoo AEC environment (riotact.rl.pettingzoo) on every scenario of every implemented ruleset."""

from __future__ import annotations

import random
from functools import partial

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from revolting_behaviour.rb_support import cause_drawn
from riotact.core import Game, IllegalActionError, Scenario, find_scenario
from riotact.core.log import dumps
from riotact.rl import pettingzoo as rl_pettingzoo
from riotact.rl.observer import Observer, scenario_encoding
from riotact.rl.pettingzoo import RiotactAEC
from rl_support import REFS, SCENARIOS

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("scenario", SCENARIOS, ids=REFS)
def test_pettingzoo_api_seed_and_render_tests_pass(scenario: Scenario, capsys: pytest.CaptureFixture[str]) -> None:
    api_test(rl_pettingzoo.env(scenario), num_cycles=60)
    seed_test(partial(rl_pettingzoo.env, scenario), num_cycles=30)
    render_test(partial(rl_pettingzoo.env, scenario))
    assert scenario.seats[0] in capsys.readouterr().out or scenario.ruleset != "revolting-behaviour"


def _play(env: RiotactAEC, rng: random.Random) -> dict[str, float]:
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if terminated or truncated else int(rng.choice(list(legal))))
    return totals


def test_rewards_come_from_the_result() -> None:
    """Winners +1, the others -1 (docs/rl.md): the rewards paid match the game's Result."""
    env = RiotactAEC("revolting-behaviour/first-game")
    env.reset(seed=4)
    totals = _play(env, random.Random(4))
    result = env.game.result
    assert result is not None
    expected = {s: (1.0 if s in result.winners else -1.0) if result.winners else 0.0 for s in ("p1", "p2")}
    assert totals == expected


def test_max_cycles_truncates_the_game() -> None:
    env = RiotactAEC("by-will-alone/ministry-sit-in", max_cycles=5)
    env.reset(seed=1)
    _play(env, random.Random(1))
    assert env.decisions == 5 and env.game.result is None


def test_an_action_outside_the_mask_is_refused_in_one_line() -> None:
    env = RiotactAEC("revolting-behaviour/first-game")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match="not in the action mask"):
        env.step(illegal)


def test_ansi_render_is_the_text_screen_of_the_seat_to_act() -> None:
    env = RiotactAEC("by-will-alone/ministry-sit-in", render_mode="ansi")
    env.reset(seed=2)
    screen = env.render()
    assert isinstance(screen, str)
    assert screen == env.game.spec.text_view(env.game.view(env.agent_selection))  # type: ignore[misc]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=REFS)
def test_planted_sentinels_never_reach_an_observation_tensor(scenario: Scenario) -> None:
    """Leak-test sentinels planted in B's hidden state (core.conformance): every tensor B gives a seat
    is the encoding of its view alone, that view holds no sentinel still hidden from the seat, and
    whenever the seat's view is the same in B and in the sentinel-free twin A, so is the tensor."""
    plain, planted = RiotactAEC(scenario), RiotactAEC(scenario)
    plain.reset(seed=3)
    planted.reset(seed=3)
    state = planted.game.state
    state.plant_sentinels()
    assert any(state.hidden_tokens(s) for s in planted.possible_agents)
    rng = random.Random(3)
    for _ in range(80):
        for seat in plain.agents:
            view = planted.game.view(seat)
            tensor = planted.observe(seat)["observation"]
            assert np.array_equal(tensor, planted.encoding.observe(view))
            shown = dumps(view)
            assert not [token for token in state.hidden_tokens(seat) if token in shown]
            if dumps(plain.game.view(seat)) == shown:
                assert np.array_equal(plain.observe(seat)["observation"], tensor)
        if plain.terminations[plain.agent_selection] or plain.truncations[plain.agent_selection]:
            break
        legal = np.flatnonzero(plain.observe(plain.agent_selection)["action_mask"])
        action = int(rng.choice(list(legal)))
        plain.step(action)
        planted.step(action)


def test_hidden_cause_cards_do_not_change_what_a_seat_observes() -> None:
    """RB-07: the face-down Cause is hidden from everyone. Two games differing only in the order of
    p2's face-down Cause cards (the same ten dealt in opposite orders) give both seats the same
    tensors while fund-raising reveals nothing."""
    scenario = find_scenario("revolting-behaviour/first-game")
    cause = ["2S", "5H", "9C", "KD", "3H", "7S", "JC", "4D", "8H", "QS"]
    a, b = (Game(scenario, seed=8, cards={"p2/cause-deck": [order]}) for order in (cause, cause[::-1]))
    encoding = scenario_encoding(scenario, a.options)
    seen_a, seen_b = Observer(a, encoding), Observer(b, encoding)
    assert cause_drawn(a, "p2") == cause_drawn(b, "p2")[::-1] and len(cause_drawn(a, "p2")) == 10
    fundraising = encoding.index["D-mild"]
    for _ in range(12):
        seat = a.to_act()[0]
        for s in ("p1", "p2"):
            assert np.array_equal(seen_a.tensor(s), seen_b.tensor(s))
        legal = np.flatnonzero(seen_a.mask(seat))
        action = fundraising if fundraising in legal else int(legal[0])
        a.apply(seat, seen_a.legal(seat)[action])
        b.apply(seat, seen_b.legal(seat)[action])


def test_the_environment_plays_the_same_game_as_the_protocol() -> None:
    """Action numbers stand for the ids the Game offers: replaying the env's decisions gives its log."""
    env = RiotactAEC("civil-disorder/embassy-protest")
    env.reset(seed=5)
    _play(env, random.Random(5))
    replayed = Game(env.game.scenario, seed=env.game.seed)
    for seat, action_id in env.game.decisions:
        replayed.apply(seat, action_id)
    assert list(replayed.log.lines()) == list(env.game.log.lines())
