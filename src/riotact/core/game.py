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
import functools
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from . import chair, persistence, takeback
from .chair import ADVANCE
from .decisions import announce_end, decide, log_header, say, table_talk
from .dice import DiceSource
from .engines import PYTHON, game_parts
from .errors import IllegalActionError, RiotactError, ScenarioError, UndoRefusedError
from .log import UMPIRE, Event, read_log
from .messages import SAY
from .options import resolve_options
from .protocol import Action, FindsActions, Result, RulesetSpec
from .registry import ruleset_spec
from .scenario import Scenario
from .umpiring import PREFIX


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
    replays the game with the full log on demand. ``engine`` names the engine that plays it:
    ``python``, or one of the ruleset's faster builds of the same rules (``RulesetSpec.engines``,
    :mod:`riotact.core.engines`; laboratory mode only), or
    :class:`~riotact.core.errors.LaboratoryUnavailable` says why it cannot.

    ``Game`` is the front; each job is a module of functions over the game:
    :mod:`~riotact.core.decisions` (the decision record and log, table talk),
    :mod:`~riotact.core.chair` (the umpire's chair and powers), :mod:`~riotact.core.takeback`
    (the take-back rule) and :mod:`~riotact.core.persistence` (save, load, replay).
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
        engine: str = PYTHON,
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
        self.cards = {k: [list(o) for o in v] for k, v in (cards or {}).items()}
        rng = random.Random(seed)
        # Any other source (manual, scripted, a test's own generator) cannot be re-created from
        # the seed: its faces, saved in the roll events, are what replays it.
        if not explain and dice is not None:
            raise RiotactError("the laboratory mode (explain=False) needs the game's seeded dice: "
                               "other dice are known only from the log it does not keep")
        if engine != PYTHON and (explain or self.cards):
            raise RiotactError(f"the {engine} engine plays laboratory-mode games (explain=False) "
                               "with the game's own cards and dice")
        self.explain = explain
        self.engine = engine
        parts = game_parts(self.spec, engine, explain=explain)
        self.dice: DiceSource = dice if dice is not None else parts.seeded_dice(rng)
        self.log = parts.log(
            log_header(self.spec.id, scenario, seed, self.options, dice="seeded" if dice is None else "recorded"))
        if self.cards:
            self.log.header["cards"] = self.cards
        # Rolls no seat may see are the umpire's (CD-01): a person rolling for a seat does not
        # make them unless a person sits in the umpire's chair; riotact rolls them from the seed,
        # and replays them from it (the header says so).
        if hidden_dice is None:
            hidden_dice = getattr(self.dice, "by_hand", False) and UMPIRE not in scenario.seats
        if hidden_dice:
            self.log.header["hidden_dice"] = "seeded"
        self.umpire = parts.umpire(rng, self.dice, self.log, self.cards,
                                    hidden_dice=parts.seeded_dice(rng) if hidden_dice else None)
        self.decisions: list[tuple[str, str]] = []
        self._legal_seat, self._legal_at = "", -1
        self._legal_now: Sequence[Action] = []
        #: Where each decision's events start in the log.
        self.decision_starts: list[int] = []
        #: Where the umpire's intervention being made starts in the log (its powers read it).
        self.intervening = -1
        typed = self.options if self.spec.options is None else self.spec.options(**self.options)
        self.state = parts.state(scenario, typed, self.umpire)
        if players is not None:
            self.players = players
        announce_end(self)


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
            self.check_seat(seat)
            return [ADVANCE] if seat == UMPIRE else []
        if self.state.result is None and seat in self.state.to_act():
            return self._legal(seat)
        self.check_seat(seat)
        return []

    def _legal(self, seat: str) -> Sequence[Action]:
        """The state's legal actions, computed once per seat between decisions."""
        if self._legal_seat != seat or self._legal_at != len(self.decisions):
            self._legal_now = self.state.legal_actions(seat)
            self._legal_seat, self._legal_at = seat, len(self.decisions)
        return self._legal_now

    def legal_action(self, seat: str, action_id: str) -> Action | None:
        """``seat``'s decision ``action_id`` if the rules allow it now (``seat`` acting), else None."""
        legal = self._legal_now
        asked = self._legal_seat == seat and self._legal_at == len(self.decisions)
        if asked and _finds_actions(type(legal)):
            action = cast(FindsActions, legal).find(action_id)  # the list a view or bot asked for, made as read
        elif asked and isinstance(legal, list):
            # the list a view or bot already asked for: one scan costs less than building a map
            action = next((a for a in legal if a.id == action_id), None)
        else:  # no list needed to check one decision (nor a scan of a lazy one: the rules look it up)
            action = self.state.legal_action(seat, action_id)
        if action is None:
            action = self.state.parse_action(seat, action_id)  # a decision outside the finite list
        return action

    def apply(self, seat: str, action_id: str) -> list[Event]:
        """Apply ``seat``'s decision; returns the events it caused."""
        if seat == UMPIRE and action_id.startswith(PREFIX):
            return chair.intervention(self, action_id)
        if action_id.startswith(SAY):
            return table_talk(self, seat, action_id)
        return decide(self, seat, action_id)

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
        return say(self, seat, to, text)

    # -- the umpire's chair (core/chair.py) --------------------------------
    def umpire_chair_held(self) -> bool:
        """True when a person sits in the umpire's chair: the ruleset's ``umpire`` seat is played,
        or the game's players name a human umpire."""
        return chair.chair_held(self)

    def umpire_powers(self) -> list[dict[str, Any]]:
        """What the umpire may do now, with argument schemas (empty when nobody holds the chair)."""
        return chair.powers_now(self)

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
        return chair.intervene(self, power, by, args)

    # -- what a seat may know ----------------------------------------------
    def why_illegal(self, seat: str, action_id: str) -> str:
        """Why ``action_id`` (or words a person typed) is not a decision ``seat`` may make now."""
        self.check_seat(seat)
        return self.state.why_illegal(seat, action_id)

    def view(self, seat: str, *, legal: bool = True) -> dict[str, Any]:
        """What ``seat`` may know now, JSON-safe, with its legal actions (``legal=False``: without
        them, for an observation that takes them as its action mask)."""
        self.check_seat(seat)
        view = {
            "ruleset": self.spec.id, "scenario": self.scenario.ref, "seat": seat,
            "turn": self.umpire.turn, "to_act": list(self.to_act()),
            "result": self.result.as_dict() if self.result else None,
            "state": self.state.view(seat),
        }
        if legal:
            view["legal_actions"] = [a.as_dict() for a in self.legal_actions(seat)]
        return view

    def log_for(self, seat: str) -> list[Event]:
        self.check_seat(seat)
        return self.log.for_seat(seat)

    def header_for(self, seat: str) -> dict[str, Any]:
        """The log header as ``seat`` may have it: while the game runs, a player gets neither the
        seed (it fixes hidden set-up and every future roll) nor scripted card orders, and of the
        scenario's data only what the seat may know (the ruleset's view module decides: no
        hidden set-up of another seat's); at the end, or for the umpire, the whole header (the
        seed lets anyone check every roll)."""
        self.check_seat(seat)
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
            self.check_seat(seat)
            if not (isinstance(kind, str) and kind.isidentifier() and len(kind) <= 40):
                raise IllegalActionError(seat, "play", f"{kind!r} is not a kind of player (human or a bot kind)")
        # A human umpire may hold the chair of a ruleset without an umpire seat (core/umpiring.py).
        self.log.header["players"] = {s: players[s] for s in (*self.seats, UMPIRE) if s in players}

    @property
    def chance_from_seed(self) -> bool:
        """True when every roll and card of the game comes from its seed, so that replaying the
        log checks them; False when faces were recorded (typed by hand) or cards scripted."""
        return self.log.header["dice"] == "seeded" and not self.cards

    # -- clone, take back, save, load ----------------------------------------
    def clone(self) -> Game:
        """A copy of the game that goes on by itself: the same decisions to come give the same
        game in both (its generator's state is copied). It costs the rules' changing state, not the
        game's history (:meth:`copy_memo`), on any engine (a compiled engine's classes copy as the
        Python engine's do: core/compiling.py)."""
        rng = self.umpire.rng
        copied = random.Random()
        copied.setstate(rng.getstate())  # a generator deep-copied walks its 625 numbers one by one
        return copy.deepcopy(self, {**self.copy_memo(), id(rng): copied})

    def shared(self) -> dict[int, object]:
        """What no rule changes during a game, shared by its copies (the scenario and its set-up,
        the ruleset's declaration, the house rules). A ruleset's own fixed tables share themselves
        (``__deepcopy__``, e.g. a town, a table's terrain), and so do actions (immutable)."""
        shared = (self.scenario, self.scenario.setup, self.scenario.data, self.spec, self.options,
                  self.overrides, self.state.options)
        return {id(part): part for part in shared}

    def copy_memo(self) -> dict[int, object]:
        """The memo a deep copy of this game starts from (:meth:`clone`, ``core.worlds.world_copy``):
        what no rule changes shared (:meth:`shared`), and the decision record copied as a list (its
        entries are immutable). The log copies itself sharing its events (``GameLog.__deepcopy__``),
        and the rules' records copy their containers only (``protocol.Record``): a copy costs the
        changing state, not the history."""
        return {**self.shared(), id(self.decisions): list(self.decisions),
                id(self.decision_starts): list(self.decision_starts)}

    def undo(self, decisions: int = 1, *, seat: str, agreed: Iterable[str] = ()) -> None:
        """``seat`` takes back the last ``decisions`` (the game is rebuilt and replayed without them).

        The take-back rule, as at a club table (docs/architecture.md, "Undo"): a seat may take back
        its decisions, from one of its own, as long as it has seen nothing since but decisions.
        Refused (:class:`UndoRefusedError`, saying why and whose agreement would do) when

        - the seat, or another person, has seen something new since: a roll, a card, a move
          carried out, a counter sighted, or a view that came of dice rolled out of sight. Every
          other seat must agree, and neither a bot nor riotact in the umpire's chair does;
        - another person's decision would be taken back: the other people must agree (bots do); a
          take-back never starts from a bot's decision (a person could re-roll its choice).

        A refusal tells the seat what it saw itself, never which other seat saw what
        (:mod:`riotact.core.takeback`).

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
        self.__dict__.update(takeback.taken_back(self, decisions, seat, agreed).__dict__)

    def undo_refusal(self, decisions: int = 1, *, seat: str, agreed: Iterable[str] = ()) -> UndoRefusedError | None:
        """Why :meth:`undo` would refuse (None: it would not); changes nothing."""
        try:
            takeback.taken_back(self, decisions, seat, agreed)
        except UndoRefusedError as refusal:
            return refusal
        return None

    def take_back_count(self, seat: str) -> int:
        """How many decisions taking back ``seat``'s last decision takes back (0: it has made none)."""
        return takeback.count(self, seat)

    def explained(self) -> Game:
        """A laboratory-mode game explained on demand: replayed from its seed and decisions with the
        full log, and checked to reach the same result and state."""
        return persistence.explained(self)

    def save(self, path: str | Path) -> None:
        """Save atomically as a game log (a laboratory-mode game is explained first); :meth:`load`
        replays it."""
        persistence.save(self, path)

    @classmethod
    def load(cls, path: str | Path, *, live_dice: DiceSource | None = None) -> Game:
        """Replay a saved log, checking every event against the record."""
        header, events = read_log(path)
        return persistence.replay(header, events, source=str(path), live_dice=live_dice)

    def check_seat(self, seat: str) -> None:
        """Refuse (``IllegalActionError``) a seat the game does not have."""
        if seat != UMPIRE and seat not in self.state.seats:
            known = ", ".join(self.state.seats)
            raise IllegalActionError(seat, "act", f"there is no seat {seat!r} (seats: {known})")


@functools.cache
def _finds_actions(kind: type) -> bool:
    """Whether a legal list of this class finds an action by id (:class:`FindsActions`): asked once per
    class, since asking a runtime Protocol of each list is slow (3 % of a web server's CPU, Python 3.11)."""
    return issubclass(kind, FindsActions)
