"""The preliminary bombardment (BON-071, BON-072): before the first turn the attacker shells the
defender's half of the table, 12" square by 12" square, with no deviation.

Each square's point is found with 2d12 (BON-071 gap): from the square's corner on the defender's right
and nearest the table centre, the first die leftward (as the defender faces the centre), the second
towards the defender's own edge; points off the table are lost. A 6" marker falls there and is
attacked as a Heavy Howitzer firing shell (4D12, each die against up to 2 models, D 4, cover applying).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from riotact.core.words import counted, possessive

from ..state import Soldier
from . import artillery
from .ordnance import AMMUNITION, GUNS, SIZE_DICE

SQUARE = 12.0  # BON-071: areas twelve inches square
BARRAGE = GUNS["heavy_howitzer"]  # BON-071 gap: each marker is a Heavy Howitzer's shell
XY = tuple[float, float]
if TYPE_CHECKING:
    from ..state import World


def frame(w: World, defender: str) -> tuple[XY, XY, XY, float, float]:
    """The defender's half: origin (right-hand corner at the centre line), the leftward and the
    rearward unit vectors, its length along the edge and its depth."""
    width, depth = w.table.width, w.table.depth
    return {
        "north": ((0.0, depth / 2), (1.0, 0.0), (0.0, 1.0), width, depth / 2),
        "south": ((width, depth / 2), (-1.0, 0.0), (0.0, -1.0), width, depth / 2),
        "east": ((width / 2, depth), (0.0, -1.0), (1.0, 0.0), depth, width / 2),
        "west": ((width / 2, 0.0), (0.0, 1.0), (-1.0, 0.0), depth, width / 2),
    }[w.edges[defender]]


def bombard(w: World) -> None:
    """BON-071; with the house rule ``bombardment_phases`` (BON-072), one phase per two hours."""
    plan = w.setup.bombardment
    if plan is None:
        return
    phases = max(1, plan.hours // 2) if w.options.bombardment_phases else 1
    w.tell("BON-071", f"{plan.attacker} opens a {plan.hours}-hour preliminary bombardment of "
              f"{possessive(plan.defender)} half: {counted(phases, 'phase')} (BON-072).", phases=phases)
    origin, left, back, length, depth = frame(w, plan.defender)
    radius = w.options.bombardment_marker / 2
    shell = AMMUNITION["shell"]
    barrage = Soldier("barrage", "", "crew", "green", "flak", "rifle", *origin)
    for phase in range(1, phases + 1):
        for i in range(math.ceil(length / SQUARE)):
            for j in range(math.ceil(depth / SQUARE)):
                along, deep = w.umpire.roll_total(
                    "BON-071", plan.attacker, 2, 12,
                    purpose=f"square {i + 1},{j + 1} (phase {phase}): leftward, then towards the edge").dice
                u, v = i * SQUARE + along, j * SQUARE + deep
                if u > length or v > depth:
                    w.tell("BON-071", f"Square {i + 1},{j + 1}: the point falls off the table and is lost.")
                    continue
                p = (origin[0] + u * left[0] + v * back[0], origin[1] + u * left[1] + v * back[1])
                w.tell("BON-071", f"Square {i + 1},{j + 1}: a {2 * radius:g}\" marker at ({p[0]:.1f}, "
                          f"{p[1]:.1f}), no deviation.", marker=[p[0], p[1], radius])
                n = SIZE_DICE[BARRAGE.size]
                dice = w.umpire.roll_total("BON-071", plan.attacker, n, 12,
                                              purpose=f"the shelling at ({p[0]:.1f}, {p[1]:.1f}) ({n}D12)").dice
                under = artillery.under_marker(w, p, radius)
                artillery.shell_hits(w, BARRAGE.damage(shell), barrage, p,
                                [(face, under[2 * k: 2 * k + 2]) for k, face in enumerate(dice)], "BON-071")
