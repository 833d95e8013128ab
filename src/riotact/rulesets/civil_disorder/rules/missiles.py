"""Crowd violence in step 4: bricks and bottles (CD-35, CD-36) and petrol bombs (CD-37, CD-38)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..board import building_name
from ..state import Threat
from ..view import tell, umpire_only
from .combat import petrol_attack
from .crowds import chart, violent
from .fire import start_fire
from .medical import wound_sf

if TYPE_CHECKING:
    from ..state import Crowd, SFUnit, World


def crowd_violence(s: World) -> None:
    """CD-12 step 4: a crowd at the damage RL restocks at a source (CD-35), or throws a petrol
    bomb (CD-37, CD-38) or bricks and bottles (CD-36) at the nearest SF unit in range and sight."""
    town = s.town
    reach = s.options.missile_range
    for crowd in s.live_crowds():
        who = f"Crowd {crowd.id}"
        if make_petrol(s, crowd) or not violent(s, crowd):
            continue
        at_source = any(town.inches(crowd.node, f) <= 2 for f in s.features.get("missiles", []))
        if at_source and crowd.missiles < s.options.missile_turns:  # CD-35 restock
            crowd.missiles = s.options.missile_turns
            tell(s, "CD-35", f"Crowd {crowd.id} gathers bricks and bottles.", nodes=[crowd.node])
            continue
        # CD-36: the nearest unit in range and sight (on a tie, the lowest id)
        target = s.nearest_unit_by_id(crowd.node, reach, _in_the_open_seen_from(s, crowd.node))
        bombs = (chart(crowd).petrol and crowd.bottles and crowd.petrol
                 and s.turn - crowd.last_petrol >= s.options.petrol_interval)  # CD-37
        if target is None:
            if bombs:
                bomb_building(s, crowd)
            continue
        if bombs:
            crowd.last_petrol = s.turn
            tell(s, "CD-38", f"Crowd {crowd.id} throws a petrol bomb at {target.id}.",
                 nodes=[crowd.node, target.node], units=[target.id])
            count = s.roll("CD-38", who, 1, 3, "figures under petrol bomb attack").total
            petrol_attack(s, target, count, "petrol bomb", Threat(crowd.node, crowd.id))
            continue
        if crowd.missiles > 0:
            throw_missiles(s, crowd, target)


def _in_the_open_seen_from(s: World, node: str) -> Callable[[SFUnit], bool]:
    """CD-36: a unit a crowd at ``node`` can throw at: outside buildings and in its sight."""
    return lambda u: u.inside is None and s.town.sees(node, u.node)


def bomb_building(s: World, crowd: Crowd) -> None:
    """CD-38 default: with no SF in range, a petrol bomb at a building it touches: a fire on 4+."""
    touching = [b for b in s.town.front_of.get(crowd.node, ()) if s.buildings[b].value > 0]
    if not touching:
        return
    crowd.last_petrol = s.turn
    bid = touching[0]
    tell(s, "CD-38", f"Crowd {crowd.id} throws a petrol bomb at {building_name(bid)}.", nodes=[crowd.node])
    if s.roll("CD-38", f"Crowd {crowd.id}", 1, 6, f"petrol bomb at {building_name(bid)} (fire on 4+)", target=4).passed:
        start_fire(s, bid, "CD-38", "a petrol bomb")


def throw_missiles(s: World, crowd: Crowd, target: SFUnit) -> None:
    """CD-36 default: 1d6 per 10 figures; each 6 wounds, a riot shield saves unless a d6 scores 4+."""
    crowd.missiles -= 1  # CD-35: one of about 5 turns of throwing
    who = f"Crowd {crowd.id}"
    tell(s, "CD-36", f"Crowd {crowd.id} throws bricks and bottles at {target.id}.",
         nodes=[crowd.node, target.node], units=[target.id])
    if not target.bricked:  # CD-62: the first time only
        s.unit_event(target, "bricks and bottles for the first time", Threat(crowd.node, crowd.id))
        target.bricked = True
    dice = max(1, crowd.figures // 10)
    pool = s.control.roll_pool("CD-36", who, dice, 6, purpose=f"bricks and bottles at {target.id}",
                             target=6, visible_to=umpire_only(s))
    for _ in range(pool.successes):
        if target.type.riot_equipped and s.d6("CD-36", target.id, "riot shield (wounded on 4+)") < 4:
            continue
        wound_sf(s, target, "bricks and bottles")


def make_petrol(s: World, crowd: Crowd) -> bool:
    """CD-37: a turn at a bottle source and one at a petrol source (True: this turn is spent
    gathering); SF who see it are told."""
    crowd.making_petrol = False
    if not crowd.petrol_allowed or (crowd.bottles and crowd.petrol):
        return False
    for kind in ("bottles", "petrol"):
        if not getattr(crowd, kind) and crowd.node in s.features.get(kind, []):
            setattr(crowd, kind, True)
            crowd.making_petrol = True
            tell(s, "CD-37", f"Crowd {crowd.id} is gathering {kind} to make petrol bombs.",
                 nodes=[crowd.node])
            return True
    return False
