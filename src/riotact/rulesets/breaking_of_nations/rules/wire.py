"""Barbed wire cut by hand (BON-102).

A squad or a hero whose army-list entry carries wire cutters (``wire_cutters = 1``; at most one set a
squad, the gap default, BON-102) gives them to one soldier, the squad's last rifleman (the hero
himself). The set goes from hand to hand within the squad (house default): whichever able soldier
stands at the wire cuts with it, the carrier first, and keeps it. Standing within 1" of a belt of
wire (base edge) and outside it, he cuts a lane 1" wide
straight across it, at right angles to the wire's nearest edge: one action (1 AC) per inch of the
wire's depth along the lane (the text, the gap default). He may stop at any time and the lane keeps
what was cut; whoever has cutters at its mouth goes on with it later. The house rule
``wire_cutting = "one_turn"`` plays the terrain chart's "takes 1 turn to cut" instead: a carrier who
has not acted this turn spends all his AC and the lane is through. Inside the lane the ground is no
longer wire: a model moving along it is not slowed (BON-109), and a charge along it is not stopped
(BON-017). The lanes are the game's state (``cuts``), never the ``Table``, which game copies share.
Cutting is heard: a hidden unit that cuts is revealed (so that a lane never tells of a unit its enemy
may not know of).

Order: ``cut:A:wire-west`` (the unit ``A`` cuts through the feature ``wire-west``).
"""

from __future__ import annotations

import math
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from shapely.geometry import LineString, Point

from riotact.core.protocol import Action
from riotact.tabletop import Feature, Table

from ..state import LANE, Cut, Soldier, Unit
from . import buildings, movement, sequence

XY = tuple[float, float]
WIRE = "barbed_wire"
AT_WIRE = 1.0  # BON-102 gap: inches from the cutter's base edge to the wire for him to cut it
INCH_AC = 1  # BON-102: one action per inch


if TYPE_CHECKING:
    from ..state import World


def lane_across(wire: Feature, p: XY) -> Cut | None:
    """A new lane straight across ``wire`` from the point of its outline nearest ``p``, at right
    angles to that edge; None where the wire has no depth there."""
    here = Point(p)
    ring = list(wire.shape.exterior.coords)
    edge = min((LineString([a, b]) for a, b in pairwise(ring) if a != b),
               key=lambda seg: seg.distance(here))
    (ax, ay), (bx, by) = edge.coords
    length = math.hypot(bx - ax, by - ay)
    heading = (-(by - ay) / length, (bx - ax) / length)
    q = edge.interpolate(edge.project(here))
    if not wire.contains((q.x + heading[0] * 0.01, q.y + heading[1] * 0.01)):
        heading = (-heading[0], -heading[1])
    x0, y0, x1, y1 = wire.bounds
    reach = math.hypot(x1 - x0, y1 - y0) + 1.0
    ray = LineString([(q.x, q.y), (q.x + heading[0] * reach, q.y + heading[1] * reach)])
    met = wire.shape.intersection(ray)
    pieces = [g for g in getattr(met, "geoms", [met]) if isinstance(g, LineString) and g.length > 1e-6]
    if not pieces:
        return None
    first = min(pieces, key=lambda g: g.distance(Point(q.x, q.y)))
    return Cut(wire.id, (round(q.x, 3), round(q.y, 3)), (round(heading[0], 6), round(heading[1], 6)),
               round(first.length, 3))


def lanes_view(table: Table, cuts: list[Cut]) -> list[dict[str, Any]]:
    """The lanes for the board (every seat sees them: cutting reveals the cutters)."""
    return [{"wire": c.wire, "name": table.by_id[c.wire].name, "outline": [list(p) for p in c.outline()],
             "cut": c.cut, "depth": c.depth, "through": c.through,
             "start": list(c.start), "heading": list(c.heading), "done": c.done} for c in cuts]


# -- the ``cut`` order (BON-102) ---------------------------------------------------------------
def cutters(w: World, u: Unit) -> list[Soldier]:
    """Who of ``u`` may cut now, the carrier first: while the set is in the squad (its carrier is
    in play), any soldier on foot, out of doors, with an action left (with his whole turn still
    before him under the ``one_turn`` house rule) may take it: a squad in two ranks reaches the
    wire with its front rank, wherever the carrier stands in it."""
    if not any(m.cutters for m in w.members(u)):
        return []
    whole = w.options.wire_cutting == "one_turn"
    return sorted((m for m in movement.able(w, u) if not m.mounted and not buildings.where(w, m)
                   and (m.ac == m.max_ac() and not m.move_ac if whole else m.ac >= INCH_AC)),
                  key=lambda m: not m.cutters)


def lane_for(w: World, m: Soldier, wire: Feature) -> Cut | None:
    """The lane ``m`` would cut in ``wire``: one begun whose mouth he stands at (none if it is
    through), else a new one from the wire's edge nearest him; none if he is too far off or
    stands within the wire's outline, in a lane or not (he starts a lane from its edge)."""
    if wire.shape.distance(Point(m.pos)) - m.base > AT_WIRE:
        return None
    begun = [c for c in w.cuts if c.wire == wire.id
             and math.dist(c.start, m.pos) <= m.base + AT_WIRE + LANE / 2]
    if begun:
        c = min(begun, key=lambda c: (math.dist(c.start, m.pos), c.start))
        return None if c.through else c
    return None if wire.contains(m.pos) else lane_across(wire, m.pos)


def wire_work(w: World, u: Unit) -> list[tuple[Soldier, Feature, Cut]]:
    """For each belt of wire ``u`` may cut now, its first carrier able to and the lane he would cut."""
    out = []
    men = cutters(w, u)
    for f in w.table.features:
        if f.tags["kind"] != WIRE:
            continue
        found = next(((m, c) for m in men if (c := lane_for(w, m, f)) is not None), None)
        if found:
            out.append((found[0], f, found[1]))
    return out


def wire_actions(w: World, u: Unit) -> list[Action]:
    cost = "his whole turn" if w.options.wire_cutting == "one_turn" else "1 AC an inch"
    return [Action(f"cut:{u.id}:{f.id}", f"{m.id} of {u.name} cuts a lane through {f.name} "
                   f"({c.cut:.0f} of {c.depth:.1f}\" cut, {cost})") for m, f, c in wire_work(w, u)]


def cut_wire(w: World, u: Unit, wire_id: str) -> None:
    """BON-102: the carrier spends one action and the lane goes one inch further across the wire
    (house rule ``one_turn``: he spends his turn and the lane is through)."""
    m, f, c = next(work for work in wire_work(w, u) if work[1].id == wire_id)
    if not m.cutters:  # a set changes hands within the squad
        giver = next(k for k in w.members(u) if k.cutters)
        giver.cutters, m.cutters = False, True
    if not any(c is k for k in w.cuts):
        w.cuts.append(c)
    if w.options.wire_cutting == "one_turn":
        m.ac, c.done, what = 0, math.ceil(c.depth - 1e-6), "spends his turn cutting"
    else:
        m.ac, c.done, what = m.ac - INCH_AC, c.done + 1, "cuts 1\" into"
    sequence.reveal(w, u, "its wire cutters are heard")
    end = ": the lane is through" if c.through else ""
    w.tell("BON-102", f"{m.id} {what} {f.name} ({c.cut:.1f} of {c.depth:.1f}\"){end}.", unit=u, wire=f.id)


def cut_action_ids(table: Table, unit: str) -> list[str]:
    """The fixed numbering's ``cut`` orders of one unit (or a hidden unit's slot; encoding.py): one per
    belt of wire."""
    return [f"cut:{unit}:{f.id}" for f in table.features if f.tags["kind"] == WIRE]
