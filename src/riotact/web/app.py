"""The Starlette application: the lobby API, the pages and one websocket per seat.

Requests are validated (size, JSON, fields) before anything reaches a game; a bad one gets a one-line
``{"error": ...}``, never a traceback, and changes nothing. Tokens travel in request bodies and in the
websocket's first message, never in URLs that servers and browsers log.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketDisconnected

from riotact.core import (
    UMPIRE,
    RiotactError,
    SaveFileError,
    Scenario,
    ScenarioError,
    builtin_scenarios,
    parse_scenario,
    replay,
)
from riotact.core.bots import BOT_KINDS, LEVELS, bot_kind
from riotact.core.log import parse_log
from riotact.core.scenario import find_builtin_scenario, scenario_from_toml
from riotact.core.spectators import SPECTATOR
from riotact.rulesets import all_rulesets, get_ruleset

from .access import AccessLog
from .guard import BadJSON, Limits, RateLimiter, SecurityHeaders, same_origin, strict_json
from .room import (
    ADDED,
    AFRESH,
    PERSON,
    RIOTACT,
    DiceNeeded,
    LiveTable,
    NewTable,
    Room,
    Stale,
    Watcher,
    dice_request,
    replay_step,
)
from .store import Store, default_url, follow, open_store
from .thinkers import BOT_NICE, Thinkers

log = logging.getLogger("riotact.web")

MAX_BODY = 256 * 1024  # a scenario file is a few kilobytes
MAX_LOG = 16 * 1024 * 1024  # an uploaded saved game (.jsonl) for the replay viewer
MAX_MESSAGE = 16 * 1024  # a websocket message is an action id and some dice
HELLO_TIMEOUT = 10.0
MAX_ARMY = 200  # entries in one army list
Name = Annotated[str, Field(min_length=1, max_length=200)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateTable(_Strict):
    scenario: Name | None = None
    toml: Annotated[str, Field(max_length=MAX_BODY)] | None = None
    options: dict[Name, bool | int | float | str] = {}
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    dice: Literal["seeded", "manual"] = "seeded"
    #: ``person``, or a bot by level (easy, normal, hard) or by the kind it names (the table records kinds).
    seats: dict[Name, Literal["person", "easy", "normal", "hard", "random", "heuristic", "search"]] = {}
    umpire: Literal["person", "riotact"] = "riotact"
    #: An army list from the lobby's builder, in place of the scenario's own (rulesets with one).
    army: Annotated[list[dict[str, Any]], Field(max_length=MAX_ARMY)] | None = None


class CheckArmy(_Strict):
    scenario: Name
    army: Annotated[list[dict[str, Any]], Field(max_length=MAX_ARMY)] | None = None


class ReplayRequest(_Strict):
    """The replay viewer asks for one step of a finished table or of an uploaded saved game, as a seat saw
    it, as the umpire, or as a spectator (``spectator``: what every seat saw); ``step`` None is the end.
    A table's replay needs one of its links (``token``): see :func:`replay_sights`. ``seat`` None: the
    most the link or the upload may see."""

    table: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    token: Annotated[str, Field(min_length=8, max_length=100)] | None = None
    log: Annotated[str, Field(max_length=MAX_LOG)] | None = None
    seat: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    step: Annotated[int, Field(ge=0, le=10_000_000)] | None = None
    check: bool = False  # replay the whole game first, so a bad upload is refused at once


class CheckScenario(_Strict):
    toml: Annotated[str, Field(max_length=MAX_BODY)]


class Hello(_Strict):
    type: Literal["hello"]
    token: Annotated[str, Field(min_length=8, max_length=100)]


class Act(_Strict):
    type: Literal["act"]
    action: Annotated[str, Field(min_length=1, max_length=500)]
    version: Annotated[str, Field(max_length=64)]
    faces: Annotated[list[Annotated[int, Field(ge=1, le=1000)]], Field(max_length=200)] = []


class Undo(_Strict):
    type: Literal["undo"]
    version: Annotated[str, Field(max_length=64)]


class TakeBackAnswer(_Strict):
    """A seat asked to agree to another's take-back answers (the asking seat may withdraw with false)."""

    type: Literal["take_back"]
    agree: bool


class BotDice(_Strict):
    type: Literal["bot_dice"]
    faces: Annotated[list[Annotated[int, Field(ge=1, le=1000)]], Field(max_length=200)]


class Spectators(_Strict):
    """The umpire sets what the table's spectators see: ``common``, ``seat:NAME`` or ``truth``."""

    type: Literal["spectators"]
    level: Annotated[str, Field(min_length=1, max_length=120)]


class Refresh(_Strict):
    type: Literal["refresh"]


class Replay(_Strict):
    type: Literal["replay"]
    step: Annotated[int, Field(ge=0, le=10_000_000)]


ArgName = Annotated[str, Field(min_length=1, max_length=50)]
ArgValue = (Annotated[str, Field(max_length=2000)] | Annotated[int, Field(strict=True, ge=-1000, le=1000)]
            | Annotated[list[Annotated[int, Field(strict=True, ge=1, le=100)]], Field(max_length=100)])


class Intervene(_Strict):
    """The umpire uses a power (``Game.umpire_powers()`` lists them with their arguments); the core
    checks the arguments against the power's schema."""

    type: Literal["intervene"]
    power: Annotated[str, Field(min_length=1, max_length=50)]
    args: Annotated[dict[ArgName, ArgValue], Field(max_length=20)] = {}
    version: Annotated[str, Field(max_length=64)]


class Say(_Strict):
    """A message to another seat (or ``all``), sent as the seat's rules allow (``Game.say``); the umpire's
    goes to anyone."""

    type: Literal["say"]
    to: Annotated[str, Field(min_length=1, max_length=50)]
    text: Annotated[str, Field(min_length=1, max_length=1000)]


Inches = Annotated[float, Field(ge=-1000, le=1000, allow_inf_nan=False)]


class Sight(_Strict):
    """Line of sight between two points of a table in inches, worked out from the asker's view alone."""

    type: Literal["sight"]
    a: tuple[Inches, Inches]
    b: tuple[Inches, Inches]


Message = Act | Undo | BotDice | Refresh | Replay | Intervene | Spectators | TakeBackAnswer | Say | Sight


def _error(message: str, status: int = 400, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


def _refusal(exc: Exception) -> JSONResponse:
    """A bad request's one-line answer (a scenario's fault also names its field)."""
    if isinstance(exc, _BadRequest):
        answer = _error(exc.message, exc.status)
        if exc.retry_after is not None:
            answer.headers["Retry-After"] = str(max(1, round(exc.retry_after)))
        return answer
    if isinstance(exc, ValidationError):
        return _error(_first_problem(exc))
    if isinstance(exc, ScenarioError):
        return _error(str(exc), field=exc.field, problem=exc.problem)
    return _error(str(exc))


def _first_problem(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    return f"{where}: {err['msg']}" if where else err["msg"]


#: The one media type the API reads: a page of another site cannot send it without the browser asking
#: this server first (a CORS preflight, which it does not answer), unlike text/plain or a form.
JSON_TYPE = "application/json"


async def _json_body(request: Request, limit: int = MAX_BODY) -> Any:
    """The request's JSON, refusing other media types, oversized or malformed bodies with a clear error."""
    media_type = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media_type != JSON_TYPE:
        raise _BadRequest(f"send the request as JSON (Content-Type: {JSON_TYPE})", 415)
    declared = request.headers.get("content-length")
    too_large = f"the request is too large (at most {limit // 1024} KiB)"
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise _BadRequest(too_large, 413)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise _BadRequest(too_large, 413)
    try:
        return strict_json(b"".join(chunks))
    except BadJSON as exc:
        raise _BadRequest(f"the request: {exc}") from None


class _BadRequest(Exception):
    def __init__(self, message: str, status: int = 400, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.message, self.status, self.retry_after = message, status, retry_after


def _scenario_from_toml(text: str) -> Scenario:
    return scenario_from_toml(text, "uploaded scenario")


def scenario_summary(scenario: Scenario) -> dict[str, Any]:
    spec = get_ruleset(scenario.ruleset)
    return {"ref": scenario.ref, "ruleset": scenario.ruleset, "id": scenario.id, "title": scenario.title,
            "description": scenario.description, "seats": [s for s in scenario.seats if s != UMPIRE],
            "umpire_seat": spec.umpire_seat, "heuristic": spec.heuristic_bot is not None,
            "search": spec.determinise is not None,
            "house_rules": {k: v for k, v in scenario.house_rules.items()}}


def catalogue() -> dict[str, Any]:
    """Every implemented ruleset with its house rules and built-in scenarios (nothing hidden is in them:
    a scenario's set-up is public until play begins, and no seed exists yet)."""
    out = []
    for spec in all_rulesets():
        if not spec.implemented:
            continue
        out.append({
            "id": spec.id, "title": spec.title, "summary": spec.summary, "army": spec.armies is not None,
            "house_rules": [{"key": r.key, "default": r.default, "rule": r.rule, "text": r.text,
                             "choices": list(r.choices), "low": r.low, "high": r.high} for r in spec.house_rules],
            "scenarios": [scenario_summary(s) for s in builtin_scenarios(spec)],
        })
    return {"rulesets": out, "bot_kinds": list(BOT_KINDS), "bot_levels": LEVELS}


def _seat_kind(chosen: str) -> str:
    """A person, or the bot kind the lobby's level (or kind) names."""
    return chosen if chosen == PERSON else bot_kind(chosen)


def with_army(scenario: Scenario, army: list[dict[str, Any]]) -> dict[str, Any]:
    """The scenario's data with the builder's army list in place of its own."""
    spec = get_ruleset(scenario.ruleset)
    if spec.armies is None:
        raise _BadRequest(f"army: {spec.title} has no army lists to build")
    setup = scenario.data.get("setup") or {}
    return {**scenario.data, "setup": {**setup, spec.armies.key: army}}


def army_check(body: CheckArmy) -> dict[str, Any]:
    """The engine's own check of an army list being edited (the scenario's list when none is given)."""
    scenario = find_builtin_scenario(body.scenario)
    spec = get_ruleset(scenario.ruleset)
    if spec.armies is None:
        raise _BadRequest(f"scenario: {spec.title} has no army lists to build")
    data = scenario.data if body.army is None else with_army(scenario, body.army)
    return {**spec.armies.report(data), "army": data["setup"].get(spec.armies.key, [])}


def _with_umpire_chair(scenario: Scenario, umpire: str) -> tuple[Scenario, str]:
    """Rulesets with an umpire's chair seat a person as ``umpire`` or leave it to riotact: Civil Disorder's
    chair is then empty (CD-03: riotact umpires by itself); a ruleset whose scenarios need the seat
    (Public Participation's umpire runs characters) gets riotact's bot there. Returns the scenario and
    who holds the ``umpire`` seat (person, a bot kind, or riotact when there is no such seat)."""
    spec = get_ruleset(scenario.ruleset)
    if not spec.umpire_seat:
        return scenario, umpire
    bot = "heuristic" if spec.heuristic_bot is not None else "random"
    if umpire == PERSON:
        if UMPIRE in scenario.seats:
            return scenario, PERSON
        return parse_scenario({**scenario.data, "seats": [*scenario.seats, UMPIRE]}, scenario.source), PERSON
    if UMPIRE not in scenario.seats:
        return scenario, RIOTACT
    try:
        seats = [s for s in scenario.seats if s != UMPIRE]
        return parse_scenario({**scenario.data, "seats": seats}, scenario.source), RIOTACT
    except ScenarioError:  # the scenario gives the umpire pieces to run: riotact's bot takes the seat
        return scenario, bot


def build_app(store: Store, limits: Limits | None = None, *, bot_workers: int = 0,
              bot_nice: int = BOT_NICE) -> Starlette:
    """The web table over ``store``; bots think in ``bot_workers`` worker processes (0: in this one) run
    ``bot_nice`` steps below this process's CPU priority (:class:`~riotact.web.thinkers.Thinkers`).
    On a PostgreSQL store the app follows the writes of other server processes (LISTEN/NOTIFY)."""
    limits = limits or Limits()
    room = Room(store, Thinkers(bot_workers, bot_nice))
    tasks: set[asyncio.Task[None]] = set()
    table_makers = RateLimiter(limits.tables_per_minute)
    #: Ready to serve: the tables restored, and (PostgreSQL) listening for the other processes' writes.
    ready = {"restored": False, "listening": not store.shared}

    def spawn(job: Any) -> None:
        task = asyncio.create_task(job)
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    async def every_table() -> list[LiveTable]:
        """This server's tables and those other processes made since (one PostgreSQL database)."""
        for table_id in room.restore(await asyncio.to_thread(store.table_ids)):
            log.error("table %s does not replay from the database; it is left out", table_id)
        for table in list(room.tables.values()):
            if table.behind:
                await catch_up(table)
        return list(room.tables.values())

    def kick_bots(table: LiveTable) -> None:
        spawn(room.run_bots(table))

    async def catch_up(table: LiveTable, revision: int | None = None) -> None:
        """Another process (or this one) wrote to the table: bring the game to the record, tell the seats.
        Told of ``revision`` (a decision's write), nothing is read when the table is there already: this
        process's own writes are announced to it too, often before the write's own answer comes back."""
        async with table.lock:
            if revision is not None and revision <= table.revision:
                return
            try:
                found = await table.catch_up()
            except RiotactError as exc:
                log.error("table %s: cannot follow the database (%s)", table.id, exc)
                return
            if found == AFRESH:
                await table.send_afresh()
            elif found == ADDED:
                await table.broadcast()

    def on_change(table_id: str, revision: int | None) -> None:
        table = room.tables.get(table_id)
        if table is None or (revision is not None and revision <= table.revision):
            return
        if table.watchers or table.bots_busy:
            spawn(catch_up(table, revision))
        else:  # nobody here to tell: it catches up when next used
            table.behind = True

    def on_listening(listening: bool) -> None:
        ready["listening"] = listening
        if listening:  # writes made while nobody listened: every table checks the record
            for table in list(room.tables.values()):
                spawn(catch_up(table))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        room.thinkers.start()
        if store.shared:
            spawn(follow(store.url, on_change, on_listening))
        for table in await every_table():
            kick_bots(table)
        all_rulesets()
        # What the process holds once started (modules, rulesets, the tables restored) lives as long as it
        # does: kept out of the collector's full passes, which would walk it all (tens of ms with every
        # seat waiting: the round-trips' tail). What is made since is collected as usual.
        gc.collect()
        gc.freeze()
        ready["restored"] = True
        try:
            yield
        finally:
            for task in list(tasks):
                task.cancel()
            room.thinkers.close()

    async def health(request: Request) -> Response:
        """The process answers (a load balancer's liveness check)."""
        return JSONResponse({"ok": True})

    async def readiness(request: Request) -> Response:
        """Ready for seats: the tables restored, the database answering, and (PostgreSQL) the other
        processes' writes followed. 503 otherwise, saying what is missing."""
        missing = [name for name, done in (("tables restored", ready["restored"]),
                                           ("database answering", store.alive()),
                                           ("following other processes", ready["listening"])) if not done]
        if missing:
            return JSONResponse({"ready": False, "missing": missing}, status_code=503)
        return JSONResponse({"ready": True, "tables": len(room.tables)})

    def page(name: str) -> HTMLResponse:
        text = resources.files("riotact.web").joinpath("static", name).read_text(encoding="utf-8")
        return HTMLResponse(text, headers={"Cache-Control": "no-store"})  # the rest: SecurityHeaders

    async def lobby(request: Request) -> Response:
        return page("lobby.html")

    async def table_page(request: Request) -> Response:
        return page("table.html")

    async def scenarios(request: Request) -> Response:
        return JSONResponse(catalogue())

    async def check_scenario(request: Request) -> Response:
        try:
            body = CheckScenario.model_validate(await _json_body(request))
            return JSONResponse(scenario_summary(_scenario_from_toml(body.toml)))
        except (_BadRequest, ValidationError, RiotactError) as exc:
            return _refusal(exc)

    async def check_army(request: Request) -> Response:
        try:
            return JSONResponse(army_check(CheckArmy.model_validate(await _json_body(request))))
        except (_BadRequest, ValidationError, RiotactError) as exc:
            return _refusal(exc)

    def room_for_a_table(request: Request) -> None:
        """Refuse a new table when this client made too many lately, or the server keeps enough."""
        client = request.client.host if request.client else "unknown"
        wait = table_makers.wait(client)
        if wait:
            raise _BadRequest(f"too many new tables from your address: at most {limits.tables_per_minute} a "
                              f"minute; try again in {max(1, round(wait))} s", 429, retry_after=wait)
        open_now = sum(1 for t in room.tables.values() if not t.game.is_over())
        if limits.max_open_tables and open_now >= limits.max_open_tables:
            raise _BadRequest(f"this server keeps at most {limits.max_open_tables} tables in play and has that "
                              "many: try again when a game has ended", 503, retry_after=60)

    async def create_table(request: Request) -> Response:
        try:
            body = CreateTable.model_validate(await _json_body(request))
            if (body.scenario is None) == (body.toml is None):
                raise _BadRequest("give either a built-in scenario or an uploaded one (toml)")
            room_for_a_table(request)
            scenario = find_builtin_scenario(body.scenario) if body.scenario else _scenario_from_toml(body.toml or "")
            if body.army is not None:
                scenario = parse_scenario(with_army(scenario, body.army), scenario.source)
            scenario, umpire = _with_umpire_chair(scenario, body.umpire)
            seats = {s: _seat_kind(body.seats.get(s, PERSON)) for s in scenario.seats if s != UMPIRE}
            unknown = set(body.seats) - set(seats)
            if unknown:
                raise _BadRequest(f"seats: no seat {sorted(unknown)[0]!r} in {scenario.ref} "
                                  f"(seats: {', '.join(seats)})")
            if UMPIRE in scenario.seats:
                seats[UMPIRE] = umpire
            if body.dice == "manual" and umpire != PERSON and any(k != PERSON for k in seats.values()):
                raise _BadRequest("with manual dice, a bot's rolls are typed at the umpire's console: "
                                  "seat a person as umpire, or use seeded dice")
            table, tokens = room.create(NewTable(scenario, dict(body.options), body.seed, body.dice == "manual",
                                                 seats, umpire))
        except (_BadRequest, ValidationError, RiotactError) as exc:
            return _refusal(exc)
        kick_bots(table)
        spectator = tokens.pop(SPECTATOR)
        bots = {s: k for s, k in table.seats.items() if k not in (PERSON, RIOTACT)}  # seats no person takes
        return JSONResponse({"table": table.id, "title": table.title, "tokens": tokens, "spectator": spectator,
                             "bots": bots}, status_code=201)

    async def replay_page(request: Request) -> Response:
        return page("replay.html")

    async def finished_tables(request: Request) -> Response:
        rows = [{"id": t.id, "title": t.title, "scenario": t.game.scenario.ref, "seats": list(t.game.seats),
                 "decisions": len(t.game.decisions)} for t in await every_table() if t.game.is_over()]
        return JSONResponse({"tables": rows})

    async def replay_step_of(request: Request) -> Response:
        try:
            body = ReplayRequest.model_validate(await _json_body(request, MAX_LOG + MAX_BODY))
            if (body.log is None) == (body.table is None and body.token is None):
                raise _BadRequest("give either a finished table (table and token) or a saved game (log)")
            if body.log is not None:
                header, events = parse_log(body.log, "the uploaded log")
                seats = _header_seats(header, "the uploaded log")
                watchers = [*(s for s in seats if s != UMPIRE), UMPIRE, SPECTATOR]
                wanted = body.seat or UMPIRE
                if wanted not in watchers:
                    raise _BadRequest(f"seat: replay as one of {', '.join(watchers)}")
                answer = await asyncio.to_thread(_replay_answer, header, events, wanted, body, "the uploaded log")
                return JSONResponse({**answer, "seats": watchers, "seat": wanted})
            table, holder = await _table_of_link(body)
            async with table.lock:  # a copy, so the replay runs off the loop without racing it
                if table.behind:
                    await table.catch_up()
                if not table.game.is_over():
                    raise _BadRequest("this table's game is still being played: its seats replay it from "
                                      "their own pages")
                watchers, wanted, sight = replay_sights(table, holder, body.seat)
                if holder not in (UMPIRE, SPECTATOR) and sight not in (holder, SPECTATOR):
                    table.reveal()  # a player may now know everything: the game is closed for good
                header, events = dict(table.game.log.header), list(table.game.log.events)
            answer = await asyncio.to_thread(_replay_answer, header, events, sight, body, f"table {table.id}")
            return JSONResponse({**answer, "seats": watchers, "seat": wanted, "table": table.id})
        except (_BadRequest, ValidationError, RiotactError) as exc:
            return _refusal(exc)

    async def _table_of_link(body: ReplayRequest) -> tuple[LiveTable, str]:
        """The table a replay asks for and whose link asks: the link must be one of that table's."""
        if body.token is None:
            raise _BadRequest("a table is replayed only with one of its links (the umpire's, a seat's once "
                              "the game is over, or the spectators'): give its token", 403)
        found = await room.find(body.token)
        if found is None or (body.table is not None and found[0].id != body.table):
            raise _BadRequest("this link is not one of that table's (no table on this server has it)", 403)
        return found

    async def open_tables(request: Request) -> Response:
        rows = [{"id": t.id, "title": t.title, "scenario": t.game.scenario.ref, "seats": t.seat_list(),
                 "over": t.game.is_over()} for t in await every_table()]
        return JSONResponse({"tables": rows})

    async def seat_socket(ws: WebSocket) -> None:
        await ws.accept()
        refused = same_origin(ws.headers, limits.allowed_origins)
        if refused is not None:  # another site's page: it could not know a token, but it gets nothing at all
            await _close(ws, refused, code=4403)
            return
        try:
            raw = await asyncio.wait_for(_receive(ws), HELLO_TIMEOUT)
            hello = Hello.model_validate(strict_json(raw or ""))
        except (TimeoutError, ValidationError, BadJSON, WebSocketDisconnect):
            await _close(ws, "first send {\"type\": \"hello\", \"token\": YOUR_SEAT_TOKEN}")
            return
        found = await room.find(hello.token)
        if found is None:
            await _close(ws, "this invitation is not valid (no table has that seat token)")
            return
        table, seat = found

        async def send(message: dict[str, Any]) -> None:
            await ws.send_json(message)

        watcher = Watcher(seat, send)
        async with table.lock:
            # The table may have moved on in another process (its notification still on its way).
            if await table.catch_up() == AFRESH:
                await table.send_afresh()
            table.watchers.append(watcher)
            await send(table.message_for(watcher, kind="snapshot", reset=True))
            await table.broadcast()  # the others see this seat come online
        kick_bots(table)  # the process that ran them may have died: any process where a seat comes runs them
        try:
            while True:
                text = await _receive(ws)
                if text is None:
                    await watcher.send({"type": "error", "reason": BINARY_FRAME})
                    continue
                await _handle(table, watcher, text)
        except (WebSocketDisconnect, WebSocketDisconnected):  # closed: not a bug (a RecursionError would be)
            pass
        finally:
            if watcher in table.watchers:
                table.watchers.remove(watcher)
            async with table.lock:
                await table.broadcast()

    async def _handle(table: LiveTable, watcher: Watcher, text: str) -> None:
        seat = watcher.seat
        if len(text) > MAX_MESSAGE:
            await watcher.send({"type": "error", "reason": f"message too large (at most {MAX_MESSAGE} bytes)"})
            return
        try:
            message: Message = _parse_message(text)
        except ValueError as exc:
            await watcher.send({"type": "error", "reason": str(exc)})
            return
        async with table.lock:
            try:
                if isinstance(message, Refresh):
                    await watcher.send(table.message_for(watcher, kind="snapshot", reset=True))
                    return
                if isinstance(message, Replay):
                    await watcher.send(table.replay_for(seat, message.step))
                    return
                if seat == SPECTATOR:
                    raise RiotactError("a spectator watches the table and takes no part in it")
                if isinstance(message, Sight):
                    await watcher.send(_sight(table, seat, message))
                    return
                if isinstance(message, Spectators):
                    table.grant_spectators(seat, message.level)
                    for other in table.watchers:
                        if other.seat in (SPECTATOR, UMPIRE):
                            await other.send(table.message_for(other, kind="snapshot", reset=True))
                    return
                if isinstance(message, BotDice):
                    if seat != UMPIRE:
                        raise RiotactError("only the umpire types the dice of bots")
                    await table.bot_dice(message.faces)
                    await table.broadcast()
                elif isinstance(message, TakeBackAnswer):
                    if table.answer_take_back(seat, message.agree) == "done":
                        await table.send_afresh()
                    else:
                        await table.broadcast()
                elif isinstance(message, Say):  # a message needs no view version: the rules judge it now
                    await table.say(seat, message.to, message.text)
                    await table.broadcast()
                elif isinstance(message, Intervene) and seat != UMPIRE:
                    await table.intervene(seat, message.power, dict(message.args))  # the core refuses, saying why
                elif table.version_of(seat) != message.version:
                    await watcher.send({"type": "stale", "reason": "the game moved on since your view; here is "
                                        "the game as it is now: decide again"})
                    await watcher.send(table.message_for(watcher, kind="snapshot", reset=True))
                    return
                elif isinstance(message, Undo):
                    why = table.undo(seat)
                    if why is None:
                        await table.send_afresh()
                    else:
                        await watcher.send({"type": "undo_asked", "reason": f"{why}: they are asked"})
                        await table.broadcast()
                elif isinstance(message, Intervene):
                    if await table.intervene(seat, message.power, dict(message.args)):
                        await table.send_afresh()
                    else:
                        await table.broadcast()
                else:
                    try:
                        await table.decide(seat, message.action, list(message.faces))
                    except DiceNeeded as need:
                        await watcher.send({"type": "dice_needed", "action": message.action,
                                            **dice_request(need, list(message.faces))})
                        return
                    await table.broadcast()
            except Stale as exc:  # another process decided first: this seat decides again on the game now
                await watcher.send({"type": "stale", "reason": str(exc)})
                await table.send_afresh()
                return
            except RiotactError as exc:
                await watcher.send({"type": "refused", "reason": str(exc),
                                    "action": getattr(message, "action", message.type)})
                return
            except Exception:  # a bug: the decision was taken back whole; say so in one line
                log.exception("table %s: error handling %s's message", table.id, seat)
                await watcher.send({"type": "error", "reason": "the server could not carry that out (a bug, "
                                    "logged); nothing was changed"})
                return
        kick_bots(table)

    routes = [
        Route("/", lobby),
        Route("/healthz", health),
        Route("/readyz", readiness),
        Route("/table", table_page),
        Route("/api/scenarios", scenarios),
        Route("/api/scenario-check", check_scenario, methods=["POST"]),
        Route("/api/army-check", check_army, methods=["POST"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables", open_tables, methods=["GET"]),
        Route("/replay", replay_page),
        Route("/api/replays", finished_tables),
        Route("/api/replay", replay_step_of, methods=["POST"]),
        WebSocketRoute("/ws", seat_socket),
        Mount("/static", StaticFiles(packages=[("riotact.web", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(AccessLog),
                                Middleware(SecurityHeaders, allowed_origins=limits.allowed_origins)])
    app.state.room = room
    return app


#: How ``riotact serve`` hands its settings to the app of each process uvicorn starts (``--workers``).
SERVE_ENV = "RIOTACT_SERVE"


def served_app() -> Starlette:
    """The app of one ``riotact serve`` process, from the settings ``serve`` put in ``$RIOTACT_SERVE`` (a
    JSON object: db, tables_per_minute, max_open_tables, allowed_origins, bot_workers, bot_nice,
    access_log); also
    ``uvicorn --factory riotact.web.app:served_app`` for those who run uvicorn or gunicorn themselves."""
    settings = json.loads(os.environ.get(SERVE_ENV) or "{}")
    defaults = Limits()
    limits = Limits(int(settings.get("tables_per_minute", defaults.tables_per_minute)),
                    int(settings.get("max_open_tables", defaults.max_open_tables)),
                    tuple(settings.get("allowed_origins", ())))
    if settings.get("access_log", True):
        handler = logging.StreamHandler()  # standard error, one JSON object a line
        handler.setFormatter(logging.Formatter("%(message)s"))
        logging.getLogger("riotact.access").addHandler(handler)
        logging.getLogger("riotact.access").setLevel(logging.INFO)
    return build_app(open_store(settings.get("db") or default_url()), limits,
                     bot_workers=int(settings.get("bot_workers", 1)),
                     bot_nice=int(settings.get("bot_nice", BOT_NICE)))


def _parse_message(text: str) -> Message:
    data = strict_json(text)  # BadJSON is a ValueError, one line
    kinds: dict[str, type[BaseModel]] = {"act": Act, "undo": Undo, "bot_dice": BotDice, "refresh": Refresh,
                                         "replay": Replay, "intervene": Intervene, "spectators": Spectators,
                                         "take_back": TakeBackAnswer, "say": Say, "sight": Sight}
    if not isinstance(data, dict) or data.get("type") not in kinds:
        raise ValueError(f"a message is a JSON object whose type is one of {', '.join(kinds)}")
    try:
        return kinds[data["type"]].model_validate(data)  # type: ignore[return-value]
    except ValidationError as exc:
        raise ValueError(_first_problem(exc)) from None


def _sight(table: LiveTable, seat: str, message: Sight) -> dict[str, Any]:
    """Built from ``Game.view(seat)`` alone, like every other message to the seat."""
    spec = get_ruleset(table.game.scenario.ruleset)
    if spec.sight is None:
        raise RiotactError(f"{spec.title} has no table in inches to sight across")
    return {"type": "sight", **spec.sight(table.game.view(seat)["state"], message.a, message.b)}


def _header_seats(header: dict[str, Any], source: str) -> list[str]:
    seats = header.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise SaveFileError(f"{source}: the game header names no seats")
    return seats


def replay_sights(table: LiveTable, holder: str, wanted: str | None) -> tuple[list[str], str, str]:
    """Whom the holder of ``holder``'s link may replay a finished table as (the list the viewer offers),
    whom it asks to (``wanted``; None: the most it may), and whose sight that gives. The umpire's link
    and, the game being over, a seat's may replay it as anyone, the truth included; the spectators' link
    only with the sight the umpire lets spectators have."""
    if holder == SPECTATOR:
        if wanted not in (None, SPECTATOR):
            raise _BadRequest("seat: the spectators' link replays the game as spectators see it (spectator)", 403)
        return [SPECTATOR], SPECTATOR, table.spectators_see()
    watchers = [*(s for s in table.game.seats if s != UMPIRE), UMPIRE, SPECTATOR]
    who = wanted or UMPIRE
    if who not in watchers:
        raise _BadRequest(f"seat: replay as one of {', '.join(watchers)}")
    return watchers, who, who


def _replay_answer(header: dict[str, Any], events: list[dict[str, Any]], who: str, body: ReplayRequest,
                   source: str) -> dict[str, Any]:
    """One step of a recorded game as ``who`` saw it, for the replay viewer (run in a worker thread:
    replays take time)."""
    try:
        if body.check:
            replay(header, events, source=source)
        answer = replay_step(header, events, who, 10_000_000 if body.step is None else body.step, source=source)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:  # events of the wrong shape
        raise SaveFileError(f"{source}: a malformed event ({type(exc).__name__}: {exc})") from None
    title = header.get("scenario_data", {}).get("title") if isinstance(header.get("scenario_data"), dict) else None
    return {**answer, "title": title or header.get("scenario"), "ruleset": header.get("ruleset")}


BINARY_FRAME = "send each message as a text frame of JSON (a binary frame is not read)"


async def _receive(ws: WebSocket) -> str | None:
    """The next text frame's text, None for a binary frame; a closed socket raises WebSocketDisconnect."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if isinstance(text, str) else None


async def _close(ws: WebSocket, reason: str, code: int = 4401) -> None:
    try:
        await ws.send_json({"type": "error", "reason": reason})
        await ws.close(code=code)
    except (RuntimeError, WebSocketDisconnect):
        pass


__all__ = ["RIOTACT", "build_app", "catalogue"]
