"""A game's persistence: its log saved, a saved log replayed and checked, a game rebuilt from its
decisions (without its last ones, for a take-back; with the full log, for a laboratory-mode game).

Chance replays from the seed, or from the faces a log recorded (dice typed by hand, scripted):
:class:`ReplayDice` plays those first, then live dice.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .dice import DiceSource, ScriptedDice
from .errors import DiceExhaustedError, IllegalActionError, ReplayMismatchError, RiotactError, SaveFileError
from .log import LOG_FORMAT_VERSION, UMPIRE, Event, dumps
from .scenario import Scenario, parse_scenario

if TYPE_CHECKING:
    from .game import Game


class ReplayDice:
    """Recorded faces first (replaying a manual or scripted game), then a live source."""

    def __init__(self, recorded: Iterable[int], live: DiceSource | None) -> None:
        self._recorded = ScriptedDice(recorded)
        self._live = live

    def faces(self, sides: int, n: int, request: str) -> list[int]:
        if self._recorded.remaining:
            return self._recorded.faces(sides, n, request)
        if self._live is None:
            raise DiceExhaustedError(f"the recorded faces are used up: {request} needs dice rolled now "
                                     "(continue with manual dice)")
        return self._live.faces(sides, n, request)


def recorded_faces(events: Iterable[Event], *, seeded_hidden: bool = False) -> list[int]:
    """The faces of the recorded rolls (``seeded_hidden``: not those no seat saw, which the
    seed makes again)."""
    events = list(events)
    overridden = {e["override_of"] for e in events if "override_of" in e}  # the umpire set these faces
    return [face for e in events if e["kind"] == "roll" and not (seeded_hidden and e["visible_to"] == [])
            and e["seq"] not in overridden for face in e["dice"]]


def rebuilt(game: Game, decisions: int) -> Game:
    """``game`` without its last ``decisions``: their earlier faces replay, then live dice."""
    events = game.log.events[:game.decision_starts[-decisions]]
    dice = None
    hidden = game.log.header.get("hidden_dice") == "seeded"
    if game.log.header["dice"] != "seeded":
        dice = ReplayDice(recorded_faces(events, seeded_hidden=hidden), getattr(game.dice, "_live", game.dice))
    earlier = type(game)(game.scenario, seed=game.seed, options=game.overrides, dice=dice, cards=game.cards,
                         hidden_dice=hidden, players=game.log.header.get("players"), explain=game.explain,
                         engine=game.engine)
    for seat, action_id in game.decisions[:-decisions]:
        earlier.apply(seat, action_id)
    earlier.log.header["dice"] = game.log.header["dice"]
    return earlier


def explained(game: Game) -> Game:
    """A laboratory-mode game explained on demand: replayed from its seed and decisions with the
    full log, and checked to reach the same result and state."""
    if game.explain:
        return game
    told = type(game)(game.scenario, seed=game.seed, options=game.overrides, cards=game.cards,
                      players=game.log.header.get("players"))
    for seat, action_id in game.decisions:
        told.apply(seat, action_id)
    ours, theirs = game.result, told.result
    if (ours and ours.as_dict()) != (theirs and theirs.as_dict()) or \
            game.state.view(UMPIRE) != told.state.view(UMPIRE):
        raise ReplayMismatchError(f"{game.scenario.ref} seed {game.seed}: the explained replay of "
                                  f"{len(game.decisions)} decisions does not reach the same state")
    return told


def save(game: Game, path: str | Path) -> None:
    """Save atomically as a game log (a laboratory-mode game is explained first)."""
    try:
        (game.log if game.explain else explained(game).log).write(path)
    except OSError as exc:
        raise SaveFileError(f"{path}: cannot save: {exc.strerror or exc}") from None


def replay(header: dict[str, Any], events: list[Event], *, source: str = "<log>",
           live_dice: DiceSource | None = None) -> Game:
    """Rebuild a game from a header and events, verifying the header against its embedded scenario
    and each event against the replay."""
    from .game import Game  # the module that defines Game builds on this one

    try:
        scenario = parse_scenario(header["scenario_data"], f"{source} (embedded scenario)")
        seed, options = header["seed"], dict(header.get("options") or {})
        dice_kind = header.get("dice", "seeded")
        cards = {str(pile): [[str(c) for c in order] for order in orders]
                 for pile, orders in (header.get("cards") or {}).items()}
        players = {str(seat): kind for seat, kind in (header.get("players") or {}).items()}
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SaveFileError(f"{source}: the game header is incomplete ({exc!r})") from None
    if header.get("version") != LOG_FORMAT_VERSION:
        raise SaveFileError(f"{source}: log format version {header.get('version')!r}; "
                            f"this riotact reads version {LOG_FORMAT_VERSION}")
    _check_header(header, scenario, source)
    dice = None
    hidden = header.get("hidden_dice") == "seeded"
    if dice_kind != "seeded":
        try:
            faces = [int(face) for face in recorded_faces(events, seeded_hidden=hidden)]
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveFileError(f"{source}: a roll event has no proper dice faces ({exc!r})") from None
        dice = ReplayDice(faces, live_dice)
    try:
        game = Game(scenario, seed=seed, options=options, dice=dice, cards=cards, hidden_dice=hidden,
                    players=players or None)
    except IllegalActionError as exc:
        raise SaveFileError(f"{source}: the header's players do not fit the seats ({exc.why})") from None
    game.log.header["dice"] = dice_kind
    for event in events:
        if event.get("kind") == "decision":
            try:
                game.apply(str(event.get("seat")), str(event.get("action")))
            except RiotactError as exc:
                raise SaveFileError(f"{source}: event {event.get('seq')} does not replay: {exc}") from None
    _verify(game.log.events, events, source)
    return game


def _check_header(header: dict[str, Any], scenario: Scenario, source: str) -> None:
    """The header must say what its embedded scenario says, and name its seed and dice plainly: a
    header that does not cannot claim that the game replays from them."""
    def brief(value: Any) -> str:
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."

    expected = {"ruleset": scenario.ruleset, "scenario": scenario.ref, "seats": list(scenario.seats)}
    for key, value in expected.items():
        if header.get(key) != value:
            raise SaveFileError(f"{source}: the header's {key} is {brief(header.get(key))} but its embedded "
                                f"scenario says {brief(value)}")
    seed = header["seed"]
    if type(seed) is not int:  # not a bool, a float (1e999), a string
        raise SaveFileError(f"{source}: the header's seed must be a whole number, not {brief(seed)}")
    if header.get("dice", "seeded") not in ("seeded", "recorded"):
        raise SaveFileError(f"{source}: the header's dice must be 'seeded' or 'recorded', "
                            f"not {brief(header.get('dice'))}")
    if header.get("hidden_dice", "seeded") != "seeded":
        raise SaveFileError(f"{source}: the header's hidden_dice can only be 'seeded', "
                            f"not {brief(header.get('hidden_dice'))}")


def _verify(produced: list[Event], recorded: list[Event], source: str) -> None:
    for ours, theirs in zip(produced, recorded, strict=False):
        if json.loads(dumps(ours)) != theirs:
            raise ReplayMismatchError(
                f"{source}: event {theirs.get('seq')} does not replay: recorded {theirs.get('text')!r}, "
                f"replayed {ours.get('text')!r}")
    if len(produced) != len(recorded):
        raise ReplayMismatchError(
            f"{source}: the log has {len(recorded)} events but the replay made {len(produced)}")
