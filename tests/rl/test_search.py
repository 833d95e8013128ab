"""The `search` bot (core/search.py): information-set Monte Carlo search over determinisations."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

import pytest

from riotact.core import UMPIRE, Evaluation, Game, State, find_scenario
from riotact.core.bots import BOT_KINDS, bot_rng, make_bot
from riotact.core.log import dumps
from riotact.core.search import MOOT_SAMPLES, SearchBot
from riotact.rulesets import get_ruleset
from riotact.rulesets.revolting_behaviour.determinise import from_view

RB = get_ruleset("revolting-behaviour")  # its determiniser and heuristic bot
determinise, HeuristicBot = RB.determinise, RB.heuristic_bot


def _played(ref: str, seed: int, decisions: int) -> Game:
    game = Game(find_scenario(ref), seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)).id)
    return game


def test_search_is_a_seat_kind() -> None:
    assert "search" in BOT_KINDS


@pytest.mark.parametrize("ref", ["revolting-behaviour/first-game", "revolting-behaviour/four-players",
                                 "revolting-behaviour/long-game"])
def test_a_determinisation_looks_the_same_to_the_seat(ref: str) -> None:
    """RB-07: what the seat sees (view and offered actions) is kept; the face-down Cause is dealt anew."""
    game = _played(ref, 3, 40)
    seat = game.to_act()[0]
    view = game.view(seat)
    worlds = [from_view(game.scenario, game.options, view, k) for k in (1, 2)]
    for world in worlds:
        assert dumps(world.view(seat)) == dumps(view)
    causes = [[c.code for c in w.state.players[seat].cause.cards] for w in worlds]  # type: ignore[attr-defined]
    assert causes[0] != causes[1]


@pytest.mark.parametrize("ref", ["revolting-behaviour/first-game", "by-will-alone/ministry-sit-in",
                                 "civil-disorder/embassy-protest", "public-participation/picket-line",
                                 "breaking-of-nations/trench-raid"])
def test_make_bot_gives_a_search_bot_for_every_ruleset(ref: str) -> None:
    game = Game(find_scenario(ref), seed=1)
    seat = game.to_act()[0]
    bot = make_bot("search", game, seat)
    assert isinstance(bot, SearchBot)
    bot.iterations, bot.rollout_cap = 4, 30
    assert bot.choose(game.view(seat), game.legal_actions(seat)) in {a.id for a in game.legal_actions(seat)}


def _counting(calls: list[int], dealer: Callable[[Game, str, int], Game] = determinise,
              ) -> Callable[[Game, str, int], Game]:
    def deal(game: Game, seat: str, seed: int) -> Game:
        calls.append(seed)
        return dealer(game, seat, seed)
    return deal


def test_the_budget_bounds_the_worlds_dealt() -> None:
    """Successive halving spends ``iterations`` rollouts (each survivor gets at least one a round)."""
    game = _played("revolting-behaviour/first-game", 3, 9)
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)
    calls: list[int] = []
    bot = SearchBot(seat, random.Random(2), game=game, determinise=_counting(calls), iterations=24,
                    rollout_bot=HeuristicBot)
    bot.choose(game.view(seat), legal)
    assert len(legal) == 1 or 0 < len(calls) <= 24 + len(legal)


def test_without_a_clear_gain_the_heuristic_choice_stands() -> None:
    """Anchored to its rollout policy: with an unreachable margin the bot plays the heuristic's choice."""
    for seed in range(4):
        game = _played("revolting-behaviour/first-game", seed, 5 + seed)
        seat = game.to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        bot = SearchBot(seat, random.Random(seed), game=game, determinise=determinise, iterations=8,
                        margin=math.inf, rollout_bot=HeuristicBot)
        expected = HeuristicBot(seat, random.Random(0)).choose(view, legal)
        assert bot.choose(view, legal) == expected


@pytest.mark.parametrize("ref", ["revolting-behaviour/first-game", "by-will-alone/ministry-sit-in",
                                 "civil-disorder/embassy-protest", "public-participation/picket-line",
                                 "breaking-of-nations/trench-raid"])
def test_with_a_seed_and_a_count_of_rollouts_the_choice_is_the_same(ref: str) -> None:
    """No clock in the budget: the same seed chooses the same, whatever the machine's load."""
    game = _played(ref, 4, 6)
    seat = game.to_act()[0]
    choices = set()
    for _ in range(2):
        bot = make_bot("hard", game, seat)
        assert isinstance(bot, SearchBot)
        bot.iterations, bot.seconds, bot.rollout_cap = 6, None, 40
        choices.add(bot.choose(game.view(seat), game.legal_actions(seat)))
    assert len(choices) == 1 and choices <= {a.id for a in game.legal_actions(seat)}


@pytest.mark.parametrize(("ref", "seconds"), [("by-will-alone/ministry-sit-in", 0.3),
                                              ("public-participation/picket-line", 0.3),
                                              ("breaking-of-nations/trench-raid", 0.1)])
def test_a_decision_keeps_to_its_cpu_budget(ref: str, seconds: float) -> None:
    """The deadline is checked at every decision of a rollout (a rollout it cuts is not counted), so a
    decision overruns its budget by one rollout decision at most, plus the heuristic's own choice."""
    game = _played(ref, 2, 4)
    for _ in range(3):
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        bot = make_bot("hard", game, seat)
        assert isinstance(bot, SearchBot)
        bot.seconds = seconds
        started = time.process_time()
        action = bot.choose(game.view(seat), legal)
        assert time.process_time() - started < seconds + 0.15
        game.apply(seat, action)


def test_a_budget_spent_inside_the_first_rollout_leaves_the_heuristic_choice() -> None:
    game = _played("public-participation/picket-line", 1, 3)
    seat = game.to_act()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    assert game.spec.heuristic_bot is not None and len(legal) > 1
    # the search bot's first draw seeds the heuristic bot whose choice it starts from
    heuristic = game.spec.heuristic_bot(seat, random.Random(bot_rng(game.seed, seat).getrandbits(32)))
    expected = heuristic.choose(view, legal)
    bot = make_bot("hard", game, seat)
    assert isinstance(bot, SearchBot)
    bot.seconds = 1e-9
    assert bot.choose(view, legal) == expected


def test_a_rollout_cut_at_the_decision_cap_counts_as_a_loss() -> None:
    """Without an evaluation a rollout plays to the end; one the cap cuts first is a loss for the seat
    (counted a draw, it taught a losing seat to stall), whatever the world looked like."""
    game = Game(find_scenario("revolting-behaviour/first-game"), seed=5)
    seat = game.to_act()[0]
    action = game.legal_actions(seat)[0].id
    bot = SearchBot(seat, random.Random(1), game=game, determinise=determinise, rollout_bot=HeuristicBot)
    assert bot.horizon is None
    bot.rollout_cap = 10  # a first game lasts about 300 decisions
    assert bot.rollout(action, 7, 8) == -1.0
    bot.rollout_cap = 100_000
    assert bot.rollout(action, 7, 8) in (-1.0, 0.0, 1.0)  # played to the end: its outcome


def test_a_rollout_stops_at_the_horizon_and_asks_the_evaluation() -> None:
    """Each decision of a rollout before the horizon is played; then the ruleset's evaluation judges
    the world (here one that notes how far the game got)."""
    game = Game(find_scenario("revolting-behaviour/first-game"), seed=5)
    seat = game.to_act()[0]
    action = game.legal_actions(seat)[0].id
    seen: list[tuple[int, bool]] = []

    def judged(state: State, of: str) -> float:
        seen.append((state.umpire.turn, state.result is not None))
        return 0.25

    bot = SearchBot(seat, random.Random(1), game=game, determinise=determinise, rollout_bot=HeuristicBot,
                    evaluation=Evaluation(judged, 30))
    assert bot.rollout(action, 7, 8) == 0.25
    assert 1 < seen[-1][0] < 10 and not seen[-1][1]  # a few turns in
    bot.horizon, bot.rollout_cap = 100_000, 100_000
    assert bot.rollout(action, 7, 8) == 0.25
    assert seen[-1][0] > seen[0][0] and seen[-1][1]  # judged at the end


@pytest.mark.parametrize(("ref", "seeds"), [
    ("revolting-behaviour/first-game", 3), ("revolting-behaviour/four-players", 2),
    ("civil-disorder/embassy-protest", 3), ("civil-disorder/high-street-riot", 3),
    ("by-will-alone/ministry-sit-in", 2), ("by-will-alone/village-bulldozer", 2),
    ("public-participation/dry-gulch", 3), ("public-participation/picket-line", 2),
    ("breaking-of-nations/trench-raid", 3), ("breaking-of-nations/village-1914", 1)])
def test_an_evaluation_agrees_with_the_end_of_real_games(ref: str, seeds: int) -> None:
    """A ruleset's evaluation (``bots.py``), asked along heuristic games, stays within -1..1 and at the
    end has the sign of the outcome: positive for a winner, negative for a loser, 0 when nobody won
    a game with rival sides (RB's turn limit); the umpire of PP plays no side (PP-02): 0 throughout."""
    for seed in range(seeds):
        game = Game(find_scenario(ref), seed=seed, explain=False)
        evaluation = game.spec.evaluation
        assert evaluation is not None
        bots = {s: make_bot("heuristic", game, s) for s in game.seats}
        while game.to_act():
            seat = game.to_act()[0]
            assert all(-1.0 <= evaluation.value(game.state, s) <= 1.0 for s in game.seats)
            game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        assert game.result is not None
        for seat in game.seats:
            judged = evaluation.value(game.state, seat)
            if seat == UMPIRE:
                assert judged == 0
            elif seat in game.result.winners:
                assert judged > 0
            elif game.result.winners or ref.startswith("civil-disorder"):  # CD: the SF fell short
                assert judged < 0
            else:
                assert judged == 0


def test_the_search_bot_keeps_its_rollout_policy_for_the_whole_game() -> None:
    """With an unreachable margin the search bot plays the heuristic bot's game move for move, its
    memories too (CD's snatch squads go in for a turn, then rest: a fresh bot every decision forgot that)."""
    def played(kind: str) -> list[tuple[str, str]]:
        game = Game(find_scenario("civil-disorder/high-street-riot"), seed=0, explain=False)
        bots = {s: make_bot(kind if s == "commander" else "heuristic", game, s) for s in game.seats}
        searcher = bots["commander"]
        if isinstance(searcher, SearchBot):
            searcher.iterations, searcher.seconds, searcher.margin = 2, None, math.inf
        while game.to_act():
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        return list(game.decisions)
    assert played("search") == played("heuristic")



def test_a_moot_decision_stops_early_and_banks_its_time() -> None:
    """PP's umpire plays no side (PP-02: every world is worth 0 to him), so no candidate can be told from
    the heuristic's choice: after MOOT_SAMPLES samples of each that choice stands, and what is left of
    the second is banked for the next decision (at most one decision's worth)."""
    game = Game(find_scenario("public-participation/dry-gulch"), seed=3)
    heuristic = make_bot("heuristic", game, "outlaws")
    game.apply("outlaws", heuristic.choose(game.view("outlaws"), game.legal_actions("outlaws")))
    legal = game.legal_actions("umpire")
    assert game.to_act() == ("umpire",) and len(legal) > 1
    bot = make_bot("hard", game, "umpire")
    assert isinstance(bot, SearchBot) and bot.policy is not None and bot.seconds == 1.0
    expected = make_bot("heuristic", game, "umpire").choose(game.view("umpire"), legal)
    worlds: list[int] = []
    assert game.spec.determinise is not None
    bot.determinise = _counting(worlds, game.spec.determinise)
    started = time.process_time()
    assert bot.choose(game.view("umpire"), legal) == expected
    used = time.process_time() - started
    assert len(worlds) == MOOT_SAMPLES * len(legal) and bot.departures == 0
    assert bot.banked == pytest.approx(1.0 - used, abs=0.05)
