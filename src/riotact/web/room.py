"""Live tables: one :class:`~riotact.core.Game` each, one lock each, and the seats watching it.

Everything a seat is sent is built here from ``Game.view(seat)`` and ``Game.log_for(seat)`` alone
(:meth:`LiveTable.message_for`); the umpire's chair is the pseudo-seat ``umpire``, which sees the truth
and, as the umpire may, every seat's view. Every accepted decision is stored before anyone is told.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from riotact.core import UMPIRE, Bot, DiceError, Game, RiotactError, Scenario, make_bot, replay
from riotact.core.log import Event, dumps, visible

from .store import Store, StoredTable

PERSON = "person"
RIOTACT = "riotact"  # the umpire's chair left to riotact (no umpire token is made)
SEAT_KINDS = (PERSON, "random", "heuristic")
Send = Callable[[dict[str, Any]], Awaitable[None]]


class DiceNeeded(RiotactError):
    """A decision needs faces that nobody has typed yet (manual dice at a real table)."""

    def __init__(self, sides: int, n: int, request: str) -> None:
        super().__init__(f"roll {n}D{sides} for {request}")
        self.sides, self.n, self.request = sides, n, request


class TrayDice:
    """The dice tray: faces typed for the decision being made; more needed raises :class:`DiceNeeded`."""

    #: Typed by people (see ``Game(hidden_dice=...)``).
    by_hand = True

    def __init__(self) -> None:
        self._faces: deque[int] = deque()

    def load(self, faces: list[int]) -> None:
        self._faces = deque(faces)

    def faces(self, sides: int, n: int, request: str) -> list[int]:
        if len(self._faces) < n:
            raise DiceNeeded(sides, n, request)
        out = [self._faces.popleft() for _ in range(n)]
        for face in out:
            if not 1 <= face <= sides:
                raise DiceError(f"{face} is not a face of a D{sides} (1..{sides}), for {request}")
        return out


def token_hash(token: str) -> str:
    """Only hashes of tokens are stored: a copy of the database does not give the seats away."""
    return hashlib.sha256(token.encode()).hexdigest()


def _digest(obj: Any) -> str:
    return hashlib.sha256(dumps(obj).encode()).hexdigest()


def view_version(view: dict[str, Any]) -> str:
    """A seat's view version: a digest of what it shows the seat, less who else is to act.

    Built from the seat's own view only (it says nothing the view does not), so a decision made by
    another seat that leaves this seat's view as it was does not make this seat's pending action
    stale (simultaneous decisions are taken one by one as they come).
    """
    return _digest({k: v for k, v in view.items() if k != "to_act"})[:16]


@dataclass
class Watcher:
    seat: str
    send: Send
    log_sent: int = 0  # how many events of this seat's filtered log it has been sent
    shown: str = ""  # digest of the last view and seat list sent: an unchanged one is not sent again


@dataclass
class LiveTable:
    id: str
    title: str
    game: Game
    seats: dict[str, str]  # seat -> person | random | heuristic; "umpire" -> person | riotact
    store: Store
    tray: TrayDice | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: list[Watcher] = field(default_factory=list)
    bots: dict[str, Bot] = field(default_factory=dict)
    #: A bot's decision waiting for faces typed at the umpire's console (manual dice): seat, action, request.
    bot_waiting: tuple[str, str, dict[str, Any]] | None = None

    # -- what a seat receives ---------------------------------------------------
    def message_for(self, watcher: Watcher, *, kind: str = "update", reset: bool = False) -> dict[str, Any]:
        """The seat's view and the part of its filtered log it has not been sent yet."""
        seat, game = watcher.seat, self.game
        view = game.view(seat)
        log = game.log_for(seat)
        start = 0 if reset else watcher.log_sent
        watcher.log_sent = len(log)
        message: dict[str, Any] = {
            "type": kind, "seat": seat, "version": view_version(view), "view": view,
            "log_from": start, "log": log[start:], "seats": self.seat_list(),
            "manual_dice": self.tray is not None, "can_undo": self.can_undo(seat),
        }
        if kind == "snapshot":
            message["table"] = {"id": self.id, "title": self.title, "ruleset": game.spec.id,
                                "ruleset_title": game.spec.title, "scenario_title": game.scenario.title}
        if seat == UMPIRE:  # the umpire's console: every seat's view beside the truth
            message["seat_views"] = {s: game.view(s) for s in game.seats if s != UMPIRE}
            message["umpire_powers"] = game.umpire_powers()
            message["umpire_pending"] = game.umpire_pending()
            if self.bot_waiting is not None:
                message["bot_dice"] = self.bot_waiting[2]
        watcher.shown = _digest([message["view"], message["seats"], message["can_undo"], message.get("seat_views"),
                                 message.get("bot_dice"), message.get("umpire_powers"),
                                 message.get("umpire_pending")])
        return message

    def seat_list(self) -> list[dict[str, Any]]:
        online = {w.seat for w in self.watchers}
        return [{"seat": s, "kind": k, "online": s in online or k != PERSON} for s, k in self.seats.items()]

    def can_undo(self, seat: str) -> bool:
        return self._undo_count(seat) > 0

    def _undo_count(self, seat: str) -> int:
        """How many decisions an undo by ``seat`` takes back: its last one and the bots' replies after it.

        Only a person playing alone against bots undoes their own decisions; with several people at the
        table only the umpire (a person) takes back the last decision. Otherwise whether a player could
        undo would tell them whether another person had decided since, even in secret.
        """
        made = self.game.decisions
        if seat == UMPIRE and self.seats.get(UMPIRE) == PERSON:
            return 1 if made else 0
        if sum(1 for s, kind in self.seats.items() if kind == PERSON and s != UMPIRE) > 1:
            return 0
        for count, (acting, _) in enumerate(reversed(made), start=1):
            if acting == seat:
                return count
            if self.seats.get(acting) == PERSON:
                return 0
        return 0

    def _apply_with_faces(self, seat: str, action: str, faces: list[int]) -> None:
        if self.tray is not None:
            self.tray.load(faces)
        self.game.apply(seat, action)

    def decide(self, seat: str, action: str, faces: list[int]) -> None:
        """Apply and store one decision (raises a RiotactError, DiceNeeded included, changing nothing)."""
        before = len(self.game.log.events)
        self._apply_with_faces(seat, action, faces)
        events = self.game.log.events[before:]
        try:
            self.store.append_decision(self.id, len(self.game.decisions) - 1, seat, action, events)
        except Exception:
            self.game.undo(seat=UMPIRE)  # not stored means not made (riotact's own take-back)
            raise

    def intervene(self, seat: str, power: str, args: dict[str, Any]) -> bool:
        """Make and store one use of the umpire's powers (the core refuses anyone but the umpire, with a
        reason, changing nothing). True when it rewrote past decisions (a re-judged roll): then every seat
        is sent the game afresh, as after an undo."""
        made = list(self.game.decisions)
        before = len(self.game.log.events)
        self.game.intervene(power, by=seat, **args)
        if self.game.decisions[:-1] != made:
            self._store_rewritten()
            return True
        try:
            self.store.append_decision(self.id, len(made), UMPIRE, self.game.decisions[-1][1],
                                       self.game.log.events[before:])
        except Exception:
            self.game.undo(seat=UMPIRE)  # not stored means not made
            raise
        return False

    def say(self, seat: str, to: str, text: str) -> None:
        """Send and store one message (``Game.say``: the rules refuse, saying why, changing nothing)."""
        made, before = len(self.game.decisions), len(self.game.log.events)
        self.game.say(seat, to, text)
        try:
            self.store.append_decision(self.id, made, *self.game.decisions[-1], self.game.log.events[before:])
        except Exception:
            self.game.undo(seat=UMPIRE)  # not stored means not made
            raise

    def undo(self, seat: str) -> None:
        count = self._undo_count(seat)
        if count == 0:
            raise RiotactError("there is no decision of yours to take back (with several people at the table "
                               "only the umpire takes decisions back)")
        self.game.undo(count, seat=seat)  # the core's take-back rule decides (UndoRefusedError says why)
        self._store_rewritten()

    def _store_rewritten(self) -> None:
        """Past decisions changed (an undo, a re-judged roll): the stored record is replaced whole."""
        self.bot_waiting = None
        setup, chunks = split_events(self.game.log.events)
        self.store.rewrite_game(self.id, self.game.log.header, setup,
                                [(s, a, ev) for (s, a), ev in zip(self.game.decisions, chunks, strict=True)])

    def bot_turn(self) -> bool:
        """Let one bot decide if a bot is to act; True when one did."""
        if self.bot_waiting is not None:
            return False
        for seat in self.game.to_act():
            if self.seats.get(seat) not in ("random", "heuristic"):
                continue
            bot = self.bots[seat]
            view = self.game.view(seat) if bot.needs_view else None
            action = bot.choose(view, self.game.legal_actions(seat))
            try:
                self.decide(seat, action, [])
            except DiceNeeded as need:  # the umpire types the faces at the console
                self.bot_waiting = (seat, action, {"seat": seat, **dice_request(need, [])})
                return False
            return True
        return False

    def bot_dice(self, faces: list[int]) -> None:
        if self.bot_waiting is None:
            raise RiotactError("no bot is waiting for dice")
        seat, action, _ = self.bot_waiting
        try:
            self.decide(seat, action, faces)
        except DiceNeeded as need:
            self.bot_waiting = (seat, action, {"seat": seat, **dice_request(need, faces)})
            return
        self.bot_waiting = None

    def replay_for(self, seat: str, step: int) -> dict[str, Any]:
        """The game as ``seat`` saw it after its ``step``-th visible decision (0: the start), rebuilt from
        the record. Steps are only the decisions the seat may see, so their number tells it nothing."""
        setup, chunks = split_events(self.game.log.events)
        cuts = sorted({0, len(chunks), *(i + 1 for i, chunk in enumerate(chunks) if visible(chunk[0], seat))})
        step = max(0, min(step, len(cuts) - 1))
        events = setup + [e for chunk in chunks[:cuts[step]] for e in chunk]
        past = replay(self.game.log.header, events, source=f"table {self.id}")
        view = past.view(seat)
        view["legal_actions"] = []  # a replay offers no decisions
        return {"type": "replay", "step": step, "steps": len(cuts), "view": view, "log": past.log_for(seat)}

    # -- telling the seats ------------------------------------------------------------
    async def broadcast(self) -> None:
        for watcher in list(self.watchers):
            shown_before = watcher.shown
            message = self.message_for(watcher)
            if not message["log"] and watcher.shown == shown_before:
                continue  # nothing this seat may see changed: silence, so it cannot count others' secret moves
            try:
                await watcher.send(message)
            except Exception:  # a closed socket: its handler removes it
                continue


def dice_request(need: DiceNeeded, typed: list[int]) -> dict[str, Any]:
    """What the dice tray shows: the faces typed so far and the roll that needs faces now."""
    return {"sides": need.sides, "n": need.n, "request": need.request, "faces": typed}


def split_events(events: list[Event]) -> tuple[list[Event], list[list[Event]]]:
    """The set-up events, then the events of each decision (each begins with its ``decision`` event)."""
    setup: list[Event] = []
    chunks: list[list[Event]] = []
    for event in events:
        if event["kind"] == "decision":
            chunks.append([event])
        elif chunks:
            chunks[-1].append(event)
        else:
            setup.append(event)
    return setup, chunks


@dataclass
class NewTable:
    """What the lobby asks for: a scenario, options, dice and who sits where."""

    scenario: Scenario
    options: dict[str, Any]
    seed: int | None
    manual_dice: bool
    seats: dict[str, str]
    umpire: str  # person | riotact


class Room:
    """Every live table of this server, restored from the store at start."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, LiveTable] = {}

    def restore(self) -> list[str]:
        """Replay every stored table (checked event by event); returns the ids that would not replay."""
        broken = []
        for stored in self.store.tables():
            events = list(stored.setup_events)
            for _, _, _, chunk in self.store.decisions(stored.id):
                events.extend(chunk)
            tray = TrayDice() if stored.header.get("dice") != "seeded" else None
            try:
                game = replay(stored.header, events, source=f"table {stored.id}", live_dice=tray)
            except RiotactError:
                broken.append(stored.id)
                continue
            self.tables[stored.id] = self._live(stored.id, stored.title, game, stored.seats, tray)
        return broken

    def _live(self, table_id: str, title: str, game: Game, seats: dict[str, str], tray: TrayDice | None) -> LiveTable:
        bots = {s: make_bot(k, game, s) for s, k in seats.items() if k in ("random", "heuristic")}
        return LiveTable(table_id, title, game, seats, self.store, tray, bots=bots)

    def create(self, new: NewTable) -> tuple[LiveTable, dict[str, str]]:
        """A new table and its invite tokens (seat -> token); only the tokens' hashes are stored."""
        tray = TrayDice() if new.manual_dice else None
        seed = new.seed if new.seed is not None else secrets.randbelow(2**31)
        # Rolls no seat may see come from the seed even with a person umpiring: the tray asks the seat whose
        # decision rolls, and asking it for a hidden roll would tell it that roll happened (CD-01).
        players = {s: "human" if k == PERSON else k for s, k in new.seats.items() if s in new.scenario.seats}
        if new.umpire == PERSON and UMPIRE not in players:  # a person holds the chair in every ruleset
            players[UMPIRE] = "human"
        game = Game(new.scenario, seed=seed, options=new.options, dice=tray, hidden_dice=True if tray else None,
                    players=players)
        seats = dict(new.seats)
        if UMPIRE not in seats:
            seats[UMPIRE] = new.umpire
        tokens = {s: secrets.token_urlsafe(24) for s, k in seats.items() if k == PERSON}
        table_id = secrets.token_hex(6)
        setup, _ = split_events(game.log.events)
        created = datetime.now(UTC).isoformat(timespec="microseconds")
        self.store.create_table(
            StoredTable(table_id, new.scenario.ref, new.scenario.title, game.log.header, setup, seats, created),
            {token_hash(t): s for s, t in tokens.items()})
        table = self._live(table_id, new.scenario.title, game, seats, tray)
        self.tables[table_id] = table
        return table, tokens

    def find(self, token: str) -> tuple[LiveTable, str] | None:
        found = self.store.seat_for_token(token_hash(token))
        if found is None or found[0] not in self.tables:
            return None
        return self.tables[found[0]], found[1]

    async def run_bots(self, table: LiveTable) -> None:
        """Bots decide one at a time, each under the table's lock, yielding to the loop between."""
        while True:
            async with table.lock:
                waiting = table.bot_waiting
                moved = table.bot_turn()
                if moved or table.bot_waiting != waiting:  # a move, or the umpire is asked for a bot's dice
                    await table.broadcast()
            if not moved:
                return
            await asyncio.sleep(0)
