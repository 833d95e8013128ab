"""The umpire's chair and its powers (:mod:`riotact.core.umpiring` defines the powers): who holds
the chair, what he may do now, an intervention made as a logged decision of the ``umpire`` seat, and
``rejudge`` (the last roll again with faces he sets).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .decisions import after, take_back_failed
from .errors import GameOverError, IllegalActionError
from .log import UMPIRE, Event
from .protocol import Action
from .umpiring import REJUDGE, Power, PowerError, checked_args, generic_powers, parse_action_id
from .umpiring import action_id as intervention_id

if TYPE_CHECKING:
    from .game import Game

#: The umpire's decision while he holds the game (``Game.legal_actions``).
ADVANCE = Action(intervention_id("advance", {}), "let the game go on (advance)")


def chair_held(game: Game) -> bool:
    """True when a person sits in the umpire's chair: the ruleset's ``umpire`` seat is played,
    or the game's players name a human umpire."""
    players = game.log.header.get("players") or {}
    return UMPIRE in game.state.seats or players.get(UMPIRE) == "human"


def powers_now(game: Game) -> list[dict[str, Any]]:
    """What the umpire may do now, with argument schemas (empty when nobody holds the chair)."""
    if not chair_held(game) or game.is_over():
        return []
    return [p.as_dict() for p in (*powers(game).values(), REJUDGE)]


def powers(game: Game) -> dict[str, Power]:
    """The umpire's powers by name: the core's and the ruleset's."""
    seq = lambda: game.intervening  # noqa: E731 (the decision being made, read when a power runs)
    found = (*generic_powers(game.state, game.umpire, seq), *game.state.umpire_powers())
    return {p.name: p for p in found}


def intervene(game: Game, power: str, by: str, args: Mapping[str, Any]) -> list[Event]:
    """The umpire uses ``power`` with ``args`` (see ``Game.intervene``)."""
    if by != UMPIRE:
        game.check_seat(by)
        raise IllegalActionError(by, power, "only the umpire may use the umpire's powers")
    if power == REJUDGE.name:
        return rejudge(game, args)
    found = powers(game).get(power)
    if found is None:
        return intervention(game, intervention_id(power, args))  # refused with the list of powers
    try:
        checked = checked_args(found, args, game.state.seats)
    except PowerError as exc:
        raise IllegalActionError(UMPIRE, power, str(exc)) from None
    return intervention(game, intervention_id(power, checked))


def rejudge(game: Game, args: Mapping[str, Any]) -> list[Event]:
    """The last roll again with the faces the umpire sets: the decisions since the one that caused
    it are taken back and made again after an ``override`` of that roll, all or nothing."""
    if not chair_held(game):
        raise IllegalActionError(UMPIRE, REJUDGE.name, "nobody holds the umpire's chair: riotact umpires this game")
    try:
        checked = checked_args(REJUDGE, args, game.state.seats)
    except PowerError as exc:
        raise IllegalActionError(UMPIRE, REJUDGE.name, str(exc)) from None
    events = game.log.events
    roll = next((e for e in reversed(events) if e["kind"] == "roll"), None)
    starts = [i for i, start in enumerate(game.decision_starts) if roll is not None and start < roll["seq"]]
    if roll is None or not starts:
        raise IllegalActionError(UMPIRE, REJUDGE.name, "no roll has followed a decision yet")
    cause = starts[-1]
    if len(checked["faces"]) != len(roll["dice"]) or max(checked["faces"]) > roll["sides"]:
        example = ",".join(str(i % roll["sides"] + 1) for i in range(len(roll["dice"])))
        raise IllegalActionError(UMPIRE, REJUDGE.name, f"the last roll ({roll['text']}) needs "
                                 f"{len(roll['dice'])} face(s) of 1 to {roll['sides']}: type them together, "
                                 f"separated by commas, e.g. rejudge {example} REASON")
    alike = sum(1 for e in events[game.decision_starts[cause]:roll["seq"]]
                if e["kind"] == "roll" and (e["rule"], e["who"], len(e["dice"])) == (roll["rule"], roll["who"],
                                                                                      len(roll["dice"]))
                and max(checked["faces"]) <= e["sides"])
    again = game.decisions[cause:]
    judged = game.clone()
    judged.undo(len(again), seat=UMPIRE)
    judged.intervene("override", rule=roll["rule"], who=roll["who"], faces=checked["faces"],
                     reason=checked["reason"], skip=alike)
    for seat, action in again:
        try:
            judged.apply(seat, action)
        except IllegalActionError as exc:
            raise IllegalActionError(UMPIRE, REJUDGE.name, f"{seat}'s decision {action!r} would no longer "
                                     f"be legal ({exc.why})") from None
    first = game.decision_starts[cause]  # where the override now stands
    game.__dict__.update(judged.__dict__)
    return game.log.events[first:]


def intervention(game: Game, action: str) -> list[Event]:
    """The umpire's decision ``action`` (a power and its arguments) checked, made and logged."""
    try:
        name, args = parse_action_id(action)
    except PowerError as exc:
        raise IllegalActionError(UMPIRE, "intervene", str(exc)) from None
    if not chair_held(game):
        raise IllegalActionError(UMPIRE, name, "nobody holds the umpire's chair: riotact umpires this game")
    if game.is_over():
        raise GameOverError(UMPIRE, name)
    available = powers(game)
    power = available.get(name)
    if power is None:
        raise IllegalActionError(UMPIRE, name, f"there is no umpire power {name!r} (powers: "
                                 f"{', '.join(available)})")
    try:
        checked = checked_args(power, args, game.state.seats)
    except PowerError as exc:
        raise IllegalActionError(UMPIRE, name, str(exc)) from None
    events = game.log.events
    start = game.intervening = len(events)
    game.log.append("decision", game.umpire.turn, [], f"umpire: {power.describe(checked).rstrip('.')}.",
                    seat=UMPIRE, action=action, power=name)
    turn = game.umpire.turn
    game.decision_starts.append(start)
    game.decisions.append((UMPIRE, action))
    try:
        power.run(checked)
    except PowerError as exc:  # refused before changing anything: only the log has moved
        del events[start:]
        game.decision_starts.pop()
        game.decisions.pop()
        raise IllegalActionError(UMPIRE, name, str(exc)) from None
    except Exception:  # all or nothing, as a decision (an advance may run out of dice)
        take_back_failed(game)
        raise
    after(game, turn)  # an advance may end the turn or the game
    return events[start:]
