"""The compiled core's explained log (``laboratory(..., explain=True)``, lablog.py) is the Python engine's log.

Every test plays ``Game(..., explain=True)`` and the compiled explained game in lock step from the
same seed and decisions, and compares the logs event for event and field for field: the whole log,
the saved JSON lines, and what every seat and the umpire receive (``log_for``: RB-07, hidden Cause
cards stay hidden, and a player's events are renumbered).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from revolting_behaviour.test_rb_lab import SCENARIOS, house_rule_values
from riotact.core import Game, find_scenario
from riotact.core.log import UMPIRE
from riotact.rulesets.revolting_behaviour.native import lab, lablog
from riotact.rulesets.revolting_behaviour.native.lab import LabGame, PythonLab, laboratory
from riotact.rulesets.revolting_behaviour.native.lablog import RECORD, Narrator
from support import rb_scenario

needs_core = pytest.mark.skipif(not lab.compiled(), reason="the compiled core was not built here")


def same_logs(told: Any, game: Game) -> None:
    """Event for event, field for field, line for line, for every seat and the umpire."""
    assert told.log.header == game.log.header
    assert told.log.events == game.log.events
    assert list(told.log.lines()) == list(game.log.lines())  # the same fields in the same order
    for seat in (*game.seats, UMPIRE):
        assert told.log_for(seat) == game.log_for(seat), seat


def lock_step(scenario: Any, seed: int, options: dict[str, Any], pick_seed: int, *,
              max_decisions: int = 3_000, engine: str = "compiled", peek: float = 0.05) -> tuple[Any, Game]:
    """Play both with the same random picks; read the compiled log now and then as it grows."""
    told = laboratory(scenario, seed=seed, options=options, engine=engine, explain=True)
    game = Game(scenario, seed=seed, options=options)
    picks = random.Random(pick_seed)
    for _ in range(max_decisions):
        if told.is_over():
            break
        legal = told.legal_ids()
        number = legal[int(picks.random() * len(legal))]
        told.apply_id(number)
        game.apply(game.to_act()[0], told.action_ids[number])
        if picks.random() < peek:  # a log read mid-game words the records so far, and only once
            same_logs(told, game)
    assert told.is_over() == game.is_over()
    same_logs(told, game)
    return told, game


@needs_core
@settings(max_examples=100, deadline=None)
@given(seats=st.integers(1, 6), cause=st.integers(1, 12), seed=st.integers(0, 2**64),
       pick=st.integers(0, 1000), options=house_rule_values())
def test_any_house_rules_any_table_the_same_log(seats: int, cause: int, seed: int, pick: int,
                                               options: dict[str, Any]) -> None:
    """RB-01..RB-26 under every house rule (closed totals, reshuffled decks, Cause Jokers kept or
    discarded, restarts...): every event the Python engine logs, worded the same."""
    told, _ = lock_step(rb_scenario(seats, cause), seed, options, pick)
    assert isinstance(told, LabGame)


@needs_core
@pytest.mark.parametrize("ref", SCENARIOS)
def test_built_in_scenarios_whole_games_the_same_log(ref: str) -> None:
    kinds: set[str] = set()
    for seed in range(10):
        told, game = lock_step(find_scenario(ref), seed, {}, seed, max_decisions=100_000, peek=0.01)
        assert game.is_over() and told.log.events[-1]["kind"] == "end"
        kinds.update(e.get("rule", e["kind"]) for e in game.log.events)
    assert {"RB-06", "RB-13", "RB-14", "RB-17", "end", "decision"} <= kinds  # real games, not empty logs


@needs_core
def test_hidden_cause_cards_stay_hidden() -> None:
    """RB-07: the Cause is dealt face down; a player's log names none of its cards, the umpire's does."""
    told, _ = lock_step(rb_scenario(3, 10), 11, {}, 11)
    hidden = [e for e in told.log.events if e["kind"] == "draw" and e["rule"] in ("RB-06", "RB-22")]
    assert hidden and all(e["visible_to"] == [] for e in hidden)
    for seat in told.seats:
        seen = told.log_for(seat)
        assert not [e for e in seen if e.get("rule") in ("RB-06", "RB-22") and e["kind"] == "draw"]
        assert [e["seq"] for e in seen] == list(range(len(seen)))  # renumbered: no gap shows a hidden draw
    assert len(told.log_for(UMPIRE)) == len(told.log.events)


@needs_core
def test_a_dropped_record_or_a_changed_fact_is_caught() -> None:
    """The comparison is sharp: the core's records less any one, or with one fact changed, do not
    word the Python engine's log."""
    told, game = lock_step(rb_scenario(2, 4), 5, {"first_turn_order": "seats"}, 5)
    assert isinstance(told, LabGame)
    records = told.facts(0)
    size = RECORD * 8
    count = len(records) // size

    def worded(data: bytes) -> list[dict[str, Any]]:
        narrator = Narrator(told.scenario, told.seed, told.options, told.action_ids)
        try:
            narrator.catch_up(data, told.result)
        except (IndexError, KeyError, AssertionError):
            return []
        return narrator.log.events

    assert worded(records) == game.log.events
    for dropped in range(count):
        assert worded(records[:dropped * size] + records[(dropped + 1) * size:]) != game.log.events, dropped
    changed = bytearray(records)
    changed[size * (count // 2) + 3 * 8] ^= 1  # the first fact of a record mid-game
    assert worded(bytes(changed)) != game.log.events


@needs_core
def test_saved_logs_are_the_python_engines_and_load(tmp_path: Path) -> None:
    """A saved explained laboratory game is byte for byte ``Game.save``'s, and ``Game.load`` replays it."""
    told, game = lock_step(find_scenario("revolting-behaviour/four-players"), 3, {}, 3, max_decisions=100_000)
    told.save(tmp_path / "lab.jsonl")
    game.save(tmp_path / "game.jsonl")
    assert (tmp_path / "lab.jsonl").read_bytes() == (tmp_path / "game.jsonl").read_bytes()
    loaded = Game.load(tmp_path / "lab.jsonl")
    assert loaded.result == game.result and loaded.decisions == told.decisions


@needs_core
def test_the_log_is_worded_on_read_only() -> None:
    """While it plays, the core keeps records, not words: the first read makes the narrator."""
    told = laboratory(find_scenario("revolting-behaviour/first-game"), seed=2, explain=True)
    assert isinstance(told, LabGame)
    picks = random.Random(2)
    for _ in range(30):
        legal = told.legal_ids()
        told.apply_id(legal[int(picks.random() * len(legal))])
    assert told._narrator is None and len(told.facts(0)) > 30 * RECORD * 8 // 2
    assert told.log.events  # worded now
    assert told._narrator is not None and told._narrator.read == len(told.facts(0)) // (RECORD * 8)


@needs_core
def test_a_quiet_laboratory_keeps_no_records_but_explains_by_replay() -> None:
    quiet = laboratory(find_scenario("revolting-behaviour/first-game"), seed=4)
    told = laboratory(find_scenario("revolting-behaviour/first-game"), seed=4, explain=True)
    picks = random.Random(4)
    for _ in range(40):
        legal = told.legal_ids()
        number = legal[int(picks.random() * len(legal))]
        quiet.apply_id(number)
        told.apply_id(number)
    assert isinstance(quiet, LabGame) and quiet.facts(0) == b""
    assert quiet.log.events == told.log.events and quiet.log_for("p2") == told.log_for("p2")


@needs_core
def test_a_seat_that_is_not_there_is_refused() -> None:
    told = laboratory(find_scenario("revolting-behaviour/first-game"), seed=1, explain=True)
    with pytest.raises(Exception, match="there is no seat 'p9'"):
        told.log_for("p9")


def test_without_the_compiled_core_the_python_engine_keeps_the_same_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no C compiler built the core (as if ``CC=/bin/false``), the same interface plays on the
    Python engine with the full log."""
    monkeypatch.setattr(lab, "Core", None)
    told, game = lock_step(rb_scenario(3, 5), 9, {}, 9, engine="auto")
    assert isinstance(told, PythonLab)
    assert told.log.events == game.log.events


def test_the_python_engine_plays_the_explained_interface() -> None:
    told, _ = lock_step(find_scenario("revolting-behaviour/first-game"), 6, {"open_totals": False}, 6,
                        engine="python")
    assert isinstance(told, PythonLab)


def test_orders_unpack_as_the_core_packs_them() -> None:
    assert lablog.unpack(0) == [] and lablog.unpack(1 + 8 * 6) == [0, 5]
