"""Revolting Behaviour!'s laboratory core: games played by action number, at compiled speed.

:func:`laboratory` starts a game that records scenario, options, seed and decisions only, like
``Game(..., explain=False)``, and is played as OpenSpiel's games are: ``legal_ids()`` gives the
legal action numbers (the scenario's fixed numbering, ``encoding.py``) and ``apply_id(n)`` makes
the acting seat's decision. The rules run in C (``_labcore.c``, a port of ``state.py`` on plain
ints) and draw every card from the game's own seeded ``random.Random``, in the same places and
order as the Python engine, so a seed and the decisions give the same game card for card.
:meth:`LabGame.explained` replays the decisions through the Python engine with the full log and
checks that it reaches the same state, card for card, and the same result.

``explain=True`` keeps the full explained log as well, at compiled speed: the core records every
event as plain facts while it plays, and ``log``, ``log_for(seat)`` and ``save(path)`` word them
on read (``lablog.py``) into exactly the events ``Game(..., explain=True)`` logs. Without it,
those replay the decisions through the Python engine first.

Without the compiled module (a machine with no C compiler) the same interface runs on the Python
engine in laboratory mode (:class:`PythonLab`): slower, the same games.

>>> from riotact.core import find_scenario
>>> game = laboratory(find_scenario("revolting-behaviour/first-game"), seed=3)
>>> game.to_act(), game.legal_ids()[:3]
(('p1',), (0, 8, 9))
>>> game.apply_id(8)  # D-mild
>>> game.apply_id(1)  # draw
>>> game.decisions, game.explained().log.events[-1]["text"]
([('p1', 'D-mild'), ('p1', 'draw')], '4 of Spades fails: not a red card.')
>>> told = laboratory(find_scenario("revolting-behaviour/first-game"), seed=3, explain=True)
>>> told.apply_id(8)
>>> told.apply_id(1)
>>> told.log_for("p2")[-1]["text"], told.log.events == game.explained().log.events
('4 of Spades fails: not a red card.', True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from riotact.core import Game, Result, RulesetSpec, Scenario
from riotact.core.bots import DecisionLimitError, bot_rng, uniform_pick
from riotact.core.cards import SUITS, Card
from riotact.core.engines import Laboratory
from riotact.core.errors import IllegalActionError, LaboratoryUnavailable, ReplayMismatchError, SaveFileError
from riotact.core.log import UMPIRE, Event, GameLog
from riotact.core.options import make_options, resolve_options
from riotact.core.registry import ruleset_spec

from ..bots import HeuristicBot
from ..encoding import action_ids
from ..options import Options
from ..rules.cards import ACTIVITIES, SEVERITIES, miss, requirement, reward, severities
from ..rules.end import final_result
from ..text import ENDINGS
from ..turn import RevoltingBehaviour
from .lablog import CARDS, CODES, SUITS_BY_NUMBER, Narrator

try:
    from ._labcore import Core
except ImportError:  # built without a C compiler: the Python engine plays the same games (PythonLab)
    Core = None

#: Rewards and the illegal multiplier the compiled core takes (``MAX_OPTION`` in ``_labcore.c``).
MAX_OPTION = 10_000
#: The ways a game ends, as ``_labcore.c`` numbers them.
_ENDINGS = (None, "turn_limit", "elimination", "all_out", "cause_defeated", "cause_empty")


class BeyondCore(ValueError):
    """A game the compiled core does not play: rewards beyond 0..MAX_OPTION, or decks changed from the
    standard pack (RB-03 gap; the core deals new packs only)."""


def compiled() -> bool:
    """True when the compiled core was built (``pip install`` builds it where a C compiler is)."""
    return Core is not None


def laboratory(scenario: Scenario, *, seed: int, options: Mapping[str, Any] | None = None,
               engine: str = "auto", explain: bool = False) -> LabGame | PythonLab:
    """A laboratory-mode game of ``scenario``; ``engine`` is ``compiled``, ``python`` or ``auto``
    (the compiled core when it was built). ``explain=True`` keeps the full explained log as it plays
    (recorded as facts on the compiled core, worded when read)."""
    if engine not in ("auto", "compiled", "python"):
        raise ValueError(f"engine must be auto, compiled or python, not {engine!r}")
    if engine == "compiled" and Core is None:
        raise RuntimeError("the compiled laboratory core was not built (no C compiler at install time)")
    if engine == "python" or Core is None:
        return PythonLab(scenario, seed=seed, options=options, explain=explain)
    try:
        return LabGame(scenario, seed=seed, options=options, explain=explain)
    except BeyondCore:
        if engine == "compiled":
            raise
        return PythonLab(scenario, seed=seed, options=options, explain=explain)


#: A bot on the core: the number of its decision, given the game.
CoreBot = Callable[["LabGame"], int]


def random_core_bot(rng: random.Random) -> CoreBot:
    """:class:`~riotact.core.bots.RandomBot` on action numbers: the same draw from the same list."""
    def choose(game: LabGame) -> int:
        return uniform_pick(rng, game.legal_ids())
    return choose


def core_game(scenario: Scenario, *, seed: int, options: Mapping[str, Any],
              players: Mapping[str, str]) -> tuple[LabGame, dict[str, CoreBot]]:
    """A fresh game on the compiled core and its seats' bots (each with the generator
    :func:`~riotact.core.bots.make_bot` would give it), or :class:`LaboratoryUnavailable` saying why not."""
    try:
        game = LabGame(scenario, seed=seed, options=options)
    except BeyondCore as exc:
        raise LaboratoryUnavailable(str(exc)) from None
    bots = {}
    for seat in scenario.seats:
        kind, rng = players.get(seat, "random"), bot_rng(seed, seat)
        bot = random_core_bot(rng) if kind == "random" else game.core_bot(kind, seat, rng)
        if bot is None:
            raise LaboratoryUnavailable(f"the compiled core of {ruleset_spec(scenario.ruleset).title} "
                                        f"cannot play a {kind} bot")
        bots[seat] = bot
    return game, bots


class CoreEngine:
    """The ruleset's ``compiled`` engine (:class:`riotact.core.engines.Engine`): bot games played out
    on the core by action number, with bots that pick exactly what the Python engine's bots would
    pick (the same generator, the same calls, the same list order)."""

    def parts(self) -> None:
        return None  # the core plays games of its own: no Game is built from its classes

    def refusal(self, scenario: Scenario, options: Mapping[str, Any], players: Mapping[str, str]) -> str | None:
        try:
            core_game(scenario, seed=0, options=options, players=players)
        except LaboratoryUnavailable as exc:
            return str(exc)
        return None

    def play(self, scenario: Scenario, *, seed: int, options: Mapping[str, Any], players: Mapping[str, str],
             max_decisions: int) -> Laboratory:
        game, bots = core_game(scenario, seed=seed, options=options, players=players)
        for _ in range(max_decisions):
            acting = game.to_act()
            if not acting:
                return game
            game.apply_id(bots[acting[0]](game))
        raise DecisionLimitError(f"{scenario.ref} seed {seed}: no end after {max_decisions} decisions")


def core_engine(spec: RulesetSpec) -> CoreEngine:
    """The ``compiled`` engine's loader (``RulesetSpec.engines``), or :class:`LaboratoryUnavailable`
    when the core was not built here."""
    if Core is None:
        raise LaboratoryUnavailable("the compiled laboratory core was not built (no C compiler at install time)")
    return CoreEngine()


def _explain(scenario: Scenario, seed: int, overrides: dict[str, Any], decisions: list[tuple[str, str]],
             snapshot: dict[str, Any], result: Result | None) -> Game:
    """Replay through the Python engine with the full log; the same state and result, or an error."""
    game = Game(scenario, seed=seed, options=overrides)
    for seat, action_id in decisions:
        game.apply(seat, action_id)
    assert isinstance(game.state, RevoltingBehaviour)
    if snapshot_of(game.state) != snapshot or \
            (result and result.as_dict()) != (game.result and game.result.as_dict()):
        raise ReplayMismatchError(f"{scenario.ref} seed {seed}: the explained replay of {len(decisions)} "
                                  "decisions does not reach the laboratory core's state")
    return game


def card_number(card: Card) -> int:
    """The compiled core's card: 0..51 in new-pack order (cards.py), 52 a Joker."""
    return 52 if card.is_joker else SUITS.index(card.suit or "") * 13 + card.rank - 1



def snapshot_of(state: RevoltingBehaviour) -> dict[str, Any]:
    """The Python engine's whole state in the compiled core's terms (``Core.snapshot``)."""
    seats = list(state.seats)
    suits = list(ACTIVITIES)

    def pile(cards: list[Card]) -> tuple[int, ...]:
        return tuple(card_number(c) for c in cards)

    attempt = state.attempt
    return {
        "players": tuple({"rp": p.rp, "face_up": p.face_up, "out": p.out, "cause": pile(p.cause.cards),
                          "cause_deck": pile(p.cause_deck.cards), "action_deck": pile(p.action_deck.cards),
                          "defeated": pile(p.defeated), "set_aside": pile(p.set_aside)}
                         for p in state.players.values()),
        "order": tuple(seats.index(s) for s in state.order), "position": state.position, "phase": state.phase,
        "turn": state.umpire.turn,
        "attempt": None if attempt is None else (
            seats.index(attempt.seat), suits.index(attempt.activity.suit), SEVERITIES.index(attempt.severity),
            -1 if attempt.target is None else seats.index(attempt.target), attempt.action_points,
            pile(attempt.drawn)),
    }


class LabGame(Core if Core is not None else object):  # type: ignore[misc]
    """A laboratory game on the compiled core (see the module docstring)."""

    def __init__(self, scenario: Scenario, *, seed: int, options: Mapping[str, Any] | None = None,
                 explain: bool = False) -> None:
        spec = ruleset_spec(scenario.ruleset)
        if spec.id != "revolting-behaviour":
            raise ValueError(f"{scenario.ref} is not a Revolting Behaviour! scenario")
        self.scenario, self.seed, self.overrides = scenario, seed, dict(options or {})
        self.options = resolve_options(spec.id, spec.house_rules, scenario.house_rules, self.overrides)
        self.seats = scenario.seats
        self.action_ids = tuple(action_ids(scenario.seats))
        if scenario.setup.changed:
            raise BeyondCore(f"the compiled core plays standard packs only, not {scenario.ref}'s changed decks "
                             "(RB-03)")
        o = self.options
        odd = [k for k in (*(f"reward_{level}" for level in SEVERITIES), "illegal_reward_multiplier")
               if not 0 <= int(o[k]) <= MAX_OPTION]
        if odd:
            raise BeyondCore(f"the compiled core takes {', '.join(odd)} of 0..{MAX_OPTION} only")
        flat = {**o, "cause_cards": scenario.setup.cause_cards, "turn_limit": scenario.setup.turn_limit,
                "first_random": o["first_turn_order"] == "random",
                "reshuffle_empty": o["empty_action_deck"] == "reshuffle",
                "discard_joker": o["cause_joker"] == "discard"}
        suits, seats = list(ACTIVITIES), list(scenario.seats)
        declarations = []
        for number, name in enumerate(self.action_ids):
            suit, _, rest = name.partition("-")
            if suit in ACTIVITIES:
                level, _, target = rest.partition("-")
                declarations.append((number, suits.index(suit), SEVERITIES.index(level),
                                     seats.index(target) if target else -1))
        # The same generator as Game(scenario, seed=seed) makes: the same cards, in the same order.
        self.explain = explain
        self._narrator: Narrator | None = None  # made when the log is first read
        super().__init__(random.Random(seed).random, flat, tuple(seats), self.action_ids, tuple(declarations),
                         IllegalActionError, explain)

    @property
    def decisions(self) -> list[tuple[str, str]]:
        """The decisions as ``Game.decisions`` records them: (seat, action id)."""
        return [(self.seats[s], self.action_ids[n]) for s, n in self.record()]

    @property
    def result(self) -> Result | None:
        snap = self.snapshot()
        ending = _ENDINGS[snap["end"]]
        if ending is None:
            return None
        winner = self.seats[snap["winner"]] if snap["winner"] >= 0 else None
        reason = ENDINGS[ending].format(limit=self.scenario.setup.turn_limit, seat=winner)
        return final_result((winner,) if winner else (), reason,
                            {s: (len(p["defeated"]), p["rp"], len(p["cause"]), p["out"])
                             for s, p in zip(self.seats, snap["players"], strict=True)})

    @property
    def turn(self) -> int:
        """The turn, as ``Game.umpire.turn``."""
        return int(self.snapshot()["turn"])

    def view(self, seat: str) -> dict[str, Any]:
        """``RevoltingBehaviour.view(seat)`` read from the core's state, equal to it at every decision
        (tests/revolting_behaviour/test_rb_lab_bots.py). RB-07: Cause cards are hidden from everyone,
        the owner included; the totals are the seat's own unless ``open_totals``."""
        snap, o = self.snapshot(), make_options(Options, self.scenario.ruleset, self.options)
        players = {}
        for s, p in zip(self.seats, snap["players"], strict=True):
            public = o.open_totals or s == seat or seat == UMPIRE
            players[s] = {"rp": p["rp"] if public else None, "cause_cards": len(p["cause"]) if public else None,
                          "cause_top": CODES[p["cause"][0]] if p["face_up"] and p["cause"] else None,
                          "cause_deck": len(p["cause_deck"]), "defeated": len(p["defeated"]), "out": p["out"]}
        attempt = None
        if snap["attempt"] is not None:
            by, suit, level, target, points, drawn = snap["attempt"]
            activity, severity = ACTIVITIES[SUITS_BY_NUMBER[suit]], SEVERITIES[level]
            cards = [CARDS[c] for c in drawn]
            attempt = {"seat": self.seats[by], "suit": activity.suit, "severity": severity,
                       "target": self.seats[target] if target >= 0 else None, "activity": activity.title,
                       "force": activity.force, "needs": requirement(activity, severity, o),
                       "reward": reward(activity, severity, o), "cost": activity.cost,
                       "drawn": [CODES[c] for c in drawn], "misses": [miss(c, activity, severity, o) for c in cards],
                       "action_points": points}
        acting = self.to_act()
        return {"players": players, "order": [self.seats[i] for i in snap["order"]], "phase": snap["phase"],
                "acting": acting[0] if acting else None, "attempt": attempt,
                "severities": list(severities(o)), "cause_size": self.scenario.setup.cause_cards}

    def core_bot(self, kind: str, seat: str, rng: random.Random) -> CoreBot | None:
        """The heuristic bot on the core: the same decisions from the same view (it reads no
        generator); None for the kinds the core does not play (search)."""
        if kind != "heuristic":
            return None
        bot, names, number = HeuristicBot(seat, rng), self.action_ids, {a: i for i, a in enumerate(self.action_ids)}

        def choose(game: LabGame) -> int:
            return number[bot.decide(self.view(seat), {names[n] for n in game.legal_ids()})]
        return choose

    def explained(self) -> Game:
        """Replayed through the Python engine with the full log, checked to reach this state."""
        snap = self.snapshot()
        del snap["end"], snap["winner"]  # (the result is compared instead)
        return _explain(self.scenario, self.seed, self.overrides, self.decisions, snap, self.result)

    @property
    def log(self) -> GameLog:
        """The full explained log: worded from the core's records (``explain=True``), else replayed."""
        if not self.explain:
            return self.explained().log
        narrator = self._narrator
        if narrator is None:
            narrator = self._narrator = Narrator(self.scenario, self.seed, self.options, self.action_ids)
        narrator.catch_up(self.facts(narrator.read), self.result)
        return narrator.log

    def log_for(self, seat: str) -> list[Event]:
        """What ``seat`` may see of the log, as ``Game.log_for`` gives it (RB-07: hidden cards stay hidden)."""
        if seat != UMPIRE and seat not in self.seats:
            raise IllegalActionError(seat, "act", f"there is no seat {seat!r} (seats: {', '.join(self.seats)})")
        return self.log.for_seat(seat)

    def save(self, path: str | Path) -> None:
        """Save the explained log (JSON Lines) atomically; ``Game.load`` replays and checks it."""
        log = self.log
        try:
            log.write(path)
        except OSError as exc:
            raise SaveFileError(f"{path}: cannot save: {exc.strerror or exc}") from None


class PythonLab:
    """The same interface on the Python engine in laboratory mode (where the core was not built)."""

    def __init__(self, scenario: Scenario, *, seed: int, options: Mapping[str, Any] | None = None,
                 explain: bool = False) -> None:
        self.game = Game(scenario, seed=seed, options=options, explain=explain)
        self.scenario, self.seed, self.options = scenario, seed, self.game.options
        self.seats = scenario.seats
        self.action_ids = tuple(action_ids(scenario.seats))
        self._number = {a: i for i, a in enumerate(self.action_ids)}

    def to_act(self) -> tuple[str, ...]:
        return self.game.to_act()

    def is_over(self) -> bool:
        return self.game.is_over()

    def legal_ids(self) -> tuple[int, ...]:
        acting = self.game.to_act()
        return tuple(self._number[a.id] for a in self.game.legal_actions(acting[0])) if acting else ()

    def apply_id(self, number: int, /) -> None:
        acting = self.game.to_act()
        name = self.action_ids[number] if 0 <= number < len(self.action_ids) else str(number)
        self.game.apply(acting[0] if acting else "-", name)

    @property
    def decisions(self) -> list[tuple[str, str]]:
        return list(self.game.decisions)

    @property
    def result(self) -> Result | None:
        return self.game.result

    @property
    def turn(self) -> int:
        return self.game.umpire.turn

    def explained(self) -> Game:
        return self.game.explained()

    @property
    def log(self) -> GameLog:
        return self.game.explained().log

    def log_for(self, seat: str) -> list[Event]:
        return self.game.explained().log_for(seat)

    def save(self, path: str | Path) -> None:
        self.game.save(path)
