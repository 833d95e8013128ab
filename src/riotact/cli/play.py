"""Playing at the terminal: humans type, bots decide, the log narrates."""

from __future__ import annotations

import select
import sys
import termios
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from riotact.core import ALL, Bot, Game, RiotactError, UndoRefusedError, make_bot
from riotact.core.log import UMPIRE, visible
from riotact.core.messages import SAY
from riotact.core.odds import Chance, action_odds

from . import umpire_console

HELP = ("Type the number or id of an action, or words to find actions ('fire', 'move R1'; one match is "
        "taken). Numbers stay the same until the turn ends. Other commands: 'list' (all actions again), "
        "'view' (the screen again), "
        "'undo' (take back your last decision, until the dice fall), 'save' (save now), 'quit', "
        "'say SEAT|all WORDS' (a message, as the rules allow: Civil Disorder's talk is your action). In the "
        "umpire's chair, at any prompt: 'umpire POWER ...' ('umpire help' lists the powers).")
LONG_LIST = 30  # more actions than this are shown in columns


class TerminalTable:
    """One terminal shared by the human seats (hot-seat); bots play the rest."""

    def __init__(self, game: Game, seats: Mapping[str, str], console: Console,
                 ask: Callable[[str], str], save_to: Path | None) -> None:
        self.game, self.console, self.ask, self.save_to = game, console, ask, save_to
        self.kinds = {s: seats.get(s, "heuristic") for s in game.seats}
        self.bots: dict[str, Bot] = {s: make_bot(k, game, s) for s, k in self.kinds.items() if k != "human"}
        self.humans = [s for s, k in self.kinds.items() if k == "human"]
        # A person in the umpire's chair of a ruleset without an umpire seat is asked at each turn's start.
        self.chair = seats.get(UMPIRE) == "human" and UMPIRE not in game.seats
        if self.chair:
            self.humans.append(UMPIRE)
        self.umpire_turn = -1  # the last turn the umpire was asked about
        self.shown = 0  # events already narrated
        # Action numbers (id -> number) stay put while a seat's list only shrinks within a turn, so a
        # number read from a list on the screen still means that action after other decisions.
        self.numbering: tuple[tuple[str, int], dict[str, int]] = (("", -1), {})
        self.odds: dict[str, Chance] = {}  # the odds beside the actions on offer now

    def run(self) -> bool:
        """Play until the game ends or a person quits (True), or until the input closes (False)."""
        try:
            while not self.game.is_over():
                self._narrate()
                seat = self.game.to_act()[0]
                if self.chair and (seat == UMPIRE or self.umpire_turn != self.game.umpire.turn):
                    self.umpire_turn = self.game.umpire.turn
                    if not self._umpire_turn():
                        self._autosave(final=True)
                        return True
                elif seat in self.bots:
                    bot = self.bots[seat]
                    view = self.game.view(seat) if bot.needs_view else None
                    self.game.apply(seat, bot.choose(view, self.game.legal_actions(seat)))
                elif not self._human_turn(seat):
                    self._autosave(final=True)
                    return True
                self._autosave()
        except EOFError:  # at any prompt; a decision cut short at a dice prompt is not made (Game.apply)
            self.console.print("Input closed before the game ended.")
            self._autosave(final=True)
            return False
        self._narrate()
        self._show_end()
        return True

    def _show_end(self) -> None:
        """The final screen, as the (first) human seat sees it."""
        text_view = self.game.spec.text_view
        if self.humans and text_view:
            self.console.print(Text(text_view(self.game.view(self.humans[0]))))

    def _narrate(self) -> None:
        """Show the events a person here may see: the umpire's secrets stay hidden even from a
        hot-seat table, and a table of bots alone shows only what is public."""
        events = self.game.log.events
        for event in events[self.shown:]:
            if event["visible_to"] == ALL or any(visible(event, seat) for seat in self.humans):
                style = "bold" if event["kind"] in ("decision", "end") else ""
                seq = f"#{event['seq']} " if UMPIRE in self.humans else ""  # for 'umpire release SEAT event=N'
                self.console.print(f"[dim]{seq}t{event['turn']}[/dim] {escape(event['text'])}", style=style,
                                   highlight=False)
        self.shown = len(events)

    def _numbers(self, seat: str, turn: int, legal: list[Any]) -> list[int]:
        """The number of each legal action: kept from the list shown before in this turn when the
        list has only lost actions since (a decision taken), else 1..n afresh."""
        context, numbers = self.numbering
        if context != (seat, turn) and drop_typed_ahead():
            self.console.print("(A new turn: what was typed before this list was shown is dropped.)")
        if context != (seat, turn) or any(a.id not in numbers for a in legal):
            numbers = {a.id: i + 1 for i, a in enumerate(legal)}
            self.numbering = ((seat, turn), numbers)
        return [numbers[a.id] for a in legal]

    def _human_turn(self, seat: str) -> bool:
        view = self.game.view(seat)
        text_view = self.game.spec.text_view
        screen = Text(text_view(view)) if text_view else render_state(view)
        self.console.print(screen)
        legal = list(self.game.legal_actions(seat))  # a person reads the whole list
        numbers = self._numbers(seat, view["turn"], legal)
        self.odds = action_odds(self.game, seat, view)  # from the seat's view only (core/odds.py)
        if len(legal) <= LONG_LIST:
            self._list(legal, range(len(legal)), numbers)
        else:
            self.console.print(f"{len(legal)} actions: {escape(index(legal, numbers))}", highlight=False)
            self.console.print("Type words to find actions (e.g. the first words above), a number, or 'list'.")
        while True:
            answer = self.ask(f"{seat}, your decision").strip()
            if answer in ("quit", "q"):
                return False
            if answer == "help":
                self.console.print(HELP)
            elif answer == "list":
                self._list(legal, range(len(legal)), numbers)
            elif answer == "view":
                self.console.print(screen)
            elif answer == "save":
                self._autosave(final=True)
            elif answer == "undo":
                if self._undo():
                    return True
            elif answer.split(maxsplit=1)[:1] == ["umpire"] and UMPIRE in self.humans:
                self._umpire(answer)
            elif answer.split(maxsplit=1)[:1] == ["say"]:
                if self._say(seat, answer) and not self.game.decisions[-1][1].startswith(SAY):
                    return True  # the message was the seat's action (CD-08): a fresh list
            elif _number(answer) and int(answer) not in numbers and not any(a.id == answer for a in legal):
                self.console.print(f"No action has number {answer} now ('list' shows those on offer).")
            elif (found := _search(answer, legal)) is not None and len(found) != 1:
                if found:
                    self._list(legal, found, numbers)
                else:
                    self.console.print(f"No action matches {escape(repr(answer))}: "
                                       f"{escape(self.game.why_illegal(seat, answer))}.", highlight=False)
            else:
                choice = legal[found[0]].id if found else _pick(answer, legal, numbers)
                if found:  # one action matches the words typed: it is taken
                    self.console.print(f"  {numbers[found[0]]} {escape(legal[found[0]].text)}", highlight=False)
                try:
                    self.game.apply(seat, choice)
                    return True
                except RiotactError as exc:
                    self.console.print(f"[red]{escape(str(exc))}[/red] ('help' for commands)")

    def _umpire_turn(self) -> bool:
        """The prompt of a person in the umpire's chair of a ruleset without an umpire seat, at each turn's
        start and while he holds the game: powers until an empty line lets the game go on (advancing a
        held game); False if he quits."""
        text_view = self.game.spec.text_view
        while True:
            view = self.game.view(UMPIRE)
            screen = Text(text_view(view)) if text_view else render_state(view)
            held = " (held)" if self.game.umpire.held else ""
            answer = self.ask(f"umpire, turn {view['turn']}{held}: a power, 'help', 'view', or Enter to go on").strip()
            if answer in ("", "go"):
                if self.game.umpire.held:
                    self._umpire("umpire advance")
                return True
            if answer in ("quit", "q"):
                return False
            if answer == "view":
                self.console.print(screen)
            else:
                self._umpire(answer if answer.split()[0] == "umpire" else f"umpire {answer}")

    def _umpire(self, line: str) -> None:
        """An intervention of the person in the umpire's chair (docs/architecture.md, "The umpire's powers")."""
        powers = self.game.umpire_powers()
        if line.split()[1:] in ([], ["help"]):
            self.console.print(escape(umpire_console.help_text(powers, self.game.umpire_pending())), highlight=False)
            return
        try:
            power, args = umpire_console.parse(line, powers)
            self.game.intervene(power, **args)
        except (ValueError, RiotactError) as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red] ('umpire help' lists the powers)")
            return
        self._narrate()
        self._autosave()

    def _say(self, seat: str, line: str) -> bool:
        """``say TO WORDS``: a message from ``seat`` as its rules allow (``Game.say``); True if sent."""
        _, to, words = ([*line.split(maxsplit=2), "", ""])[:3]
        try:
            self.game.say(seat, to, words)
        except RiotactError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red] (write: say SEAT|all WORDS)")
            return False
        self._narrate()
        return True

    def _undo(self) -> bool:
        """Take back the last decision of a person here, and what followed it, as the undo rule
        (``Game.undo``) allows: people at this table are asked when their agreement is needed."""
        made = self.game.decisions
        ours = [i for i, (seat, _) in enumerate(made) if seat in self.humans]
        if not ours:
            self.console.print("[red]No decision of yours to take back.[/red]")
            return False
        seat = made[ours[-1]][0]
        count = self.game.take_back_count(seat)
        try:
            try:
                self.game.undo(count, seat=seat)
            except UndoRefusedError as refusal:
                if not refusal.needs or not set(refusal.needs) <= set(self.humans):
                    raise
                self.console.print(f"{escape(seat)}: {escape(refusal.why)}.", highlight=False)
                agreed = [s for s in refusal.needs
                          if self.ask(f"{s}, do you agree to take back {seat}'s decision? (yes/no)").strip().lower()
                          in ("y", "yes")]
                self.game.undo(count, seat=seat, agreed=agreed)
        except UndoRefusedError as refusal:
            self.console.print(f"[red]The decision stands: {escape(refusal.why)}.[/red]", highlight=False)
            return False
        self.shown = len(self.game.log.events)
        self.console.print("Your last decision is taken back (and the decisions after it).")
        return True

    def _list(self, legal: list[Any], which: range | list[int], numbers: list[int]) -> None:
        """Numbered actions: one a line, or in columns when there are many."""
        if len(which) <= LONG_LIST:
            for i in which:
                self.console.print(f"  [cyan]{numbers[i]:>2}[/cyan] {escape(legal[i].text)}{self._odds(legal[i])}  "
                                   f"[dim]({escape(legal[i].id)})[/dim]", highlight=False)
            return
        cells = [f"[cyan]{numbers[i]:>3}[/cyan] {escape(legal[i].text)}{self._odds(legal[i])}" for i in which]
        self.console.print(Columns(cells, column_first=True, padding=(0, 2)), highlight=False)

    def _odds(self, action: Any) -> str:
        """The odds beside an action whose outcome turns on chance ('' for the others)."""
        chance = self.odds.get(action.id)
        return f" [yellow]— {escape(chance.text)}[/yellow]" if chance else ""

    def _autosave(self, final: bool = False) -> None:
        if self.save_to is not None:
            self.game.save(self.save_to)
            if final:
                self.console.print(f"Saved to {escape(str(self.save_to))}; continue with: "
                                   f"riotact play {escape(str(self.save_to))}", highlight=False)
        elif final:
            self.console.print("The game is not saved (play with --save FILE to keep it).")


def drop_typed_ahead() -> bool:
    """At a terminal, drop the lines typed before a new turn's list was shown (a 'done' meant for the
    turn before must not end this one); True if there were any. Piped input is kept whole."""
    if not sys.stdin.isatty() or not select.select([sys.stdin], [], [], 0)[0]:
        return False
    termios.tcflush(sys.stdin, termios.TCIFLUSH)
    return True


def index(legal: list[Any], numbers: list[int] | None = None) -> str:
    """Runs of actions that start alike, by number: a short map of a long list.

    >>> from riotact.core import Action
    >>> index([Action("a", "run to x1"), Action("b", "run to x2"), Action("c", "talk with sub1")])
    '1-2 run to ...; 3 talk with sub1'
    >>> index([Action("a", "run to x1"), Action("b", "run to x2"), Action("c", "run to x3")], [4, 5, 9])
    '4-5 run to ...; 9 run to x3'
    """
    numbers = numbers or list(range(1, len(legal) + 1))
    parts: list[str] = []
    start = 0
    for i in range(1, len(legal) + 1):
        if (i == len(legal) or _lead(legal[i].text) != _lead(legal[start].text)
                or numbers[i] != numbers[i - 1] + 1):  # a run never spans a number no longer on offer
            if i - start == 1:
                parts.append(f"{numbers[start]} {legal[start].text}")
            else:
                parts.append(f"{numbers[start]}-{numbers[i - 1]} {_lead(legal[start].text)} ...")
            start = i
    return "; ".join(parts)


def _lead(text: str) -> str:
    return " ".join(text.split()[:2])


def _search(answer: str, legal: list[Any]) -> list[int] | None:
    """Indexes of the actions whose text holds every word typed; None when the answer is a choice.

    >>> from riotact.core import Action
    >>> acts = [Action("a", "fire at crowd A"), Action("b", "move R1 north"), Action("c", "move AR1")]
    >>> _search("fire", acts), _search("mov r1", acts), _search("2", acts), _search("b", acts)
    ([0], [1], None, None)
    """
    if _number(answer) or ":" in answer or any(a.id == answer for a in legal):
        return None  # a number, or an action id (one outside the list too, e.g. move:R1:12.5,8)
    words = answer.lower().split()
    return [i for i, a in enumerate(legal) if _has_words(a.text.lower().split(), words)]


def _has_words(text: list[str], words: list[str]) -> bool:
    """Every typed word starts some word of the text ('r1' finds R1, not AR1)."""
    return all(any(t.startswith(w) for t in text) for w in words)


def _pick(answer: str, legal: list[Any], numbers: list[int]) -> str:
    """The action id for a number shown (numbers stay put within a turn) or an id typed."""
    if _number(answer) and int(answer) in numbers:
        return str(legal[numbers.index(int(answer))].id)
    return answer


def _number(answer: str) -> bool:
    """A number as typed on a keyboard ('12', not '³', which Python also calls a digit)."""
    return answer.isascii() and answer.isdigit()


def render_state(view: dict[str, Any]) -> Any:
    """A table of per-player facts where the view has them, else the view as plain lines."""
    state = view["state"]
    players = state.get("players") if isinstance(state, dict) else None
    title = f"Turn {view['turn']} — you are {view['seat']}"
    facts = {k: v for k, v in (state.items() if isinstance(state, dict) else []) if v not in (None, [], {})}
    lines = [escape(f"  {k.replace('_', ' ')}: {_brief(v)}") for k, v in facts.items() if k != "players"]
    if not (isinstance(players, dict) and players and all(isinstance(p, dict) for p in players.values())):
        return "\n".join([title, *lines])
    first = next(iter(players.values()))
    table = Table(title=title, caption="\n".join(lines) or None, caption_justify="left")
    table.add_column("player")
    for key in first:
        table.add_column(key.replace("_", " "))
    for name, row in players.items():
        table.add_row(escape(name), *("?" if row.get(k) is None else escape(_brief(row.get(k))) for k in first))
    return table


def _brief(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k.replace('_', ' ')} {_brief(v)}" for k, v in value.items() if v not in (None, [], {}))
    if isinstance(value, list):
        return " ".join(map(_brief, value))
    return str(value)
