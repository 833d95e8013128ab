"""Bombs carried by agents in crowds (CD-66: "bomb effects are set by the scenario").

The umpire knows where each bomb is; the SF learn of it only when it goes off. A bomb goes off
in step 4 of its scenario turn, or as soon as an SF unit or a player's figure comes within its
``sf_within`` inches of the agent's crowd. It goes off at the centre of that crowd. Every figure
within the blast radius rolls 1d6 and is hit on the bomb's ``hit_on`` or more (a hit takes the
CD-61 casualty roll): SF units and players' figures stand at their street point, crowd figures
where the crowd's layout (CD-19) puts them. Every building the blast reaches loses ``damage``
property points and catches fire on a d6 of ``fire_on`` or more.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shapely.geometry import Point

from ..board import building_name, layout
from ..state import Threat
from ..view import seats_but, tell, tell_who, umpire_only
from .combat import casualty_roll, crowd_casualty
from .crowds import on_table
from .fire import start_fire
from .medical import wound_sf
from .personal import wound_player

if TYPE_CHECKING:
    from ..state import Bomb, Crowd, World


def _due(s: World, bomb: Bomb, node: str) -> str | None:
    """Why the bomb goes off now, or None."""
    if bomb.turn is not None and s.turn >= bomb.turn:
        return f"timed for turn {bomb.turn}"
    if bomb.sf_within is not None:
        near = [u.id for u in s.live_units() if s.town.inches(u.node, node) <= bomb.sf_within]
        near += [p.seat for p in s.players.values() if not p.out and s.town.inches(p.node, node) <= bomb.sf_within]
        if near:
            return f"SF within {bomb.sf_within:g}\": {', '.join(near)}"
    return None


def bombs_go_off(s: World) -> None:
    """CD-12 step 4: each bomb still hidden in a crowd goes off if its time has come."""
    for bomb in s.bombs.values():
        if bomb.went_off is not None or bomb.lost:
            continue
        crowd = on_table(s, bomb.crowd)  # the agent moves with its crowd through merges
        if crowd is None:
            bomb.lost = True
            s.note("CD-66", f"Bomb {bomb.id} leaves the table with its crowd, unexploded.")
            continue
        bomb.crowd = crowd.id
        why = _due(s, bomb, crowd.node)
        if why is not None:
            explode(s, bomb, crowd, why)


def explode(s: World, bomb: Bomb, crowd: Crowd, why: str) -> None:
    """CD-66: the blast, with the scenario's radius, casualty dice, damage and fire chance."""
    node = bomb.node = crowd.node
    bomb.went_off = s.turn
    s.note("CD-66", f"Bomb {bomb.id} in crowd {crowd.id} goes off ({why}).")
    x, y = s.position(node)
    rule, radius = "CD-66", bomb.radius
    hit_units = [unit for unit in s.live_units() if s.town.inches(unit.node, node) <= radius]
    # the SF who see the place, or whose units are caught, learn where; everyone hears it (CD-06)
    bomb.known_to = tell_who(s, rule, f"A bomb goes off in crowd {crowd.id} at {node}!", nodes=[node],
                           units=[u.id for u in hit_units], bomb=bomb.id, node=node)
    far = seats_but(s, bomb.known_to)
    if far:
        s.umpire.effect(rule, "A loud explosion is heard somewhere out of sight.", visible_to=far, bomb=bomb.id)
    for unit in hit_units:
        s.unit_event(unit, "physically attacked", Threat(node, crowd.id))  # CD-62: bombed
        for _ in range(_hits(s, bomb, unit.id, unit.figures)):
            wound_sf(s, unit, "bomb blast", dead=casualty_roll(s, unit.id) == "dead")
    for seat, me in sorted(s.players.items()):
        if not me.out and s.town.inches(me.node, node) <= radius and _hits(s, bomb, seat, 1):
            wound_player(s, seat, "bomb blast", dead=casualty_roll(s, seat) == "dead")
    for other in s.live_crowds():
        caught = sum(math.hypot(fx - x, fy - y) <= radius for fx, fy in layout(other.figures, s.position(other.node)))
        for _ in range(_hits(s, bomb, f"Crowd {other.id}", caught)):
            crowd_casualty(s, other, casualty_roll(s, f"Crowd {other.id}"), "bomb blast", firearm=False)
        if s.town.sees(other.node, node):  # CD-20: a dramatic change in the situation
            s.trigger(other, f"a bomb goes off at {node}")
    blast = Point(x, y).buffer(radius)
    for bid, shape in sorted(s.town.buildings.items()):
        if not shape.polygon.intersects(blast):
            continue
        b = s.buildings[bid]
        if bomb.damage and b.value:
            b.value = max(0, b.value - bomb.damage)  # CD-40: never below 0
            tell(s, rule, f"The blast damages {building_name(bid)}" + (" (now a wreck)." if b.value == 0 else "."),
                 nodes=shape.fronts)
        if bomb.fire_on is not None and s.roll(rule, f"bomb {bomb.id}", 1, 6, f"fire in {building_name(bid)} "
                                               f"({bomb.fire_on}+)", target=bomb.fire_on).passed:
            start_fire(s, bid, rule, "set alight by the bomb")


def _hits(s: World, bomb: Bomb, who: str, figures: int) -> int:
    """One d6 per figure in the blast, hit on the bomb's ``hit_on`` or more."""
    if figures <= 0:
        return 0
    return s.umpire.roll_pool("CD-66", who, figures, 6, purpose=f"bomb {bomb.id} blast",
                              target=bomb.hit_on, visible_to=umpire_only(s)).successes
