"""Gas clouds (CD-22): where they are, what they do to the figures in them, who sees them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riotact.core.modifiers import Modifier

from ..state import GasCloud
from ..view import tell

if TYPE_CHECKING:
    from ..state import Crowd, SFUnit, World

WIND = {"east": (1, 0), "west": (-1, 0), "north": (0, -1), "south": (0, 1)}


def gas_on(s: World, node: str) -> str | None:
    """The strongest effective gas cloud over a street point: "cs", "tear" or None."""
    kinds = {c.kind for c in s.gas if s.town.inches_to_point(node, (c.x, c.y)) <= c.radius}
    return "cs" if "cs" in kinds else ("tear" if kinds else None)


def gas_in_sight(s: World, node: str) -> bool:
    """CD-32: a gas cloud the crowd can see (its nearest street point is in sight)."""
    return any(s.town.sees(node, s.town.nearest_point((c.x, c.y))) for c in s.gas)


def throw_gas(s: World, unit: SFUnit, crowd: Crowd) -> None:
    """CD-22 default: a grenade or round up to 20" makes a 4"-wide cloud for 3 turns;
    CD-39: a patrol car's stock runs out."""
    if not unit.has_gas:
        tell(s, "CD-39", f"{unit.id} has no tear gas left.", units=[unit.id])
        return
    if unit.gas_stock is not None:
        unit.gas_stock -= 1
    kind = "cs" if unit.type.specialist_riot or unit.type.swat else "tear"
    x, y = s.position(crowd.node)
    s.gas.append(GasCloud(kind, x, y, s.options.gas_turns, float(s.options.gas_radius)))
    s.trigger(crowd, f"{unit.id} fires gas")
    tell(s, "CD-22", f"{unit.id} fires {'CS' if kind == 'cs' else 'tear'} gas at crowd {crowd.id}.",
         nodes=[unit.node, crowd.node], units=[unit.id])


def gas_drift(s: World) -> None:
    """CD-22 default: each cloud drifts 1d6" downwind and lasts 3 turns."""
    dx, dy = WIND[s.setup.wind]
    for cloud in list(s.gas):
        cloud.turns -= 1
        if cloud.turns <= 0:
            s.gas.remove(cloud)
            continue
        inches = s.roll("CD-22", "gas cloud", 1, 6, "drift downwind").total
        cloud.x += dx * inches
        cloud.y += dy * inches



def in_gas(s: World, node: str) -> list[Modifier]:
    """CD-53 / CD-22: in effective tear gas -2, CS gas -4 (for figures without masks)."""
    gas = gas_on(s, node)
    return [Modifier(-4 if gas == "cs" else -2, f"in effective {gas} gas", "CD-53")] if gas else []
