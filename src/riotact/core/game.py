"""A game in play: the public protocol every interface (CLI, web, RL) uses.

>>> from riotact.core.scenario import find_scenario
>>> game = Game(find_scenario("revolting-behaviour/first-game"), seed=7,
...             options={"first_turn_order": "seats"})
>>> game.to_act()
('p1',)
>>> [a.id for a in game.legal_actions("p1")][:3]
['pass', 'D-mild', 'D-moderate']
>>> game.apply("p2", "pass")
Traceback (most recent call last):
...
riotact.core.errors.IllegalActionError: p2 cannot 'pass': it is p1's decision now, not p2's
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .dice import DiceSource, ScriptedDice, SeededDice
from .errors import (
    DiceExhaustedError,
    GameOverError,
    IllegalActionError,
    ReplayMismatchError,
    RiotactError,
    SaveFileError,
    ScenarioError,
)
from .log import LOG_FORMAT_VERSION, UMPIRE, Event, GameLog, dumps, read_log
from .options import resolve_options
from .protocol import Action, Result, RulesetSpec
from .registry import ruleset_spec
from .scenario import Scenario, parse_scenario
from .umpire import Umpire


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


class Game:
    """One game: scenario + options + seed + decisions, with its log.

    ``dice`` defaults to the game's seeded generator; pass a scripted source in
    tests or :class:`~riotact.core.dice.ManualDice` for a real table.
    ``cards`` scripts shuffles for tests: ``{"p1/action": [["5C", "2S", "9H"]]}``
    puts those cards on top after the first shuffle of that pile.
    """

    def __init__(
        self,
        scenario: Scenario,
        *,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        dice: DiceSource | None = None,
        cards: Mapping[str, Iterable[Iterable[str]]] | None = None,
        hidden_dice: bool | None = None,
    ) -> None:
        self.scenario = scenario
        self.spec: RulesetSpec = ruleset_spec(scenario.ruleset)
        if self.spec.state is None:
            raise ScenarioError(scenario.source, "ruleset", f"{self.spec.title} is not implemented yet, "
                                "so its scenarios cannot be played")
        self.seed = seed
        self.overrides = dict(options or {})
        self.options = resolve_options(self.spec.id, self.spec.house_rules,
                                       scenario.house_rules, self.overrides)
        self._cards = {k: [list(o) for o in v] for k, v in (cards or {}).items()}
        rng = random.Random(seed)
        self.dice: DiceSource = dice if dice is not None else SeededDice(rng)
        # Any other source (manual, scripted, a test's own generator) cannot be re-created from
        # the seed: its faces, saved in the roll events, are what replays it.
        self.log = GameLog({
            "kind": "game", "ruleset": self.spec.id, "scenario": scenario.ref, "seed": seed,
            "seats": list(scenario.seats), "options": self.options, "version": LOG_FORMAT_VERSION,
            "dice": "seeded" if dice is None else "recorded", "scenario_data": scenario.data,
        })
        if self._cards:
            self.log.header["cards"] = self._cards
        # Rolls no seat may see are the umpire's (CD-01): a person rolling for a seat does not
        # make them unless a person sits in the umpire's chair; riotact rolls them from the seed,
        # and replays them from it (the header says so).
        if hidden_dice is None:
            hidden_dice = getattr(self.dice, "by_hand", False) and UMPIRE not in scenario.seats
        if hidden_dice:
            self.log.header["hidden_dice"] = "seeded"
        self.umpire = Umpire(rng, self.dice, self.log, self._cards,
                             hidden_dice=SeededDice(rng) if hidden_dice else None)
        self.decisions: list[tuple[str, str]] = []
        self._legal_seat, self._legal_at = "", -1
        self._legal_now: tuple[list[Action], dict[str, Action]] = ([], {})
        self._decision_starts: list[int] = []
        self.state = self.spec.state(scenario, self.options, self.umpire)
        self._announce_end()

    # -- the protocol ------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return self.state.seats

    @property
    def result(self) -> Result | None:
        return self.state.result

    def is_over(self) -> bool:
        return self.state.result is not None

    def to_act(self) -> tuple[str, ...]:
        return () if self.state.result is not None else self.state.to_act()

    def legal_actions(self, seat: str) -> list[Action]:
        """The decisions ``seat`` may make now (a shared list: do not change it)."""
        if self.state.result is None and seat in self.state.to_act():
            return self._legal(seat)[0]
        self._check_seat(seat)
        return []

    def _legal(self, seat: str) -> tuple[list[Action], dict[str, Action]]:
        """The state's legal actions, computed once per seat between decisions."""
        if self._legal_seat != seat or self._legal_at != len(self.decisions):
            actions = self.state.legal_actions(seat)
            self._legal_seat, self._legal_at = seat, len(self.decisions)
            self._legal_now = (actions, {a.id: a for a in actions})
        return self._legal_now

    def apply(self, seat: str, action_id: str) -> list[Event]:
        """Apply ``seat``'s decision; returns the events it caused."""
        state = self.state
        if state.result is not None:
            self._check_seat(seat)
            raise GameOverError(seat, action_id)
        acting = state.to_act()
        if seat not in acting:
            self._check_seat(seat)
            waiting = ", ".join(acting)
            raise IllegalActionError(seat, action_id, f"it is {waiting}'s decision now, not {seat}'s")
        action = self._legal(seat)[1].get(action_id) or state.parse_action(seat, action_id)
        if action is None:
            raise IllegalActionError(seat, action_id, state.why_illegal(seat, action_id))
        events = self.log.events
        start = len(events)
        self._decision_starts.append(start)
        self.decisions.append((seat, action_id))
        self.log.append("decision", self.umpire.turn, state.decision_visibility(seat, action),
                        f"{seat}: {action.text}.", seat=seat, action=action_id)
        try:
            state.apply(seat, action)
        except Exception:
            # A decision is all or nothing: dice that ran out, or a person who closed the input
            # at a manual-dice prompt, must not leave half a decision in the game or its saves.
            self._take_back()
            raise
        if state.result is not None:
            self._announce_end()
        return events[start:]

    def why_illegal(self, seat: str, action_id: str) -> str:
        """Why ``action_id`` (or words a person typed) is not a decision ``seat`` may make now."""
        self._check_seat(seat)
        return self.state.why_illegal(seat, action_id)

    def view(self, seat: str) -> dict[str, Any]:
        """What ``seat`` may know now, JSON-safe, with its legal actions."""
        self._check_seat(seat)
        return {
            "ruleset": self.spec.id, "scenario": self.scenario.ref, "seat": seat,
            "turn": self.umpire.turn, "to_act": list(self.to_act()),
            "legal_actions": [a.as_dict() for a in self.legal_actions(seat)],
            "result": self.result.as_dict() if self.result else None,
            "state": self.state.view(seat),
        }

    def log_for(self, seat: str) -> list[Event]:
        self._check_seat(seat)
        return self.log.for_seat(seat)

    # -- clone, undo, save, replay -------------------------------------------
    def clone(self) -> Game:
        return copy.deepcopy(self)

    def undo(self, decisions: int = 1) -> None:
        """Take back the last ``decisions`` (the game is rebuilt and replayed without them)."""
        if not 1 <= decisions <= len(self.decisions):
            made = len(self.decisions)
            why = f"only {made} decision(s) have been made" if made else "no decision has been made yet"
            raise IllegalActionError(UMPIRE, "undo", why)
        self._take_back(decisions)

    def _take_back(self, decisions: int = 1) -> None:
        """Rebuild the game without its last decisions: their earlier faces replay, then live dice."""
        events = self.log.events[:self._decision_starts[-decisions]]
        dice = None
        hidden = self.log.header.get("hidden_dice") == "seeded"
        if self.log.header["dice"] != "seeded":
            dice = ReplayDice(recorded_faces(events, seeded_hidden=hidden), getattr(self.dice, "_live", self.dice))
        game = Game(self.scenario, seed=self.seed, options=self.overrides, dice=dice,
                    cards=self._cards, hidden_dice=hidden)
        for seat, action_id in self.decisions[:-decisions]:
            game.apply(seat, action_id)
        game.log.header["dice"] = self.log.header["dice"]
        self.__dict__.update(game.__dict__)

    def save(self, path: str | Path) -> None:
        """Save atomically as a game log; :meth:`load` replays it."""
        try:
            self.log.write(path)
        except OSError as exc:
            raise SaveFileError(f"{path}: cannot save: {exc.strerror or exc}") from None

    @classmethod
    def load(cls, path: str | Path, *, live_dice: DiceSource | None = None) -> Game:
        """Replay a saved log, checking every event against the record."""
        header, events = read_log(path)
        return replay(header, events, source=str(path), live_dice=live_dice)

    def _check_seat(self, seat: str) -> None:
        if seat != UMPIRE and seat not in self.state.seats:
            known = ", ".join(self.state.seats)
            raise IllegalActionError(seat, "act", f"there is no seat {seat!r} (seats: {known})")

    def _announce_end(self) -> None:
        result = self.state.result
        if result is not None and (not self.log.events or self.log.events[-1]["kind"] != "end"):
            winners = ", ".join(result.winners) or "nobody"
            self.log.append("end", self.umpire.turn, "all", f"Game over: {winners} won ({result.reason}).",
                            result=result.as_dict())


def recorded_faces(events: Iterable[Event], *, seeded_hidden: bool = False) -> list[int]:
    """The faces of the recorded rolls (``seeded_hidden``: not those no seat saw, which the
    seed makes again)."""
    return [face for e in events if e["kind"] == "roll" and not (seeded_hidden and e["visible_to"] == [])
            for face in e["dice"]]


def replay(header: dict[str, Any], events: list[Event], *, source: str = "<log>",
           live_dice: DiceSource | None = None) -> Game:
    """Rebuild a game from a header and events, verifying each event matches."""
    try:
        scenario = parse_scenario(header["scenario_data"], f"{source} (embedded scenario)")
        seed, options = int(header["seed"]), dict(header.get("options") or {})
        dice_kind = str(header.get("dice", "seeded"))
        cards = {str(pile): [[str(c) for c in order] for order in orders]
                 for pile, orders in (header.get("cards") or {}).items()}
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SaveFileError(f"{source}: the game header is incomplete ({exc!r})") from None
    if header.get("version") != LOG_FORMAT_VERSION:
        raise SaveFileError(f"{source}: log format version {header.get('version')!r}; "
                            f"this riotact reads version {LOG_FORMAT_VERSION}")
    dice = None
    hidden = header.get("hidden_dice") == "seeded"
    if dice_kind != "seeded":
        try:
            faces = [int(face) for face in recorded_faces(events, seeded_hidden=hidden)]
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveFileError(f"{source}: a roll event has no proper dice faces ({exc!r})") from None
        dice = ReplayDice(faces, live_dice)
    game = Game(scenario, seed=seed, options=options, dice=dice, cards=cards, hidden_dice=hidden)
    game.log.header["dice"] = dice_kind
    for event in events:
        if event.get("kind") == "decision":
            try:
                game.apply(str(event.get("seat")), str(event.get("action")))
            except RiotactError as exc:
                raise SaveFileError(f"{source}: event {event.get('seq')} does not replay: {exc}") from None
    _verify(game.log.events, events, source)
    return game


def _verify(produced: list[Event], recorded: list[Event], source: str) -> None:
    for ours, theirs in zip(produced, recorded, strict=False):
        if json.loads(dumps(ours)) != theirs:
            raise ReplayMismatchError(
                f"{source}: event {theirs.get('seq')} does not replay: recorded {theirs.get('text')!r}, "
                f"replayed {ours.get('text')!r}")
    if len(produced) != len(recorded):
        raise ReplayMismatchError(
            f"{source}: the log has {len(recorded)} events but the replay made {len(produced)}")
