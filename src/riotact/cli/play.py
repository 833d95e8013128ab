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
from .briefing import briefing, rules_summary

HELP = ("Type the number or id of an action (as shown in brackets, colons and all), or words to find "
        "actions ('fire', 'move R1': whole words, one match is taken). Numbers stay the same until the turn "
        "ends. Other commands: 'list' (all actions again), 'view' (the screen again), 'briefing' (the "
        "scenario and how to win), 'log' (the last events you have seen; 'log all' for every one), 'rules' "
        "(the ruleset and its house rules in play), 'undo' (take back your last decision, until the dice "
        "fall), 'save FILE' (save now, and after every decision from then on), 'quit', "
        "'say SEAT|all WORDS' (a message, as the rules allow: Civil Disorder's talk is your action). In the "
        "umpire's chair, at any prompt: 'umpire POWER ...' ('umpire help' lists the powers).")
QUIT = "quit"  # what _command returns when the person quits
LOG_LINES = 30  # 'log' shows this many of the latest events
LONG_LIST = 30  # more actions than this are shown in columns


class TerminalTable:
    """One terminal shared by the human seats (hot-seat); bots play the rest.

    The terminal narrates what the seat sitting at it may see. With two or more people (a hot-seat
    game), the screen is cleared and handed over whenever another person's seat is to act, and that
    person is then told what he has not yet seen: nobody reads another seat's private screen."""

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
        self.hot_seat = len(self.humans) > 1
        # Who sits at the terminal now (None: nobody yet in a hot-seat game, or a table of bots alone).
        self.at_terminal: str | None = None if self.hot_seat or not self.humans else self.humans[0]
        self.umpire_turn = -1  # the last turn the umpire was asked about
        self.shown: dict[str | None, int] = {}  # events already narrated to each person (None: to anyone)
        # Action numbers (id -> number) stay put while a seat's list only shrinks within a turn, so a
        # number read from a list on the screen still means that action after other decisions.
        self.numbering: tuple[tuple[str, int], dict[str, int]] = (("", -1), {})
        self.odds: dict[str, Chance] = {}  # the odds beside the actions on offer now

    def run(self) -> bool:
        """Play until the game ends or a person quits (True), or until the input closes (False)."""
        try:
            if not self.hot_seat:
                self._brief(self.at_terminal)
            while not self.game.is_over():
                self._narrate()
                seat = self.game.to_act()[0]
                if self.chair and (seat == UMPIRE or self.umpire_turn != self.game.umpire.turn):
                    self.umpire_turn = self.game.umpire.turn
                    self._hand_over(UMPIRE)
                    if not self._umpire_turn():
                        return True
                elif seat in self.bots:
                    bot = self.bots[seat]
                    view = self.game.view(seat) if bot.needs_view else None
                    self.game.apply(seat, bot.choose(view, self.game.legal_actions(seat)))
                else:
                    self._hand_over(seat)
                    if not self._human_turn(seat):
                        return True
                self._autosave()
        except EOFError:  # at any prompt; a decision cut short at a dice prompt is not made (Game.apply)
            self.console.print("Input closed before the game ended.")
            self._autosave(final=True)
            return False
        self._narrate()
        self._show_end()
        return True

    def _brief(self, seat: str | None) -> None:
        """The scenario's briefing, how to win and the map key, before anyone decides."""
        self.console.print(escape(briefing(self.game, seat or self.game.seats[0], self._width(), heading=False)),
                           highlight=False)

    def _width(self) -> int:
        return max(40, min(self.console.width, 100))

    def _hand_over(self, seat: str) -> None:
        """In a hot-seat game, the terminal passes to ``seat``: the screen is cleared, the next person
        confirms he is the one at it, and he is told what he has not seen yet."""
        if not self.hot_seat or seat == self.at_terminal:
            return
        if self.at_terminal is not None:  # nothing private is on the screen before the first seat's turn
            clear_screen(self.console)
        first = seat not in self.shown
        self.ask(f"Pass the terminal to {seat}. {seat}: press Enter when nobody else can see the screen")
        clear_screen(self.console)
        self.at_terminal = seat
        if first:
            self._brief(seat)
        self.console.print(f"[bold]You are {escape(seat)}.[/bold] What you have not seen yet:", highlight=False)
        self._narrate()

    def _show_end(self) -> None:
        """The final screen, as the person at the terminal (or the first human seat) sees it."""
        text_view = self.game.spec.text_view
        seat = self.at_terminal or (self.humans[0] if self.humans else None)
        if seat is not None and text_view and (seat != UMPIRE or UMPIRE in self.game.seats):
            self.console.print(Text(text_view(self.game.view(seat))))

    def _narrate(self) -> None:
        """Show the events the person at the terminal may see and has not seen: the umpire's secrets
        stay hidden from every player, and a table of bots alone shows only what is public."""
        viewer = self.at_terminal
        events = self.game.log.events
        for event in events[self.shown.get(viewer, 0):]:
            if visible(event, viewer) if viewer is not None else event["visible_to"] == ALL:
                self._print_event(event, numbered=viewer == UMPIRE)
        self.shown[viewer] = len(events)

    def _print_event(self, event: dict[str, Any], numbered: bool = False) -> None:
        style = "bold" if event["kind"] in ("decision", "end") else ""
        seq = f"#{event['seq']} " if numbered else ""  # for 'umpire release SEAT event=N'
        self.console.print(f"[dim]{seq}t{event['turn']}[/dim] {escape(event['text'])}", style=style,
                           highlight=False)

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
        """One decision of a person's seat; False if he quits."""
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
            command = self._command(seat, answer)
            if command is not None:
                if command == QUIT:
                    return False
                continue
            if answer == "help":
                self.console.print(HELP, highlight=False)
            elif answer == "list":
                self._list(legal, range(len(legal)), numbers)
            elif answer == "view":
                self.console.print(screen)
            elif answer == "undo":
                if self._undo(seat):
                    return True
            elif answer.split(maxsplit=1)[:1] == ["say"]:
                if self._say(seat, answer) and not self.game.decisions[-1][1].startswith(SAY):
                    return True  # the message was the seat's action (CD-08): a fresh list
            elif _number(answer) and int(answer) not in numbers and not any(a.id == answer for a in legal):
                self.console.print(f"No action has number {answer} now ('list' shows those on offer).")
            elif (found := _find(answer, legal)) is not None and len(found) != 1:
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

    def _command(self, seat: str, answer: str) -> str | None:
        """The commands of every prompt (decision or umpire's): the name of the one typed, else None."""
        word, _, rest = answer.partition(" ")
        rest = rest.strip()
        if word == "quit" or answer == "q":
            return QUIT if self._quit() else "stay"
        if word == "briefing" and not rest:
            self.console.print(escape(briefing(self.game, seat, self._width())), highlight=False)
        elif word == "rules" and not rest:
            self.console.print(escape(rules_summary(self.game, self._width())), highlight=False)
        elif word == "log" and (rest in ("", "all") or _number(rest)):
            self._log(seat, rest)
        elif word == "save" and len(answer.split()) <= 2:
            self._save_as(Path(rest) if rest else None)
        elif word == "umpire" and UMPIRE in self.humans and seat == UMPIRE:
            self._umpire(answer)
        else:
            return None
        return word

    def _log(self, seat: str, how_many: str) -> None:
        """What ``seat`` has seen happen: the latest events (all with 'log all', N with 'log N')."""
        events = self.game.log.for_seat(seat)
        count = len(events) if how_many == "all" else int(how_many) if how_many else LOG_LINES
        shown = events[max(0, len(events) - count):]
        if len(shown) < len(events):
            self.console.print(f"[dim]The last {len(shown)} of {len(events)} events you have seen "
                               "('log all' for every one):[/dim]")
        for event in shown:
            self._print_event(event, numbered=seat == UMPIRE)

    def _quit(self) -> bool:
        """True when the person quits: at once if the game is saved, else after he says so."""
        if self.save_to is None:
            answer = self.ask("This game is not saved and would be lost. Quit anyway? (yes/no; "
                              "'save FILE' keeps it)").strip()
            if answer.split(maxsplit=1)[:1] == ["save"]:
                self._command(self.at_terminal or UMPIRE, answer)
                return self.save_to is not None  # saved just now, or the game goes on
            if answer.lower() not in ("y", "yes"):
                self.console.print("The game goes on.")
                return False
            self.console.print("The game is left unsaved.")
            return True
        self._autosave(final=True)
        return True

    def _save_as(self, path: Path | None) -> None:
        """``save FILE``: save now (atomically), and after every decision from then on."""
        target = path or self.save_to
        if target is None:
            self.console.print("[red]Say where: save FILE (e.g. save game.jsonl).[/red]")
            return
        if not target.parent.is_dir():
            self.console.print(f"[red]{escape(str(target.parent))} is not an existing folder.[/red]",
                               highlight=False)
            return
        try:
            self.game.save(target)
        except (RiotactError, OSError) as exc:
            self.console.print(f"[red]{escape(' '.join(str(exc).split()))}[/red]", highlight=False)
            return
        self.save_to = target
        self.console.print(f"Saved to {escape(str(target))} (and after every decision from now on); continue "
                           f"with: riotact play {escape(str(target))}", highlight=False)

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
            command = self._command(UMPIRE, answer)
            if command == QUIT:
                return False
            if command is not None:
                continue
            if answer == "view":
                self.console.print(screen)
            elif answer == "help":
                self.console.print("At this prompt: an umpire power (below), 'view', 'briefing', 'log', 'rules', "
                                   "'save FILE', 'quit', or Enter to let the turn go on.", highlight=False)
                self._umpire("umpire help")
            else:
                self._umpire(f"umpire {answer}")

    def _umpire(self, line: str) -> None:
        """An intervention of the person in the umpire's chair (docs/architecture.md, "The umpire's powers")."""
        powers = self.game.umpire_powers()
        if line.split()[1:] in ([], ["help"]):
            self.console.print(escape(umpire_console.help_text(powers, self.game.umpire_pending())), highlight=False)
            return
        try:
            power, args = umpire_console.parse(line, powers)
            made = self.game.intervene(power, **args)
        except (ValueError, RiotactError) as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red] ('umpire help' lists the powers)")
            return
        if made and made[0]["seq"] < self.shown.get(self.at_terminal, 0):
            # a re-judged roll: the events from the decision that caused it are made again
            self.console.print(f"[bold]Re-judged: the events from #{made[0]['seq']} on are now:[/bold]")
            for seat in self.shown:
                self.shown[seat] = min(self.shown[seat], made[0]["seq"])
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

    def _undo(self, seat: str) -> bool:
        """Take back ``seat``'s last decision (the seat at the terminal: never another person's), and
        what followed it, as the undo rule (``Game.undo``) allows: people at this table are asked when
        their agreement is needed."""
        if not any(made == seat for made, _ in self.game.decisions):
            self.console.print("[red]No decision of yours to take back.[/red]")
            return False
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
        for viewer in self.shown:
            self.shown[viewer] = min(self.shown[viewer], len(self.game.log.events))
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
            self.console.print("The game is not saved (type 'save FILE' at a prompt, or play with --save FILE, "
                               "to keep it).")


def clear_screen(console: Console) -> None:
    """Clear a terminal, its scrollback too, so the next person cannot scroll back to another seat's
    screen (nothing to clear when the output is not a terminal)."""
    if console.is_terminal:
        console.file.write("\x1b[H\x1b[2J\x1b[3J")
        console.file.flush()


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


def _find(answer: str, legal: list[Any]) -> list[int] | None:
    """The actions the words typed find; None when the answer is a decision to try as it stands: a
    number, a legal id, or an id the rules take though the list does not show it (a move to any
    point of the table)."""
    if _number(answer) or any(a.id == answer for a in legal):
        return None
    found = _search(answer, legal)
    if not found and ":" in answer and " " not in answer:
        return None  # an id the list does not hold: the rules take it or say why not
    return found


def _search(answer: str, legal: list[Any]) -> list[int]:
    """Indexes of the actions that hold every word typed, in their text or their id (an id typed with
    its colons is searched by its parts). Words are whole: 'a' finds "Riot Police A", not "at"; a word
    of three letters or more may also be the start of one ('mov' finds "move"). A capital A typed
    alone is a name, not the article: 'Riot Police A' does not find "Riot Police B: send a message".

    >>> from riotact.core import Action
    >>> acts = [Action("a", "fire at crowd A"), Action("b:R1", "move R1 north"), Action("c", "move AR1"),
    ...         Action("x:B", "send a squad into crowd B")]
    >>> _search("fire", acts), _search("mov r1", acts), _search("a", acts), _search("b:r1", acts)
    ([0], [1], [0, 3], [1])
    >>> _search("A", acts), _search("crowd A", acts)
    ([0], [0])
    """
    words = [w for w in answer.replace(":", " ").split() if w]
    return [i for i, a in enumerate(legal) if _has_words(a, words)]


def _has_words(action: Any, words: list[str]) -> bool:
    """Every typed word is a word of the action's text (punctuation around it left off) or a part of its
    id, or (three letters or more) starts one ('r1' finds R1, not AR1 or R12), case aside; but a
    capital A typed alone names a unit or crowd and is not the article 'a' of the text."""
    ids = {part.lower() for part in action.id.split(":")}
    words_of_text = {w.strip(".,;:!?()[]'\"") for w in action.text.split()}
    text = ids | {w.lower() for w in words_of_text}

    def has(w: str) -> bool:
        if w == "A":
            return "A" in words_of_text or "a" in ids
        w = w.lower()
        return w in text or (len(w) >= 3 and w.isalpha() and any(t.startswith(w) for t in text))

    return all(has(w) for w in words)


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
