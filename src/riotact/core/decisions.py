"""The decision record and the log: a seat's decision checked, recorded (``Game.decisions`` and
the start of its events, ``Game.decision_starts``) and logged, all or nothing; table talk, a
decision a seat may make at any time; the end announced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import GameOverError, IllegalActionError
from .log import ALL, LOG_FORMAT_VERSION, UMPIRE, Event
from .messages import checked_words, parse_say
from .persistence import rebuilt
from .protocol import Result
from .scenario import Scenario
from .umpiring import HOLD_TURN, stop

if TYPE_CHECKING:
    from .game import Game


def decide(game: Game, seat: str, action_id: str) -> list[Event]:
    """``seat``'s decision ``action_id`` checked, made and logged; returns the events it caused."""
    state = game.state
    if state.result is not None:
        game.check_seat(seat)
        raise GameOverError(seat, action_id)
    if game.umpire.held:
        game.check_seat(seat)
        raise IllegalActionError(seat, action_id, "the umpire holds the game: wait until he lets it go on")
    acting = state.to_act()
    if seat not in acting:
        game.check_seat(seat)
        waiting = ", ".join(acting)
        raise IllegalActionError(seat, action_id, f"it is {waiting}'s decision now, not {seat}'s")
    action = game.legal_action(seat, action_id)
    if action is None:
        raise IllegalActionError(seat, action_id, state.why_illegal(seat, action_id))
    events = game.log.events
    start = record(game, seat, action_id)
    if game.explain:
        game.log.append("decision", game.umpire.turn, state.decision_visibility(seat, action),
                        decision_text(seat, action.text), seat=seat, action=action_id)
    else:  # counted, not explained (see QuietLog)
        game.log.append("decision", 0, ALL, "")
    turn = game.umpire.turn
    try:
        state.apply(seat, action)
    except Exception:
        # A decision is all or nothing: dice that ran out, or a person who closed the input
        # at a manual-dice prompt, must not leave half a decision in the game or its saves.
        take_back_failed(game)
        raise
    after(game, turn)
    return events[start:]


def record(game: Game, seat: str, action_id: str) -> int:
    """Put ``seat``'s decision on the record; returns where its events start in the log."""
    start = len(game.log.events)
    game.decision_starts.append(start)
    game.decisions.append((seat, action_id))
    return start


def take_back_failed(game: Game) -> None:
    """Rebuild the game without its last decision (one that failed half way)."""
    game.__dict__.update(rebuilt(game, 1).__dict__)


def after(game: Game, turn: int) -> None:
    """After a decision: the end announced, or the game held at a new turn if the umpire asked."""
    if game.state.result is not None:
        announce_end(game)
    elif game.umpire.turn != turn and HOLD_TURN in game.umpire.holds and not game.umpire.held:
        stop(game.umpire, HOLD_TURN, f"at the start of turn {game.umpire.turn}")


def announce_end(game: Game) -> None:
    result = game.state.result
    if result is not None and (not game.log.events or game.log.events[-1]["kind"] != "end"):
        game.log.append("end", game.umpire.turn, "all", end_text(result), result=result.as_dict())


def say(game: Game, seat: str, to: str, text: str) -> list[Event]:
    """``seat`` tells ``to`` these words, as its rules allow (``State.talk``): see ``Game.say``."""
    game.check_seat(seat)
    try:
        words = checked_words(text)
        if to not in (*game.seats, ALL) or to in (seat, UMPIRE):
            others = [s for s in game.seats if s not in (seat, UMPIRE)]
            raise ValueError(f"a message goes to one of {', '.join(others)} or all, not {to!r}")
        if game.is_over():
            raise ValueError("the game is over")
        action = game.state.talk(seat, to, words)
    except ValueError as exc:
        raise IllegalActionError(seat, "say", str(exc)) from None
    return game.apply(seat, action)


def table_talk(game: Game, seat: str, action: str) -> list[Event]:
    """A table-talk message: a decision of the seat taken at any time, seen by the seat itself, then
    the message, seen by its recipients (and the umpire, who sees everything)."""
    game.check_seat(seat)
    if game.is_over():
        raise GameOverError(seat, action)
    try:
        to, words = parse_say(action)
        if game.state.talk(seat, to, words) != action or seat == UMPIRE:
            raise ValueError("that is not a message the rules let this seat send now")
    except ValueError as exc:
        raise IllegalActionError(seat, "say", str(exc)) from None
    events = game.log.events
    start = record(game, seat, action)
    game.log.append("decision", game.umpire.turn, [seat], f"{seat}: a message to {to}.", seat=seat, action=action)
    game.log.append("message", game.umpire.turn, ALL if to == ALL else sorted({seat, to}),
                    f"{seat} to {'everyone' if to == ALL else to}: {words}", sender=seat, to=to)
    return events[start:]


def log_header(ruleset: str, scenario: Scenario, seed: int, options: dict[str, Any], *,
               dice: str = "seeded") -> dict[str, Any]:
    """A new game's log header (line 1 of its log); ``ruleset`` is the ruleset's id."""
    return {"kind": "game", "ruleset": ruleset, "scenario": scenario.ref, "seed": seed,
            "seats": list(scenario.seats), "options": options, "version": LOG_FORMAT_VERSION, "dice": dice,
            "scenario_data": scenario.data}


def decision_text(seat: str, action_text: str) -> str:
    """A decision's words in the log."""
    return f"{seat}: {action_text}."


def end_text(result: Result) -> str:
    """The last event's words."""
    return f"Game over: {', '.join(result.winners) or 'nobody'} won ({result.reason})."
