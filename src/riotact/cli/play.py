"""Playing at the terminal: humans type, bots decide, the log narrates."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from riotact.core import ALL, Bot, Game, RiotactError, make_bot
from riotact.core.log import visible

HELP = ("Type the number or id of an action, or words to find actions ('fire', 'move R1'). "
        "Other commands: 'list' (all actions again), 'view' (full view as JSON), "
        "'undo' (take back the last decision), 'save' (save now), 'quit'.")
LONG_LIST = 30  # more actions than this are shown in columns


class TerminalTable:
    """One terminal shared by the human seats (hot-seat); bots play the rest."""

    def __init__(self, game: Game, seats: Mapping[str, str], console: Console,
                 ask: Callable[[str], str], save_to: Path | None) -> None:
        self.game, self.console, self.ask, self.save_to = game, console, ask, save_to
        self.kinds = {s: seats.get(s, "heuristic") for s in game.seats}
        self.bots: dict[str, Bot] = {s: make_bot(k, game, s) for s, k in self.kinds.items() if k != "human"}
        self.humans = [s for s, k in self.kinds.items() if k == "human"]
        self.shown = 0  # events already narrated

    def run(self) -> bool:
        """Play until the game ends or a person quits (True), or until the input closes (False)."""
        try:
            while not self.game.is_over():
                self._narrate()
                seat = self.game.to_act()[0]
                if seat in self.bots:
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
                self.console.print(f"[dim]t{event['turn']}[/dim] {escape(event['text'])}", style=style,
                                   highlight=False)
        self.shown = len(events)

    def _human_turn(self, seat: str) -> bool:
        view = self.game.view(seat)
        text_view = self.game.spec.text_view
        self.console.print(Text(text_view(view)) if text_view else render_state(view))
        legal = self.game.legal_actions(seat)
        if len(legal) <= LONG_LIST:
            self._list(legal, range(len(legal)))
        else:
            self.console.print(f"{len(legal)} actions: {escape(index(legal))}", highlight=False)
            self.console.print("Type words to find actions (e.g. the first words above), a number, or 'list'.")
        while True:
            answer = self.ask(f"{seat}, your decision").strip()
            if answer in ("quit", "q"):
                return False
            if answer == "help":
                self.console.print(HELP)
            elif answer == "list":
                self._list(legal, range(len(legal)))
            elif answer == "view":
                self.console.print_json(data=view)
            elif answer == "save":
                self._autosave(final=True)
            elif answer == "undo":
                if self._undo():
                    return True
            elif (found := _search(answer, legal)) is not None:
                if found:
                    self._list(legal, found)
                else:
                    self.console.print(f"No action matches {escape(repr(answer))}: "
                                       f"{escape(self.game.why_illegal(seat, answer))}.", highlight=False)
            else:
                try:
                    self.game.apply(seat, _pick(answer, legal))
                    return True
                except RiotactError as exc:
                    self.console.print(f"[red]{escape(str(exc))}[/red] ('help' for commands)")

    def _undo(self) -> bool:
        """Take back the last decision of a person here, and the bots' decisions after it."""
        made = self.game.decisions
        ours = [i for i, (seat, _) in enumerate(made) if seat in self.humans]
        if not ours:
            self.console.print("[red]No decision of yours to take back.[/red]")
            return False
        self.game.undo(len(made) - ours[-1])
        self.shown = len(self.game.log.events)
        self.console.print("Your last decision is taken back (and the bots' decisions after it).")
        return True

    def _list(self, legal: list[Any], which: range | list[int]) -> None:
        """Numbered actions: one a line, or in columns when there are many."""
        if len(which) <= LONG_LIST:
            for i in which:
                self.console.print(f"  [cyan]{i + 1:>2}[/cyan] {escape(legal[i].text)}  "
                                   f"[dim]({escape(legal[i].id)})[/dim]", highlight=False)
            return
        cells = [f"[cyan]{i + 1:>3}[/cyan] {escape(legal[i].text)}" for i in which]
        self.console.print(Columns(cells, column_first=True, padding=(0, 2)), highlight=False)

    def _autosave(self, final: bool = False) -> None:
        if self.save_to is not None:
            self.game.save(self.save_to)
            if final:
                self.console.print(f"Saved to {escape(str(self.save_to))}; continue with: "
                                   f"riotact play {escape(str(self.save_to))}", highlight=False)
        elif final:
            self.console.print("The game is not saved (play with --save FILE to keep it).")


def index(legal: list[Any]) -> str:
    """Runs of actions that start alike, by number: a short map of a long list.

    >>> from riotact.core import Action
    >>> index([Action("a", "run to x1"), Action("b", "run to x2"), Action("c", "talk with sub1")])
    '1-2 run to ...; 3 talk with sub1'
    """
    parts: list[str] = []
    start = 0
    for i in range(1, len(legal) + 1):
        if i == len(legal) or _lead(legal[i].text) != _lead(legal[start].text):
            if i - start == 1:
                parts.append(f"{start + 1} {legal[start].text}")
            else:
                parts.append(f"{start + 1}-{i} {_lead(legal[start].text)} ...")
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
    if _number(answer) or any(a.id == answer for a in legal):
        return None
    words = answer.lower().split()
    return [i for i, a in enumerate(legal) if _has_words(a.text.lower().split(), words)]


def _has_words(text: list[str], words: list[str]) -> bool:
    """Every typed word starts some word of the text ('r1' finds R1, not AR1)."""
    return all(any(t.startswith(w) for t in text) for w in words)


def _pick(answer: str, legal: list[Any]) -> str:
    if _number(answer) and 1 <= int(answer) <= len(legal):
        return str(legal[int(answer) - 1].id)
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
