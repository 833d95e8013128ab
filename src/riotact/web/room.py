"""Live tables: one :class:`~riotact.core.Game` each, one lock each, and the seats watching it.

Everything a seat is sent is built here from ``Game.view(seat)`` and ``Game.log_for(seat)`` alone
(:meth:`LiveTable.message_for`); the umpire's chair is the pseudo-seat ``umpire``, which sees the truth
and, as the umpire may, every seat's view. Every accepted decision is stored before anyone is told.

Several server processes may hold the same table (one PostgreSQL database): each write is made against
the table's revision (:class:`~riotact.web.store.Conflict` when another process wrote first, and the
loser is brought to the database's record and told :class:`Stale`), and a process told of another's
write brings its game up to the record (:meth:`LiveTable.catch_up`). Bots think in a pool of worker
processes (:class:`~riotact.web.thinkers.Thinkers`), off the event loop.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from riotact.core import UMPIRE, Bot, DiceError, Game, RiotactError, Scenario, make_bot, replay
from riotact.core.bots import BOT_KINDS
from riotact.core.log import Event, dumps, visible
from riotact.core.odds import action_odds
from riotact.core.search import SearchBot
from riotact.core.spectators import SPECTATOR, common_log, common_view, player_seats

from .store import Conflict, Store, StoredTable, TableRecord
from .thinkers import Thinkers

PERSON = "person"
RIOTACT = "riotact"  # the umpire's chair left to riotact (no umpire token is made)
SEAT_KINDS = (PERSON, *BOT_KINDS)
#: What the umpire may let spectators see: every seat's common view, one seat's view, the truth (at the end).
COMMON, AS_SEAT, TRUTH = "common", "seat:", "truth"
Send = Callable[[dict[str, Any]], Awaitable[None]]
#: How long the bots of one table may decide before the seats are told and other tables are served.
BOT_BATCH_SECONDS = 0.005
#: After a bot's move at a table nobody here watches, such tables wait this many times as long as the move
#: held the loop: bots playing on their own take at most a quarter of it.
BACKGROUND_PAUSE = 3.0


class Stale(RiotactError):
    """The table changed (in another server process) before this decision was stored: nothing of it was
    made, and the game is now the database's record."""


#: What :meth:`LiveTable.catch_up` found: nothing new, decisions added, or the game rebuilt (send afresh).
UNCHANGED, ADDED, AFRESH = "unchanged", "added", "afresh"


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


def view_patch(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What changed from one view of a seat to its next: top-level fields, fields of ``state``, and the
    fields of ``state`` gone (:func:`apply_view_patch` rebuilds ``after`` from ``before``).

    >>> patch = view_patch({"turn": 1, "state": {"a": 1, "b": 2}}, {"turn": 2, "state": {"a": 1, "c": 3}})
    >>> patch, apply_view_patch({"turn": 1, "state": {"a": 1, "b": 2}}, patch)
    ({'view': {'turn': 2}, 'state': {'c': 3}, 'gone': ['b']}, {'turn': 2, 'state': {'a': 1, 'c': 3}})
    """
    top = {k: v for k, v in after.items() if k != "state" and before.get(k) != v}
    old, new = before.get("state"), after.get("state")
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return {"view": {**top, "state": new}, "state": {}, "gone": []}
    return {"view": top, "state": {k: v for k, v in new.items() if k not in old or old[k] != v},
            "gone": [k for k in old if k not in new]}


def apply_view_patch(before: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The view ``patch`` (from :func:`view_patch`) makes of ``before``; ``before`` is left as it was."""
    view = {**before, **patch["view"]}
    if "state" not in patch["view"]:
        state = {**before["state"], **patch["state"]}
        for key in patch["gone"]:
            state.pop(key, None)
        view["state"] = state
    return view


def view_version(view: dict[str, Any]) -> str:
    """A seat's view version: a digest of what it shows the seat, less who else is to act.

    Built from the seat's own view only (it says nothing the view does not), so a decision made by
    another seat that leaves this seat's view as it was does not make this seat's pending action
    stale (simultaneous decisions are taken one by one as they come).
    """
    return _digest({k: v for k, v in view.items() if k != "to_act"})[:16]


@dataclass
class Seen:
    """What one seat (or the umpire, or spectators) sees at one generation of a table: its view, and
    what is worked out from the view when first asked (its version, the odds beside its options)."""

    generation: int
    view: dict[str, Any]
    version: str = ""
    odds: dict[str, dict[str, Any]] | None = None


@dataclass
class Watcher:
    seat: str
    send: Send
    log_sent: int = 0  # how many events of this seat's filtered log it has been sent
    shown: Any = None  # the last view, seat list ... sent: an unchanged one is not sent again
    sight: str = ""  # whose sight it was sent (a spectator's changes with the umpire's grants)
    #: How far into the game's whole log (that very log object) the seat's part was sent: each update
    #: filters only the events since, instead of the whole log again.
    log_read: tuple[int, int] = (0, 0)
    view_sent: dict[str, Any] | None = None  # the view the seat has now: updates send what changed in it


class BotTurns:
    """Bots' moves take the event loop one at a time (the work around their thinking: their views, the
    decision applied, stored and told), so a seat's message waits behind one at most. A table nobody here
    watches (bots playing on their own, a seat gone) is served in the background: one such move at a time,
    then a pause (:data:`BACKGROUND_PAUSE`), so however many of them play, the seats' messages and the
    bots of watched tables keep most of the loop."""

    def __init__(self) -> None:
        self._loop = asyncio.Lock()
        self._background = asyncio.Lock()
        self._background_resumes = 0.0  # perf_counter time

    @asynccontextmanager
    async def move(self, watched: bool) -> AsyncIterator[None]:
        if watched:
            async with self._loop:
                yield
            return
        async with self._background:
            await asyncio.sleep(self._background_resumes - time.perf_counter())
            async with self._loop:
                started = time.perf_counter()
                try:
                    yield
                finally:
                    ended = time.perf_counter()
                    self._background_resumes = ended + (ended - started) * BACKGROUND_PAUSE


@dataclass(frozen=True)
class BotTurn:
    """A bot asked to decide: its seat, itself, its view (None if it reads none), its legal actions, and
    the table's generation then (a decision thought out for an older game is dropped)."""

    seat: str
    bot: Bot
    view: dict[str, Any] | None
    legal: list[Any]
    generation: int


@dataclass
class TakeBack:
    """``by`` asked to take back its last ``count`` decisions when ``at`` decisions were made."""

    by: str
    count: int
    at: int
    needs: tuple[str, ...]
    agreed: set[str]


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
    #: What the umpire lets spectators see: ``common``, ``seat:NAME`` or ``truth`` (see :meth:`spectators_see`).
    spectate: str = COMMON
    #: A take-back waiting for the agreement of the seats the take-back rule names (or the umpire's).
    take_back: TakeBack | None = None
    #: The truth was shown once the game was over (a replay as the umpire or as another seat, or the truth
    #: granted to spectators): the game can never be reopened, by a take-back or a re-judged roll, since a
    #: seat may now know everything.
    revealed: bool = False
    #: Bumped by every change to the game: views and versions are built once per seat and change.
    generation: int = 0
    #: The database's revision of this table that the game is at (see :mod:`riotact.web.store`).
    revision: int = 0
    #: A run of the bots is going on (:meth:`Room.run_bots`): another is not started beside it.
    bots_busy: bool = False
    #: Another process wrote to this table while no seat here watched it: it catches up when next used (a
    #: seat comes, its bots move, a lobby lists it), so a process does not follow every table it holds.
    behind: bool = False
    _seen: dict[str, Seen] = field(default_factory=dict)

    def _sight_of(self, who: str) -> Seen:
        """What ``who`` sees of the game now, built once per change of the game."""
        seen = self._seen.get(who)
        if seen is None or seen.generation != self.generation:
            view = common_view(self.game) if who == SPECTATOR else self.game.view(who)
            seen = self._seen[who] = Seen(self.generation, view)
        return seen

    def seen_by(self, who: str) -> dict[str, Any]:
        """``who``'s view now, built once per change of the game (shared: do not mutate it)."""
        return self._sight_of(who).view

    def version_of(self, who: str) -> str:
        """The version of ``who``'s view now (see :func:`view_version`), built once per change."""
        seen = self._sight_of(who)
        if not seen.version:
            seen.version = view_version(seen.view)
        return seen.version

    def odds_for(self, who: str) -> dict[str, dict[str, Any]]:
        """The odds beside ``who``'s options now (``core/odds.py``, from its view only), worked out once
        per change of the game however many messages carry them (shared: do not mutate them)."""
        seen = self._sight_of(who)
        if seen.odds is None:
            seen.odds = {aid: chance.as_dict() for aid, chance in action_odds(self.game, who, seen.view).items()}
        return seen.odds

    def _log_since(self, watcher: Watcher, who: str, reset: bool) -> tuple[int, list[Event]]:
        """Where the part of ``who``'s filtered log not yet sent starts, and that part: exactly
        ``Game.log_for(who)[start:]``, filtered from the events added since the last message only."""
        log = self.game.log
        read_from = watcher.log_read[1] if watcher.log_read[0] == id(log) and not reset else 0
        if read_from > len(log.events):
            read_from = 0
        start = watcher.log_sent if read_from else 0
        fresh = [e for e in log.events[read_from:] if visible(e, who)]
        if who != UMPIRE:  # a seat's log is numbered afresh (GameLog.for_seat)
            fresh = [{**e, "seq": n} for n, e in enumerate(fresh, start=start)]
        watcher.log_read, watcher.log_sent = (id(log), len(log.events)), start + len(fresh)
        return start, fresh

    # -- the truth, once the game is over ---------------------------------------------
    def reveal(self) -> None:
        """The truth is shown to someone who may be a player: stored, and the game is closed for good."""
        if not self.revealed:
            self.store.set_revealed(self.id)
            self.revealed = True

    def _still_open(self) -> None:
        """Refuse any change once the truth was shown (see :attr:`revealed`)."""
        if self.revealed:
            raise RiotactError("this game is over and its truth has been shown (a replay as the umpire, or to "
                               "spectators): it cannot be reopened or changed")

    # -- spectators -------------------------------------------------------------
    def spectators_see(self) -> str:
        """Whose sight spectators have now: SPECTATOR (the common view), a player seat, or UMPIRE (the truth,
        only once the game is over; granting it closes the game for good, :meth:`reveal`)."""
        if self.spectate == TRUTH:
            return UMPIRE if self.game.is_over() else SPECTATOR
        if self.spectate.startswith(AS_SEAT):
            return self.spectate.removeprefix(AS_SEAT)
        return SPECTATOR

    def grant_spectators(self, seat: str, level: str) -> None:
        """The umpire (a person) sets what spectators see; stored, so a restart keeps it."""
        if seat != UMPIRE or self.seats.get(UMPIRE) != PERSON:
            raise RiotactError("only a person in the umpire's chair decides what spectators see")
        seats = player_seats(self.game)
        if level == TRUTH and not self.game.is_over():
            raise RiotactError("spectators may see the truth only once the game is over (they could tell the "
                               "players); grant them a seat's view meanwhile")
        if level != COMMON and level != TRUTH and level.removeprefix(AS_SEAT) not in seats:
            raise RiotactError(f"spectators may see: common, truth, or seat:NAME of a seat ({', '.join(seats)})")
        self.store.set_spectator_level(self.id, level)
        self.spectate = level
        if level == TRUTH:
            self.reveal()

    # -- what a seat receives ---------------------------------------------------
    def message_for(self, watcher: Watcher, *, kind: str = "update", reset: bool = False) -> dict[str, Any]:
        """The seat's view and the part of its filtered log it has not been sent yet."""
        seat, game = watcher.seat, self.game
        spectator = seat == SPECTATOR
        who = self.spectators_see() if spectator else seat
        view, version = self.seen_by(who), self.version_of(who)
        if spectator:
            view = {**view, "legal_actions": []}  # a spectator decides nothing, even watching as a seat
        afresh = reset or who != watcher.sight or watcher.view_sent is None
        start, log = self._log_since(watcher, who, afresh)
        watcher.sight = who
        message: dict[str, Any] = {
            "type": kind, "seat": seat, "version": version, "log_from": start, "log": log,
            "seats": self.seat_list(), "manual_dice": self.tray is not None,
            "can_undo": not spectator and self.can_undo(seat),
            # beside the options that turn on chance, from this seat's view only; a spectator has no options
            "odds": {} if spectator else self.odds_for(who),
        }
        if afresh or kind == "snapshot" or watcher.view_sent is None:
            message["view"] = view
        else:  # what changed in the seat's own view since the last one it was sent (never another's)
            message["view_patch"] = view_patch(watcher.view_sent, view)
        if seat == SPECTATOR:
            message["spectating"] = self.spectators_see()
        elif self.take_back_for(seat) is not None:
            message["take_back"] = self.take_back_for(seat)
        if kind == "snapshot":
            message["table"] = {"id": self.id, "title": self.title, "ruleset": game.spec.id,
                                "ruleset_title": game.spec.title, "scenario_title": game.scenario.title}
        if seat == UMPIRE:  # the umpire's console: every seat's view beside the truth
            message["seat_views"] = {s: self.seen_by(s) for s in game.seats if s != UMPIRE}
            message["umpire_powers"] = game.umpire_powers()
            message["umpire_pending"] = game.umpire_pending()
            if self.bot_waiting is not None:
                message["bot_dice"] = self.bot_waiting[2]
            if self.seats.get(UMPIRE) == PERSON:
                message["spectators"] = {"level": self.spectate, "sees": self.spectators_see(),
                                         "watching": sum(1 for w in self.watchers if w.seat == SPECTATOR)}
        watcher.view_sent = view
        watcher.shown = [view, message["seats"], message["can_undo"], message.get("seat_views"),
                         message.get("bot_dice"), message.get("umpire_powers"), message.get("umpire_pending"),
                         message.get("spectators"), message.get("take_back")]
        return message

    def seat_list(self) -> list[dict[str, Any]]:
        online = {w.seat for w in self.watchers}
        return [{"seat": s, "kind": k, "online": s in online or k != PERSON} for s, k in self.seats.items()]

    def can_undo(self, seat: str) -> bool:
        return not self.revealed and self._undo_count(seat) > 0

    def _undo_count(self, seat: str) -> int:
        """How many decisions an undo by ``seat`` takes back: its last one and those after it (the umpire,
        a person, takes back the last decision of all). Whether the core's rule allows it is asked then."""
        if seat == UMPIRE:
            return 1 if self.seats.get(UMPIRE) == PERSON and self.game.decisions else 0
        return self.game.take_back_count(seat)

    def _apply_with_faces(self, seat: str, action: str, faces: list[int]) -> None:
        self.generation += 1  # even a refused decision may have rebuilt the game
        if self.tray is not None:
            self.tray.load(faces)
        self.game.apply(seat, action)

    async def decide(self, seat: str, action: str, faces: list[int]) -> None:
        """Apply and store one decision (raises a RiotactError, DiceNeeded included, changing nothing)."""
        self._still_open()
        before = len(self.game.log.events)
        self._apply_with_faces(seat, action, faces)
        await self._store_last(before)

    async def _store_last(self, before: int) -> None:
        """Store the decision just made (its events from ``before``), against this table's revision, in a
        thread (the event loop serves other tables while the database answers; this table's lock is held).
        Not stored means not made: taken back (riotact's own take-back), or, when another process wrote
        first, the game becomes the database's record and :class:`Stale` is raised."""
        n = len(self.game.decisions) - 1
        seat, action = self.game.decisions[-1]
        try:
            self.revision = await asyncio.to_thread(self.store.append_decision, self.id, n, seat, action,
                                                    self.game.log.events[before:], revision=self.revision)
        except Conflict:
            self.reload()
            raise Stale("the game moved on since your view (another seat decided first); here is the game "
                        "as it is now: decide again") from None
        except Exception:
            self.game.undo(seat=UMPIRE)
            raise

    # -- following the database (other server processes) ---------------------------------
    def reload(self) -> None:
        """Rebuild the game from the database's record (checked event by event)."""
        record = self.store.record(self.id)
        self.game = replayed(self.id, record, self.tray)
        self._follow(record)
        self.generation += 1
        self.bot_waiting = None
        self.take_back = None

    def _follow(self, record: TableRecord) -> None:
        self.revision, self.spectate, self.revealed = record.revision, record.spectate or COMMON, record.revealed

    async def catch_up(self) -> str:
        """Bring the game up to the database's record, which another process may have written: its new
        decisions are applied one by one (each checked against the events stored with it); a rewritten
        record (an undo, a re-judged roll), manual dice or any mismatch rebuild the game whole. Returns
        UNCHANGED, ADDED (updates tell the seats) or AFRESH (every seat is sent the game afresh)."""
        self.behind = False
        record = await asyncio.to_thread(self.store.record, self.id, len(self.game.decisions))
        sight = (self.spectate, self.revealed)
        if record.revision == self.revision:
            self._follow(record)
            return UNCHANGED if sight == (self.spectate, self.revealed) else AFRESH
        if record.rewritten > self.revision or self.tray is not None or not self._apply_record(record):
            self.reload()
            return AFRESH
        self._follow(record)
        self.generation += 1
        return ADDED if sight == (self.spectate, self.revealed) else AFRESH

    def _apply_record(self, record: TableRecord) -> bool:
        """Apply the record's decisions after ours; False (the game half-way: reload it) on any mismatch."""
        for n, seat, action, events in record.decisions:
            before = len(self.game.log.events)
            self.generation += 1
            if n != len(self.game.decisions):
                return False
            try:
                self.game.apply(seat, action)
            except RiotactError:
                return False
            if json.loads(dumps(self.game.log.events[before:])) != events:
                return False
        return True

    async def intervene(self, seat: str, power: str, args: dict[str, Any]) -> bool:
        """Make and store one use of the umpire's powers (the core refuses anyone but the umpire, with a
        reason, changing nothing). True when it rewrote past decisions (a re-judged roll): then every seat
        is sent the game afresh, as after an undo."""
        self._still_open()
        made = list(self.game.decisions)
        before = len(self.game.log.events)
        self.generation += 1
        self.game.intervene(power, by=seat, **args)
        if self.game.decisions[:-1] != made:
            self._store_rewritten()
            return True
        await self._store_last(before)
        return False

    async def say(self, seat: str, to: str, text: str) -> None:
        """Send and store one message (``Game.say``: the rules refuse, saying why, changing nothing)."""
        self._still_open()
        before = len(self.game.log.events)
        self.generation += 1
        self.game.say(seat, to, text)
        await self._store_last(before)

    def undo(self, seat: str) -> str | None:
        """``seat`` asks to take back its last decision, by the core's take-back rule (``Game.undo``).
        Done at once when the rule allows it (None); else, when the seats it names, or the umpire (a
        person), could agree, they are asked and the asking seat is told why (the returned reason); else
        refused (UndoRefusedError, saying why)."""
        self._still_open()
        count = self._undo_count(seat)
        if count == 0:
            raise RiotactError("you have made no decision to take back")
        refusal = self.game.undo_refusal(count, seat=seat)
        if refusal is None:
            self.game.undo(count, seat=seat)
            self._store_rewritten()
            return None
        umpire = self.seats.get(UMPIRE) == PERSON
        if not umpire and not refusal.needs:
            raise refusal
        self.take_back = TakeBack(seat, count, len(self.game.decisions), tuple(refusal.needs), set())
        return str(refusal.why)

    def answer_take_back(self, seat: str, agree: bool) -> str:
        """A seat asked (or the umpire) agrees or refuses; the asking seat may withdraw. Returns what became
        of it: ``done`` (taken back), ``waiting`` (more must agree) or ``dropped``."""
        self._still_open()
        asked = self.take_back
        if asked is None or asked.at != len(self.game.decisions):
            self.take_back = None
            raise RiotactError("no take-back is waiting for an answer (the game may have moved on)")
        if seat not in (*asked.needs, asked.by) and not (seat == UMPIRE and self.seats.get(UMPIRE) == PERSON):
            raise RiotactError("you are not asked about this take-back")
        if not agree or seat == asked.by:
            self.take_back = None
            return "dropped"
        if seat == UMPIRE:  # the umpire may take back anything (Game.undo)
            self.take_back = None
            self.game.undo(asked.count, seat=UMPIRE)
            self._store_rewritten()
            return "done"
        asked.agreed.add(seat)
        if not set(asked.needs) <= asked.agreed:
            return "waiting"
        self.take_back = None
        self.game.undo(asked.count, seat=asked.by, agreed=asked.agreed)  # the core checks again
        self._store_rewritten()
        return "done"

    def take_back_for(self, seat: str) -> dict[str, Any] | None:
        """What ``seat`` is shown of a take-back waiting for agreement: who asks, and whether it is asked.
        The seats asked are told only who asks (not how many decisions, which could count secret ones)."""
        asked = self.take_back
        if asked is None or asked.at != len(self.game.decisions):
            return None
        umpire = seat == UMPIRE and self.seats.get(UMPIRE) == PERSON
        if seat == asked.by or umpire:
            return {"by": asked.by, "asked": umpire, "waiting_for": sorted(set(asked.needs) - asked.agreed)}
        if seat in asked.needs:
            return {"by": asked.by, "asked": seat not in asked.agreed}
        return None

    def _store_rewritten(self) -> None:
        """Past decisions changed (an undo, a re-judged roll): the stored record is replaced whole."""
        self.generation += 1
        self.bot_waiting = None
        self.take_back = None
        setup, chunks = split_events(self.game.log.events)
        try:
            self.revision = self.store.rewrite_game(
                self.id, self.game.log.header, setup,
                [(s, a, ev) for (s, a), ev in zip(self.game.decisions, chunks, strict=True)], revision=self.revision)
        except Conflict:
            self.reload()
            raise Stale("the game moved on since your view (another seat decided first); here is the game "
                        "as it is now") from None

    def bot_to_move(self) -> BotTurn | None:
        """What a bot to act now is asked (its view and legal actions), if one is."""
        if self.bot_waiting is not None or self.revealed:
            return None
        for seat in self.game.to_act():
            if self.seats.get(seat) not in BOT_KINDS:
                continue
            bot = self.bots[seat]
            if isinstance(bot, SearchBot):  # it thinks while the table goes on: on the game as it is now
                bot.game = self.game.clone()
            view = self.seen_by(seat) if bot.needs_view else None
            return BotTurn(seat, bot, view, list(self.game.legal_actions(seat)), self.generation)
        return None

    async def bot_decides(self, turn: BotTurn, action: str) -> None:
        """Make the bot's decision, thought out for the game as it was at ``turn`` (which it still is)."""
        try:
            await self.decide(turn.seat, action, [])
        except DiceNeeded as need:  # the umpire types the faces at the console
            self.bot_waiting = (turn.seat, action, {"seat": turn.seat, **dice_request(need, [])})

    async def bot_dice(self, faces: list[int]) -> None:
        if self.bot_waiting is None:
            raise RiotactError("no bot is waiting for dice")
        seat, action, _ = self.bot_waiting
        try:
            await self.decide(seat, action, faces)
        except DiceNeeded as need:
            self.bot_waiting = (seat, action, {"seat": seat, **dice_request(need, faces)})
            return
        self.bot_waiting = None

    def replay_for(self, seat: str, step: int) -> dict[str, Any]:
        """The game as ``seat`` saw it after its ``step``-th visible decision (0: the start), rebuilt from
        the record (a spectator replays with the sight it has now)."""
        who = self.spectators_see() if seat == SPECTATOR else seat
        return replay_step(self.game.log.header, self.game.log.events, who, step, source=f"table {self.id}")

    # -- telling the seats ------------------------------------------------------------
    async def send_afresh(self) -> None:
        """The log was rewritten (an undo, a re-judged roll, rebuilt from the database): every seat is sent
        the game afresh."""
        for watcher in list(self.watchers):
            try:
                await watcher.send(self.message_for(watcher, kind="snapshot", reset=True))
            except Exception:  # a closed socket: its handler removes it
                continue

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


def sight(game: Game, who: str) -> tuple[dict[str, Any], list[Event]]:
    """The view and filtered log of ``who``: a seat, the umpire, or SPECTATOR (what every seat sees)."""
    if who == SPECTATOR:
        return common_view(game), common_log(game)
    return game.view(who), game.log_for(who)


def replay_step(header: dict[str, Any], events: list[Event], who: str, step: int, *,
                source: str) -> dict[str, Any]:
    """A recorded game as ``who`` saw it after its ``step``-th visible decision (0: the start). Steps are
    only the decisions ``who`` may see, so their number tells it nothing of the others' secret ones."""
    setup, chunks = split_events(events)
    cuts = sorted({0, len(chunks), *(i + 1 for i, chunk in enumerate(chunks) if visible(chunk[0], who))})
    step = max(0, min(step, len(cuts) - 1))
    past = replay(header, setup + [e for chunk in chunks[:cuts[step]] for e in chunk], source=source)
    view, log = sight(past, who)
    view["legal_actions"] = []  # a replay offers no decisions
    turns = [chunks[cut - 1][-1]["turn"] if cut else (setup[-1]["turn"] if setup else 0) for cut in cuts]
    return {"type": "replay", "step": step, "steps": len(cuts), "turns": turns, "view": view, "log": log}


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


def replayed(table_id: str, record: TableRecord, tray: TrayDice | None) -> Game:
    """A table's game rebuilt from its record read from the first decision (checked event by event)."""
    return replay(record.header, record.events(), source=f"table {table_id}", live_dice=tray)


class Room:
    """The live tables of this server: every stored table at start, and any other made since (by another
    process) once one of its links is used here."""

    def __init__(self, store: Store, thinkers: Thinkers | None = None) -> None:
        self.store = store
        self.thinkers = thinkers or Thinkers(0)
        self.bot_turns = BotTurns()
        self.tables: dict[str, LiveTable] = {}
        self.broken: set[str] = set()

    def restore(self, ids: list[str] | None = None) -> list[str]:
        """Replay every stored table not here yet (made by another process since, or all of them at start),
        checked event by event; returns the ids that would not replay (not tried again). ``ids``: the
        database's tables, read by the caller off the event loop; their records are read only if one is new."""
        known = set(self.tables) | self.broken
        if ids is not None and known.issuperset(ids):
            return []
        broken = []
        for stored in self.store.tables():
            if stored.id not in known and self._load(stored) is None:
                broken.append(stored.id)
        self.broken.update(broken)
        return broken

    def _load(self, stored: StoredTable) -> LiveTable | None:
        tray = TrayDice() if stored.header.get("dice") != "seeded" else None
        record = self.store.record(stored.id)
        try:
            game = replayed(stored.id, record, tray)
        except RiotactError:
            return None
        table = self._live(stored.id, stored.title, game, stored.seats, tray)
        table._follow(record)
        self.tables[stored.id] = table
        return table

    def _live(self, table_id: str, title: str, game: Game, seats: dict[str, str], tray: TrayDice | None) -> LiveTable:
        bots = {s: make_bot(k, game, s) for s, k in seats.items() if k in BOT_KINDS}
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
        tokens[SPECTATOR] = secrets.token_urlsafe(24)  # one link for every spectator of the table
        table_id = secrets.token_hex(6)
        setup, _ = split_events(game.log.events)
        created = datetime.now(UTC).isoformat(timespec="microseconds")
        self.store.create_table(
            StoredTable(table_id, new.scenario.ref, new.scenario.title, game.log.header, setup, seats, created),
            {token_hash(t): s for s, t in tokens.items()})
        table = self._live(table_id, new.scenario.title, game, seats, tray)
        self.tables[table_id] = table
        return table, tokens

    async def find(self, token: str) -> tuple[LiveTable, str] | None:
        """The table and seat of a link, looked up off the event loop (a table made by another process is
        loaded now)."""
        found = await asyncio.to_thread(self.store.seat_for_token, token_hash(token))
        if found is None:
            return None
        table = self.tables.get(found[0])
        if table is None:
            stored = self.store.table(found[0])
            table = self._load(stored) if stored is not None else None
        return (table, found[1]) if table is not None else None

    async def run_bots(self, table: LiveTable) -> None:
        """Let the table's bots decide until a person is to act. Each thinks in the pool of worker processes
        (off the event loop, the table's lock free meanwhile); its decision is made if the game is still
        the one it thought about. The seats are told once per few milliseconds' run of moves (one update
        for a bot's run of moves, not one each), and the loop serves other tables between runs."""
        if table.bots_busy:
            return
        table.bots_busy = True
        try:
            while await self._bot_run(table):
                await asyncio.sleep(0)
        finally:
            table.bots_busy = False

    async def _bot_run(self, table: LiveTable) -> bool:
        """One run of bot moves; True when bots are still to move."""
        started, changed, afresh = time.perf_counter(), False, False
        more = True
        while time.perf_counter() - started < BOT_BATCH_SECONDS:
            async with self.bot_turns.move(bool(table.watchers)), table.lock:
                if table.behind:
                    afresh = await table.catch_up() == AFRESH or afresh
                turn = table.bot_to_move()
            if turn is None:
                more = False
                break
            action, thought = await self.thinkers.choose(turn.bot, turn.view, turn.legal)
            async with self.bot_turns.move(bool(table.watchers)), table.lock:
                if table.generation != turn.generation:
                    continue  # the game moved on while it thought (a person, another process): think again
                table.bots[turn.seat] = thought  # the bot as it is after thinking (its dice of chance)
                waiting = table.bot_waiting
                try:
                    await table.bot_decides(turn, action)
                except Stale:
                    afresh = True
                    continue
                changed = changed or table.bot_waiting != waiting or table.generation != turn.generation
        if changed or afresh:
            async with self.bot_turns.move(bool(table.watchers)), table.lock:
                if afresh:
                    await table.send_afresh()
                else:
                    await table.broadcast()
        return more
