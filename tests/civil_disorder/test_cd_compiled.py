"""Civil Disorder's compiled laboratory engine (setup.py, riotact.compiled): the ruleset and the
core's dice, log and umpire compiled by mypyc as copies. It must play the very games the Python
engine plays (test_compiled_engines.lock_step: the same seats to act, legal actions, views for every
seat, bot decisions, results and final state) under house rules drawn at random on every built-in
scenario, and on a big stacked riot; what every compiled engine must do (copies, sim, auto, refusals)
is in test_compiled_engines.py."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from riotact.compiled import unavailable
from riotact.core import Game, builtin_scenarios, parse_scenario
from riotact.core.errors import OptionError
from riotact.core.log import UMPIRE
from riotact.rulesets import get_ruleset
from test_compiled_engines import lock_step

needs_engine = pytest.mark.skipif(unavailable("civil-disorder") is not None, reason=f"{unavailable('civil-disorder')}")
SCENARIOS = sorted(builtin_scenarios(get_ruleset("civil-disorder")), key=lambda s: s.ref)


def house_rules(rng: random.Random) -> dict[str, Any]:
    """A few house rules away from their defaults: flags turned, choices drawn, numbers scaled."""
    chosen: dict[str, Any] = {}
    for rule in rng.sample(get_ruleset("civil-disorder").house_rules, 6):
        if rule.choices:
            chosen[rule.key] = rng.choice(rule.choices)
        elif isinstance(rule.default, bool):
            chosen[rule.key] = not rule.default
        elif isinstance(rule.default, int):
            chosen[rule.key] = max(1, round(rule.default * rng.choice((0.5, 2))))
    return chosen


@needs_engine
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.ref)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_compiled_engine_plays_the_python_engines_games(scenario: Any, seed: int) -> None:
    rng = random.Random(f"{scenario.ref}/{seed}")
    while True:  # house rules a scenario takes (some pairs contradict each other)
        options = house_rules(rng)
        try:
            Game(scenario, seed=seed, options=options, explain=False)
            break
        except OptionError:
            continue
    kinds = {seat: rng.choice(("random", "heuristic")) for seat in scenario.seats}
    built = lock_step(scenario, seed, options, kinds)
    explained = built.explained()  # the Python engine's replay with the full log reaches the same state
    assert explained.explain and explained.log.events[-1]["kind"] == "end"


@needs_engine
def test_a_big_stacked_riot_plays_alike_and_explains() -> None:
    scenario = max(SCENARIOS, key=lambda s: len(s.data["setup"]["units"]))
    data = copy.deepcopy(scenario.data)
    for kind in ("units", "crowds"):
        data["setup"][kind] += [{**item, "id": f"{item['id']}x{n}"} for n in range(1, 3)
                                for item in data["setup"][kind]]
    stacked = parse_scenario(data, "stacked.toml")
    lock_step(stacked, 5, {}, {seat: "heuristic" for seat in stacked.seats}).explained()


@needs_engine
def test_hidden_crowd_facts_send_the_sf_seats_the_same_bytes_on_the_compiled_engine() -> None:
    """CD-06: two compiled games that differ only in what the crowds carry and intend (petrol bombs,
    looters: the umpire's hidden Game Control facts) give each SF seat the same view and the same
    legal actions, byte for byte, at the first decision."""
    import json

    scenario = SCENARIOS[0]
    data = copy.deepcopy(scenario.data)
    for crowd in data["setup"]["crowds"]:
        crowd["petrol_bombs"] = not crowd.get("petrol_bombs", False)
        crowd["looters"] = not crowd.get("looters", False)
    twins = [Game(s, seed=4, explain=False, engine="compiled") for s in (scenario, parse_scenario(data, "twin.toml"))]
    assert twins[0].view(UMPIRE) != twins[1].view(UMPIRE)  # the umpire sees the difference
    for seat in scenario.seats:
        sent = [json.dumps([g.view(seat), [a.id for a in g.legal_actions(seat)]], sort_keys=True) for g in twins]
        assert sent[0] == sent[1], seat
