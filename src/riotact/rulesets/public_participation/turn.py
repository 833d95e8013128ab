"""The protocol over the world; the sequence of play (PP-01) is in ``rules/sequence.py``: five phases a
move, characters acting one at a time.

Seats alternate (PP-01 gap), each decision ordering one character; ``done`` ends a seat's part of the
phase. Moves are continuous: ``move:A1:12.5,8.0`` takes a character to any point it can reach, and the
legal list offers a finite menu of such points (towards and away from what it sees, into contact, to
cover). Opportunity shots, kicking dynamite away and the umpire's rulings interrupt as decisions of the
seat concerned.
"""

from __future__ import annotations

from typing import Any

from riotact.core.adjudication import Umpire
from riotact.core.compiling import mypyc_attr
from riotact.core.log import Visibility
from riotact.core.protocol import Action
from riotact.core.scenario import Scenario
from riotact.core.umpiring import Power

from . import umpiring, view
from .options import Options
from .rules import firing, movement, sequence, speaking
from .state import World, parse_xy, xy_text


@mypyc_attr(allow_interpreted_subclasses=True)  # copied without __init__ (core/compiling.py)
class PublicParticipation(World):
    """The core protocol over the world: each decision is handed to the procedures in ``rules/``."""

    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        sequence.begin(self)

    def to_act(self) -> tuple[str, ...]:
        if self.pending:
            return (self.pending[0]["seat"],)
        return (self.current,) if self.current else ()

    def umpire_powers(self) -> tuple[Power, ...]:
        return umpiring.umpire_powers(self)

    def legal_actions(self, seat: str) -> list[Action]:
        if self.pending:
            return sequence.pending_actions(self, self.pending[0]) if self.pending[0]["seat"] == seat else []
        if seat != self.current:
            return []
        out: list[Action] = []
        for c in self.in_order():
            if c.seat == seat and sequence.eligible(self, c):
                if self.phase == "moving":
                    out += movement.move_menu(self, c)
                elif self.phase == "speaking":
                    out += speaking.speak_actions(self, c)
                else:
                    out += [*firing.fire_actions(self, c), Action(f"hold:{c.id}", f"{c.card.name} holds fire")]
        out.append(Action("done", f"end your part of the {self.phase} phase"))
        return out

    def parse_action(self, seat: str, action_id: str) -> Action | None:
        """A move or an explosive's aiming point anywhere on the table, not only the menu's points."""
        if seat not in self.to_act() or self.pending:
            return None
        verb, _, rest = action_id.partition(":")
        if verb == "move" and self.phase == "moving":
            cid, _, where = rest.partition(":")
            c, p = self.chars.get(cid), parse_xy(where)
            if c is None or p is None or c.seat != seat or not sequence.eligible(self, c):
                return None
            if movement.move_problem(self, c, p) is None:
                return movement.move_action(self, c, p, "")
        if verb == "bomb" and self.phase == "firing":
            cid, _, rest2 = rest.partition(":")
            weapon, _, where = rest2.partition(":")
            c, p = self.chars.get(cid), parse_xy(where)
            if c is None or p is None or c.seat != seat or not sequence.eligible(self, c):
                return None
            name = weapon.replace("-", " ")
            if firing.bomb_problem(self, c, name, p) is None:
                return Action(action_id, f"{c.card.name} throws the {name} at ({xy_text(p)})")
        return None

    def why_illegal(self, seat: str, action_id: str) -> str:
        if seat not in self.to_act():
            return "it is not your decision now"
        verb, _, rest = action_id.partition(":")
        cid, _, where = rest.partition(":")
        c = self.chars.get(cid)
        if c is None or c.seat != seat or self.pending:
            return "that is not one of the legal actions now"
        if verb == "move":
            p = parse_xy(where)
            if self.phase != "moving":
                return f"characters move only in the moving phase (PP-01); this is the {self.phase} phase"
            if p is None:
                return "a move needs a point: move:ID:X,Y (inches)"
            return movement.move_problem(self, c, p) or "that is not one of the legal actions now"
        if verb == "bomb":
            weapon, _, where = where.partition(":")
            p = parse_xy(where)
            if self.phase != "firing":
                return "explosives are thrown in the firing phase (PP-01)"
            if p is None:
                return "a throw needs an aiming point: bomb:ID:WEAPON:X,Y"
            problem = firing.bomb_problem(self, c, weapon.replace("-", " "), p)
            return problem or "that is not one of the legal actions now"
        return "that is not one of the legal actions now"

    def decision_visibility(self, seat: str, action: Action) -> Visibility:
        """Orders are secret: what they do is told to those who see or hear it."""
        return [seat]

    def apply(self, seat: str, action: Action) -> None:
        verb, _, rest = action.id.partition(":")
        parts = rest.split(":")
        if self.pending:
            sequence.apply_pending(self, self.pending.pop(0), verb, parts)
            # PP-08: no opportunity shot is offered at a figure an earlier one put out of play
            self.pending = [p for p in self.pending
                            if p["kind"] != "opportunity" or not self.chars[p["target"]].out_of_play]
        elif verb == "done":
            self.passed.add(seat)
        else:
            c = self.chars[parts[0]]
            if verb == "move":
                p = parse_xy(parts[1])
                assert p is not None
                movement.do_move(self, c, p)
            elif verb == "hold":
                c.done.add(self.phase_key())
            elif verb == "bandage":
                movement.start_bandage(self, c, self.chars[parts[1]])
            elif verb == "drop":
                movement.drop_load(self, c)
            elif verb == "say":
                speaking.say(self, c, parts[1], parts[2])
            elif verb in ("fire", "throw", "bomb"):
                firing.fire(self, c, verb, parts)
        sequence.advance(self)

    def view(self, seat: str) -> dict[str, Any]:
        return view.view(self, seat)

    def scenario_data_for(self, seat: str) -> dict[str, Any]:
        return view.scenario_data_for(self, seat)

    def plant_sentinels(self) -> None:
        view.plant_sentinels(self)

    def hidden_tokens(self, seat: str) -> set[str]:
        return view.hidden_tokens(self, seat)
