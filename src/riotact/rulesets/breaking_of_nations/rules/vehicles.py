"""Vehicles (BON-012, BON-062). The seed names vehicles, their CV classes and the AV restriction but
gives no vehicle rules; the catalogue's gap defaults make them playable: a vehicle is one model with a
CV save (instead of DS, as buildings, BON-093), a CV class (I..IV), wounds, inches per movement action
and an armament, 2 actions a turn; its crew are inside and not shot at apart from it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riotact.tabletop import in_arc

from .. import view
from ..state import Unit
from ..tables import GAITS, TERRAIN, WEAPONS
from . import combat, glory

if TYPE_CHECKING:
    from ..state import World
    from .combat import Hit

#: BON-012: weapons without AV can only fire effectively on vehicles of CV classes I and II.
SOFT_CLASSES = 2
CLASS_NAMES = {1: "I", 2: "II", 3: "III", 4: "IV"}


def damage(w: World, h: Hit) -> None:
    if h.target.in_play and (shrugs_off(w, h) or knock_out(w, h)):
        return
    combat.damage(w, h)


def shrugs_off(w: World, h: Hit) -> bool:
    """BON-012 (gap: "not effectively" = no damage): a hit without AV on a class III or IV vehicle."""
    v = h.target.vehicle
    if v is None or v[1] <= SOFT_CLASSES:
        return False
    weapon = WEAPONS.get(h.by.weapon)
    if h.av or (weapon is not None and weapon.av):
        return False
    w.tell("BON-012", f"The hit on {h.target.id} (CV class {CLASS_NAMES[v[1]]}) has no effect: "
              f"{weapon.name if weapon else 'the weapon'} has no AV.", unit=w.unit_of(h.target))
    return True


def knock_out(w: World, h: Hit) -> bool:
    """BON-062 gap: a critical on a vehicle knocks it out for the rest of the game."""
    if h.target.vehicle is None or not h.critical:
        return False
    combat.remove(w, h.target, "knocked out by a critical", "BON-062")
    return True


def vehicle_moved(w: World, u: Unit, a: tuple[float, float], b: tuple[float, float]) -> None:
    """BON-109 gap: a move over Bumpy or Jagged ground makes a breakdown roll (a D6 of the house rule
    ``breakdown_face`` or less: it cannot move again this game); BON-036: a vehicle moving faster than
    a walk (more than 6") with a unit in its 90 degrees ahead, within twice its speed, is a glory
    trigger for that unit (gap: "a higher gear")."""
    v = w.members(u)[0]
    rough = sorted(k for k in w.board.ground(a, b) if TERRAIN[k].move in ("bumpy", "jagged"))
    if rough:
        worst = w.options.breakdown_face
        face = w.umpire.roll_total("BON-109", v.id, 1, 6, purpose=f"a breakdown roll ({TERRAIN[rough[0]].name})",
                                      judge=lambda n: "breaks down" if n <= worst else "runs on",
                                      visible_to=view.witnesses(w, u)).total
        if face <= worst:
            w.broken_down.add(v.id)
            w.tell("BON-109", f"{u.name} breaks down and cannot move for the rest of the game.", unit=u)
    if w.table.distance(a, b) > GAITS["walk"] and v.vehicle is not None:
        for e in w.enemy_units(u.seat):
            ahead = w.centre(e)
            if in_arc(u.facing, 90.0, b, ahead) and w.table.distance(b, ahead) <= 2 * v.vehicle[2]:
                glory.trigger(w, e, "vehicle")
