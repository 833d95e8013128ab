"""Playing at the terminal: humans type, bots decide, the log narrates."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from riotact.core import Bot, Game, RiotactError, make_bot

HELP = ("Type the number or id of an action. Other commands: 'view' (full view as JSON), "
        "'undo' (take back the last decision), 'save' (save now), 'quit'.")


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
        for number, action in enumerate(legal, start=1):
            self.console.print(f"  [cyan]{number:>2}[/cyan] {escape(action.text)}  [dim]({escape(action.id)})[/dim]",
                               highlight=False)
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
            else:
                action_id = _pick(answer, legal)
                try:
                    self.game.apply(seat, action_id)
                    return True
                except RiotactError as exc:
                    self.console.print(f"[red]{exc}[/red] ('help' for commands)")

    def _autosave(self, final: bool = False) -> None:
        if self.save_to is not None:
            self.game.save(self.save_to)
            if final:
                self.console.print(f"Saved to {self.save_to}; continue with: riotact play {self.save_to}")


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
