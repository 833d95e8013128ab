"""Vehicles (BON-012, BON-062). The seed names vehicles, their CV classes and the AV restriction but
gives no vehicle rules; the catalogue's gap defaults make them playable: a vehicle is one model with a
CV save (instead of DS, as buildings, BON-093), a CV class (I..IV), wounds, inches per movement action
and an armament, 2 actions a turn; its crew are inside and not shot at apart from it."""

from __future__ import annotations

from .combat import Combat, Hit
from .tables import WEAPONS

#: BON-012: weapons without AV can only fire effectively on vehicles of CV classes I and II.
SOFT_CLASSES = 2
CLASS_NAMES = {1: "I", 2: "II", 3: "III", 4: "IV"}


class Vehicles(Combat):
    def damage(self, h: Hit) -> None:
        if h.target.in_play and (self.shrugs_off(h) or self.knock_out(h)):
            return
        super().damage(h)

    def shrugs_off(self, h: Hit) -> bool:
        """BON-012 (gap: "not effectively" = no damage): a hit without AV on a class III or IV vehicle."""
        v = h.target.vehicle
        if v is None or v[1] <= SOFT_CLASSES:
            return False
        weapon = WEAPONS.get(h.by.weapon)
        if h.av or (weapon is not None and weapon.av):
            return False
        self.tell("BON-012", f"The hit on {h.target.id} (CV class {CLASS_NAMES[v[1]]}) has no effect: "
                  f"{weapon.name if weapon else 'the weapon'} has no AV.", unit=self.unit_of(h.target))
        return True

    def knock_out(self, h: Hit) -> bool:
        """BON-062 gap: a critical on a vehicle knocks it out for the rest of the game."""
        if h.target.vehicle is None or not h.critical:
            return False
        self.remove(h.target, "knocked out by a critical", "BON-062")
        return True
