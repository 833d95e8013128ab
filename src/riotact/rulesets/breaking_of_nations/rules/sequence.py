"""The sequence of play (BON-003, BON-004, BON-006..009, BON-013): initiative, the turn and its phases,
alternating activation, spotting hidden units (BON-002) and victory."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riotact.core.protocol import Result

from .. import view
from ..armies import force_note
from ..state import Unit
from . import artillery, bombardment, buildings, combat, glory, reactions
from .glory import PANIC_GL

if TYPE_CHECKING:
    from ..state import World


# -- set-up and sequence ---------------------------------------------------------
def roll_initiative(w: World) -> list[str]:
    """BON-004: each player rolls a D6; the highest starts last (gap: ties roll again)."""
    rolls: dict[str, tuple[int, ...]] = {}
    group = list(w.seats)
    while group:
        faces = {s: w.umpire.roll_total("BON-004", s, 1, 6, purpose="initiative").total for s in group}
        for s, f in faces.items():
            rolls[s] = (*rolls.get(s, ()), f)
        counts: dict[tuple[int, ...], int] = {}
        for s in w.seats:
            counts[rolls[s]] = counts.get(rolls[s], 0) + 1
        group = [s for s in w.seats if counts[rolls[s]] > 1]
        if w.options.initiative_ties == "seat_order":
            break
    order = sorted(w.seats, key=lambda s: (rolls[s], w.seats.index(s)))
    w.tell("BON-004", f"Activation order (lowest roll first, BON-004): {', '.join(order)}.", order=order)
    return order


def start_turn(w: World) -> None:
    """BON-007: the Actions phase; every soldier's AC is refreshed (BON-008; unused AC is lost, BON-013)."""
    w.umpire.turn = w.turn
    w.charged.clear()
    buildings.clear_openings(w)  # BON-091
    for m in w.men.values():
        m.ac, m.move_ac = m.max_ac(), 0
    for u in w.units.values():
        u.activated, u.salvos, u.charging = not w.members(u), 0, False
        u.last_gait, u.gait = u.gait, "walk"  # BON-082 gap: standing still counts as walking
    w.pointer = 0
    w.tell("BON-007", f"Turn {w.turn} of {w.turns}: the Actions phase.")


def advance(w: World) -> None:
    """BON-006: seats activate one unit each in initiative order; a seat with none left is skipped."""
    while w.result is None and not w.active:
        n = len(w.order)
        for k in range(n):
            seat = w.order[(w.pointer + k) % n]
            if any(may_activate(w, u) for u in w.units.values() if u.seat == seat):
                w.current = seat
                w.pointer = (w.pointer + k + 1) % n
                return
        end_turn(w)


def may_activate(w: World, u: Unit) -> bool:
    """BON-006: a unit not yet activated this turn, with men left on the table (one wiped out since
    the turn began has nobody to act, to test its glory or to give odds for)."""
    return not u.activated and bool(w.members(u))


def end_turn(w: World) -> None:
    """BON-007: the Glory Tests phase (panic recovery, BON-040), then the next turn or the end."""
    w.current = ""
    w.tell("BON-007", f"Turn {w.turn}: the Glory Tests phase.")
    glory.recovery_phase(w)
    if w.turn >= w.turns:
        finish(w, f"after {w.turns} turns")
        return
    w.turn += 1
    start_turn(w)


# -- activation ------------------------------------------------------------------------
def begin(w: World, u: Unit) -> None:
    """BON-006 / BON-014: the unit's Orders step opens its activation."""
    w.active, u.activated = u.id, True
    w.tell("BON-006", f"{u.seat} activates {u.name}.", unit=u, unit_id=u.id)
    for m in w.members(u):
        if m.stunned_turn == w.turn:
            m.ac = 0  # BON-112: stunned, no actions in this activation
    artillery.ammo_check(w, u)
    glory.glory_tests(w, u)
    for m in w.members(u):
        if m.panic and m.in_play:
            reactions.react(w, m)


def finish_activation(w: World) -> None:
    if w.active:
        w.units[w.active].charging = False
    w.active = ""


def spot(w: World) -> None:
    """BON-002 house rule: a hidden unit is spotted by an enemy model within range with a clear line."""
    rng = w.options.spotting_range
    for u in w.units.values():
        hiding = w.members(u) if u.concealed else []
        if not hiding:
            continue
        watchers = [e for e in combat.near_men(w, hiding, rng) if w.unit_of(e).seat != u.seat]  # the rest are too far
        if any(w.board.gap(e, m) <= rng and buildings.sees(w, e, m) for m in hiding for e in watchers):
            reveal(w, u, "the enemy spots it")


def steady_models(w: World, seat: str) -> int:
    return sum(1 for u in w.units.values() if u.seat == seat for m in w.members(u)
               if m.panic not in ("flee",) and not (m.panic and u.gl >= PANIC_GL))


def check_victory(w: World) -> None:
    """BON-003 gap: a side wins at once when every enemy unit is gone, fleeing or panicking."""
    standing = [s for s in w.seats if steady_models(w, s)]
    if len(standing) == 1 and len(w.seats) > 1:
        finish(w, "every enemy unit is removed, fleeing or panicking", standing)


def tally(w: World) -> tuple[dict[str, float], dict[str, float], dict[str, list[str]]]:
    """BON-003: each side's models not fleeing, the points of the objectives it alone holds now, and
    the names of those objectives (the end's score; a search's evaluation reads it mid-game)."""
    models = {s: float(sum(1 for u in w.units.values() if u.seat == s for m in w.members(u) if m.panic != "flee"))
              for s in w.seats}
    objectives = dict.fromkeys(w.seats, 0.0)
    held: dict[str, list[str]] = {}
    for o in w.setup.objectives:
        f = w.table.by_id[o.feature]
        inside = {w.unit_of(m).seat for m in w.men.values() if m.in_play and f.contains(m.pos)}
        if inside == {o.seat}:
            objectives[o.seat] += o.points
            held.setdefault(o.seat, []).append(f.name)
    return models, objectives, held


def finish(w: World, reason: str, winners: list[str] | None = None) -> None:
    """BON-003: the scenario's objectives, else the side with more models not fleeing wins."""
    models, objectives, held = tally(w)
    points = {s: models[s] + objectives[s] for s in w.seats}
    if winners is None:
        best = max(points.values())
        top = [s for s in w.seats if points[s] == best]
        winners = top if len(top) == 1 else []
    w.current, w.active = "", ""
    w.result = Result(tuple(winners), reason if winners else f"{reason}: a draw", points,
                         {"objectives_held": held})


def reveal(w: World, u: Unit, why: str) -> None:
    """BON-002 house rule: a hidden unit that moves, fires or fights (or is spotted) is hidden no more."""
    if u.concealed:
        u.concealed = False
        w.tell("BON-002", f"{u.name} ({u.seat}) is revealed: {why}.", unit=u)


def set_up(w: World) -> None:
    """BON-002: units placed inside buildings (BON-090), each player told his force's size (BON-005), the
    initiative rolled (BON-004), the preliminary bombardment (BON-071), then the first turn begins."""
    for card in w.setup.units:
        if card.inside:
            bid, _, sid = card.inside.partition(".")
            buildings.put_inside(w, w.members(w.units[card.id]), (bid, sid))
    w.umpire.turn = 1
    for seat in w.seats:
        w.umpire.effect("BON-005", f"The force of {seat}: " + force_note(
            [u.model_dump() for u in w.setup.units if u.seat == seat], w.options.platoon_squads),
            visible_to=view.seats_only(w, seat))
    w.order = roll_initiative(w)
    bombardment.bombard(w)
    start_turn(w)
    advance(w)
