"""The single-seat Gymnasium environment (riotact.rl.gymnasium)."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from riotact.core import RiotactError, Scenario
from riotact.rl.gymnasium import SingleSeatEnv
from rl_support import REFS, SCENARIOS

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("scenario", SCENARIOS, ids=REFS)
def test_gymnasium_env_checker_passes_for_every_seat(scenario: Scenario) -> None:
    for seat in scenario.seats:
        check_env(SingleSeatEnv(scenario, seat, opponents="heuristic" if seat != "umpire" else "random"),
                  skip_render_check=False)


def _episode(env: SingleSeatEnv, seed: int) -> tuple[float, int]:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps, done = 0.0, 0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, _ = env.step(action)
        total, steps, done = total + reward, steps + 1, terminated or truncated
    return total, steps


def test_a_seat_plays_a_whole_game_against_the_heuristic_bot() -> None:
    env = SingleSeatEnv("revolting-behaviour/first-game", "p2", opponents="heuristic")
    total, _ = _episode(env, 1)
    result = env.game.result
    assert result is not None
    assert total == (0.0 if not result.winners else 1.0 if "p2" in result.winners else -1.0)


def test_only_the_seat_decides_through_the_env() -> None:
    """Every decision of p1 came from the env's steps; p2 was the bot."""
    env = SingleSeatEnv("revolting-behaviour/first-game", "p1", opponents="random")
    _, steps = _episode(env, 2)
    assert steps == sum(1 for seat, _ in env.game.decisions if seat == "p1")


def test_the_same_seed_plays_the_same_episode() -> None:
    a = SingleSeatEnv("by-will-alone/ministry-sit-in", "nonviolent", max_steps=20)
    b = SingleSeatEnv("by-will-alone/ministry-sit-in", "nonviolent", max_steps=20)
    assert _episode(a, 7) == _episode(b, 7)
    assert list(a.game.log.lines()) == list(b.game.log.lines())


def test_an_action_outside_the_mask_ends_the_episode_with_the_illegal_reward() -> None:
    env = SingleSeatEnv("revolting-behaviour/first-game", "p1", opponents="random", illegal_reward=-5.0)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info) == (-5.0, True, {"illegal": True})


def test_bad_arguments_are_one_line_errors() -> None:
    with pytest.raises(ValueError, match="no seat 'p9'"):
        SingleSeatEnv("revolting-behaviour/first-game", "p9")
    with pytest.raises(RiotactError, match="unknown bot level"):
        SingleSeatEnv("revolting-behaviour/first-game", "p1", opponents="genius")
