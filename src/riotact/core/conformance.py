"""Conformance checks every ruleset and scenario must pass (OpenSpiel-style).

Each check raises :class:`ConformanceError` saying what broke; the test suite
runs them on every built-in scenario (tests/test_conformance.py).
"""

from __future__ import annotations

import itertools
import json
import random
import tempfile
from pathlib import Path

from .bots import RandomBot, bot_rng, play_out
from .dice import SeededDice
from .errors import IllegalActionError
from .game import Game
from .log import UMPIRE, dumps, visible
from .scenario import Scenario


class ConformanceError(AssertionError):
    pass


def random_game(scenario: Scenario, seed: int, *, max_decisions: int = 20_000) -> Game:
    game = Game(scenario, seed=seed)
    bots = {s: RandomBot(s, bot_rng(seed, s)) for s in game.seats}
    return play_out(game, bots, max_decisions=max_decisions)


def check_legal_only(scenario: Scenario, seed: int, *, max_decisions: int = 20_000) -> Game:
    """A random game ends; only legal actions apply; illegal ones are refused with a reason."""
    game = Game(scenario, seed=seed)
    rng = random.Random(seed)
    for _ in range(max_decisions):
        acting = game.to_act()
        if not acting:
            break
        seat = acting[int(rng.random() * len(acting))]
        legal = game.legal_actions(seat)
        if not legal:
            raise ConformanceError(f"{seat} is to act but has no legal action")
        if len({a.id for a in legal}) != len(legal):
            raise ConformanceError(f"{seat} has duplicate action ids")
        _expect_refusal(game, seat, "__not-an-action__")
        for other in game.seats:
            if other not in acting and legal:
                _expect_refusal(game, other, legal[0].id)
        game.apply(seat, legal[int(rng.random() * len(legal))].id)
    else:
        raise ConformanceError(f"no end after {max_decisions} decisions")
    if game.result is None or game.log.events[-1]["kind"] != "end":
        raise ConformanceError("the game ended without a result and an 'end' event")
    _expect_refusal(game, game.seats[0], "anything")
    return game


def _expect_refusal(game: Game, seat: str, action_id: str) -> None:
    before = len(game.log.events)
    try:
        game.apply(seat, action_id)
    except IllegalActionError as exc:
        if not exc.why:
            raise ConformanceError("an illegal action was refused without a reason") from None
    else:
        raise ConformanceError(f"{seat} was allowed {action_id!r}")
    if len(game.log.events) != before:
        raise ConformanceError("a refused action changed the log")


def check_determinism(scenario: Scenario, seed: int) -> None:
    a, b = random_game(scenario, seed), random_game(scenario, seed)
    if list(a.log.lines()) != list(b.log.lines()):
        raise ConformanceError("the same seed gave two different logs")


def _saved_and_loaded(game: Game, failure: str) -> Game:
    """Save ``game``, load it back (replaying every decision) and insist the logs are equal."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.jsonl"
        game.save(path)
        loaded = Game.load(path)
    if list(loaded.log.lines()) != list(game.log.lines()):
        raise ConformanceError(failure)
    return loaded


def check_replay(game: Game) -> None:
    """A saved game replays to the same log, and the same next view for every seat."""
    loaded = _saved_and_loaded(game, "a saved game did not replay to the same log")
    for seat in (*game.seats, UMPIRE):
        if dumps(loaded.view(seat)) != dumps(game.view(seat)):
            raise ConformanceError(f"a replayed game shows {seat} a different view")


def check_clone_and_undo(scenario: Scenario, seed: int, *, steps: int = 60) -> None:
    game = Game(scenario, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        acting = game.to_act()
        if not acting:
            return
        seat = acting[0]
        before_view = dumps(game.view(seat))
        before_log = list(game.log.lines())
        twin = game.clone()
        legal = game.legal_actions(seat)
        action = legal[int(rng.random() * len(legal))].id
        game.apply(seat, action)
        if dumps(twin.view(seat)) != before_view:
            raise ConformanceError("a clone changed when the original moved on")
        twin.apply(seat, action)
        if list(twin.log.lines()) != list(game.log.lines()):
            raise ConformanceError("a clone given the same decision diverged")
        game.undo(seat=UMPIRE)
        if list(game.log.lines()) != before_log or dumps(game.view(seat)) != before_view:
            raise ConformanceError(f"undo of {action!r} did not restore the game")
        game.apply(seat, action)


def check_recorded_dice(scenario: Scenario, seed: int, *, undo_every: int = 40) -> None:
    """A game whose dice do not come from its seed (typed by hand, say) saves its faces: undo and a
    replay from the save alone, with no dice connected, give back the very same game."""
    game = Game(scenario, seed=seed, dice=SeededDice(random.Random(f"table:{seed}")))
    bots = {s: RandomBot(s, bot_rng(seed, s)) for s in game.seats}
    for step in itertools.count(1):
        if not game.to_act():
            break
        seat = game.to_act()[0]
        before = list(game.log.lines())
        game.apply(seat, bots[seat].choose(None, game.legal_actions(seat)))
        if step % undo_every == 0:
            game.undo(seat=UMPIRE)  # the next decision rolls live dice again, as at a real table
            if list(game.log.lines()) != before:
                raise ConformanceError("undo with recorded dice did not restore the game")
    _saved_and_loaded(game, "a game with recorded dice did not replay from its save")


def check_no_leaks(scenario: Scenario, seed: int, *, max_decisions: int = 20_000) -> int:
    """Plant sentinels in hidden state; no seat's view or log may ever show one early.

    Returns how many (seat, token) checks were made, so a test can insist the
    ruleset really hides something.
    """
    game = Game(scenario, seed=seed)
    game.state.plant_sentinels()
    bots = {s: RandomBot(s, bot_rng(seed, s)) for s in game.seats}
    checked = dict.fromkeys(game.seats, 0)  # events already searched, per seat
    checks = 0
    for _ in range(max_decisions):
        for seat in game.seats:
            hidden = game.state.hidden_tokens(seat)
            new_events = [e for e in game.log.events[checked[seat]:] if visible(e, seat)]
            checked[seat] = len(game.log.events)
            if not hidden:
                continue
            seen = dumps(game.view(seat)) + json.dumps(new_events, ensure_ascii=False)
            for token in hidden:
                checks += 1
                if token in seen:
                    raise ConformanceError(f"{seat} can see hidden token {token!r}")
        acting = game.to_act()
        if not acting:
            return checks
        seat = acting[0]
        game.apply(seat, bots[seat].choose(None, game.legal_actions(seat)))
    raise ConformanceError(f"no end after {max_decisions} decisions")
