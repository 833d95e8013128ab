"""The umpire's powers: interventions a person in the umpire's chair may make at any time.

An intervention is a decision of the ``umpire`` seat like any other: it goes into the log as a
``decision`` event, so saves, replay and undo carry it. Its action id holds the power and its
arguments as canonical JSON (:func:`action_id`), so the decision list stays ``(seat, action id)``
pairs and replaying a log re-makes each intervention at the point it was made. The decision is
visible to the umpire only; what a power shows a seat (a message, a released fact) is its own event.

Every ruleset has the generic powers (:func:`generic_powers`): ``message``, ``release``,
``ruling``, ``override``, ``hold`` and ``advance``. A ruleset adds its own through
``State.umpire_powers()``, and its own hold points through ``State.hold_points()``.

>>> action_id("message", {"to": "p1", "text": "Hold the line."})
'intervene:{"power":"message","text":"Hold the line.","to":"p1"}'
>>> parse_action_id(action_id("message", {"to": "p1", "text": "Hold the line."}))
('message', {'text': 'Hold the line.', 'to': 'p1'})
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .adjudication import Adjustment
from .log import ALL, UMPIRE
from .modifiers import Modifier

if TYPE_CHECKING:
    from .adjudication import Umpire
    from .protocol import State

PREFIX = "intervene:"
#: The rule cited by generic interventions: the umpire's own authority, not a numbered rule.
UMPIRE_RULE = "umpire"
ANY = "any"
#: Hold points every ruleset has: at once, and at the start of every turn.
HOLD_NOW, HOLD_TURN, HOLD_OFF = "now", "turn", "off"
GENERIC_HOLDS = {HOLD_NOW: "at once: no seat decides until the umpire lets the game go on",
                 HOLD_TURN: "at the start of every turn"}

#: Argument kinds: ``seat`` (a seat of the game), ``to`` (a seat or ``all``), ``int``,
#: ``faces`` (whole numbers, e.g. ``3,4``), ``id`` (one word), ``text`` (free words).
KINDS = ("seat", "to", "int", "faces", "id", "text")


class PowerError(ValueError):
    """An intervention the umpire cannot make as asked; the message says why."""


@dataclass(frozen=True)
class Arg:
    name: str
    kind: str
    help: str
    required: bool = True

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.kind, "required": self.required, "help": self.help}


@dataclass(frozen=True)
class Power:
    """One umpire power: its name, arguments and what it does.

    ``run(args)`` checks the arguments first and raises :class:`PowerError` before changing
    anything; then it makes the change and logs what seats may see of it. ``describe(args)`` is the
    text of the (umpire-only) decision event.
    """

    name: str
    summary: str
    args: tuple[Arg, ...]
    run: Callable[[dict[str, Any]], None]
    describe: Callable[[dict[str, Any]], str]
    rule: str = UMPIRE_RULE

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "summary": self.summary, "rule": self.rule,
                "args": [a.as_dict() for a in self.args]}


def action_id(power: str, args: Mapping[str, Any]) -> str:
    """The decision's action id: the power and its arguments as canonical JSON."""
    return PREFIX + json.dumps({"power": power, **args}, sort_keys=True, ensure_ascii=False,
                               separators=(",", ":"))


def parse_action_id(action: str) -> tuple[str, dict[str, Any]]:
    """The power and arguments of an intervention's action id (:class:`PowerError` if garbled)."""
    try:
        data = json.loads(action[len(PREFIX):])
    except json.JSONDecodeError:
        raise PowerError("the intervention is not readable JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("power"), str):
        raise PowerError("the intervention names no power")
    power = data.pop("power")
    return power, data


def checked_args(power: Power, args: Mapping[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    """The arguments in their proper types, or a :class:`PowerError` naming the first wrong one."""
    known = {a.name for a in power.args}
    extra = sorted(set(args) - known)
    if extra:
        raise PowerError(f"{power.name} takes no argument {extra[0]!r} (it takes: {', '.join(sorted(known))})")
    out: dict[str, Any] = {}
    for arg in power.args:
        value = args.get(arg.name)
        if value is None or value == "":
            if arg.required:
                raise PowerError(f"{power.name} needs {arg.name} ({arg.help})")
            continue
        out[arg.name] = _coerce(arg, value, seats)
    return out


def _coerce(arg: Arg, value: Any, seats: Sequence[str]) -> Any:
    name = arg.name
    if arg.kind in ("seat", "to"):
        value = str(value)
        allowed = [s for s in seats if s != UMPIRE] + ([ALL] if arg.kind == "to" else [])
        if value not in allowed:
            raise PowerError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
        return value
    if arg.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise PowerError(f"{name} must be a whole number, not {value!r}")
        try:
            number = int(value)
        except ValueError:
            raise PowerError(f"{name} must be a whole number, not {value!r}") from None
        if abs(number) > 1000:
            raise PowerError(f"{name} must be between -1000 and 1000")
        return number
    if arg.kind == "faces":
        items = value.replace(",", " ").split() if isinstance(value, str) else value
        try:
            faces = [int(f) for f in items]
        except (TypeError, ValueError):
            raise PowerError(f"{name} must be whole numbers such as 3,4, not {value!r}") from None
        if not faces or len(faces) > 100 or any(f < 1 or f > 100 for f in faces):
            raise PowerError(f"{name} must be 1 to 100 faces, each 1 or more, not {value!r}")
        return faces
    text = str(value).strip()
    if len(text) > 2000:
        raise PowerError(f"{name} is too long (at most 2,000 characters)")
    if arg.kind == "id" and (not text or len(text.split()) != 1):
        raise PowerError(f"{name} must be one word, not {value!r}")
    return text


REASON = Arg("reason", "text", "why, in words")


def move_and_remove(rule: str, piece: Arg, place: str, move: Callable[[dict[str, Any]], None],
                    remove: Callable[[dict[str, Any]], None]) -> tuple[Power, Power]:
    """The ``move`` and ``remove`` powers most rulesets declare: ``piece`` names what moves (its
    argument), ``place`` where it may go (e.g. "a street point, e.g. J2-3")."""
    key = piece.name
    return (
        Power("move", f"move {piece.help} to {place}", (piece, Arg("to", "id", place), REASON),
              move, lambda a: f"{a[key]} moves to {a['to']} ({a['reason']})", rule=rule),
        Power("remove", f"take {piece.help} off the table", (piece, REASON),
              remove, lambda a: f"{a[key]} is taken off the table ({a['reason']})", rule=rule),
    )


#: Re-judging the last roll is not a decision of its own (see ``Game.intervene``): the umpire takes back
#: the decision that caused the roll, sets its faces with an ``override`` and makes the decisions again.
REJUDGE = Power("rejudge", "re-judge the last roll: the decisions since the one that caused it are made "
                "again with the faces set (an override in the log)",
                (Arg("faces", "faces", "the natural faces, e.g. 3,4"), Arg("reason", "text", "why")),
                lambda a: None, lambda a: "")


def generic_powers(state: State, umpire: Umpire, decision_seq: Callable[[], int]) -> tuple[Power, ...]:
    """The powers every ruleset has. ``decision_seq()`` is the seq of the decision being made."""

    def message(args: dict[str, Any]) -> None:
        to = args["to"]
        umpire.log.append("message", umpire.turn, ALL if to == ALL else [to],
                          f"The umpire to {'everyone' if to == ALL else to}: {args['text']}",
                          sender=UMPIRE, to=to)

    def release(args: dict[str, Any]) -> None:
        event = args.get("event")
        if event is None and "fact" not in args:
            raise PowerError("release needs a fact in words or the number of an earlier event")
        shown = None
        if event is not None:
            if not 0 <= event < decision_seq():
                raise PowerError(f"there is no earlier event {event}")
            shown = umpire.log.events[event]
        fact = args.get("fact") or (shown["text"] if shown else "")
        umpire.log.append("effect", umpire.turn, [args["to"]], f"The umpire tells {args['to']}: {fact}",
                          rule=UMPIRE_RULE, released=event)

    def ruling(args: dict[str, Any]) -> None:
        value = args.get("modifier", 0)
        if value:
            who = args.get("roller") or args["seat"]
            umpire.adjustments.append(Adjustment(
                who=who, rule=None, faces=None,
                modifier=Modifier(value, f"umpire's ruling on {args['seat']}'s {args['action']}", UMPIRE_RULE),
                reason=args["ruling"], source=decision_seq()))

    def override(args: dict[str, Any]) -> None:
        rule, who = args["rule"], args["who"]
        if args.get("skip", 0) < 0:
            raise PowerError("skip must be 0 or more")
        if rule == ANY and who == ANY:
            raise PowerError("override needs a rule ID or a roller (who) to say which roll it sets")
        umpire.adjustments.append(Adjustment(
            who=None if who == ANY else who, rule=None if rule == ANY else rule, faces=tuple(args["faces"]),
            modifier=None, reason=args["reason"], source=decision_seq(), skip=args.get("skip", 0)))

    def points() -> dict[str, str]:
        return {**GENERIC_HOLDS, **state.hold_points()}

    def hold(args: dict[str, Any]) -> None:
        at = args["at"]
        if at == HOLD_OFF:
            umpire.holds.clear()
        elif at == HOLD_NOW:
            if umpire.held is not None:
                raise PowerError("the game is already held: advance lets it go on")
            stop(umpire, HOLD_NOW, "at once")
        elif at in points():
            umpire.holds.add(at)
        else:
            raise PowerError(f"at must be one of {', '.join([*points(), HOLD_OFF])}, not {at!r}")

    def advance(args: dict[str, Any]) -> None:
        point = umpire.held
        if point is None:
            raise PowerError("the game is not held: there is nothing to advance")
        umpire.held = None
        umpire.log.append("effect", umpire.turn, [], "The umpire lets the game go on.", rule=UMPIRE_RULE)
        state.resume(point)

    return (
        Power("message", "send a message to one seat or to all; it is part of the log",
              (Arg("to", "to", "a seat, or all"), Arg("text", "text", "the message")),
              message, lambda a: f"message to {a['to']}: {a['text']}"),
        Power("release", "show a fact (in words, or an earlier event by its number) to a seat",
              (Arg("to", "seat", "the seat told"), Arg("fact", "text", "the fact in words", required=False),
               Arg("event", "int", "the number of an earlier event to show", required=False)),
              release, lambda a: f"release to {a['to']}: {a.get('fact') or 'event ' + str(a.get('event'))}"),
        Power("ruling", "rule on a seat's improvised action; a modifier applies to its next roll",
              (Arg("seat", "seat", "whose improvised action"), Arg("modifier", "int", "added to the seat's next roll"),
               Arg("action", "text", "what the player tries, in words"), Arg("ruling", "text", "the ruling"),
               Arg("roller", "text", "who rolls, as rolls name it (default: the seat)", required=False)),
              ruling, lambda a: (f"ruling on {a['seat']}'s {a['action']}: {a['ruling']} "
                                 f"({a.get('modifier', 0):+d} to the next roll of {a.get('roller') or a['seat']})")),
        Power("override", "set the faces of the next roll of a rule and/or roller, with a reason",
              (Arg("rule", "id", "the rule ID of the roll, or any"),
               Arg("who", "text", "the roller as rolls name it (e.g. Crowd A), or any"),
               Arg("faces", "faces", "the natural faces, e.g. 3,4"), Arg("reason", "text", "why"),
               Arg("skip", "int", "fitting rolls to let pass first (default 0)", required=False)),
              override, lambda a: (f"override: the next roll of {a['rule']} by {a['who']} shows "
                                   f"{','.join(map(str, a['faces']))} ({a['reason']})")),
        Power("hold", "hold the game for the umpire: now, at the start of every turn, or at a point of the "
                      f"ruleset's turn ({', '.join(state.hold_points()) or 'none'}); off lifts the standing holds",
              (Arg("at", "id", "now, turn, " + "".join(f"{p}, " for p in state.hold_points()) + "or off"),),
              hold, lambda a: f"hold {'lifted' if a['at'] == HOLD_OFF else a['at']}"),
        Power("advance", "let the held game go on", (), advance, lambda a: "the game goes on"),
    )


def stop(umpire: Umpire, point: str, where: str) -> None:
    """The game waits for the umpire at ``point`` (an umpire-only event says where, so that his log
    shows the turn's rolls up to here); a ruleset's hold point calls this."""
    umpire.held = point
    umpire.log.append("effect", umpire.turn, [], f"The game is held for the umpire {where}: "
                      "intervene, then advance.", rule=UMPIRE_RULE, held=point)
