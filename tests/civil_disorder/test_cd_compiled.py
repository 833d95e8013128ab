"""Civil Disorder's compiled laboratory engine (setup.py, riotact.compiled): the ruleset and the
core's dice, log and umpire compiled by mypyc as copies. It must play the very games the Python
engine plays: the same seats to act, legal actions, views for every seat (so the fog of war is the
same), bot decisions, results and final state, under house rules drawn at random, on every built-in
scenario and on a big stacked riot; and it must refuse, in one line, a build it cannot trust."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from riotact import compiled as compiled_module
from riotact.compiled import unavailable
from riotact.core import Game, builtin_scenarios, make_bot, parse_scenario
from riotact.core.engines import bot_engine, check_engine
from riotact.core.errors import LaboratoryUnavailable, OptionError, RiotactError
from riotact.core.log import UMPIRE
from riotact.rulesets import get_ruleset
from riotact.rulesets.revolting_behaviour.native import lab as rb_lab
from test_cli import riotact

needs_engine = pytest.mark.skipif(unavailable() is not None, reason=f"{unavailable()}")
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


def lock_step(scenario: Any, seed: int, options: dict[str, Any], kinds: dict[str, str]) -> Game:
    """Play the Python engine and the compiled one side by side with the same bots; return the compiled
    game. Every seat's view is compared at every decision."""
    python = Game(scenario, seed=seed, options=options, explain=False)
    built = Game(scenario, seed=seed, options=options, explain=False, engine="compiled")
    assert type(built.state).__module__.startswith("riotact_compiled.")
    python_bots = {s: make_bot(kinds.get(s, "random"), python, s) for s in python.seats}
    built_bots = {s: make_bot(kinds.get(s, "random"), built, s) for s in built.seats}
    while not python.is_over():
        assert built.to_act() == python.to_act()
        for seat in (*python.seats, UMPIRE):
            assert built.view(seat) == python.view(seat), seat
        seat = python.to_act()[0]
        legal = [a.id for a in python.legal_actions(seat)]
        assert [a.id for a in built.legal_actions(seat)] == legal
        view = python.view(seat) if python_bots[seat].needs_view else None
        decision = python_bots[seat].choose(view, python.legal_actions(seat))
        built_view = built.view(seat) if built_bots[seat].needs_view else None
        assert built_bots[seat].choose(built_view, built.legal_actions(seat)) == decision
        python.apply(seat, decision)
        built.apply(seat, decision)
    assert built.is_over()
    assert built.result and python.result and built.result.as_dict() == python.result.as_dict()
    assert built.view(UMPIRE) == python.view(UMPIRE)
    return built


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
def test_a_compiled_game_copies_by_replaying_and_goes_on_alike() -> None:
    scenario = SCENARIOS[0]
    game = Game(scenario, seed=9, explain=False, engine="compiled")
    for _ in range(5):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[-1].id)
    twin = game.clone()
    assert twin.engine == "compiled" and twin.decisions == game.decisions and twin.view(UMPIRE) == game.view(UMPIRE)
    seat = game.to_act()[0]
    decision = game.legal_actions(seat)[0].id
    for each in (game, twin):
        each.apply(seat, decision)
    assert twin.view(UMPIRE) == game.view(UMPIRE)


@needs_engine
def test_sim_gives_the_same_summary_on_either_engine() -> None:
    ref = SCENARIOS[0].ref
    outputs = {engine: riotact("sim", ref, "--games", "6", "--seed", "4", "--seat", "commander=heuristic",
                               "--engine", engine, "--json") for engine in ("python", "compiled", "auto")}
    assert {out.returncode for out in outputs.values()} == {0}
    assert outputs["python"].stdout == outputs["compiled"].stdout == outputs["auto"].stdout


@needs_engine
def test_auto_plays_compiled_for_bots_that_never_copy_the_game() -> None:
    scenario = SCENARIOS[0]
    assert bot_engine(scenario, "auto", players=dict.fromkeys(scenario.seats, "heuristic")) is not None
    assert bot_engine(scenario, "auto", players=dict.fromkeys(scenario.seats, "search")) is None
    assert bot_engine(scenario, "python") is None
    with pytest.raises(LaboratoryUnavailable, match="a search bot copies the game"):
        bot_engine(scenario, "compiled", players=dict.fromkeys(scenario.seats, "search"))


def test_the_build_makes_the_engine_where_it_made_the_c_core() -> None:
    """A machine with a C compiler (Revolting Behaviour!'s core was built) must build this engine too:
    a broken build is a failure here, not a quiet fall back to the Python engine."""
    if rb_lab.compiled():
        assert unavailable() is None


def test_a_build_older_than_a_source_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    if unavailable() is not None:  # nothing built: that is the refusal
        sources = {}
    else:
        import riotact_compiled as copies  # type: ignore[import-not-found]

        sources = dict(copies.SOURCES)
        monkeypatch.setattr(copies, "SOURCES", {**sources, "riotact.rulesets.civil_disorder.rules.crowds": "0" * 64})
    compiled_module.unavailable.cache_clear()
    try:
        with pytest.raises(LaboratoryUnavailable) as refused:
            Game(SCENARIOS[0], seed=1, explain=False, engine="compiled")
        assert "\n" not in str(refused.value)
        if sources:
            assert "older riotact.rulesets.civil_disorder.rules.crowds" in str(refused.value)
            with pytest.raises(LaboratoryUnavailable, match="older"):  # what `sim --engine compiled` asks first
                check_engine(SCENARIOS[0], "compiled")
            assert bot_engine(SCENARIOS[0], "auto") is None  # auto plays the same game in Python
    finally:
        monkeypatch.undo()
        compiled_module.unavailable.cache_clear()


def test_an_engine_never_built_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled_module, "PACKAGE", "riotact_never_built")
    compiled_module.unavailable.cache_clear()
    try:
        with pytest.raises(LaboratoryUnavailable, match="was not built"):
            Game(SCENARIOS[0], seed=1, explain=False, engine="compiled")
        assert bot_engine(SCENARIOS[0], "auto") is None
    finally:
        monkeypatch.undo()
        compiled_module.unavailable.cache_clear()


def test_the_compiled_engine_plays_laboratory_games_only() -> None:
    with pytest.raises(RiotactError, match="laboratory-mode games"):
        Game(SCENARIOS[0], seed=1, engine="compiled")  # explained play stays on the Python engine


def test_rulesets_without_a_compiled_engine_say_so() -> None:
    bwa = builtin_scenarios(get_ruleset("by-will-alone"))[0]
    with pytest.raises(LaboratoryUnavailable, match="has no compiled engine"):
        Game(bwa, seed=1, explain=False, engine="compiled")
    with pytest.raises(LaboratoryUnavailable, match="has no compiled engine"):
        check_engine(bwa, "compiled")


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
