"""Panic reactions acted out (BON-039, BON-111): a panicking soldier freezes, flees, takes cover, goes
berserk or charges onwards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from ..state import Soldier
from ..tables import TERRAIN
from . import buildings, combat, vehicles

if TYPE_CHECKING:
    from ..state import World

TAKE_COVER_RANGE = 9.0  # BON-039
COVER_INSET = 0.2  # inches inside the edge of cover a soldier taking cover runs to (BON-039)


def _just_inside(shape: BaseGeometry, p: tuple[float, float]) -> tuple[float, float]:
    """The point of ``shape`` nearest ``p``, a little inside its edge (so a step rounded to the 0.1"
    grid still ends in it); a sliver too thin for that gives its representative point."""
    inner = shape.buffer(-COVER_INSET)
    target = inner if not inner.is_empty else shape.representative_point()
    q = nearest_points(target, Point(p))[0]
    return (q.x, q.y)


# -- panic reactions ---------------------------------------------------------------------------
def react(w: World, m: Soldier) -> None:
    """BON-039: a panicking soldier acts out his reaction at the start of his unit's activation."""
    u = w.unit_of(m)
    r = m.panic
    if r == "freeze":
        w.tell("BON-039", f"{m.id} is frozen with fear.", unit=u)
    elif r == "prone":
        m.prone = True
        w.tell("BON-039", f"{m.id} lies flat.", unit=u)
    elif r == "flee":
        flee(w, m)
    elif r == "take_cover":
        take_cover(w, m)
    elif r == "berserk":
        berserk(w, m)
    elif r == "onwards":
        onwards(w, m)


def walk(w: World, m: Soldier, goal: tuple[float, float], actions: int, rule: str, why: str) -> None:
    for _ in range(actions):
        if (m.ac < 1 or m.move_ac >= w.options.movement_actions
                or w.table.distance(m.pos, goal) < 0.05):
            break
        p = w.board.toward(m.pos, goal, buildings.step_allowance(w, m, m.pos, goal))
        if buildings.path_problem(w, m, m.pos, p) is not None:
            break
        m.x, m.y = p
        m.ac, m.move_ac = m.ac - 1, m.move_ac + 1
    w.tell(rule, f"{m.id} {why}, to ({m.x:.1f}, {m.y:.1f}).", unit=w.unit_of(m))


def flee(w: World, m: Soldier) -> None:
    """BON-039 gap: full movement by the shortest way to his deployment area, and he stays there."""
    edge = w.edges[w.unit_of(m).seat]
    goal = {"south": (m.x, 0.0), "north": (m.x, w.table.depth), "west": (0.0, m.y),
            "east": (w.table.width, m.y)}[edge]
    walk(w, m, goal, w.options.movement_actions, "BON-039", "flees towards his own lines")


def take_cover(w: World, m: Soldier) -> None:
    """BON-039: into the nearest cover within 9" that no enemy holds, measured from his base to the
    cover's nearest edge (BON-001), not to its middle: he runs to just inside that edge; with none,
    he goes prone (gap)."""
    best: tuple[float, tuple[float, float], str] | None = None
    seat = w.unit_of(m).seat
    for f in w.table.features:
        kind = TERRAIN[str(f.tags["kind"])]
        if not (kind.cv and kind.area and not f.impassable and not f.contains(m.pos)):
            continue
        if any(f.contains(e.pos) for e in w.men.values()
               if e.in_play and w.unit_of(e).seat != seat and not w.unit_of(e).concealed):
            continue  # held by the opponent, as far as his side knows (a hidden enemy is not, BON-002)
        d = max(0.0, f.shape.distance(Point(m.pos)) - m.base)
        if d <= TAKE_COVER_RANGE and (best is None or d < best[0]):
            best = (d, _just_inside(f.shape, m.pos), f.name)
    if any(f.contains(m.pos) and f.cover for f in w.table.features):
        w.tell("BON-039", f"{m.id} stays in cover.", unit=w.unit_of(m))
    elif best is None:
        m.prone = True
        w.tell("BON-039", f"{m.id} finds no cover within 9\" and lies flat.", unit=w.unit_of(m))
    else:
        walk(w, m, best[1], w.options.movement_actions, "BON-039", f"runs for {best[2]}")


def berserk(w: World, m: Soldier) -> None:
    """BON-039 gap: fires at the nearest visible model of either side, moving only to get in range."""
    others = [t for t in w.men.values() if t.in_play and t.unit != m.unit and not t.prone
              and buildings.sees(w, m, t) and not w.unit_of(t).concealed]
    if not others or m.weapon in ("grenades", "lft", "cc_weapon", "mg"):
        w.tell("BON-039", f"{m.id} rages with nothing to shoot at.", unit=w.unit_of(m))
        return
    t = min(others, key=lambda t: (w.board.gap(m, t), t.id))
    if w.board.gap(m, t) > w.board.weapon_reach(m):
        walk(w, m, t.pos, 1, "BON-039", f"goes berserk and runs at {t.id}")
    while m.ac >= 1 and t.in_play and w.board.gap(m, t) <= w.board.weapon_reach(m):
        m.ac -= 1
        m.prone = False
        w.tell("BON-039", f"{m.id} goes berserk and fires at {t.id}.", unit=w.unit_of(m))
        combat.volley(w, [(m, t)], w.unit_of(t), "BON-039")


def onwards(w: World, m: Soldier) -> None:
    """BON-039 gap: charges the nearest enemy within charge distance, or moves towards him."""
    foes = [t for t in w.men.values() if t.in_play and w.unit_of(t).seat != w.unit_of(m).seat
            and not w.unit_of(t).concealed]
    if not foes or m.ac < 1:
        return
    t = min(foes, key=lambda t: (w.board.gap(m, t), t.id))
    dest = w.board.contact_point(m, t)
    if (w.table.distance(m.pos, dest) <= buildings.step_allowance(w, m, m.pos, t.pos, charging=True)
            and buildings.path_problem(w, m, m.pos, dest, charging=True) is None):
        m.x, m.y = dest
        m.ac, m.move_ac, m.prone = m.ac - 1, m.move_ac + 1, False
        w.tell("BON-039", f"{m.id} charges {t.id} in a suicidal rush.", unit=w.unit_of(m))
        if m.ac >= 1:
            m.ac -= 1
            for h in combat.strike(w, m, t):
                vehicles.damage(w, h)
            combat.after_losses(w)
    else:
        walk(w, m, t.pos, 1, "BON-039", f"rushes on towards {t.id}")
