"""The game protocol every ruleset implements, and its small vocabulary.

A ruleset is one declared :class:`RulesetSpec` plus a :class:`State` subclass
holding the rules. The :class:`riotact.core.game.Game` wrapper adds everything
rules need not think about: seat checks, the decision record, the log, saving,
replay, clone and undo.
"""

from __future__ import annotations

import copy
import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from operator import attrgetter
from types import UnionType
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Protocol,
    TypeVar,
    Union,
    cast,
    get_args,
    get_origin,
    get_type_hints,
    runtime_checkable,
)

from pydantic import BaseModel

from .log import ALL, Visibility
from .messages import TABLE_TALK, say_id
from .options import HouseRule, NoHouseRules, house_rules_of

if TYPE_CHECKING:
    import random
    from pathlib import Path

    from .adjudication import Umpire
    from .encoding import Encoding
    from .engines import EngineLoader
    from .game import Game
    from .scenario import Scenario
    from .umpiring import Power


R = TypeVar("R")
_VALUES = (str, int, float, bool, type(None))


def _plain(hint: Any) -> bool:
    """Whether a value of type ``hint`` is never changed in place, so copies may share it: numbers,
    strings, truth values, None, frozen dataclasses, and tuples, frozensets and unions of them."""
    origin = get_origin(hint)
    if origin is None:
        params = getattr(hint, "__dataclass_params__", None)
        return hint in _VALUES or (params is not None and params.frozen)
    if origin in (tuple, frozenset, Union, UnionType, Literal):
        return origin is Literal or all(_plain(a) for a in get_args(hint) if a is not Ellipsis)
    return False


@dataclass(frozen=True)
class _Layout:
    """How :func:`record_copy` copies a record class, read once from its fields' type hints: the
    fields shared as they are (plain values), copied one level (a list, dict or set of plain values,
    maybe None: ``flat``) or deep-copied (anything else: ``deep``); for a class with slots, the
    fields' values in order and the places of those two kinds (its copy is made by its ``__init__``);
    for a class that keeps its attributes itself (neither ``__dict__`` nor slots: an engine's compiled
    class), ``kept``: its copy is made without ``__init__`` and given them through ``__setstate__``."""

    names: tuple[str, ...]
    flat: tuple[str, ...]
    deep: tuple[str, ...]
    values: Callable[[Any], tuple[Any, ...]] | None = None
    flat_at: tuple[int, ...] = ()
    deep_at: tuple[int, ...] = ()
    kept: bool = False

    @classmethod
    def of(cls, record: object) -> _Layout:
        record_class = type(record)
        hints = get_type_hints(_written(record_class))
        every = fields(record_class)  # type: ignore[arg-type]
        names = tuple(f.name for f in every)
        flat, deep = [], []
        for name in names:
            hint = hints[name]
            if _plain(hint):
                continue
            optional = get_origin(hint) in (Union, UnionType)
            kinds = [a for a in get_args(hint) if a is not type(None)] if optional else [hint]
            if len(kinds) == 1 and get_origin(kinds[0]) in (list, dict, set) and all(map(_plain, get_args(kinds[0]))):
                flat.append(name)
            else:
                deep.append(name)
        if hasattr(record, "__dict__"):
            return cls(names, tuple(flat), tuple(deep))
        if not hasattr(record_class, "__slots__"):
            return cls(names, tuple(flat), tuple(deep), kept=True)
        if not all(f.init and not f.kw_only for f in every) or hasattr(record_class, "__post_init__"):
            raise TypeError(f"{record_class.__name__}: a record with slots is copied through its __init__")
        return cls(names, tuple(flat), tuple(deep), _values_of(names), tuple(map(names.index, flat)),
                   tuple(map(names.index, deep)))


#: Packages an engine builds from another's modules, ``{built: written}`` (the engine says so as it
#: loads): a class built so reads its type hints from the class of its name it was built from, whose
#: annotations are the written ones (a compiler may keep its own: ``str | None`` as ``type``).
BUILT_FROM: dict[str, str] = {}


def _written(record_class: type) -> type:
    """The class whose type hints describe ``record_class``'s fields: itself, or (:data:`BUILT_FROM`)
    the one it was built from."""
    package, _, module = record_class.__module__.partition(".")
    if package not in BUILT_FROM:
        return record_class
    written: type = getattr(importlib.import_module(f"{BUILT_FROM[package]}.{module}"), record_class.__qualname__)
    return written


def _values_of(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The values of a record's fields ``names``, in order, as a tuple (``attrgetter`` of one name
    gives the bare value, of none refuses)."""
    if len(names) > 1:
        return attrgetter(*names)
    return lambda record: tuple(getattr(record, name) for name in names)


_LAYOUTS: dict[type, _Layout] = {}


def record_copy(record: R, memo: dict[int, object]) -> R:
    """A copy of one of a game's records (a dataclass: a soldier, a unit, a character) for search
    (``Game.clone`` and determinised worlds: the record's ``__deepcopy__`` returns it), at
    the cost of a dictionary copy rather than a deep copy's walk of every value.

    What its type hints say is plain (numbers, strings, tuples of them, frozen dataclasses) is shared;
    a list, dict or set of plain values is copied one level; anything else (and an attribute no field
    declares) is deep-copied with the copy's memo, so what the game's copy shares (a card, a weapon)
    stays shared. Nothing the copy changes reaches the original."""
    cls = type(record)
    layout = _LAYOUTS.get(cls)
    if layout is None:
        layout = _LAYOUTS[cls] = _Layout.of(record)
    if layout.kept:  # made without __init__, given the attributes set (its __getstate__: {name: value})
        twin = cls.__new__(cls)
        memo[id(record)] = twin
        state = cast(dict[str, Any], record.__getstate__())
        if len(state) != len(layout.names):  # what no field declares may be anything: deep-copied
            state.update({k: copy.deepcopy(v, memo) for k, v in state.items() if k not in layout.names})
        for name in layout.flat:
            if state.get(name) is not None:
                state[name] = state[name].copy()
        for name in layout.deep:
            if name in state:
                state[name] = copy.deepcopy(state[name], memo)
        twin.__setstate__(state)  # type: ignore[attr-defined]
        return twin
    if layout.values is not None:  # slots: the copy is made by __init__, its values in field order
        values = list(layout.values(record))
        for at in layout.flat_at:
            if values[at] is not None:
                values[at] = values[at].copy()
        for at in layout.deep_at:
            values[at] = copy.deepcopy(values[at], memo)
        twin = cls(*values)
        memo[id(record)] = twin
        return twin
    attrs = record.__dict__.copy()
    if len(attrs) != len(layout.names):  # what no field declares may be anything: deep-copied
        attrs.update({k: copy.deepcopy(v, memo) for k, v in attrs.items() if k not in layout.names})
    for name in layout.flat:
        if attrs[name] is not None:
            attrs[name] = attrs[name].copy()
    for name in layout.deep:
        attrs[name] = copy.deepcopy(attrs[name], memo)
    twin = object.__new__(cls)
    twin.__dict__.update(attrs)
    memo[id(record)] = twin
    return twin


@dataclass(frozen=True, slots=True)
class Action:
    """A legal decision: a stable ``id`` (what logs and saves record) and plain ``text``."""

    id: str
    text: str

    def as_dict(self) -> dict[str, str]:
        return {"id": self.id, "text": self.text}

    def __deepcopy__(self, memo: dict[int, object]) -> Action:
        return self  # immutable: copies of a game share their actions


@runtime_checkable
class FindsActions(Protocol):
    """A legal list that makes its actions as they are read finds one by id without reading the
    others (``Game.legal_action`` asks it so; a compiled engine's lists are its own classes; here, in
    a module left as Python, since mypyc's classes cannot be runtime protocols)."""

    def find(self, action_id: str) -> Action | None:
        """The legal action ``action_id``, or None."""


@dataclass(frozen=True)
class Result:
    """How a game ended: the winners (maybe none), scores per seat and why."""

    winners: tuple[str, ...]
    reason: str
    scores: dict[str, float] = field(default_factory=dict)
    details: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": self.scores, "reason": self.reason,
                "details": self.details}


class State(ABC):
    """The rules of one ruleset, acting on one game's state.

    Subclasses receive the validated scenario, the typed house-rule options
    and the umpire (dice, cards, log). They must keep all randomness on the
    umpire so that a seed and the decisions replay the game exactly.
    """

    def __init__(self, scenario: Scenario, options: Any, umpire: Umpire) -> None:
        self.scenario = scenario
        self.options = options
        self.umpire = umpire
        self.seats: tuple[str, ...] = scenario.seats
        self.result: Result | None = None

    @abstractmethod
    def to_act(self) -> tuple[str, ...]:
        """Seats that may decide now (several for simultaneous decisions)."""

    @abstractmethod
    def legal_actions(self, seat: str) -> Sequence[Action]:
        """The decisions ``seat`` may make now (empty when it may not act): a list, or a sequence
        that makes each action as it is read (then :meth:`legal_action` should look one up)."""

    @abstractmethod
    def apply(self, seat: str, action: Action) -> None:
        """Carry out a legal decision (already checked by the wrapper)."""

    @abstractmethod
    def view(self, seat: str) -> dict[str, Any]:
        """A JSON-safe view holding only what ``seat`` may know."""

    def legal_action(self, seat: str, action_id: str) -> Action | None:
        """The legal action ``action_id`` of ``seat`` now, or None. Rules may answer without building
        the whole list (``Game.apply`` asks this when no list was built for the decision)."""
        return next((a for a in self.legal_actions(seat) if a.id == action_id), None)

    def decision_visibility(self, seat: str, action: Action) -> Visibility:
        """Who sees a decision in the log; secret orders override this."""
        return ALL

    def why_illegal(self, seat: str, action_id: str) -> str:
        """Why ``action_id`` is not legal for ``seat`` now (rules may explain better)."""
        return "that is not one of the legal actions now"

    def umpire_powers(self) -> tuple[Power, ...]:
        """The ruleset's own powers for a person in the umpire's chair (see :mod:`.umpiring`), beside
        the generic ones every ruleset has. Each ``run`` checks its arguments before changing anything."""
        return ()

    def talk(self, seat: str, to: str, text: str) -> str:
        """The decision by which ``seat`` tells ``to`` (a seat, or ``all``) these words, as the rules allow
        now (see :mod:`.messages`): by default table talk when the house rule ``table_talk`` is on; a
        ruleset where talking is an action returns that action. ``ValueError`` says why not."""
        if getattr(self.options, TABLE_TALK, False):
            return say_id(to, text)
        raise ValueError("the rules give no table talk here (house rule table_talk is off)")

    def hold_points(self) -> dict[str, str]:
        """Points of the turn where the rules stop for a person in the umpire's chair who asked them to
        (``hold`` power): name -> what happens there. The rules stop by setting ``umpire.held`` to the
        name when ``umpire.holds`` holds it, and go on in :meth:`resume`."""
        return {}

    def resume(self, point: str) -> None:  # noqa: B027 (optional hook: a ruleset without hold points)
        """Go on from the hold point ``point`` where the rules stopped (the umpire lets the game go on)."""

    def scenario_data_for(self, seat: str) -> dict[str, Any]:
        """The scenario's data as ``seat`` may know it while the game runs (its log header's
        ``scenario_data``, :meth:`riotact.core.game.Game.header_for`): all of it, unless the
        ruleset's view module leaves out the set-up hidden from the seat."""
        return copy.deepcopy(self.scenario.data)

    def parse_action(self, seat: str, action_id: str) -> Action | None:
        """A legal decision outside the finite list ``legal_actions`` offers (say, a move to any point
        of a continuous table), or None. Rules that accept such decisions validate them here."""
        return None

    # -- conformance hooks (see riotact.core.conformance) -----------------
    def plant_sentinels(self) -> None:  # noqa: B027 (optional hook: a game with no secrets plants none)
        """Tag hidden state with unique tokens, so leaks can be searched for."""

    def hidden_tokens(self, seat: str) -> set[str]:
        """Tokens planted in state that ``seat`` must not see right now."""
        return set()


class Bot(ABC):
    """A player that picks one of the legal actions, seeing only its seat's view."""

    #: False lets the loop skip building the view (a random bot never reads it).
    needs_view = True

    def __init__(self, seat: str, rng: random.Random) -> None:
        self.seat, self.rng = seat, rng

    @abstractmethod
    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> str: ...


@dataclass(frozen=True)
class ArmyLists:
    """A ruleset's army lists: ready-made ones to start from, checks of list files, and the army
    builder's check of a scenario whose lists are being edited."""

    #: The key of ``[setup]`` that holds the army lists the builder edits (``units``).
    key: str
    #: ``{key: title}`` of the ready-made lists.
    ready_made: Callable[[], dict[str, str]]
    #: A ready-made list as a TOML file's text (``KeyError`` for an unknown key).
    ready_made_toml: Callable[[str], str]
    #: ``check(path) -> (summary lines, problem lines)`` of a list file; a file that cannot be read
    #: raises its one-line error.
    check: Callable[[str | Path], tuple[list[str], list[str]]]
    #: ``report(data)``: each entry's cost and problems, totals and every problem of a scenario's data.
    report: Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Evaluation:
    """How a search judges a world it stops playing before the end (``bots.py`` of each ruleset).

    ``value(state, seat)`` is the seat's prospects in the world's state, from -1 (lost) to +1 (won),
    read from what is on the table (score, victory points, casualties, objectives). A search calls
    it only on the worlds its seat's determiniser deals, so it carries no hidden truth. ``horizon``
    is how many decisions a rollout plays before it stops and asks it (a few turns of the game).
    """

    value: Callable[[State, str], float]
    horizon: int


@dataclass(frozen=True)
class RulesetSpec:
    """The one small declaration a ruleset makes about itself."""

    id: str
    code: str
    title: str
    summary: str
    state: type[State] | None
    setup: type[BaseModel] | None = None
    #: The ruleset's typed house rules (``options.py``): a frozen dataclass of
    #: :func:`~riotact.core.options.house_rule` fields. A game checks its overrides once when it starts
    #: and gives the state an instance, which the rules read by attribute.
    options: type = NoHouseRules
    heuristic_bot: Callable[[str, random.Random], Bot] | None = None
    #: The package holding the built-in scenarios (TOML files read with importlib.resources).
    scenario_package: str | None = None
    seat_counts: tuple[int, int] = (1, 99)
    #: True when a person may take the umpire's chair as a seat named ``umpire``.
    umpire_seat: bool = False
    #: Turns ``Game.view(seat)`` into a plain-text screen for a person (terminal play).
    text_view: Callable[[dict[str, Any]], str] | None = None
    #: A scenario's fixed action numbering and observation features (RL and search; core/encoding.py).
    encoding: Callable[[Scenario, dict[str, Any]], Encoding] | None = None
    #: Module declaring the exact odds of the ruleset's chance procedures (``PROCEDURES``, see
    #: :mod:`riotact.core.odds`), by its dotted name: imported only when odds are asked for (the odds
    #: need icepool, slow to import). With ``scenario_package``, a place named rather than an object
    #: held; every other field is the object itself.
    odds: str | None = None
    #: The ruleset's army lists (``riotact army``, the web's army builder), if it has any.
    armies: ArmyLists | None = None
    #: ``(game, seat, seed) -> Game``: a world ``seat`` cannot tell from ``game``, every fact hidden from
    #: it dealt anew from what it may know (``rulesets/<x>/determinise.py``; the ``search`` bot and
    #: OpenSpiel's IS-MCTS play in these). The world must depend on the seat's view, the public
    #: scenario and the seed only: see :mod:`riotact.core.worlds`.
    determinise: Callable[[Game, str, int], Game] | None = None
    #: How the ``search`` bot values a world whose rollout it stops early (core/search.py); without
    #: it the rollouts play to the end.
    evaluation: Evaluation | None = None
    #: Line of sight between two points of the table, worked out from a seat's view alone (the web
    #: board's "show sight"): ``sight(view, a, b)``, ``view`` being ``Game.view(seat)["state"]``,
    #: returns ``{"clear", "distance", "blocker", "cover", "text", ...}``.
    sight: Callable[[dict[str, Any], tuple[float, float], tuple[float, float]], dict[str, Any]] | None = None
    #: Faster builds of the same rules by name (``compiled``), each a loader of an engine
    #: (:mod:`riotact.core.engines`): ``Game(..., engine=name)``, ``sim`` and ``sweep --engine`` play on them.
    engines: Mapping[str, EngineLoader] = field(default_factory=dict)

    @property
    def house_rules(self) -> tuple[HouseRule, ...]:
        """The house rules :attr:`options` declares (what listings and the rules pages show)."""
        return house_rules_of(self.options)

    @property
    def implemented(self) -> bool:
        return self.state is not None
