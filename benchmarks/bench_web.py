"""Load benchmark of the web table on loopback (not a test): N concurrent tables, each a scripted person
against a server-side heuristic bot (thinking in each server's pool of bot worker processes), over real
websockets to real `riotact serve` processes: one on SQLite, or several on one PostgreSQL database (a
throwaway server started on 127.0.0.1), each table's person on one of them in turn and its table made
through another (as behind a load balancer without sticky sessions).

Reports the person-decision round-trip (a person's action sent -> the update answering it received)
p50/p99 and person decisions per second; with ``--busy-bots N`` (or the matched pair ``--compare-busy N``)
N more bots of ``--busy-level`` (default ``hard``: search bots, in the servers' search pools) play each
other beside the people all the while, and the phase reports their decisions and their workers' CPU, to
show they thought in the window measured. Then it kills one server with SIGKILL mid-run: its people reconnect
to another process (one process: to the same one, restarted), play on, and every table is checked to hold
every acknowledged decision exactly once (none lost, none duplicated).

    .venv/bin/python benchmarks/bench_web.py --tables 100 --decisions 30
    .venv/bin/python benchmarks/bench_web.py --db postgresql --processes 3 --tables 500 --think 1
    .venv/bin/python benchmarks/bench_web.py --db postgresql --no-kill --compare-busy 20 --busy-level hard

Bounded in count and time; only 127.0.0.1 is used.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from riotact.core.bots import LEVELS
from riotact.web.room import apply_view_patch
from riotact.web.store import open_store

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from web_support import throwaway_postgres

#: The busy bots' tables: two bots each, on a scenario where a search bot's decisions are not moot (it
#: answers a moot one at once): the ministry sit-in's take its whole second of CPU nearly every time
#: (21-110 actions a decision, values that differ), where BON trench-raid's first, 3 actions alike, takes 10 ms.
BUSY_SCENARIO, BUSY_SEATS = "by-will-alone/ministry-sit-in", ("nonviolent", "authority")
SCENARIOS = [("revolting-behaviour/first-game", "p1", {"p2": "heuristic"}),
             ("by-will-alone/ministry-sit-in", "nonviolent", {"authority": "heuristic"})]


@dataclass
class Person:
    table: str
    token: str
    seat: str
    server: int  # which server process it talks to now (index into the list of ports)
    acked: int = 0  # decisions of ours the server answered with an update
    in_flight: bool = False
    times: list[float] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve(db: str, port: int, bot_workers: int) -> subprocess.Popen[str]:
    process = subprocess.Popen([sys.executable, "-m", "riotact.cli", "serve", "--port", str(port), "--db", db,
                                "--tables-per-minute", "0", "--max-open-tables", "0", "--no-access-log",
                                "--bot-workers", str(bot_workers)], stdout=subprocess.PIPE, text=True)
    for _ in range(1200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1).read()
            return process
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc), 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_waited(pid: int | str) -> float:
    """Seconds the main thread of a process (a server's event loop; ``self``: the players') has waited so far
    for a core while ready to run (Linux /proc schedstat), 0 where it is not kept: how short the machine's
    cores ran for it."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def server_cpu(servers: list[subprocess.Popen[str]]) -> tuple[float, dict[int, float]]:
    """The CPU seconds of the server processes themselves, and of each of their child processes (the bot
    workers of both pools, and the pools' resource tracker) by id: to tell our work from the machine's load,
    and the servers' own from their bots'."""
    return (sum(cpu_seconds(s.pid) for s in servers),
            {child: cpu_seconds(child) for s in servers for child in children(s.pid)})


def children(pid: int) -> list[int]:
    try:
        found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    return [int(c) for c in found]


def post(port: int, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    return dict(json.load(urllib.request.urlopen(request, timeout=60)))


async def play(person: Person, ports: list[int], alive: list[bool], decisions: int, deadline: float,
               rng: random.Random, think: float) -> None:
    """Act whenever it is our turn, after thinking ``think`` seconds on average (a person does not answer
    at once); time each action from sending it until the update that answers it. A closed connection is
    opened again (as the page does), on the next process alive."""
    while person.acked < decisions and time.monotonic() < deadline:
        try:
            await play_connected(person, ports[person.server], decisions, deadline, rng, think)
            return
        except (TimeoutError, ConnectionClosed, OSError, InvalidStatus):
            while not alive[person.server]:
                person.server = (person.server + 1) % len(ports)
            await asyncio.sleep(0.2)


async def play_connected(person: Person, port: int, decisions: int, deadline: float, rng: random.Random,
                         think: float) -> None:
    async with connect(f"ws://127.0.0.1:{port}/ws", max_size=None, open_timeout=10) as ws:
        await ws.send(json.dumps({"type": "hello", "token": person.token}))
        last = json.loads(await asyncio.wait_for(ws.recv(), 30))
        sent_at, acted_on = 0.0, ""
        while person.acked < decisions and time.monotonic() < deadline and not last["view"]["result"]:
            legal = last["view"]["legal_actions"]
            if legal and last["version"] != acted_on and not person.in_flight:
                acted_on = last["version"]
                action = legal[int(rng.random() * len(legal))]["id"]
                if think:
                    await asyncio.sleep(think * (0.5 + rng.random()))
                person.in_flight, sent_at = True, time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": action, "version": last["version"]}))
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if "view_patch" in message:  # an update sends what changed in the seat's view
                message["view"] = apply_view_patch(last["view"], message["view_patch"])
            if message["type"] in ("update", "snapshot"):
                ours = any(e["kind"] == "decision" and e.get("seat") == person.seat for e in message["log"])
                if person.in_flight and message["type"] == "update" and ours:
                    person.times.append(time.perf_counter() - sent_at)
                    person.acked += 1
                    person.in_flight = False
                last = message
            elif person.in_flight:  # refused or stale: not a decision, ask again on the fresh view
                person.in_flight = False


def decisions_in_log(port: int, person: Person) -> int:
    async def fetch() -> int:
        async with connect(f"ws://127.0.0.1:{port}/ws", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": person.token}))
            snapshot = json.loads(await ws.recv())
            return sum(1 for e in snapshot["log"] if e["kind"] == "decision" and e.get("seat") == person.seat)
    return asyncio.run(fetch())


async def keep_bots_busy(ports: list[int], alive: list[bool], bots: int, level: str, seed: int,
                         ours: set[str]) -> None:
    """Keep ``bots`` bots of ``level`` playing each other (tables of two, :data:`BUSY_SCENARIO`; an odd
    count rounds up), making a new table whenever one ends: bots thinking all the time beside the people's
    tables. The tables made are added to ``ours``."""
    while True:
        port = next(p for p, up in zip(ports, alive, strict=True) if up)
        tables = (await asyncio.to_thread(get_tables, port))["tables"]
        playing = sum(1 for t in tables if t["id"] in ours and not t["over"])
        for _ in range(-(-bots // len(BUSY_SEATS)) - playing):
            made = await asyncio.to_thread(post, ports[len(ours) % len(ports)], {
                "scenario": BUSY_SCENARIO, "seats": dict.fromkeys(BUSY_SEATS, level),
                "seed": seed * 100_000 + len(ours)})
            ours.add(str(made["table"]))
        await asyncio.sleep(1.0)


def get_tables(port: int) -> dict[str, list[dict[str, object]]]:
    return dict(json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=60)))


def busy_moves(db: str, tables: set[str]) -> int:
    """The decisions made so far at the busy bots' ``tables``, as the database has them."""
    with contextlib.closing(open_store(db)) as store:
        return sum(len(store.record(table).decisions) for table in tables)


async def run_all(people: list[Person], ports: list[int], alive: list[bool], decisions: int, seconds: float,
                  seed: int, think: float) -> None:
    deadline = time.monotonic() + seconds
    results = await asyncio.gather(*(play(p, ports, alive, decisions, deadline, random.Random(f"{seed}:{i}"),
                                          think) for i, p in enumerate(people)), return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]
    if failures:
        print(f"  {len(failures)} players stopped: {failures[0]!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--decisions", type=int, default=30, help="person decisions per table and phase")
    parser.add_argument("--seconds", type=float, default=60.0, help="time limit of each phase")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=1.0,
                        help="a person's mean thinking time in seconds (0: act at once, to saturate the servers)")
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--processes", type=int, default=1, help="server processes (several: PostgreSQL)")
    parser.add_argument("--bot-workers", type=int, default=1, help="bot worker processes per server")
    parser.add_argument("--busy-bots", type=int, default=0,
                        help="bots kept thinking all the time beside the people (counted in bots: tables of two)")
    parser.add_argument("--busy-level", choices=list(LEVELS), default="hard",
                        help="the busy bots' level (hard: search bots, in the servers' search pools)")
    parser.add_argument("--compare-busy", type=int, default=0, metavar="N",
                        help="play twice on the same servers, tables of the same seeds and the same people: "
                             "without, then with N bots kept busy (a matched pair: 'p99 unchanged while N bots "
                             "think')")
    parser.add_argument("--no-kill", action="store_true", help="skip the kill -9 phase")
    args = parser.parse_args()
    if args.compare_busy and args.busy_bots:
        raise SystemExit("--compare-busy N plays without and then with N busy bots: leave out --busy-bots")
    if args.processes > 1 and args.db != "postgresql":
        raise SystemExit("several processes share a PostgreSQL database: add --db postgresql")
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.tables} tables, "
          f"{args.processes} process(es) on {args.db}, {args.bot_workers} bot worker(s) each, think {args.think} s, "
          f"{args.busy_bots or args.compare_busy} {args.busy_level} bots kept busy (two a table, {BUSY_SCENARIO})"
          f"{' (and none first)' if args.compare_busy else ''}")
    with contextlib.ExitStack() as cleanup:
        folder = Path(cleanup.enter_context(tempfile.TemporaryDirectory(prefix="riotact-bench-")))
        if args.db == "postgresql":
            db = cleanup.enter_context(throwaway_postgres()) + "/postgres"
        else:
            db = f"sqlite:///{folder / 'riotact.sqlite3'}"
        ports = [free_port() for _ in range(args.processes)]
        servers = [serve(db, port, args.bot_workers) for port in ports]
        alive = [True] * len(servers)

        def stop_all() -> None:
            for server in servers:
                if server.poll() is None:
                    server.send_signal(signal.SIGTERM)
                    server.wait(timeout=30)
        cleanup.callback(stop_all)
        measure(args, db, ports, servers, alive)


def measure(args: argparse.Namespace, db: str, ports: list[int], servers: list[subprocess.Popen[str]],
            alive: list[bool]) -> None:
    # --compare-busy: a matched pair, new tables of the same seeds and the same people without, then with busy bots
    if args.compare_busy:
        quiet = play_phase(args, db, ports, servers, alive, 0, "without busy bots")
        people = play_phase(args, db, ports, servers, alive, args.compare_busy,
                            f"with {args.compare_busy} {args.busy_level} bots kept busy")
        busy = round_trips(people)
        print(f"p99 with {args.compare_busy} {args.busy_level} bots kept busy / without: {busy[2] * 1000:.1f} / "
              f"{round_trips(quiet)[2] * 1000:.1f} ms = {busy[2] / round_trips(quiet)[2]:.2f}x "
              "(goal: unchanged)")
    else:
        people = play_phase(args, db, ports, servers, alive, args.busy_bots, "")
    if args.no_kill:
        return
    kill_mid_play(args, db, ports, servers, alive, people)


@dataclass(frozen=True)
class Window:
    """A phase's measured window: the load average as it opened, its seconds, the CPU seconds of the players'
    process, of the server processes themselves and of each of their child processes (by id), and the seconds
    the servers' event loops and the players' waited for a core."""

    load: float
    elapsed: float
    client_cpu: float
    server_cpu: float
    children_cpu: dict[int, float]
    server_waited: float
    players_waited: float


def round_trips(people: list[Person]) -> tuple[float, float, float, float, int]:
    """p50, p90, p99 and max of the people's round-trips (seconds), and how many there were."""
    times = sorted(t for p in people for t in p.times)
    if not times:
        raise SystemExit("no person decision was acknowledged in time")
    return (statistics.median(times), times[int(0.9 * (len(times) - 1))], times[int(0.99 * (len(times) - 1))],
            times[-1], len(times))


def play_phase(args: argparse.Namespace, db: str, ports: list[int], servers: list[subprocess.Popen[str]],
               alive: list[bool], busy_bots: int, label: str) -> list[Person]:
    """New tables (the same scenarios and seeds every phase), played ``--decisions`` each; prints the
    round-trips, the decisions per second, the CPU the servers and their bot workers used, and what the
    busy bots did meanwhile."""
    people = []
    for i in range(args.tables):
        ref, me, bots = SCENARIOS[i % len(SCENARIOS)]
        made = post(ports[(i + 1) % len(ports)], {"scenario": ref, "seats": bots, "seed": args.seed * 1000 + i})
        people.append(Person(str(made["table"]), str(dict(made["tokens"])[me]), me,  # type: ignore[call-overload]
                             i % len(ports)))
    busy_tables: set[str] = set()
    moves: list[int] = []  # the busy bots' decisions so far, when the window opens and when it closes

    async def window() -> Window:
        """Start the busy bots and wait for their first decision (their pool started, its rulesets loaded), then
        play the people's decisions: the window measured."""
        busy = None
        if busy_bots:
            busy = asyncio.ensure_future(keep_bots_busy(ports, alive, busy_bots, args.busy_level, args.seed,
                                                        busy_tables))
            warm_up = time.monotonic() + 120
            while not await asyncio.to_thread(busy_moves, db, set(busy_tables)) and time.monotonic() < warm_up:
                await asyncio.sleep(0.5)
            moves.append(await asyncio.to_thread(busy_moves, db, set(busy_tables)))
        load, started, client = os.getloadavg()[0], time.perf_counter(), time.process_time()
        own, workers = server_cpu(servers)
        waited = [sum(cpu_waited(s.pid) for s in servers), cpu_waited("self")]
        await run_all(people, ports, alive, args.decisions, args.seconds, args.seed, args.think)
        elapsed, client = time.perf_counter() - started, time.process_time() - client
        own_after, workers_after = server_cpu(servers)
        waited = [sum(cpu_waited(s.pid) for s in servers) - waited[0], cpu_waited("self") - waited[1]]
        if busy is not None:
            moves.append(await asyncio.to_thread(busy_moves, db, set(busy_tables)))
            busy.cancel()
        return Window(load, elapsed, client, own_after - own,
                      {child: cpu - workers.get(child, 0.0) for child, cpu in workers_after.items()}, *waited)

    measured = asyncio.run(window())
    load, elapsed, client_cpu, own, workers = (measured.load, measured.elapsed, measured.client_cpu,
                                               measured.server_cpu, measured.children_cpu)
    total = own + sum(workers.values())
    p50, p90, p99, slowest, count = round_trips(people)
    print(f"{label + ': ' if label else ''}{count} person decisions in {elapsed:.1f} s ({count / elapsed:.0f}/s, "
          f"bots' replies on top); load average at the start {load:.1f}")
    print(f"round-trip: p50 {p50 * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
          f"max {slowest * 1000:.1f} ms (goal p99 < 50 ms)")
    firsts = sorted(p.times[0] for p in people if p.times)
    others = sorted(t for p in people for t in p.times[1:])
    if firsts and others:  # the first decisions come while every person's page connects at once
        print(f"  p50 / p99: each table's first decision {statistics.median(firsts) * 1000:.1f} / "
              f"{firsts[int(0.99 * (len(firsts) - 1))] * 1000:.1f} ms, the others "
              f"{statistics.median(others) * 1000:.1f} / {others[int(0.99 * (len(others) - 1))] * 1000:.1f} ms")
    print(f"CPU: servers and their bot workers {total:.1f} s ({total / elapsed:.0%} of a core, "
          f"{total / count * 1000:.1f} ms per person decision, every bot included), players {client_cpu:.1f} s, "
          f"in {elapsed:.1f} s; load average now {os.getloadavg()[0]:.1f}")
    print(f"  the servers' own processes {own:.1f} s ({own / elapsed:.0%} of a core); their child processes (bot "
          f"workers of both pools, the pools' resource tracker), busiest first: "
          + ", ".join(f"{cpu:.1f} s ({cpu / elapsed:.0%})" for cpu in sorted(workers.values(), reverse=True)))
    print(f"  waited for a core while ready to run: the servers' event loops {measured.server_waited:.2f} s "
          f"({measured.server_waited / count * 1000:.1f} ms per person decision), the players' "
          f"{measured.players_waited:.2f} s")
    if moves:
        print(f"  the {busy_bots} busy {args.busy_level} bots ({len(busy_tables)} tables of two, started before "
              f"the window): {moves[1] - moves[0]} decisions in it ({(moves[1] - moves[0]) / elapsed:.2f}/s; "
              f"{moves[0]} before it)")
    return people


def kill_mid_play(args: argparse.Namespace, db: str, ports: list[int], servers: list[subprocess.Popen[str]],
                  alive: list[bool], people: list[Person]) -> None:
    # Phase 2: keep playing and kill -9 one server in the middle of it; its people reconnect elsewhere.
    target = [p.acked + args.decisions for p in people]

    async def phase_two() -> None:
        task = asyncio.ensure_future(run_all(people, ports, alive, max(target), args.seconds, args.seed + 1, 0.0))
        await asyncio.sleep(2.0)  # the players play on; then the kill, mid-play
        servers[0].send_signal(signal.SIGKILL)
        servers[0].wait(timeout=10)
        if len(servers) == 1:  # nowhere else to go: the same process restarted, as after a crash
            servers[0] = await asyncio.to_thread(serve, db, ports[0], args.bot_workers)
        else:
            alive[0] = False
        await asyncio.wait([task], timeout=args.seconds + 40)

    acked_before = sum(p.acked for p in people)
    asyncio.run(phase_two())
    survivor = next(port for port, up in zip(ports, alive, strict=True) if up)
    lost = duplicated = uncertain = 0
    for person in people:
        stored = decisions_in_log(survivor, person)
        if stored < person.acked:
            lost += person.acked - stored
        elif stored > person.acked + (1 if person.in_flight else 0):
            duplicated += stored - person.acked
        elif stored == person.acked + 1:
            uncertain += 1  # sent just before the kill: stored, the answer never arrived
    print(f"kill -9 of one server after {sum(p.acked for p in people) - acked_before} more decisions; "
          f"{len(people)} tables checked: acknowledged decisions lost {lost}, duplicated {duplicated}; "
          f"{uncertain} in flight at the kill and kept")


if __name__ == "__main__":
    main()
