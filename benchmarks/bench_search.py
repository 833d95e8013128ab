"""The ``search`` bot (level ``hard``, core/search.py) against the heuristic and the random bot, paired.

For each seed 0..N-1 and **every seat** of the scenario, the search bot takes that seat and the opponent
kind (``heuristic`` or ``random``) every other one; the same seed and seat are played again with the
opponent kind in that seat too (the baseline), so the two games differ only in who sits there. Over a
seed's games the search bot has sat in every seat (sides swapped), so with two sides an even player
wins half of them.

Printed per scenario, opponent and seat (and over all seats):

- **win share** of the search bot: wins + half the draws, over its games, with a 95% interval over
  seeds (a seed is the paired unit: its games cover every seat);
- the **baseline**'s win share in the same seeds and seats (the opponent kind playing the seat), and
  the paired difference search − baseline (+1/½/0 per game) with its 95% interval;
- CPU seconds per search decision (mean and the largest), decisions with one legal action excepted.

Each game is appended as a JSON line to ``--out`` as it ends, so a run stopped early still counts;
``--summarise FILE`` prints the table of such a file. ``--profile`` says where a decision's time goes
instead: per scenario, the CPU of dealing a world, of a deep copy of it, of a whole game played by
the heuristic bots (what a rollout costs), and, for a few decisions of such a game made by the search
bot in its budget, the rollouts made and whether it left the heuristic's choice. ``--engines`` gives the
search bot's rollouts per CPU-second on the Python and the compiled engine, alternated in one process.
Progress goes to stderr.

    nice -n 10 .venv/bin/python benchmarks/bench_search.py --scenario revolting-behaviour/first-game \\
        --games 10 --opponent heuristic --seconds 1.0 --out runs/search-rb.jsonl
    .venv/bin/python benchmarks/bench_search.py --summarise runs/search-rb.jsonl
    nice -n 10 .venv/bin/python benchmarks/bench_search.py --profile --scenario by-will-alone/ministry-sit-in
    nice -n 10 .venv/bin/python benchmarks/bench_search.py --engines --scenario by-will-alone/ministry-sit-in \\
        --seconds 0.5 --rounds 3
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from riotact.compiled import unavailable
from riotact.core import Game, find_scenario
from riotact.core.bots import make_bot, play_out
from riotact.core.protocol import Bot
from riotact.core.search import HARD_ITERATIONS, SECONDS, Determiniser, SearchBot, outcome
from riotact.core.worlds import world_copy

#: The engines ``--engines`` compares.
ENGINES = ("python", "compiled")


def play(ref: str, seed: int, seat: str, kind: str, opponent: str, seconds: float,
         iterations: int) -> dict[str, Any]:
    """One game: ``kind`` in ``seat``, ``opponent`` elsewhere; the seat's score (1 win, ½ draw, 0 loss)
    and the CPU seconds of each of its decisions that had a choice."""
    game = Game(find_scenario(ref), seed=seed, explain=False)
    bots: dict[str, Bot] = {s: make_bot(kind if s == seat else opponent, game, s) for s in game.seats}
    searcher = bots[seat]
    if isinstance(searcher, SearchBot):
        searcher.seconds, searcher.iterations = seconds, iterations
    spent: list[float] = []
    while game.to_act():
        acting = game.to_act()[0]
        bot, legal = bots[acting], game.legal_actions(acting)
        view = game.view(acting) if bot.needs_view else None
        started = time.process_time()
        action = bot.choose(view, legal)
        if acting == seat and len(legal) > 1:
            spent.append(time.process_time() - started)
        game.apply(acting, action)
    assert game.result is not None
    winners = game.result.winners
    score = 1.0 if seat in winners else 0.5 if not winners else 0.0
    return {"scenario": ref, "seed": seed, "seat": seat, "kind": kind, "opponent": opponent, "score": score,
            "points": game.result.scores.get(seat), "decisions": len(spent), "cpu": round(sum(spent), 4),
            "cpu_max": round(max(spent, default=0.0), 4),
            "departures": searcher.departures if isinstance(searcher, SearchBot) else 0}


def profile(ref: str, seconds: float, iterations: int, decisions: int = 4) -> dict[str, Any]:
    """Where a search decision's time goes in ``ref`` (see the module docstring)."""
    game = Game(find_scenario(ref), seed=7, explain=False)
    bots = {s: make_bot("heuristic", game, s) for s in game.seats}
    started = time.process_time()
    play_out(game, bots)
    whole_game = time.process_time() - started
    game = Game(find_scenario(ref), seed=7, explain=False)
    bots = {s: make_bot("heuristic", game, s) for s in game.seats}
    rows, deal, copying = [], [], []
    for number in range(100_000):
        if not game.to_act() or len(rows) >= decisions:
            break
        seat = game.to_act()[0]
        legal, view = game.legal_actions(seat), game.view(seat)
        if len(legal) > 1 and number % 5 == 0:
            searcher = make_bot("hard", game, seat)
            assert isinstance(searcher, SearchBot) and game.spec.determinise is not None
            searcher.seconds, searcher.iterations = seconds, iterations
            worlds: list[int] = []
            searcher.determinise = _counting(game.spec.determinise, worlds)
            started = time.process_time()
            world = game.spec.determinise(game, seat, number)
            deal.append(time.process_time() - started)
            started = time.process_time()
            copy.deepcopy(world)
            copying.append(time.process_time() - started)
            base = bots[seat].choose(view, legal)
            started = time.process_time()
            choice = searcher.choose(view, legal)
            rows.append({"legal": len(legal), "rollouts": len(worlds), "cpu": round(time.process_time() - started, 3),
                         "left_heuristic": choice != base})
            game.apply(seat, base)
            continue
        bot = bots[seat]
        game.apply(seat, bot.choose(view if bot.needs_view else None, legal))
    return {"scenario": ref, "deal_world_ms": round(1000 * statistics.fmean(deal), 2),
            "deep_copy_ms": round(1000 * statistics.fmean(copying), 2),
            "heuristic_game_ms": round(1000 * whole_game, 1), "decisions": rows}


def engine_rates(ref: str, seconds: float, rounds: int, decisions: int = 3) -> dict[str, Any]:
    """Rollouts per CPU-second of the search bot on the Python and the compiled engine (``--engines``):
    the same positions of a game played by the heuristic bots on both engines in step (its first
    ``decisions`` decisions with a choice, every fifth decision), each searched for ``seconds`` of CPU
    time by a fresh ``hard`` bot on one engine, then on the other, ``rounds`` times over (alternated in
    one process, so both share the machine's load): the worlds dealt (one a rollout) over the CPU
    spent, the median per engine, and the ratio compiled / Python."""
    games = {engine: Game(find_scenario(ref), seed=7, explain=False, engine=engine) for engine in ENGINES}
    python = games["python"]
    bots = {s: make_bot("heuristic", python, s) for s in python.seats}
    rates: dict[str, list[float]] = {engine: [] for engine in ENGINES}
    positions = 0
    for number in range(100_000):
        if not python.to_act() or positions >= decisions:
            break
        seat = python.to_act()[0]
        legal = python.legal_actions(seat)
        if len(legal) > 1 and number % 5 == 0:
            positions += 1
            for _ in range(rounds):
                for engine, game in games.items():
                    searcher = make_bot("hard", game, seat)
                    assert isinstance(searcher, SearchBot)
                    searcher.seconds, searcher.iterations = seconds, 10**6
                    worlds: list[int] = []
                    searcher.determinise = _counting(searcher.determinise, worlds)
                    started = time.process_time()
                    searcher.choose(game.view(seat), game.legal_actions(seat))
                    rates[engine].append(len(worlds) / (time.process_time() - started))
        bot = bots[seat]
        decision = bot.choose(python.view(seat) if bot.needs_view else None, legal)
        for game in games.values():
            game.apply(seat, decision)
    medians = {engine: statistics.median(made) for engine, made in rates.items()}
    return {"scenario": ref, "positions": positions, "rounds": rounds,
            **{f"rollouts_per_s_{engine}": round(rate, 1) for engine, rate in medians.items()},
            "ratio": round(medians["compiled"] / medians["python"], 2)}


def audit(ref: str, seed: int, seconds: float, every: int, rollouts: int, threshold: float) -> list[dict[str, Any]]:
    """Whether the search bot's departures from the heuristic are worth making, judged on the truth.

    A game of ``ref`` played by the heuristic bots; at every ``every``-th decision with a choice, the
    seat's search bot (its own heuristic bot being the one that plays the seat) searches in its budget
    and the heuristic's choice is played whatever it found. Where the best candidate beat the
    heuristic's choice by at least ``threshold`` paired standard errors (2: a departure), both are
    played on from the true position (not a dealt world) to the end by the heuristic bots in
    ``rollouts`` paired futures: the true gain in outcome (+1 win, -1 loss) and in the seat's score."""
    game = Game(find_scenario(ref), seed=seed, explain=False)
    searchers = {s: make_bot("hard", game, s) for s in game.seats}
    rows: list[dict[str, Any]] = []
    for number in range(100_000):
        if not game.to_act():
            break
        seat = game.to_act()[0]
        searcher = searchers[seat]
        assert isinstance(searcher, SearchBot) and searcher.policy is not None
        legal, view = game.legal_actions(seat), game.view(seat)
        if len(legal) == 1 or number % every:
            game.apply(seat, searcher.policy.choose(view, legal))
            continue
        searcher.seconds = seconds
        searcher.choose(view, legal)
        verdict = searcher.verdict  # the heuristic's choice is played: the game stays the heuristic bots'
        assert verdict is not None
        row: dict[str, Any] = {"scenario": ref, "seed": seed, "decision": number, "seat": seat,
                               "legal": len(legal), "z": None}
        if verdict[2] > 0:
            best, base, gain, spread = verdict
            row["z"] = round(gain / spread, 2) if spread > 0 else math.inf
            if row["z"] >= threshold:
                outcomes, scores = [], []
                for future in range(rollouts):
                    values = [_true_value(game, seat, action, 1_000_003 * seed + future)
                              for action in (best, base)]
                    outcomes.append(values[0][0] - values[1][0])
                    scores.append(values[0][1] - values[1][1])
                row.update({"best": best, "base": base, "gain": round(gain, 4),
                            "true_gain": [round(x, 3) for x in interval(outcomes, -2, 2)],
                            "true_score_gain": [round(x, 2) for x in interval(scores, -math.inf, math.inf)]})
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
        game.apply(seat, verdict[1])
    return rows


def _true_value(game: Game, seat: str, action: str, seed: int) -> tuple[float, float]:
    """The outcome for ``seat`` (+1 win, -1 loss, 0 nobody) and its score when ``action`` is made in the
    true position and the heuristic bots play on to the end with the dice of ``seed``."""
    world = world_copy(game, seed)
    world.apply(seat, action)
    play_out(world, {s: make_bot("heuristic", world, s) for s in world.seats})
    assert world.result is not None
    return outcome(world.result, world.seats)[seat], float(world.result.scores.get(seat) or 0.0)


def _counting(determinise: Determiniser, worlds: list[int]) -> Determiniser:
    """``determinise``, noting each world it deals (one a rollout)."""
    def deal(game: Game, seat: str, seed: int) -> Game:
        worlds.append(seed)
        return determinise(game, seat, seed)
    return deal


def interval(values: list[float], low: float, high: float) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation, kept within ``low``..``high``; infinite with one value)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, max(low, mean - half), min(high, mean + half)


def summarise(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per scenario, opponent and seat (``all``: every seat, a seed being the paired unit), the search
    bot's win share, its baseline's on the same games, the paired difference and CPU per decision."""
    games: dict[tuple[str, str, int, str, str], dict[str, Any]] = {}
    for row in rows:
        games[(row["scenario"], row["opponent"], row["seed"], row["seat"], row["kind"])] = row
    out = []
    for scenario, opponent in sorted({(k[0], k[1]) for k in games}):
        paired = [(k[2], k[3], games[k], games.get((scenario, opponent, k[2], k[3], opponent)))
                  for k in games if k[0] == scenario and k[1] == opponent and k[4] == "search"]
        paired = [p for p in paired if p[3] is not None]
        for seat in [*sorted({p[1] for p in paired}), "all"]:
            chosen = [p for p in paired if seat in ("all", p[1])]
            by_seed: dict[int, list[tuple[float, float]]] = defaultdict(list)
            points: dict[int, list[float]] = defaultdict(list)
            for seed, _, mine, base in chosen:
                by_seed[seed].append((mine["score"], base["score"]))  # type: ignore[index]
                if mine.get("points") is not None and base.get("points") is not None:  # type: ignore[union-attr]
                    points[seed].append(mine["points"] - base["points"])  # type: ignore[index]
            if seat == "all":  # only seeds played in every seat: sides swapped
                seats = len(find_scenario(scenario).seats)
                by_seed = defaultdict(list, {s: v for s, v in by_seed.items() if len(v) == seats})
            if not by_seed:
                continue
            share = [statistics.fmean(m for m, _ in v) for v in by_seed.values()]
            base = [statistics.fmean(b for _, b in v) for v in by_seed.values()]
            diff = [x - y for x, y in zip(share, base, strict=True)]
            used = [p for p in chosen if p[0] in by_seed]
            decisions = sum(p[2]["decisions"] for p in used)
            margins = [statistics.fmean(points[s]) for s in by_seed if points[s]]
            out.append({
                "scenario": scenario, "opponent": opponent, "seat": seat, "seeds": len(by_seed),
                "games": len(used), "search_win_share": [round(x, 3) for x in interval(share, 0.0, 1.0)],
                "baseline_win_share": round(statistics.fmean(base), 3),
                "paired_difference": [round(x, 3) for x in interval(diff, -1.0, 1.0)],
                "points_difference": [round(x, 2) for x in interval(margins, -math.inf, math.inf)] if margins else None,
                "departures": round(sum(p[2].get("departures", 0) for p in used) / max(decisions, 1), 3),
                "cpu_per_decision": round(sum(p[2]["cpu"] for p in used) / max(decisions, 1), 3),
                "cpu_max": max(p[2]["cpu_max"] for p in used),
            })
    return out


def table(summary: list[dict[str, Any]]) -> str:
    """The summary as a Markdown table."""
    def span(values: list[float]) -> str:
        mean, low, high = values
        return f"{mean:.2f} ({low:.2f} … {high:.2f})" if math.isfinite(low) else f"{mean:.2f} (one seed)"
    lines = ["| scenario | opponent | seat | seeds | games | search win share (95%) | baseline win share | "
             "paired difference (95%) | score difference (95%) | left the heuristic | CPU s / decision (max) |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in summary:
        margin = span(r["points_difference"]) if r["points_difference"] else "-"
        lines.append(f"| {r['scenario']} | {r['opponent']} | {r['seat']} | {r['seeds']} | {r['games']} | "
                     f"{span(r['search_win_share'])} | {r['baseline_win_share']:.2f} | "
                     f"{span(r['paired_difference'])} | {margin} | {r['departures']:.0%} | "
                     f"{r['cpu_per_decision']:.2f} ({r['cpu_max']:.2f}) |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", action="append", default=[])
    parser.add_argument("--games", type=int, default=10, help="seeds; each is played in every seat")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--opponent", action="append", choices=("heuristic", "random"), default=[])
    parser.add_argument("--seconds", type=float, default=SECONDS, help="CPU budget per search decision")
    parser.add_argument("--iterations", type=int, default=HARD_ITERATIONS, help="rollouts per decision at most")
    parser.add_argument("--out", type=Path, help="append each game as a JSON line")
    parser.add_argument("--summarise", type=Path, help="print the table of a file --out wrote, and stop")
    parser.add_argument("--profile", action="store_true", help="where a decision's time goes, and stop")
    parser.add_argument("--audit", action="store_true",
                        help="judge the bot's departures from the heuristic on the truth (heuristic games), and stop")
    parser.add_argument("--every", type=int, default=3, help="--audit: search at every N-th decision")
    parser.add_argument("--threshold", type=float, default=1.0,
                        help="--audit: judge candidates this many paired standard errors above the heuristic's")
    parser.add_argument("--futures", type=int, default=200, help="--audit: paired true futures per judged decision")
    parser.add_argument("--engines", action="store_true",
                        help="rollouts per CPU-second on the Python and the compiled engine, alternated, and stop")
    parser.add_argument("--rounds", type=int, default=3, help="--engines: searches of each position per engine")
    args = parser.parse_args()
    if args.engines:
        for ref in args.scenario or ["by-will-alone/ministry-sit-in"]:
            reason = unavailable(find_scenario(ref).ruleset)
            print(json.dumps({"scenario": ref, "compiled": reason} if reason else
                             engine_rates(ref, args.seconds, args.rounds)), flush=True)
        return
    if args.audit:
        for ref in args.scenario or ["revolting-behaviour/first-game"]:
            for seed in range(args.first_seed, args.first_seed + args.games):
                for row in audit(ref, seed, args.seconds, args.every, args.futures, args.threshold):
                    if args.out:
                        with args.out.open("a") as out:
                            out.write(json.dumps(row) + "\n")
        return
    if args.profile:
        for ref in args.scenario or ["revolting-behaviour/first-game"]:
            print(json.dumps(profile(ref, args.seconds, args.iterations)), flush=True)
        return
    if args.summarise:
        rows = [json.loads(line) for line in args.summarise.read_text().splitlines() if line.strip()]
        print(table(summarise(rows)))
        return
    rows = []
    for ref in args.scenario or ["revolting-behaviour/first-game"]:
        for opponent in args.opponent or ["heuristic", "random"]:
            for seed in range(args.first_seed, args.first_seed + args.games):
                for seat in find_scenario(ref).seats:
                    for kind in ("search", opponent):
                        row = play(ref, seed, seat, kind, opponent, args.seconds, args.iterations)
                        rows.append(row)
                        if args.out:
                            with args.out.open("a") as out:
                                out.write(json.dumps(row) + "\n")
                        print(json.dumps(row), file=sys.stderr, flush=True)
    print(json.dumps(summarise(rows), indent=1))
    print(table(summarise(rows)))


if __name__ == "__main__":
    main()
