"""Civil Disorder throughput: a large riot against Mesa's Epstein civil-violence model.

riotact: 20 crowds of 25 figures and 12 SF units (10 figures each) for 60 turns, every crowd
run by the Game Control rules (movement with route dice, RL rolls, missiles, damage, fights,
fire), measured in figure-steps per second (figures on the table x turns resolved).
Mesa 3.3.1: ``mesa.examples.EpsteinCivilViolence`` (about 1,250 agents) for 100 steps, in
agent-steps per second. Both run in this process, one after the other.

Run: ``.venv/bin/python benchmarks/bench_cd.py`` (needs ``pip install mesa==3.3.1``).
"""

from __future__ import annotations

import time

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


def run_riotact(seed: int) -> tuple[int, float, int]:
    """One big riot; the commander passes every turn, so units act on their last orders (CD-13)."""
    game = Game(parse_scenario(big_riot(), "bench"), seed=seed)
    state = game.state
    figure_steps = 0
    start = time.perf_counter()
    while not game.is_over():
        figure_steps += sum(c.figures for c in state.live_crowds()) + sum(u.figures for u in state.live_units())
        game.apply("commander", "pass")
        game.apply("commander", "stay")
    return figure_steps, time.perf_counter() - start, len(game.log.events)


def run_mesa(steps: int = 100) -> tuple[int, float, int]:
    from mesa.examples import EpsteinCivilViolence

    model = EpsteinCivilViolence(seed=1)
    agent_steps = 0
    start = time.perf_counter()
    for _ in range(steps):
        agent_steps += len(model.agents)
        model.step()
    return agent_steps, time.perf_counter() - start, len(model.agents)


def main() -> None:
    run_riotact(0)  # warm the shared town's sight and distance caches, as Mesa warms its grid
    figure_steps = seconds = events = 0.0
    for seed in (1, 2, 3):
        fs, sec, ev = run_riotact(seed)
        figure_steps, seconds, events = figure_steps + fs, seconds + sec, events + ev
    ours = figure_steps / seconds
    print(f"riotact civil-disorder: {CROWDS} crowds x {CROWD_FIGURES} figures + {UNITS} SF units x "
          f"{UNIT_FIGURES}, {TURNS} turns, 3 games: {figure_steps:,.0f} figure-steps in {seconds:.3f} s "
          f"= {ours:,.0f} figure-steps/s ({events / 3:,.0f} log events per game)")
    try:
        agent_steps, mesa_seconds, agents = run_mesa()
    except ImportError:
        print("mesa is not installed (pip install mesa==3.3.1): no ratio")
        return
    theirs = agent_steps / mesa_seconds
    print(f"mesa {__import__('mesa').__version__} EpsteinCivilViolence: {agents} agents, 100 steps: "
          f"{agent_steps:,} agent-steps in {mesa_seconds:.3f} s = {theirs:,.0f} agent-steps/s")
    print(f"ratio: riotact figure-steps/s / Mesa agent-steps/s = {ours / theirs:.1f}x (goal: 10x)")


if __name__ == "__main__":
    main()
