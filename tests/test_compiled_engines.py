"""The compiled laboratory engines built by mypyc from the rulesets' own sources (setup.py,
riotact.compiled): Civil Disorder, By Will Alone, Public Participation and The Breaking of Nations.
Each must play the very games its Python engine plays: the same seats to act, legal actions, views
for every seat (so the fog of war is the same), bot decisions, results and final state, on every
built-in scenario with random, heuristic and mixed bots; the explained replay of a compiled game
reaches the same state; and each refuses, in one line, a build it cannot trust (Civil Disorder's
own cases, house rules and a stacked riot, are in civil_disorder/test_cd_compiled.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from riotact import compiled as compiled_module
from riotact.compiled import unavailable
from riotact.core import Game, builtin_scenarios, make_bot
from riotact.core.engines import bot_engine, check_engine
from riotact.core.errors import LaboratoryUnavailable, RiotactError
from riotact.core.log import UMPIRE
from riotact.rulesets import get_ruleset
from riotact.rulesets.revolting_behaviour.native import lab as rb_lab
from test_cli import riotact

RULESETS = ("civil-disorder", "by-will-alone", "public-participation", "breaking-of-nations")
#: The rulesets whose every scenario is played here (Civil Disorder's, under house rules, in its own file).
NEW = RULESETS[1:]


def first(ruleset: str) -> Any:
    return builtin_scenarios(get_ruleset(ruleset))[0]


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


GAMES = [(ruleset, scenario, seed) for ruleset in NEW for scenario in builtin_scenarios(get_ruleset(ruleset))
         for seed in (1, 2, 3)]


@pytest.mark.parametrize("ruleset, scenario, seed", GAMES, ids=lambda x: getattr(x, "ref", str(x)))
def test_the_compiled_engine_plays_the_python_engines_games(ruleset: str, scenario: Any, seed: int) -> None:
    """Seed 1: random bots everywhere; seed 2: heuristic everywhere; seed 3: drawn seat by seat."""
    if unavailable(ruleset) is not None:
        pytest.skip(unavailable(ruleset))
    rng = random.Random(f"{scenario.ref}/{seed}")
    kinds = {seat: ("random", "heuristic", rng.choice(("random", "heuristic")))[seed - 1] for seat in scenario.seats}
    explained = lock_step(scenario, seed, {}, kinds).explained()  # the Python engine's replay reaches the same state
    assert explained.explain and explained.log.events[-1]["kind"] == "end"


def seen(game: Game) -> list[Any]:
    """What every seat and the umpire may know now."""
    return [game.view(seat) for seat in (*game.seats, UMPIRE)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_compiled_game_copies_and_deals_worlds_as_the_python_engine_does(ruleset: str) -> None:
    """A compiled game's clone and its determinised worlds are deep copies of its compiled classes (no
    replay), and each is the Python engine's: the same for every seat, then the same after the same
    decisions (core/compiling.py: the classes a copy makes without ``__init__``)."""
    if unavailable(ruleset) is not None:
        pytest.skip(unavailable(ruleset))
    python = Game(first(ruleset), seed=9, explain=False)
    built = Game(first(ruleset), seed=9, explain=False, engine="compiled")
    determinise = make_bot("search", built, built.seats[0]).determinise
    for _ in range(12):
        seat = python.to_act()[0]
        decision = python.legal_actions(seat)[-1].id
        for game in (python, built):
            game.apply(seat, decision)
    twin = built.clone()
    assert twin.engine == "compiled" and twin.state is not built.state
    worlds = {seat: (python.spec.determinise(python, seat, 5), determinise(built, seat, 5))
              for seat in python.seats}
    for copies in ((python.clone(), twin), *worlds.values()):
        assert type(copies[1].state).__module__.startswith("riotact_compiled.")
        assert seen(copies[1]) == seen(copies[0])
        for _ in range(6):
            if copies[0].is_over():
                break
            seat = copies[0].to_act()[0]
            decision = copies[0].legal_actions(seat)[0].id
            for game in copies:
                game.apply(seat, decision)
            assert seen(copies[1]) == seen(copies[0])
    assert seen(built) == seen(python)  # nothing done to a copy reached the game


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_search_bot_chooses_alike_on_either_engine(ruleset: str) -> None:
    """The search bot on a compiled game rolls out on compiled worlds (its determiniser and evaluation are
    the compiled copy's) and, for the same seed and rollouts, chooses what it chooses on the Python engine,
    with the same test of its best candidate against the heuristic's choice."""
    if unavailable(ruleset) is not None:
        pytest.skip(unavailable(ruleset))
    games = [Game(first(ruleset), seed=3, explain=False, engine=engine) for engine in ("python", "compiled")]
    searcher = games[0].seats[0]
    bots = [{s: make_bot("search" if s == searcher else "heuristic", g, s) for s in g.seats} for g in games]
    for each in bots:
        each[searcher].iterations, each[searcher].seconds = 6, None
    searched = 0
    while searched < 4 and not games[0].is_over():
        seat = games[0].to_act()[0]
        choices = [each[seat].choose(g.view(seat), g.legal_actions(seat)) for g, each in zip(games, bots, strict=True)]
        assert choices[1] == choices[0]
        if seat == searcher and len(games[0].legal_actions(seat)) > 1:
            searched += 1
            assert bots[1][seat].verdict == bots[0][seat].verdict
        for game in games:
            game.apply(seat, choices[0])
    assert searched == 4 and seen(games[1]) == seen(games[0])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_sim_gives_the_same_summary_on_either_engine(ruleset: str) -> None:
    if unavailable(ruleset) is not None:
        pytest.skip(unavailable(ruleset))
    scenario = first(ruleset)
    heuristic = ["--seat", f"{scenario.seats[0]}=heuristic"]
    outputs = {engine: riotact("sim", scenario.ref, "--games", "3", "--seed", "4", *heuristic,
                               "--engine", engine, "--json") for engine in ("python", "compiled", "auto")}
    assert {out.returncode for out in outputs.values()} == {0}, outputs["compiled"].stderr
    assert outputs["python"].stdout == outputs["compiled"].stdout == outputs["auto"].stdout


@pytest.mark.parametrize("ruleset", RULESETS)
def test_auto_plays_compiled_for_every_bot_the_search_bot_too(ruleset: str) -> None:
    if unavailable(ruleset) is not None:
        pytest.skip(unavailable(ruleset))
    scenario = first(ruleset)
    for kind in ("heuristic", "search", "hard"):
        assert bot_engine(scenario, "auto", players=dict.fromkeys(scenario.seats, kind)) is not None
        assert bot_engine(scenario, "compiled", players=dict.fromkeys(scenario.seats, kind)) is not None
    assert bot_engine(scenario, "python") is None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_build_makes_the_engine_where_it_made_the_c_core(ruleset: str) -> None:
    """A machine with a C compiler (Revolting Behaviour!'s core was built) must build these engines too:
    a broken build is a failure here, not a quiet fall back to the Python engine."""
    if rb_lab.compiled():
        assert unavailable(ruleset) is None


#: A source of each ruleset's copies (a ruleset's own source also stands for another ruleset's, which
#: must not make the first stale).
OWN_SOURCE = {"civil-disorder": "riotact.rulesets.civil_disorder.rules.crowds",
              "by-will-alone": "riotact.rulesets.by_will_alone.rules.morale",
              "public-participation": "riotact.tabletop.geometry",
              "breaking-of-nations": "riotact.core.dice"}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_build_older_than_a_source_is_refused_in_one_line(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = first(ruleset)
    if unavailable(ruleset) is not None:  # nothing built: that is the refusal
        sources = {}
    else:
        import riotact_compiled as copies  # type: ignore[import-not-found]

        sources = dict(copies.SOURCES)
        other = OWN_SOURCE["by-will-alone" if ruleset == "civil-disorder" else "civil-disorder"]
        monkeypatch.setattr(copies, "SOURCES", {**sources, OWN_SOURCE[ruleset]: "0" * 64, other: "0" * 64})
    compiled_module._unavailable.cache_clear()
    try:
        with pytest.raises(LaboratoryUnavailable) as refused:
            Game(scenario, seed=1, explain=False, engine="compiled")
        assert "\n" not in str(refused.value)
        if sources:
            assert f"older {OWN_SOURCE[ruleset]}:" in str(refused.value)
            with pytest.raises(LaboratoryUnavailable, match="older"):  # what `sim --engine compiled` asks first
                check_engine(scenario, "compiled")
            assert bot_engine(scenario, "auto") is None  # auto plays the same game in Python
    finally:
        monkeypatch.undo()
        compiled_module._unavailable.cache_clear()


def test_an_engine_never_built_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled_module, "PACKAGE", "riotact_never_built")
    compiled_module._unavailable.cache_clear()
    try:
        for ruleset in RULESETS:
            with pytest.raises(LaboratoryUnavailable, match="was not built"):
                Game(first(ruleset), seed=1, explain=False, engine="compiled")
            assert bot_engine(first(ruleset), "auto") is None
    finally:
        monkeypatch.undo()
        compiled_module._unavailable.cache_clear()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_compiled_engine_plays_laboratory_games_only(ruleset: str) -> None:
    with pytest.raises(RiotactError, match="laboratory-mode games"):
        Game(first(ruleset), seed=1, engine="compiled")  # explained play stays on the Python engine
