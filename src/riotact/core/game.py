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
import secrets
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .compiled import Engine, compiled_engine, python_engine
from .dice import DiceSource, ScriptedDice, SeededDice
from .errors import (
    DiceExhaustedError,
    GameOverError,
    IllegalActionError,
    LaboratoryUnavailable,
    ReplayMismatchError,
    RiotactError,
    SaveFileError,
    ScenarioError,
    UndoRefusedError,
)
from .log import ALL, LOG_FORMAT_VERSION, UMPIRE, Event, dumps, read_log, visible
from .messages import SAY, checked_words, parse_say
from .options import resolve_options
from .protocol import Action, Result, RulesetSpec, State
from .registry import ruleset_spec
from .scenario import Scenario, parse_scenario
from .umpiring import (
    HOLD_TURN,
    PREFIX,
    REJUDGE,
    Power,
    PowerError,
    checked_args,
    generic_powers,
    parse_action_id,
    stop,
)
from .umpiring import action_id as intervention_id


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


#: A person at the table; every other kind of player is a bot (``random``, ``heuristic``, ...).
HUMAN = "human"
#: How often the undo rule re-rolls the dice behind a take-back to see whether what a seat saw
#: hung on them (chance it could not see itself, such as the umpire's hidden rolls).
UNDO_REROLLS = 4


def fresh_seed() -> int:
    """128 bits of fresh entropy: a seed nobody can guess or search for from the public events."""
    return secrets.randbits(128)


class Game:
    """One game: scenario + options + seed + decisions, with its log.

    ``seed`` defaults to fresh entropy (:func:`fresh_seed`): the seed fixes hidden set-up and
    every future roll, so it is a secret while the game runs (:meth:`header_for`).
    ``dice`` defaults to the game's seeded generator; pass a scripted source in
    tests or :class:`~riotact.core.dice.ManualDice` for a real table.
    ``cards`` scripts shuffles for tests: ``{"p1/action": [["5C", "2S", "9H"]]}``
    puts those cards on top after the first shuffle of that pile.
    ``players`` says who plays each seat (``human`` or a bot kind); it is saved in the header,
    restored with the game, and read by the undo rule.
    ``explain=False`` is the laboratory mode: the log keeps decisions only and :meth:`explained`
    replays the game with the full log on demand. ``compiled=True`` plays it on the ruleset's
    compiled laboratory engine (:mod:`riotact.core.compiled`; the same game, faster), or raises
    :class:`~riotact.core.errors.LaboratoryUnavailable` saying why it cannot.
    """

    def __init__(
        self,
        scenario: Scenario,
        *,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        dice: DiceSource | None = None,
        cards: Mapping[str, Iterable[Iterable[str]]] | None = None,
        hidden_dice: bool | None = None,
        players: Mapping[str, str] | None = None,
        explain: bool = True,
        compiled: bool = False,
    ) -> None:
        self.scenario = scenario
        self.spec: RulesetSpec = ruleset_spec(scenario.ruleset)
        if self.spec.state is None:
            raise ScenarioError(scenario.source, "ruleset", f"{self.spec.title} is not implemented yet, "
                                "so its scenarios cannot be played")
        seed = fresh_seed() if seed is None else seed
        self.seed = seed
        self.overrides = dict(options or {})
        self.options = resolve_options(self.spec.id, self.spec.house_rules,
                                       scenario.house_rules, self.overrides)
        self._cards = {k: [list(o) for o in v] for k, v in (cards or {}).items()}
        rng = random.Random(seed)
        # Any other source (manual, scripted, a test's own generator) cannot be re-created from
        # the seed: its faces, saved in the roll events, are what replays it.
        if not explain and dice is not None:
            raise RiotactError("the laboratory mode (explain=False) needs the game's seeded dice: "
                               "other dice are known only from the log it does not keep")
        if compiled and (explain or self._cards):
            raise RiotactError("the compiled engine plays laboratory-mode games (explain=False) "
                               "with the game's own cards and dice")
        self.explain = explain
        self.compiled = compiled
        engine, state_class = self._engine(compiled)
        self.dice: DiceSource = dice if dice is not None else engine.seeded_dice(rng)
        self.log = engine.log(
            log_header(self.spec.id, scenario, seed, self.options, dice="seeded" if dice is None else "recorded"))
        if self._cards:
            self.log.header["cards"] = self._cards
        # Rolls no seat may see are the umpire's (CD-01): a person rolling for a seat does not
        # make them unless a person sits in the umpire's chair; riotact rolls them from the seed,
        # and replays them from it (the header says so).
        if hidden_dice is None:
            hidden_dice = getattr(self.dice, "by_hand", False) and UMPIRE not in scenario.seats
        if hidden_dice:
            self.log.header["hidden_dice"] = "seeded"
        self.umpire = engine.umpire(rng, self.dice, self.log, self._cards,
                                    hidden_dice=engine.seeded_dice(rng) if hidden_dice else None)
        self.decisions: list[tuple[str, str]] = []
        self._legal_seat, self._legal_at = "", -1
        self._legal_now: Sequence[Action] = []
        self._decision_starts: list[int] = []
        self._intervening = -1
        typed = self.options if self.spec.options is None else self.spec.options(**self.options)
        self.state = state_class(scenario, typed, self.umpire)
        if players is not None:
            self.players = players
        self._announce_end()

    def _engine(self, compiled: bool) -> tuple[Engine, type[State]]:
        """The classes this game is built from: the Python engine's, or the compiled copies'."""
        if not compiled:
            assert self.spec.state is not None
            return python_engine(explain=self.explain), self.spec.state
        if self.spec.compiled_state is None:
            raise LaboratoryUnavailable(f"{self.spec.title} has no compiled laboratory engine")
        return compiled_engine(self.spec.compiled_state)

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
        """The seats that may decide now; only the umpire while he holds the game."""
        if self.state.result is not None:
            return ()
        return (UMPIRE,) if self.umpire.held else self.state.to_act()

    def legal_actions(self, seat: str) -> Sequence[Action]:
        """The decisions ``seat`` may make now (a shared sequence: do not change it; a ruleset may make
        its actions only as they are read). While the umpire holds
        the game, his one decision is to let it go on (``advance``), and nobody else has any."""
        if self.umpire.held and self.state.result is None:
            self._check_seat(seat)
            return [ADVANCE] if seat == UMPIRE else []
        if self.state.result is None and seat in self.state.to_act():
            return self._legal(seat)
        self._check_seat(seat)
        return []

    def _legal(self, seat: str) -> Sequence[Action]:
        """The state's legal actions, computed once per seat between decisions."""
        if self._legal_seat != seat or self._legal_at != len(self.decisions):
            self._legal_now = self.state.legal_actions(seat)
            self._legal_seat, self._legal_at = seat, len(self.decisions)
        return self._legal_now

    def apply(self, seat: str, action_id: str) -> list[Event]:
        """Apply ``seat``'s decision; returns the events it caused."""
        if seat == UMPIRE and action_id.startswith(PREFIX):
            return self._intervene(action_id)
        if action_id.startswith(SAY):
            return self._table_talk(seat, action_id)
        state = self.state
        if state.result is not None:
            self._check_seat(seat)
            raise GameOverError(seat, action_id)
        if self.umpire.held:
            self._check_seat(seat)
            raise IllegalActionError(seat, action_id, "the umpire holds the game: wait until he lets it go on")
        acting = state.to_act()
        if seat not in acting:
            self._check_seat(seat)
            waiting = ", ".join(acting)
            raise IllegalActionError(seat, action_id, f"it is {waiting}'s decision now, not {seat}'s")
        if self._legal_seat == seat and self._legal_at == len(self.decisions) and isinstance(self._legal_now, list):
            # the list a view or bot already asked for: one scan costs less than building a map
            action = next((a for a in self._legal_now if a.id == action_id), None)
        else:  # no list needed to check one decision (nor a scan of a lazy one: the rules look it up)
            action = state.legal_action(seat, action_id)
        if action is None:
            action = state.parse_action(seat, action_id)  # a decision outside the finite list
        if action is None:
            raise IllegalActionError(seat, action_id, state.why_illegal(seat, action_id))
        events = self.log.events
        start = len(events)
        self._decision_starts.append(start)
        self.decisions.append((seat, action_id))
        if self.explain:
            self.log.append("decision", self.umpire.turn, state.decision_visibility(seat, action),
                            decision_text(seat, action.text), seat=seat, action=action_id)
        else:  # counted, not explained (see QuietLog)
            self.log.append("decision", 0, ALL, "")
        turn = self.umpire.turn
        try:
            state.apply(seat, action)
        except Exception:
            # A decision is all or nothing: dice that ran out, or a person who closed the input
            # at a manual-dice prompt, must not leave half a decision in the game or its saves.
            self._take_back()
            raise
        self._after(turn)
        return events[start:]

    def _after(self, turn: int) -> None:
        """After a decision: the end announced, or the game held at a new turn if the umpire asked."""
        if self.state.result is not None:
            self._announce_end()
        elif self.umpire.turn != turn and HOLD_TURN in self.umpire.holds and not self.umpire.held:
            stop(self.umpire, HOLD_TURN, f"at the start of turn {self.umpire.turn}")

    # -- messages (core/messages.py) ------------------------------------------
    def say(self, seat: str, to: str, text: str) -> list[Event]:
        """``seat`` tells ``to`` (a seat, or ``all``) these words, as its rules allow (``State.talk``):
        table talk at any time, or the rules' own action (Civil Disorder: a conversation, CD-08). The
        umpire's message is his ``message`` power. Refused (``IllegalActionError``) with the reason.

        >>> from riotact.core.scenario import find_scenario
        >>> game = Game(find_scenario("revolting-behaviour/four-players"), seed=1)
        >>> [e["text"] for e in game.say("p1", "p3", "Leave p2 to me.")]
        ['p1: a message to p3.', 'p1 to p3: Leave p2 to me.']
        >>> [e for e in game.log_for("p2") if e["kind"] == "message"]
        []
        """
        if seat == UMPIRE:
            return self.intervene("message", to=to, text=text)
        self._check_seat(seat)
        try:
            words = checked_words(text)
            if to not in (*self.seats, ALL) or to in (seat, UMPIRE):
                others = [s for s in self.seats if s not in (seat, UMPIRE)]
                raise ValueError(f"a message goes to one of {', '.join(others)} or all, not {to!r}")
            if self.is_over():
                raise ValueError("the game is over")
            action = self.state.talk(seat, to, words)
        except ValueError as exc:
            raise IllegalActionError(seat, "say", str(exc)) from None
        return self.apply(seat, action)

    def _table_talk(self, seat: str, action: str) -> list[Event]:
        """A table-talk message: a decision of the seat taken at any time, seen by the seat itself, then
        the message, seen by its recipients (and the umpire, who sees everything)."""
        self._check_seat(seat)
        if self.is_over():
            raise GameOverError(seat, action)
        try:
            to, words = parse_say(action)
            if self.state.talk(seat, to, words) != action or seat == UMPIRE:
                raise ValueError("that is not a message the rules let this seat send now")
        except ValueError as exc:
            raise IllegalActionError(seat, "say", str(exc)) from None
        events = self.log.events
        start = len(events)
        self._decision_starts.append(start)
        self.decisions.append((seat, action))
        self.log.append("decision", self.umpire.turn, [seat], f"{seat}: a message to {to}.", seat=seat, action=action)
        self.log.append("message", self.umpire.turn, ALL if to == ALL else sorted({seat, to}),
                        f"{seat} to {'everyone' if to == ALL else to}: {words}", sender=seat, to=to)
        return events[start:]

    # -- the umpire's powers (core/umpiring.py) -----------------------------
    def umpire_chair_held(self) -> bool:
        """True when a person sits in the umpire's chair: the ruleset's ``umpire`` seat is played,
        or the game's players name a human umpire."""
        players = self.log.header.get("players") or {}
        return UMPIRE in self.state.seats or players.get(UMPIRE) == "human"

    def umpire_powers(self) -> list[dict[str, Any]]:
        """What the umpire may do now, with argument schemas (empty when nobody holds the chair)."""
        if not self.umpire_chair_held() or self.is_over():
            return []
        return [p.as_dict() for p in (*self._powers().values(), REJUDGE)]

    def umpire_pending(self) -> list[dict[str, Any]]:
        """The overrides and rulings still waiting for their roll (the umpire's to see), oldest first."""
        return [a.as_dict() for a in self.umpire.adjustments]

    def intervene(self, power: str, /, by: str = UMPIRE, **args: Any) -> list[Event]:
        """The umpire intervenes: a logged decision of the ``umpire`` seat, made at any time a person
        holds the chair; returns the events it caused. Refused (``IllegalActionError``) with a reason,
        also when ``by`` (the seat asking, for interfaces that serve several seats) is not the umpire.

        >>> from riotact.core.scenario import find_scenario
        >>> game = Game(find_scenario("civil-disorder/night-of-fires"), seed=1)
        >>> [e["kind"] for e in game.intervene("message", to="fire", text="Smoke to the east.")]
        ['decision', 'message']
        >>> [e["text"] for e in game.log_for("fire")][-1]
        'The umpire to fire: Smoke to the east.'
        """
        if by != UMPIRE:
            self._check_seat(by)
            raise IllegalActionError(by, power, "only the umpire may use the umpire's powers")
        if power == REJUDGE.name:
            return self._rejudge(args)
        found = self._powers().get(power)
        if found is None:
            return self._intervene(intervention_id(power, args))  # refused with the list of powers
        try:
            checked = checked_args(found, args, self.state.seats)
        except PowerError as exc:
            raise IllegalActionError(UMPIRE, power, str(exc)) from None
        return self._intervene(intervention_id(power, checked))

    def _rejudge(self, args: Mapping[str, Any]) -> list[Event]:
        """The last roll again with the faces the umpire sets: the decisions since the one that caused
        it are taken back and made again after an ``override`` of that roll, all or nothing."""
        if not self.umpire_chair_held():
            raise IllegalActionError(UMPIRE, REJUDGE.name, "nobody holds the umpire's chair: riotact umpires this game")
        try:
            checked = checked_args(REJUDGE, args, self.state.seats)
        except PowerError as exc:
            raise IllegalActionError(UMPIRE, REJUDGE.name, str(exc)) from None
        events = self.log.events
        roll = next((e for e in reversed(events) if e["kind"] == "roll"), None)
        starts = [i for i, start in enumerate(self._decision_starts) if roll is not None and start < roll["seq"]]
        if roll is None or not starts:
            raise IllegalActionError(UMPIRE, REJUDGE.name, "no roll has followed a decision yet")
        cause = starts[-1]
        if len(checked["faces"]) != len(roll["dice"]) or max(checked["faces"]) > roll["sides"]:
            example = ",".join(str(i % roll["sides"] + 1) for i in range(len(roll["dice"])))
            raise IllegalActionError(UMPIRE, REJUDGE.name, f"the last roll ({roll['text']}) needs "
                                     f"{len(roll['dice'])} face(s) of 1 to {roll['sides']}: type them together, "
                                     f"separated by commas, e.g. rejudge {example} REASON")
        alike = sum(1 for e in events[self._decision_starts[cause]:roll["seq"]]
                    if e["kind"] == "roll" and (e["rule"], e["who"], len(e["dice"])) == (roll["rule"], roll["who"],
                                                                                          len(roll["dice"]))
                    and max(checked["faces"]) <= e["sides"])
        again = self.decisions[cause:]
        game = self.clone()
        game.undo(len(again), seat=UMPIRE)
        game.intervene("override", rule=roll["rule"], who=roll["who"], faces=checked["faces"],
                       reason=checked["reason"], skip=alike)
        for seat, action in again:
            try:
                game.apply(seat, action)
            except IllegalActionError as exc:
                raise IllegalActionError(UMPIRE, REJUDGE.name, f"{seat}'s decision {action!r} would no longer "
                                         f"be legal ({exc.why})") from None
        first = self._decision_starts[cause]  # where the override now stands
        self.__dict__.update(game.__dict__)
        return self.log.events[first:]

    def _powers(self) -> dict[str, Power]:
        seq = lambda: self._intervening  # noqa: E731 (the decision being made, read when a power runs)
        powers = (*generic_powers(self.state, self.umpire, seq), *self.state.umpire_powers())
        return {p.name: p for p in powers}

    def _intervene(self, action: str) -> list[Event]:
        try:
            name, args = parse_action_id(action)
        except PowerError as exc:
            raise IllegalActionError(UMPIRE, "intervene", str(exc)) from None
        if not self.umpire_chair_held():
            raise IllegalActionError(UMPIRE, name, "nobody holds the umpire's chair: riotact umpires this game")
        if self.is_over():
            raise GameOverError(UMPIRE, name)
        power = self._powers().get(name)
        if power is None:
            raise IllegalActionError(UMPIRE, name, f"there is no umpire power {name!r} (powers: "
                                     f"{', '.join(self._powers())})")
        try:
            checked = checked_args(power, args, self.state.seats)
        except PowerError as exc:
            raise IllegalActionError(UMPIRE, name, str(exc)) from None
        events = self.log.events
        start = self._intervening = len(events)
        self.log.append("decision", self.umpire.turn, [], f"umpire: {power.describe(checked).rstrip('.')}.",
                        seat=UMPIRE, action=action, power=name)
        turn = self.umpire.turn
        self._decision_starts.append(start)
        self.decisions.append((UMPIRE, action))
        try:
            power.run(checked)
        except PowerError as exc:  # refused before changing anything: only the log has moved
            del events[start:]
            self._decision_starts.pop()
            self.decisions.pop()
            raise IllegalActionError(UMPIRE, name, str(exc)) from None
        except Exception:  # all or nothing, as a decision (an advance may run out of dice)
            self._take_back()
            raise
        self._after(turn)  # an advance may end the turn or the game
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

    def header_for(self, seat: str) -> dict[str, Any]:
        """The log header as ``seat`` may have it: while the game runs, a player gets neither the
        seed (it fixes hidden set-up and every future roll) nor scripted card orders, and of the
        scenario's data only what the seat may know (the ruleset's view module decides: no
        hidden set-up of another seat's); at the end, or for the umpire, the whole header (the
        seed lets anyone check every roll)."""
        self._check_seat(seat)
        header = dict(self.log.header)
        if seat != UMPIRE and not self.is_over():
            header["seed"] = None
            header.pop("cards", None)
            header["scenario_data"] = self.state.scenario_data_for(seat)
        return header

    @property
    def players(self) -> dict[str, str]:
        """Who plays each seat that has been assigned: ``human`` or a bot kind."""
        return dict(self.log.header.get("players") or {})

    @players.setter
    def players(self, players: Mapping[str, str]) -> None:
        for seat, kind in players.items():
            self._check_seat(seat)
            if not (isinstance(kind, str) and kind.isidentifier() and len(kind) <= 40):
                raise IllegalActionError(seat, "play", f"{kind!r} is not a kind of player (human or a bot kind)")
        # A human umpire may hold the chair of a ruleset without an umpire seat (core/umpiring.py).
        self.log.header["players"] = {s: players[s] for s in (*self.seats, UMPIRE) if s in players}

    @property
    def chance_from_seed(self) -> bool:
        """True when every roll and card of the game comes from its seed, so that replaying the
        log checks them; False when faces were recorded (typed by hand) or cards scripted."""
        return self.log.header["dice"] == "seeded" and not self._cards

    # -- clone, undo, save, replay -------------------------------------------
    def clone(self) -> Game:
        if self.compiled:  # the compiled classes cannot be deep-copied; the same game replays
            twin = Game(self.scenario, seed=self.seed, options=self.overrides, explain=False, compiled=True,
                        players=self.log.header.get("players"))
            for seat, action_id in self.decisions:
                twin.apply(seat, action_id)
            return twin
        return copy.deepcopy(self)

    def undo(self, decisions: int = 1, *, seat: str, agreed: Iterable[str] = ()) -> None:
        """``seat`` takes back the last ``decisions`` (the game is rebuilt and replayed without them).

        The take-back rule, as at a club table (docs/architecture.md, "Undo"): a seat may take back
        its decisions, from one of its own, as long as it has seen nothing since but decisions.
        Refused (:class:`UndoRefusedError`, saying why and whose agreement would do) when

        - the seat, or another person, has seen something new since: a roll, a card, a move
          carried out, a counter sighted, or a view that came of dice rolled out of sight. Every
          other seat must agree, and neither a bot nor riotact in the umpire's chair does;
        - another person's decision would be taken back: that person must agree (bots do); a
          take-back never starts from a bot's decision (a person could re-roll its choice).

        ``agreed`` lists the seats whose players agree. The umpire (``seat=UMPIRE``: riotact's own
        tools, or a person in the umpire's chair) may take back anything. A person in the umpire's
        chair (the ``umpire`` seat, or a human umpire named in the players of a ruleset without
        that seat) rules on every take-back: his agreement is needed and enough, and a refusal then
        names only him and what the asking seat saw itself. A seeded game then deals the same dice
        again.

        >>> from riotact.core.scenario import find_scenario
        >>> game = Game(find_scenario("revolting-behaviour/first-game"), seed=7,
        ...             options={"first_turn_order": "seats"}, players={"p1": "human", "p2": "heuristic"})
        >>> _ = game.apply("p1", "D-mild")
        >>> game.undo(seat="p1")  # nothing drawn yet: taken back
        >>> _ = game.apply("p1", "D-mild"), game.apply("p1", "draw")
        >>> game.undo(2, seat="p1")
        Traceback (most recent call last):
        ...
        riotact.core.errors.UndoRefusedError: p1 cannot 'undo': you have seen 'p1 draws ...
        """
        self.__dict__.update(self._undone(decisions, seat, agreed).__dict__)

    def undo_refusal(self, decisions: int = 1, *, seat: str, agreed: Iterable[str] = ()) -> UndoRefusedError | None:
        """Why :meth:`undo` would refuse (None: it would not); changes nothing."""
        try:
            self._undone(decisions, seat, agreed)
        except UndoRefusedError as refusal:
            return refusal
        return None

    def take_back_count(self, seat: str) -> int:
        """How many decisions taking back ``seat``'s last decision takes back (0: it has made none)."""
        mine = [i for i, (who, _) in enumerate(self.decisions) if who == seat]
        return len(self.decisions) - mine[-1] if mine else 0

    def _undone(self, decisions: int, seat: str, agreed: Iterable[str]) -> Game:
        """The game without its last ``decisions``, if ``seat`` may take them back."""
        made = len(self.decisions)
        if not 1 <= decisions <= made:
            why = f"only {made} decision(s) have been made" if made else "no decision has been made yet"
            raise UndoRefusedError(seat, why)
        self._check_seat(seat)
        earlier = self._rebuilt(decisions)
        agreeing = {seat, *agreed}
        chair = self.umpire_chair_held()  # an ``umpire`` seat played, or a person named in the players
        if seat == UMPIRE or (UMPIRE in agreeing and chair):
            return earlier
        first = self.decisions[-decisions][0]
        if first != seat and self._is_bot(first):  # else a person could re-roll a bot's choice
            raise UndoRefusedError(seat, f"the first decision to take back is {first}'s (a bot): take back "
                                   "from a decision of your own, or ask the umpire")
        if chair:
            # A person in the umpire's chair rules on every take-back, and his agreement alone is
            # enough: he sees all that every seat has seen. So the refusal names only him and what
            # the asking seat saw itself; whom else it would concern (another seat's sight, as of
            # a message of his, or decisions it may not know of) is his to weigh, not to be told.
            news = self._news_for(seat, earlier, decisions)
            why = f"you have seen {news} since; " if news else ""
            raise UndoRefusedError(seat, f"{why}a person holds the umpire's chair, who rules on every "
                                   f"take-back: it needs the agreement of {UMPIRE}", (UMPIRE,))
        needs = {s for s, _ in self.decisions[-decisions:]
                 if s not in agreeing and s != UMPIRE and not self._is_bot(s)}
        reasons = [f"it takes back decisions of {', '.join(sorted(needs))}"] if needs else []
        news = self._news_for(seat, earlier, decisions)
        saw = f"you have seen {news} since" if news else None
        for other in [s for s in self.seats if s not in (seat, UMPIRE) and not self._is_bot(s)]:
            if saw is None and self._news_for(other, earlier, decisions):
                # A team-mate who saw the dice fall must not replay them through another's undo. Of
                # another seat's sight, only that it saw something is told (a bot's sight is harmless).
                saw = f"{other} has seen something new since"
        if saw:
            # Past what a person has seen, the same future would come twice: every seat must agree
            # to that, and neither a bot nor riotact in the umpire's chair does.
            refusers = [f"{s} (a bot)" for s in self.seats if self._is_bot(s)]
            if self.spec.umpire_seat:  # and nobody holds the chair: riotact sits in it
                refusers.append("riotact as umpire")
            if refusers:
                raise UndoRefusedError(seat, f"{saw}, and a take-back past it needs everyone's agreement "
                                       f"({', '.join(refusers)} cannot give it): only the umpire can")
            needs.update(s for s in self.seats if s not in agreeing)
            reasons.append(saw)
        if needs:
            raise UndoRefusedError(seat, f"{'; '.join(reasons)}: it needs the agreement of "
                                   f"{', '.join(sorted(needs))}", tuple(sorted(needs)))
        return earlier

    def _is_bot(self, seat: str) -> bool:
        """A seat nobody said was a bot counts as a person (who must be asked)."""
        return self.players.get(seat, HUMAN) != HUMAN

    def _news_for(self, seat: str, earlier: Game, decisions: int) -> str | None:
        """What ``seat`` has seen since ``earlier`` besides decisions, in words for it (None:
        nothing): an event (a roll, a card, a move carried out, a counter sighted); a view that
        would have differed had the dice behind it fallen otherwise (the umpire's hidden rolls);
        a hidden fact shown."""
        for event in self.log.events[len(earlier.log.events):]:
            if event["kind"] != "decision" and visible(event, seat):
                return repr(event["text"])
        if self._shown_hidden_chance(seat, earlier, decisions):
            return "what came of dice rolled out of your sight"
        if self._revealed_hidden(seat, earlier, decisions):
            return "something that was hidden from you"
        return None

    def _shown_hidden_chance(self, seat: str, earlier: Game, decisions: int) -> bool:
        """Would what ``seat`` saw and sees since ``earlier`` have differed had the dice and cards
        behind it fallen otherwise? The same decisions, replayed with re-rolled chance, tell."""
        start = len(earlier.log.events)
        for reroll in range(UNDO_REROLLS):
            world = earlier.clone()
            world.umpire.rng.seed(f"undo-reroll:{reroll}")
            world.dice = world.umpire.dice = SeededDice(world.umpire.rng)
            if not world._replayed(self.decisions[-decisions:]):  # not even offered, had chance differed
                return True
            if self._seen_since(seat, start) != world._seen_since(seat, start):
                return True
        return False

    def _revealed_hidden(self, seat: str, earlier: Game, decisions: int) -> bool:
        """Was ``seat`` shown, since ``earlier``, something hidden from it then (a counter sighted, a
        dummy found out, a face-down card turned)? The ruleset's leak sentinels, planted in a copy,
        tell: one that shows in what the seat saw, or that the rules no longer hide from it."""
        world = earlier.clone()
        world.state.plant_sentinels()
        hidden = world.state.hidden_tokens(seat)
        if not hidden:
            return False
        start = len(world.log.events)
        # The dice fall as they did (never asking a person at the table for faces again).
        fell = recorded_faces(self.log.events[start:], seeded_hidden=self.log.header.get("hidden_dice") == "seeded")
        world.dice = world.umpire.dice = ReplayDice(fell, SeededDice(world.umpire.rng))
        world._replayed(self.decisions[-decisions:])
        seen = world._seen_since(seat, start)
        return bool(hidden - world.state.hidden_tokens(seat)) or any(token in seen for token in hidden)

    def _replayed(self, decisions: list[tuple[str, str]]) -> bool:
        """Apply ``decisions`` while they are legal; False when one is not."""
        for seat, action_id in decisions:
            try:
                self.apply(seat, action_id)
            except IllegalActionError:
                return False
        return True

    def _seen_since(self, seat: str, start: int) -> str:
        """What ``seat`` has seen from event ``start`` on and sees now (numbering aside)."""
        events = [{k: v for k, v in e.items() if k != "seq"} for e in self.log.events[start:] if visible(e, seat)]
        return dumps([events, self.view(seat)])

    def _rebuilt(self, decisions: int) -> Game:
        """This game without its last decisions: their earlier faces replay, then live dice."""
        events = self.log.events[:self._decision_starts[-decisions]]
        dice = None
        hidden = self.log.header.get("hidden_dice") == "seeded"
        if self.log.header["dice"] != "seeded":
            dice = ReplayDice(recorded_faces(events, seeded_hidden=hidden), getattr(self.dice, "_live", self.dice))
        game = Game(self.scenario, seed=self.seed, options=self.overrides, dice=dice,
                    cards=self._cards, hidden_dice=hidden, players=self.log.header.get("players"),
                    explain=self.explain, compiled=self.compiled)
        for seat, action_id in self.decisions[:-decisions]:
            game.apply(seat, action_id)
        game.log.header["dice"] = self.log.header["dice"]
        return game

    def _take_back(self) -> None:
        """Rebuild the game without its last decision (one that failed half way)."""
        self.__dict__.update(self._rebuilt(1).__dict__)

    def explained(self) -> Game:
        """A laboratory-mode game explained on demand: replayed from its seed and decisions with the
        full log, and checked to reach the same result and state."""
        if self.explain:
            return self
        game = Game(self.scenario, seed=self.seed, options=self.overrides, cards=self._cards,
                    players=self.log.header.get("players"))
        for seat, action_id in self.decisions:
            game.apply(seat, action_id)
        ours, theirs = self.result, game.result
        if (ours and ours.as_dict()) != (theirs and theirs.as_dict()) or \
                self.state.view(UMPIRE) != game.state.view(UMPIRE):
            raise ReplayMismatchError(f"{self.scenario.ref} seed {self.seed}: the explained replay of "
                                      f"{len(self.decisions)} decisions does not reach the same state")
        return game

    def save(self, path: str | Path) -> None:
        """Save atomically as a game log (a laboratory-mode game is explained first); :meth:`load`
        replays it."""
        try:
            (self.log if self.explain else self.explained().log).write(path)
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
            self.log.append("end", self.umpire.turn, "all", end_text(result), result=result.as_dict())


#: The umpire's decision while he holds the game (``Game.legal_actions``).
ADVANCE = Action(intervention_id("advance", {}), "let the game go on (advance)")


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


def recorded_faces(events: Iterable[Event], *, seeded_hidden: bool = False) -> list[int]:
    """The faces of the recorded rolls (``seeded_hidden``: not those no seat saw, which the
    seed makes again)."""
    events = list(events)
    overridden = {e["override_of"] for e in events if "override_of" in e}  # the umpire set these faces
    return [face for e in events if e["kind"] == "roll" and not (seeded_hidden and e["visible_to"] == [])
            and e["seq"] not in overridden for face in e["dice"]]


def replay(header: dict[str, Any], events: list[Event], *, source: str = "<log>",
           live_dice: DiceSource | None = None) -> Game:
    """Rebuild a game from a header and events, verifying the header against its embedded scenario
    and each event against the replay."""
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
