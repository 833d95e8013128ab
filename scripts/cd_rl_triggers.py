"""Civil Disorder: how much each RL trigger moves a crowd's RL (CD-20, CD-21), over seeded games.

Plays ``--games`` seeded games of every built-in Civil Disorder scenario with heuristic SF bots,
once with each ``rl_roll`` house rule ("relative", the default, and "absolute", the catalogue's
proposal), and reads every RL roll from the umpire's log (the CD-23 event after each roll names
the crowd, its triggers and its RL before and after). Prints a Markdown table per rule: for each
kind of trigger, the rolls it took part in, the mean RL change, how often the RL went down, stayed
or went up, and the mean change when it was the roll's only kind of trigger.

    .venv/bin/python scripts/cd_rl_triggers.py --games 200

The figures on docs/rules/CD.md come from this command; the same seeds give the same figures.
"""

from __future__ import annotations

import argparse
import re
from collections import defaultdict
from statistics import mean

from riotact.core import Game, make_bot, play_out
from riotact.core.scenario import builtin_scenarios
from riotact.rulesets import get_ruleset

#: Kinds of trigger, by the words the rules use for them (the first that matches).
KINDS = (
    ("SF come into view", re.compile(r"^SF come into view")),
    ("SF withdraw in sight", re.compile(r"withdraws in sight$")),
    ("SF advance and threaten", re.compile(r"threatens the crowd$")),
    ("SF charge", re.compile(r" charges$")),
    ("snatch squad / fight", re.compile(r"(goes in to arrest| fights)$")),
    ("a member arrested", re.compile(r"^a member is arrested$")),
    ("gas fired", re.compile(r" fires gas$")),
    ("shot at", re.compile(r" shoots$")),
    ("casualty", re.compile(r"casualty")),
    ("water cannon or hose", re.compile(r"turns water on the crowd$")),
    ("fire breaks out", re.compile(r"^fire breaks out")),
    ("bomb", re.compile(r"^a bomb goes off")),
)


def kind_of(trigger: str) -> str:
    return next((name for name, pattern in KINDS if pattern.search(trigger)), "other")


def rl_changes(rule: str, games: int) -> tuple[list[tuple[set[str], int]], list[dict]]:
    """(kinds of trigger, RL change) for every RL roll in ``games`` games of each scenario, and
    every game's result details with its SF score."""
    out: list[tuple[set[str], int]] = []
    results: list[dict] = []
    for scenario in builtin_scenarios(get_ruleset("civil-disorder")):
        for seed in range(1, games + 1):
            game = Game(scenario, seed=seed, options={"rl_roll": rule})
            play_out(game, {seat: make_bot("heuristic", game, seat) for seat in game.seats})
            assert game.result is not None
            results.append({**game.result.details, "score": next(iter(game.result.scores.values()))})
            for event in game.log_for("umpire"):
                if event.get("rule") == "CD-23" and "rl_before" in event:
                    out.append(({kind_of(t) for t in event["triggers"]}, event["rl"] - event["rl_before"]))
    return out, results


def table(changes: list[tuple[set[str], int]]) -> str:
    by_kind: dict[str, list[int]] = defaultdict(list)
    sole: dict[str, list[int]] = defaultdict(list)
    for kinds, change in changes:
        for kind in kinds:
            by_kind[kind].append(change)
        if len(kinds) == 1:
            sole[next(iter(kinds))].append(change)
    rows = ["| trigger | rolls | mean RL change | down / same / up | mean when the only trigger (rolls) |",
            "|---|---:|---:|---|---|"]
    for kind in sorted(by_kind, key=lambda k: -len(by_kind[k])):
        values = by_kind[kind]
        n = len(values)
        split = " / ".join(f"{100 * sum(f(v) for v in values) / n:.0f}%"
                           for f in (lambda v: v < 0, lambda v: v == 0, lambda v: v > 0))
        alone = f"{mean(sole[kind]):+.2f} ({len(sole[kind])})" if sole[kind] else "-"
        rows.append(f"| {kind} | {n} | {mean(values):+.2f} | {split} | {alone} |")
    every = [c for _, c in changes]
    big = sum(abs(c) >= 3 for c in every)
    rows.append(f"| **all rolls** | {len(every)} | {mean(every):+.2f} | | "
                f"jumps of 3 or more: {big} ({100 * big / len(every):.1f}%) |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games per scenario and rule")
    args = parser.parse_args()
    for rule in ("relative", "absolute"):
        print(f"\n`rl_roll = \"{rule}\"`, {args.games} seeded games (seeds 1-{args.games}) of each built-in "
              "scenario, heuristic SF bots:\n")
        changes, results = rl_changes(rule, args.games)
        print(table(changes))
        per_game = ", ".join(f"{key.replace('_', ' ')} {mean(r[key] for r in results):.2f}"
                             for key in ("score", "fires_started", "property_lost", "arrests", "crowds_dispersed"))
        print(f"\nMeans per game over {len(results)} games: {per_game}.")


if __name__ == "__main__":
    main()
