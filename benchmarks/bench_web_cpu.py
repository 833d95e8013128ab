"""The web server's **CPU per person decision**, this tree against an earlier revision, alternated in
rounds: CPU time is the server's work whatever else the machine runs, where bench_web.py's round-trips
are mostly waiting for a core on a busy one.

    .venv/bin/python benchmarks/bench_web_cpu.py --base 21c0585 --rounds 3

Each round, each version: a fresh database on one throwaway PostgreSQL (127.0.0.1), one ``riotact
serve`` of that version (``--bot-workers 1``), N tables of bench_web.py's (a scripted person against a
heuristic bot, Revolting Behaviour! and By Will Alone alternately), one warm-up decision each and a pause
until the server is idle (the bots' replies done, the pool started), then D more person decisions each and their bots'
replies. Reported: the CPU of the server process and its bot workers over those decisions, per person decision
(its bot's replies included), split into the server's main thread (the event loop), its other threads
(database writes, the pool's feeder threads) and its child processes (the bot workers). Medians over
rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psycopg

from bench_versions import ROOT, export
from bench_web import SCENARIOS, Person, children, cpu_seconds, free_port, post, run_all
from web_support import throwaway_postgres


def thread_cpu(pid: int) -> dict[int, float]:
    """CPU seconds of each live thread of a process so far (Linux /proc), by thread id."""
    ticks = os.sysconf("SC_CLK_TCK")
    found = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            fields = Path(f"/proc/{pid}/task/{task}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        found[int(task)] = (int(fields[11]) + int(fields[12])) / ticks
    return found


def worker_cpu(pid: int) -> float:
    """CPU seconds of a process's child processes so far (its bot workers)."""
    return sum(cpu_seconds(child) for child in children(pid))


def settle(pid: int, limit: float = 90.0) -> None:
    """Wait until the server and its bot workers are idle (under 5 % of a core over a second), at most
    ``limit`` seconds: the bots' replies to the warm-up done however slowly a loaded machine lets their
    workers, which run below the server's priority, think (a fixed wait left some inside the measure)."""
    deadline, before = time.monotonic() + limit, cpu_seconds(pid)
    while time.monotonic() < deadline:
        time.sleep(1)
        now = cpu_seconds(pid)
        if now - before < 0.05:
            return
        before = now


def serve(src: Path, db: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "riotact.cli", "serve", "--port", str(port), "--db", db,
                                "--tables-per-minute", "0", "--max-open-tables", "0", "--no-access-log",
                                "--bot-workers", "1"], env={**os.environ, "PYTHONPATH": str(src)},
                               stdout=subprocess.DEVNULL)
    for _ in range(2400):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1).read()
            return process, port
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"the server of {src} did not start")


def one_run(src: Path, db: str, tables: int, decisions: int, think: float) -> tuple[float, float, float]:
    """(main thread, other threads, children) CPU seconds per person decision."""
    server, port = serve(src, db)
    try:
        people = []
        for i in range(tables):
            ref, me, bots = SCENARIOS[i % len(SCENARIOS)]
            made = post(port, {"scenario": ref, "seats": bots, "seed": 1000 + i})
            people.append(Person(str(made["table"]), str(dict(made["tokens"])[me]), me, 0))  # type: ignore[call-overload]
        asyncio.run(run_all(people, [port], [True], 1, 120, 1, 0.0))
        settle(server.pid)  # the bots' replies to the warm-up done
        warm, total = sum(p.acked for p in people), cpu_seconds(server.pid)
        main, workers = thread_cpu(server.pid)[server.pid], worker_cpu(server.pid)
        asyncio.run(run_all(people, [port], [True], 1 + decisions, 600, 2, think))
        settle(server.pid)  # and to the last of them
        count = sum(p.acked for p in people) - warm
        total, main = cpu_seconds(server.pid) - total, thread_cpu(server.pid)[server.pid] - main
        workers = worker_cpu(server.pid) - workers
        return main / count, (total - main - workers) / count, workers / count
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the earlier revision (a commit, a branch)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--decisions", type=int, default=6, help="person decisions per table and run")
    parser.add_argument("--think", type=float, default=0.2, help="a person's mean thinking time, seconds")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="riotact-cpu-") as folder, throwaway_postgres() as postgres:
        versions = {"base": export(args.base, Path(folder)) / "src", "this tree": ROOT / "src"}
        found: dict[str, list[tuple[float, float, float]]] = {name: [] for name in versions}
        for round_number in range(args.rounds):
            for name, src in versions.items():
                database = f"cpu_{round_number}_{'base' if name == 'base' else 'tree'}"
                with psycopg.connect(f"{postgres}/postgres", autocommit=True) as connection:
                    connection.execute(f"CREATE DATABASE {database}")
                main_thread, others, children = one_run(src, f"{postgres}/{database}", args.tables,
                                                         args.decisions, args.think)
                found[name].append((main_thread, others, children))
                print(f"round {round_number + 1}, {name}: {(main_thread + others + children) * 1000:.2f} ms per "
                      f"person decision (main thread {main_thread * 1000:.2f}, other threads {others * 1000:.2f}, "
                      f"bot workers {children * 1000:.2f}); load {os.getloadavg()[0]:.1f}", flush=True)
    medians = {name: statistics.median(sum(run) for run in runs) for name, runs in found.items()}
    print(f"median server CPU per person decision: base {medians['base'] * 1000:.2f} ms, this tree "
          f"{medians['this tree'] * 1000:.2f} ms ({medians['this tree'] / medians['base']:.2f}x)")


if __name__ == "__main__":
    main()
