"""Random-bot Revolting Behaviour! against OpenSpiel's Kuhn poker (Python and C++), in one process,
one core, alternating, medians of player decisions per CPU-second (chance outcomes excluded).

Every loop does what Kuhn's does, from Python, per decision: ask the legal decisions, pick one
uniformly with ``random.Random``, apply it; a new game is started (and timed) when one ends.
riotact is measured three ways:

- ``explained``: ``Game(...)`` with the full explained log, as every game played at the table keeps
  it (the Python engine: ``legal_actions`` / ``apply``);
- ``laboratory (Python)``: ``Game(..., explain=False)``, the same loop, the Python engine;
- ``laboratory (compiled)``: ``lab.laboratory(...)``, RB's compiled laboratory core played by
  action number (``legal_ids`` / ``apply_id``, ints as Kuhn's), the same games card for card
  (tests/revolting_behaviour/test_rb_lab.py), explained on demand by replay;
- ``explained (compiled)``: ``lab.laboratory(..., explain=True)``, the same loop on the compiled
  core keeping the full explained log as records (words made only when the log is read:
  tests/revolting_behaviour/test_rb_lab_log.py checks they are ``Game(..., explain=True)``'s log);
- ``explained (compiled), log read``: the same, and the whole log worded once at each game's end.

Apart, the cost of wording a finished game's whole log once (``game.log``, first read) is measured
on games played to the end: milliseconds per game and microseconds per event, medians.

    .venv/bin/python benchmarks/bench_rb.py [--seconds 3] [--rounds 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from peers import alternate, numbered_loop, openspiel_loop, pin_to_one_core, riotact_random_loop
from riotact.core import find_scenario
from riotact.rulesets.revolting_behaviour.native import lab

GOALS = {"riotact explained (compiled) / Kuhn Python": 2.0, "riotact laboratory (compiled) / Kuhn Python": 5.0}
OURS = ("riotact explained", "riotact laboratory (Python)", "riotact laboratory (compiled)",
        "riotact explained (compiled)", "riotact explained (compiled), log read")


def render_cost(scenario: Any, games: int) -> dict[str, float]:
    """Word finished games' whole logs once (the first ``game.log`` read): medians per game."""
    per_game, per_event, events = [], [], []
    for seed in range(games):
        game = lab.laboratory(scenario, seed=seed, engine="compiled", explain=True)
        rng = random.Random(seed)
        while not game.is_over():
            legal = game.legal_ids()
            game.apply_id(legal[int(rng.random() * len(legal))])
        start = time.process_time()
        count = len(game.log.events)
        elapsed = time.process_time() - start
        per_game.append(elapsed * 1e3)
        per_event.append(elapsed * 1e6 / count)
        events.append(count)
    return {"ms_per_game": round(statistics.median(per_game), 3),
            "us_per_event": round(statistics.median(per_event), 2),
            "events_per_game": statistics.median(events), "games": games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per loop per round")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds; medians are kept")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not lab.compiled():
        parser.error("the compiled laboratory core was not built (pip install -e . needs a C compiler)")
    pin_to_one_core()
    scenario = find_scenario("revolting-behaviour/first-game")
    rates = alternate({
        OURS[0]: riotact_random_loop(scenario, explain=True),
        OURS[1]: riotact_random_loop(scenario, explain=False),
        OURS[2]: numbered_loop(lambda seed: lab.laboratory(scenario, seed=seed, engine="compiled")),
        OURS[3]: numbered_loop(lambda seed: lab.laboratory(scenario, seed=seed, engine="compiled", explain=True)),
        OURS[4]: numbered_loop(lambda seed: lab.laboratory(scenario, seed=seed, engine="compiled", explain=True),
                               at_end=lambda game: game.log),
        "Kuhn Python": openspiel_loop("python_kuhn_poker"),
        "Kuhn C++": openspiel_loop("kuhn_poker")}, args.seconds, args.rounds)
    ratios = {f"{ours} / {peer}": round(rates[ours]["decisions_per_cpu_s"] / rates[peer]["decisions_per_cpu_s"], 3)
              for ours in OURS for peer in ("Kuhn Python", "Kuhn C++")}
    render = render_cost(scenario, 200)
    report = {"rates": rates, "ratios": ratios, "render": render,
              "goals_met": {k: ratios[k] >= goal for k, goal in GOALS.items()}}
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for name, rate in rates.items():
        print(f"{name:40} {rate['decisions_per_cpu_s']:>10,} player decisions/CPU-s "
              f"({rate['games_per_cpu_s']:,} games/CPU-s)")
    for name, ratio in ratios.items():
        goal = GOALS.get(name)
        print(f"{name:55} {ratio:6.3f}x" + (f"  (goal {goal}x: {'met' if ratio >= goal else 'NOT met'})"
                                             if goal else ""))
    print(f"wording a finished game's whole log once: {render['ms_per_game']} ms per game "
          f"({render['events_per_game']:g} events, {render['us_per_event']} µs per event; "
          f"medians of {render['games']})")


if __name__ == "__main__":
    main()
