"""OpenSpiel games: one Python game per implemented ruleset, registered by :func:`register`.

>>> import pyspiel
>>> names = register()
>>> game = pyspiel.load_game("riotact_revolting_behaviour")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()) == game.max_chance_outcomes()
(True, True)

Each game (``riotact_revolting_behaviour``, ``riotact_by_will_alone``, ``riotact_civil_disorder``, and
any ruleset that declares an encoding later) takes the parameters ``scenario`` (a built-in scenario
ref; default the ruleset's first), ``options`` (house rules as JSON), ``deals`` and ``max_moves``.

Chance is explicit:

- **every die is a chance node**: a decision whose rules roll (BWA, CD) is resolved on a clone with
  the faces chosen so far; when the rules ask for a face not yet chosen, the clone is dropped and the
  state becomes a chance node over that die's faces (uniform). Once every face is known the decision
  is applied for real. So each roll's faces are outcomes OpenSpiel sees and can enumerate.
- **cards come from the deal**: the engine deals cards lazily from the game's own generator, inside
  the rules (riotact.core.adjudication), so draws cannot be paused the way dice can without changing the
  core. The first chance node therefore picks the deal: one of ``deals`` equally likely seeds of that
  generator, which fixes every shuffle and draw (and random orders, e.g. RB-09) of the game. Nobody
  observes it; what a draw reveals reaches the players through their views as the rules show it.

Observations (tensor and string) come from the seat's view only (``riotact.rl.observer``); the
information state string is the seat's own log (``Game.log_for``), which is perfect recall. The game
is general-sum: +1 to each winner, -1 to the others, 0 to all when nobody wins or ``max_moves``
(decisions and chance outcomes together, the turn cap) is reached first.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from riotact.core import Game, Scenario, builtin_scenarios, find_scenario
from riotact.core.errors import RiotactError
from riotact.core.log import Event, dumps, visible
from riotact.core.worlds import explaining
from riotact.rulesets import all_rulesets, get_ruleset

from .common import returns
from .observer import Observer, scenario_encoding

#: Largest die the rulesets roll (percentile dice are the most sides any rule asks for).
MAX_SIDES = 100
DEFAULT_DEALS = 1024
DEFAULT_MAX_MOVES = 4000


class DiceWanted(RiotactError):
    """A decision tried in place needs a die: the game takes the decision back (all or nothing)."""


class ChanceDice:
    """Faces chosen by chance nodes. Asked for one more, it notes the die and gives a stand-in face
    (the trial that asked is then dropped, so the stand-in never counts), or, when ``strict``, raises
    :class:`DiceWanted`."""

    def __init__(self) -> None:
        self.queue: list[int] = []
        self.wanted: int | None = None
        self.strict = False

    def faces(self, sides: int, n: int, request: str) -> list[int]:
        out = []
        for _ in range(n):
            if self.queue:
                out.append(self.queue.pop(0))
            else:
                if self.strict:
                    raise DiceWanted(request)
                if self.wanted is None:
                    self.wanted = sides
                out.append(1)
        return out


def chance_dice(game: Game) -> ChanceDice:
    """The game's chance dice (after a taken-back decision the game replays through them)."""
    dice = getattr(game.dice, "_live", game.dice)
    assert isinstance(dice, ChanceDice)
    return dice


def short_name(ruleset_id: str) -> str:
    return "riotact_" + ruleset_id.replace("-", "_")


class Digest:
    """A seat's information state string, kept up to date as its game's log grows.

    The string is ``"<seat>:" + sha1(base + dumps(events)).hexdigest()``, ``events`` being the seat's
    own log (``Game.log_for``) from its ``covered``-th event on (all of it but in a resampled world) and
    ``base`` the string the world started from (``"<seat>:"`` in a dealt game). Made from scratch it
    costs the whole log at every call, which made long games quadratic; here the hash takes in each
    event once, as the log only ever appends and never changes an event once written."""

    def __init__(self, seat: str, base: str, covered: int) -> None:
        self.seat, self.base, self.covered = seat, base, covered
        self.hash = hashlib.sha1(f"{base}[".encode())
        self.read = 0  # events of the whole log taken in
        self.seen = 0  # of them, the seat's

    def copy(self) -> Digest:
        twin = copy.copy(self)
        twin.hash = self.hash.copy()
        return twin

    def string(self, events: list[Event], bare_base: bool) -> str:
        """The string once ``events`` (the whole log) are taken in; ``bare_base``: with no new event
        the base itself is the string (a resampled world nobody has moved in yet)."""
        for event in events[self.read:]:
            if visible(event, self.seat):
                if self.seen >= self.covered:
                    line = dumps({**event, "seq": self.seen})  # numbered as Game.log_for numbers them
                    self.hash.update(f"{',' if self.seen > self.covered else ''}{line}".encode())
                self.seen += 1
        self.read = len(events)
        if bare_base and self.seen == self.covered:
            return self.base
        final = self.hash.copy()
        final.update(b"]")
        return f"{self.seat}:{final.hexdigest()}"


class Held:
    """A riotact game that OpenSpiel's clones of a state share: a move never changes it in place (it
    is tried and made on a copy, see ``RiotactState._resolve``), so sharing it is safe and a clone
    costs nothing. With it go the seats' :class:`Digest` of its log; a copy made by a move carries
    them on (the copy's log begins with the same events)."""

    def __init__(self, game: Game, digests: dict[tuple[str, str, int], Digest] | None = None) -> None:
        self.game = game
        self.shared = False
        self.digests = digests or {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        self.shared = True
        return self

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "digests": {}}  # a hash in progress does not pickle: made again on load

    def passed_on(self, game: Game) -> Held:
        """The Held of ``game``, a copy of this one's game with events added."""
        return Held(game, {key: digest.copy() for key, digest in self.digests.items()})

    def information_state(self, seat: str, base: str, covered: int, bare_base: bool) -> str:
        key = (seat, base, covered)
        digest = self.digests.get(key)
        if digest is None:
            digest = self.digests[key] = Digest(seat, base, covered)
        return digest.string(self.game.log.events, bare_base)


class RiotactState(pyspiel.State):
    def __init__(self, game: RiotactGame) -> None:
        super().__init__(game)
        self.rgame = setting_of(game)
        self.held: Held | None = None  # before the deal
        self.pending: tuple[str, str] | None = None  # a decision waiting for its dice
        self.faces: list[int] = []
        self.wanted: int | None = None
        self.moves = 0
        #: For determinisations (:func:`resampler`): per player, the information state string the
        #: world starts from and how many of its log events that string already covers.
        self.bases: dict[int, tuple[str, int]] = {}

    # -- whose move -------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.game_ is None or self.wanted is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return self.rgame.seats.index(self.game_.to_act()[0])

    def is_terminal(self) -> bool:
        return self.moves >= self.rgame.max_moves or (self.game_ is not None and self.game_.is_over())

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game_ is not None
        seat = self.rgame.seats[player]
        return sorted(self.rgame.observer_for(self.game_).legal(seat))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.game_ is None:
            return [(k, 1.0 / self.rgame.deals) for k in range(self.rgame.deals)]
        assert self.wanted is not None
        return [(face - 1, 1.0 / self.wanted) for face in range(1, self.wanted + 1)]

    # -- moves ----------------------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        self.moves += 1
        if self.game_ is None:
            # Dice rolled while the scenario is set up (The Breaking of Nations' initiative, BON-004)
            # come from the deal; from then on every die is a chance node, and a rebuild replays the
            # set-up faces from the log.
            game = Game(self.rgame.scenario, seed=int(action), options=self.rgame.options)
            game.dice = game.umpire.dice = ChanceDice()
            game.log.header["dice"] = "recorded"
            self.held = Held(game)
            return
        if self.wanted is not None:
            self.faces.append(int(action) + 1)
        else:
            seat = self.game_.to_act()[0]
            self.pending = (seat, self.rgame.observer_for(self.game_).legal(seat)[int(action)])
            self.faces = []
        self._resolve()

    def _resolve(self) -> None:
        """Make the pending decision with the faces chosen so far, or find the die it needs next.

        A decision is tried on a copy, so that states sharing the game are untouched; a game this
        state alone holds, of a ruleset not yet seen rolling, takes the decision in place (Revolting
        Behaviour! rolls nothing, so its searches never copy). A world a resampler dealt (``world`` in
        its log header) has no past to be rebuilt from after a taken-back decision: it always copies."""
        assert self.held is not None and self.pending is not None
        seat, action_id = self.pending
        game = self.held.game
        if not self.faces and not self.held.shared and not self.rgame.rolls_dice and not game.log.header.get("world"):
            dice = chance_dice(game)
            dice.strict = True
            try:
                game.apply(seat, action_id)
                self.pending, self.wanted = None, None
                return
            except DiceWanted:
                self.rgame.rolls_dice = True  # the game took the decision back; try it on a copy
            finally:
                dice.strict = False
        trial = game.clone()
        dice = chance_dice(trial)
        dice.queue, dice.wanted = list(self.faces), None
        trial.apply(seat, action_id)
        self.wanted = dice.wanted
        if self.wanted is None:
            self.held, self.pending, self.faces = self.held.passed_on(trial), None, []
        elif self.wanted > MAX_SIDES:
            raise RiotactError(f"a d{self.wanted} is larger than the OpenSpiel games allow (d{MAX_SIDES})")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}" if self.game_ is None else f"d{self.wanted}: {action + 1}"
        assert self.game_ is not None
        return self.rgame.encoding.action_ids[action]

    def returns(self) -> list[float]:
        result = self.game_.result if self.game_ is not None else None
        scores = returns(result if self.is_terminal() else None, tuple(self.rgame.seats))
        return [scores[s] for s in self.rgame.seats]

    def __str__(self) -> str:
        if self.game_ is None:
            return "before the deal"
        return f"{self.game_.scenario.ref} move {self.moves}: {len(self.game_.decisions)} decisions" + (
            f", {self.pending[0]} resolving {self.pending[1]} with dice {self.faces}" if self.pending else "")

    @property
    def game_(self) -> Game | None:
        """The riotact game (None before the deal); read it, never change it."""
        return self.held.game if self.held is not None else None


class RiotactObserver:
    """OpenSpiel's observer protocol over :class:`riotact.rl.observer.Observer`: a seat's view as a
    tensor and a text screen; with perfect recall the string is the seat's own log."""

    def __init__(self, game: Setting, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.rgame = game
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(game.encoding.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RiotactState, player: int) -> None:
        if self.perfect_recall:
            # The game type declares no information-state tensor: the observation tensor is not one
            # (it forgets), and answering with it would mislead the algorithms that ask.
            raise RiotactError("riotact games provide no information-state tensor: use information_state_string "
                               "(perfect recall) or observation_tensor (the seat's view now)")
        if state.game_ is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.rgame.observer_for(state.game_).tensor(self.rgame.seats[player])

    def string_from(self, state: RiotactState, player: int) -> str:
        seat = self.rgame.seats[player]
        if state.game_ is None:
            return f"{seat}: before the deal"
        if self.perfect_recall:
            assert state.held is not None
            base, covered = state.bases.get(player, (f"{seat}:", 0))
            return state.held.information_state(seat, base, covered, player in state.bases)
        return self.rgame.observer_for(state.game_).string(seat)


class Setting:
    """What a loaded game needs on the Python side, rebuilt from its OpenSpiel parameters (OpenSpiel may
    hand states a game object without the Python attributes set in ``__init__``)."""

    def __init__(self, ruleset_id: str, params: dict[str, Any]) -> None:
        merged = {**_defaults(ruleset_id), **params}
        self.ruleset_id = ruleset_id
        self.params = merged
        self.scenario: Scenario = find_scenario(str(merged["scenario"]))
        self.options = json.loads(str(merged["options"]) or "{}")
        self.encoding = scenario_encoding(self.scenario, Game(self.scenario, options=self.options).options)
        self.deals, self.max_moves = int(merged["deals"]), int(merged["max_moves"])
        self.seats = list(self.scenario.seats)
        self.rolls_dice = False  # learnt at the first die a decision asks for
        self._observers: dict[int, Observer] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Setting:
        return self  # shared by every state of the game, as the game is (OpenSpiel deep-copies states)

    def __reduce__(self) -> tuple[Callable[[str, str], Setting], tuple[str, str]]:
        # Pickled as its parameters (the encoding holds functions made per scenario): a serialized
        # state finds the setting of its game again.
        return _setting, (short_name(self.ruleset_id), json.dumps(self.params, sort_keys=True))

    def observer_for(self, game: Game) -> Observer:
        """One observer per live riotact game (they share this setting's encoding)."""
        observer = self._observers.get(id(game))
        if observer is None or observer.game is not game:
            if len(self._observers) > 256:
                self._observers.clear()
            observer = self._observers[id(game)] = Observer(game, self.encoding)
        return observer


@cache
def _setting(short: str, frozen: str) -> Setting:
    ruleset_id = next(spec.id for spec in all_rulesets() if short_name(spec.id) == short)
    return Setting(ruleset_id, json.loads(frozen))


def setting_of(game: Any) -> Setting:
    return _setting(game.get_type().short_name, json.dumps(game.get_parameters(), sort_keys=True))


class RiotactGame(pyspiel.Game):
    def __init__(self, ruleset_id: str, game_type: Any, params: dict[str, Any] | None = None) -> None:
        setting = Setting(ruleset_id, dict(params or {}))
        info = pyspiel.GameInfo(
            num_distinct_actions=setting.encoding.num_actions,
            max_chance_outcomes=max(setting.deals, MAX_SIDES), num_players=len(setting.seats),
            min_utility=-1.0, max_utility=1.0, utility_sum=None, max_game_length=setting.max_moves)
        super().__init__(game_type, info, setting.params)

    def new_initial_state(self) -> RiotactState:
        return RiotactState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RiotactObserver:
        return RiotactObserver(setting_of(self), iig_obs_type, params)


def resampler(seed: int = 0) -> Callable[[RiotactState, int], RiotactState]:
    """A callback for OpenSpiel's ``ISMCTSBot.set_resampler``: a state the player cannot tell from
    ``state``, dealt from the player's view alone by the ruleset's determiniser (as the ``search``
    bot's worlds are). The player's information state string carries over; the other players get
    fresh ones, so the search cannot tell their real information sets apart."""
    rng = random.Random(seed)

    def resample(state: RiotactState, player: int) -> RiotactState:
        setting, game = state.rgame, state.game_
        determinise = game.spec.determinise if game is not None else None
        if game is None or determinise is None:
            raise RiotactError("this ruleset deals no determinisations yet (RulesetSpec.determinise)")
        seat = setting.seats[player]
        world = explaining(determinise(game, seat, rng.getrandbits(62)))
        world.dice = world.umpire.dice = ChanceDice()  # its dice are chance nodes, like the real game's
        new = state.get_game().new_initial_state()
        new.held, new.moves = Held(world), state.moves
        tag = rng.getrandbits(32)
        new.bases = {p: (state.information_state_string(p) if p == player else f"{s}:world{tag}",
                         len(world.log_for(s))) for p, s in enumerate(setting.seats)}
        return new

    return resample


def _defaults(ruleset_id: str) -> dict[str, Any]:
    spec = get_ruleset(ruleset_id)
    return {"scenario": builtin_scenarios(spec)[0].ref, "options": "", "deals": DEFAULT_DEALS,
            "max_moves": DEFAULT_MAX_MOVES}


def _game_class(ruleset_id: str, game_type: Any) -> type[RiotactGame]:
    """A class per ruleset, as OpenSpiel registers Python games (a class, not a closure)."""

    def __init__(self: RiotactGame, params: dict[str, Any] | None = None) -> None:
        RiotactGame.__init__(self, ruleset_id, game_type, params)

    return type(f"RiotactGame_{ruleset_id.replace('-', '_')}", (RiotactGame,), {"__init__": __init__})


@cache
def register() -> tuple[str, ...]:
    """Register one OpenSpiel game per implemented ruleset with an encoding; returns their names."""
    names = []
    for spec in all_rulesets():
        if not spec.implemented or spec.encoding is None:
            continue
        name = short_name(spec.id)
        lo, hi = spec.seat_counts
        game_type = pyspiel.GameType(
            short_name=name, long_name=f"riotact {spec.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=hi, min_num_players=lo,
            provides_information_state_string=True, provides_information_state_tensor=False,
            provides_observation_string=True, provides_observation_tensor=True,
            parameter_specification=_defaults(spec.id))

        pyspiel.register_game(game_type, _game_class(spec.id, game_type))
        names.append(name)
    return tuple(names)
