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

from riotact.core import Bot, Game, RiotactError, make_bot

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

    def run(self) -> None:
        while not self.game.is_over():
            self._narrate()
            seat = self.game.to_act()[0]
            if seat in self.bots:
                bot = self.bots[seat]
                view = self.game.view(seat) if bot.needs_view else None
                self.game.apply(seat, bot.choose(view, self.game.legal_actions(seat)))
            elif not self._human_turn(seat):
                return
            self._autosave()
        self._narrate()
        self._show_end()

    def _show_end(self) -> None:
        """The final screen, as the (first) human seat sees it."""
        text_view = self.game.spec.text_view
        if self.humans and text_view:
            self.console.print(Text(text_view(self.game.view(self.humans[0]))))

    def _narrate(self) -> None:
        """Show the events the human seats may see (the umpire's secrets stay hidden)."""
        viewer = self.humans[0] if len(self.humans) == 1 else None
        events = self.game.log.events
        for event in events[self.shown:]:
            if viewer is None or event["visible_to"] == "all" or viewer in event["visible_to"]:
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
            try:
                answer = self.ask(f"{seat}, your decision").strip()
            except EOFError:
                self.console.print("Input closed.")
                self._autosave(final=True)
                return False
            if answer in ("quit", "q"):
                self._autosave(final=True)
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
                try:
                    self.game.undo()
                    self.shown = len(self.game.log.events)
                    self.console.print("The last decision is taken back.")
                    return True
                except RiotactError as exc:
                    self.console.print(f"[red]{exc}[/red]")
            elif (found := _search(answer, legal)) is not None:
                self._list(legal, found) if found else self.console.print(f"No action matches {answer!r}.")
            else:
                try:
                    self.game.apply(seat, _pick(answer, legal))
                    return True
                except RiotactError as exc:
                    self.console.print(f"[red]{escape(str(exc))}[/red] ('help' for commands)")

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
                self.console.print(f"Saved to {self.save_to}; continue with: riotact play {self.save_to}")


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
    if answer.isdigit() or any(a.id == answer for a in legal):
        return None
    words = answer.lower().split()
    return [i for i, a in enumerate(legal) if _has_words(a.text.lower().split(), words)]


def _has_words(text: list[str], words: list[str]) -> bool:
    """Every typed word starts some word of the text ('r1' finds R1, not AR1)."""
    return all(any(t.startswith(w) for t in text) for w in words)


def _pick(answer: str, legal: list[Any]) -> str:
    if answer.isdigit() and 1 <= int(answer) <= len(legal):
        return str(legal[int(answer) - 1].id)
    return answer


def render_state(view: dict[str, Any]) -> Any:
    """A table of per-player facts where the view has them, else the view as plain lines."""
    state = view["state"]
    players = state.get("players") if isinstance(state, dict) else None
    title = f"Turn {view['turn']} — you are {view['seat']}"
    facts = {k: v for k, v in (state.items() if isinstance(state, dict) else []) if v not in (None, [], {})}
    lines = [f"  {k.replace('_', ' ')}: {_brief(v)}" for k, v in facts.items() if k != "players"]
    if not (isinstance(players, dict) and players and all(isinstance(p, dict) for p in players.values())):
        return "\n".join([title, *lines])
    first = next(iter(players.values()))
    table = Table(title=title, caption="\n".join(lines) or None, caption_justify="left")
    table.add_column("player")
    for key in first:
        table.add_column(key.replace("_", " "))
    for name, row in players.items():
        table.add_row(name, *("?" if row.get(k) is None else _brief(row.get(k)) for k in first))
    return table


def _brief(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k.replace('_', ' ')} {_brief(v)}" for k, v in value.items() if v not in (None, [], {}))
    if isinstance(value, list):
        return " ".join(map(_brief, value))
    return str(value)
