"""Civil Disorder throughput: a large riot against Mesa's Epstein civil-violence model.

riotact: 20 crowds of 25 figures and 12 SF units (10 figures each) for 60 turns, every crowd
run by the Game Control rules (movement with route dice, RL rolls, missiles, damage, fights,
fire), measured in crowd-or-unit steps per CPU-second (crowds and units on the table x turns
resolved; a crowd of 25 moves as one object, so figure-steps, also shown, flatter us), with the
explained log and in the laboratory mode. Mesa 3.3.1: ``mesa.examples.EpsteinCivilViolence``
(about 1,250 agents) for 100 steps, in agent-steps per CPU-second. All run in this process,
alternating, on one core; medians of the rounds.

Run: ``.venv/bin/python benchmarks/bench_cd.py [--rounds 5]`` (needs the `bench` extra).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from peers import pin_to_one_core
from riotact.compiled import unavailable
from riotact.core import Game, parse_scenario

CROWDS, CROWD_FIGURES, UNITS, UNIT_FIGURES, TURNS = 20, 25, 12, 10, 60
UNIT_TYPES = ("riot_police", "anti_riot", "patrol", "mounted", "riot_soldiers", "soldiers")


def big_riot() -> dict[str, object]:
    """A 7 x 6 junction town (96" x 80") with shops in every block."""
    columns, rows = 7, 6
    buildings = [{"id": f"b{c}_{r}_{p}", "block": [c, r], "part": p, "value": 40 + 10 * ((c + r) % 6),
                  "kind": "shop" if (c + r) % 2 else "office"}
                 for c in range(columns - 1) for r in range(rows - 1) for p in ("west", "east")]
    crowds = [{"id": f"C{i}", "figures": CROWD_FIGURES, "at": f"J{i % columns}-{(i // columns) % rows}",
               "rl": 4 + i % 4, "looters": i % 10 == 9, "petrol_bombs": i % 3 == 0}
              for i in range(CROWDS)]
    units = [{"id": f"U{i}", "type": UNIT_TYPES[i % len(UNIT_TYPES)], "figures": UNIT_FIGURES,
              "at": f"J{(i * 3) % columns}-{rows - 1 - i % 2}", "player": "commander",
              "order": f"advance:C{i}" if i % 2 else "hold"} for i in range(UNITS)]
    return {
        "ruleset": "civil-disorder", "id": "big-riot", "title": "Benchmark riot", "seats": ["commander"],
        "setup": {"turns": TURNS, "town": {"columns": columns, "rows": rows, "block": 16, "step": 2},
                  "buildings": buildings, "crowds": crowds, "units": units,
                  "features": [{"kind": "missiles", "at": "J3-2"}, {"kind": "hydrant", "at": "J2-2"}],
                  "players": [{"seat": "commander", "at": "J3-5", "megaphone": True}]},
    }


def run_riotact(seed: int, explain: bool, compiled: bool = False) -> tuple[int, int, float]:
    """One big riot; the commander passes every turn, so units act on their last orders (CD-13).
    ``compiled``: the laboratory mode on the compiled engine (riotact.compiled).
    Returns (crowd-or-unit steps, figure-steps, CPU seconds)."""
    game = Game(parse_scenario(big_riot(), "bench"), seed=seed, explain=explain,
                engine="compiled" if compiled else "python")
    state = game.state
    entity_steps = figure_steps = 0
    start = time.process_time()
    while not game.is_over():
        crowds, units = state.live_crowds(), state.live_units()
        entity_steps += len(crowds) + len(units)
        figure_steps += sum(c.figures for c in crowds) + sum(u.figures for u in units)
        game.apply("commander", "pass")
        game.apply("commander", "stay")
    return entity_steps, figure_steps, time.process_time() - start


def run_mesa(steps: int = 100) -> tuple[int, float]:
    """Mesa's Epstein model: (agent-steps, CPU seconds)."""
    from mesa.examples import EpsteinCivilViolence

    model = EpsteinCivilViolence(seed=1)
    agent_steps = 0
    start = time.process_time()
    for _ in range(steps):
        agent_steps += len(model.agents)
        model.step()
    return agent_steps, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds; medians are kept")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pin_to_one_core()
    modes = [("riotact explained", True, False), ("riotact laboratory", False, False)]
    if unavailable("civil-disorder") is None:
        modes.append(("riotact compiled laboratory", False, True))
    else:
        print(f"not measured: {unavailable('civil-disorder')}")
    for _, explain, compiled in modes:  # warm each engine's town sight and distance caches, as Mesa warms its grid
        run_riotact(0, explain, compiled)
    rates: dict[str, list[float]] = {name: [] for name, _, _ in modes} | {"mesa": []}
    figure_rates: dict[str, list[float]] = {name: [] for name, _, _ in modes}
    for round_ in range(args.rounds):
        for name, explain, compiled in modes:
            entities, figures, seconds = run_riotact(1 + round_, explain, compiled)
            rates[name].append(entities / seconds)
            figure_rates[name].append(figures / seconds)
        try:
            agent_steps, seconds = run_mesa()
        except ImportError:
            rates.pop("mesa", None)
            continue
        rates["mesa"].append(agent_steps / seconds)
    medians = {name: round(statistics.median(r)) for name, r in rates.items() if r}
    report: dict[str, object] = {
        "entity_steps_per_cpu_s": medians,
        "figure_steps_per_cpu_s": {n: round(statistics.median(r)) for n, r in figure_rates.items()},
        "setup": f"{CROWDS} crowds x {CROWD_FIGURES} figures + {UNITS} SF units x {UNIT_FIGURES}, {TURNS} turns",
    }
    if "mesa" in medians:
        report["ratios_per_entity_step"] = {n: round(medians[n] / medians["mesa"], 2) for n, _, _ in modes}
        fastest = max(medians[n] for n, _, _ in modes if n != "riotact explained")
        report["goal_laboratory_3x_met"] = fastest >= 3 * medians["mesa"]
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
