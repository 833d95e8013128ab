"""Throwing (PP-14..20): stones and spears, explosives and their scatter, gas clouds, lit dynamite
kicked away, and the blast."""

from __future__ import annotations

from riotact.core.modifiers import Modifier
from riotact.tabletop import arrow_point, bearing_word

from .. import board, view
from .. import tables as T
from ..state import XY, Character, Cloud, LitStick, World
from ..tables import Weapon
from . import firing, telling, wounds


def throw_range(w: World, thrower: Character, weapon: Weapon) -> float:
    """PP-14 gap: the listed range plus the fighting value in inches, at least 1"."""
    bonus = thrower.card.fight if w.options.throw_range_melee else 0
    return max(1.0, weapon.range + bonus)


def throw_need(w: World, thrower: Character, weapon: Weapon, distance: float) -> tuple[int, bool]:
    """PP-14: the HR score up to half range, else the FR score; (score, at full range)."""
    full = distance > throw_range(w, thrower, weapon) / 2
    return (weapon.full_hit if full else weapon.half_hit), full


def throw(w: World, thrower: Character, target: Character, weapon: Weapon) -> bool:
    """A stone or spear at a character: a hit is a bludgeoning blow (PP-15)."""
    thrower.throwables[weapon.name] -= 1
    distance = board.gap(w, thrower, target)
    need, _ = throw_need(w, thrower, weapon, distance)
    mods = firing.shot_modifiers(w, thrower, target, weapon, opportunity=False, attacked=False, thrown=True)
    roll = telling.roll(w, "PP-14", thrower, f"a {weapon.name} thrown at {target.card.name}, "
                        f"{distance:.1f}\" away, {need}+ to hit", modifiers=mods, target=need)
    firing.unseen_attacker(w, thrower, target, f"hit at with a {weapon.name}", roll.passed)
    if not roll.passed:
        return False
    effect: str | None = "Staggers"
    if w.options.thrown_effect == "staggers":
        telling.tell(w, "PP-15", f"The {weapon.name} hits {target.card.name}: every thrown hit Staggers (house rule).",
                     target)
    else:  # PP-15 gap: the shooting hit-effect die
        effect = telling.roll(w, "PP-15", target, f"the effect of the {weapon.name}", judge=T.hit_effect).result
    assert effect is not None
    table = "piercing" if weapon.name == "spear" and w.options.spear_table == "piercing" else "bludgeoning"
    wounds.take_hit(w, target, effect, table, weapon.sdd, weapon.name)
    return True


def throw_explosive(w: World, thrower: Character, weapon: Weapon, aim: XY) -> None:
    """PP-16, PP-17: aim, roll, scatter on a miss, a natural 1 is a dud; then the blast or cloud."""
    thrower.throwables[weapon.name] -= 1
    distance = max(0.0, w.table.distance(thrower.pos, aim) - thrower.card.base)
    need, full = throw_need(w, thrower, weapon, distance)
    name = thrower.card.name
    dud = False
    if w.options.exploding_point == "scatter":
        mods = [m for m in throw_modifiers(w, thrower)]
        roll = telling.roll(w, "PP-16", thrower, f"a {weapon.name} thrown at ({aim[0]:.1f}, {aim[1]:.1f}), "
                            f"{distance:.1f}\" away, {need}+ to hit", modifiers=mods, target=need)
        dud = roll.dice[0] == 1 and w.options.explosive_natural_one == "dud"
        point = aim if roll.passed and roll.dice[0] != 1 else scatter(w, thrower, aim, None)
    else:
        mods = [Modifier(-1, "full range", "PP-16")] if full else []
        place = telling.roll(w, "PP-16", thrower, f"the exploding point of a {weapon.name} (5+ on the spot, "
                             "3+ 0.75\" away, 2- 1.5\" away)", modifiers=mods)
        dud = place.dice[0] == 1 and w.options.explosive_natural_one == "dud"
        off = 0.0 if place.total >= 5 else 0.75 if place.total >= 3 else 1.5
        point = aim if off == 0 else scatter(w, thrower, aim, off)
    if dud:
        telling.tell(w, "PP-17", f"A natural 1: {name}'s {weapon.name} is a dud and does not go off "
                     f"(it lies at ({point[0]:.1f}, {point[1]:.1f})).", thrower)
        return
    if weapon.explosive == "gas":
        gas(w, point)
    else:
        w.stick = LitStick(point[0], point[1], thrower.id)


def throw_modifiers(w: World, thrower: Character) -> list[Modifier]:
    """PP-14 gap: the PP-11 factors that fit a throw at a point (shooting quality, movement, Shaken,
    wounds)."""
    mods = []
    if thrower.card.shooting != "average":
        good = thrower.card.shooting == "good"
        mods.append(Modifier(T.GOOD_SHOT if good else T.POOR_SHOT, f"{thrower.card.shooting} shot", "PP-11"))
    if thrower.moved > 2:
        mods.append(Modifier(T.FIRER_MOVED, f"thrower moved {thrower.moved:.1f}\"", "PP-11"))
    if thrower.shaken(w.move):
        mods.append(Modifier(-1, "Shaken", "PP-42"))
    penalty = firing.firing_wound_penalty(w, thrower)
    if penalty:
        mods.append(Modifier(-penalty, f"{thrower.state} wound", "PP-25"))
    return mods


def scatter(w: World, thrower: Character, aim: XY, distance: float | None) -> XY:
    """PP-16: the arrow die for direction, then half a D6 inches (or a set distance)."""
    face = telling.roll(w, "PP-16", thrower, "the arrow die (1 points north, then every 60 degrees "
                        "clockwise)").total
    if distance is None:
        distance = telling.roll(w, "PP-16", thrower, "the scatter distance (half a D6 inches)").total / 2
    point = w.table.clamp(arrow_point(aim, face, distance))
    telling.tell(w, "PP-16", f"It lands {distance:g}\" from the aiming point, at ({point[0]:.1f}, "
                 f"{point[1]:.1f}).", thrower, scatter={"from": list(aim), "to": list(point)})
    return point


def gas(w: World, point: XY) -> None:
    """PP-20: a cloud 6" across; every creature with its head inside rolls D6 + size, 3 or less
    falls unconscious."""
    cloud = Cloud(point[0], point[1], w.move + w.options.gas_moves - 1, w.move)
    w.clouds.append(cloud)
    w.umpire.effect("PP-20", f"A gas cloud 6\" across forms at ({point[0]:.1f}, {point[1]:.1f}), lasting "
                    f"{w.options.gas_moves} moves.", visible_to=view.within_earshot(w, point),
                    template={"kind": "gas", "x": point[0], "y": point[1], "radius": cloud.radius})
    gas_rolls(w, cloud)


def drift(w: World, cloud: Cloud) -> None:
    """PP-20 (house rule ``gas_drift``): the cloud drifts by the arrow die and half a D6 inches."""
    face = w.umpire.roll_total("PP-20", "the gas cloud", 1, 6, purpose="the drift of the gas cloud (arrow die)",
                               visible_to=view.within_earshot(w, (cloud.x, cloud.y))).total
    half = w.umpire.roll_total("PP-20", "the gas cloud", 1, 6, purpose="how far it drifts (half a D6 inches)",
                               visible_to=view.within_earshot(w, (cloud.x, cloud.y))).total / 2
    start = (cloud.x, cloud.y)
    cloud.x, cloud.y = w.table.clamp(arrow_point(start, face, half))
    w.umpire.effect("PP-20", f"The gas cloud drifts {half:g}\" {bearing_word(start, (cloud.x, cloud.y))}, "
                    f"to ({cloud.x:.1f}, {cloud.y:.1f}).",
                    visible_to=view.within_earshot_of_either(w, start, (cloud.x, cloud.y)),
                    template={"kind": "gas", "x": cloud.x, "y": cloud.y, "radius": cloud.radius},
                    scatter={"from": list(start), "to": [cloud.x, cloud.y]})


def gas_rolls(w: World, cloud: Cloud) -> None:
    for c in sorted(w.on_table(), key=lambda c: c.id):
        if c.out_of_play or c.unconscious(w.move):
            continue
        if w.table.distance(c.pos, (cloud.x, cloud.y)) > cloud.radius:
            continue
        size = T.SIZE_GAS[c.card.size]
        mods = [Modifier(size, c.card.size.replace("_", " "), "PP-20")] if size else []
        if telling.roll(w, "PP-20", c, "the gas (3 or less: unconscious)", modifiers=mods, target=3,
                        judge=lambda t: "unconscious" if t <= 3 else "resists").result == "unconscious":
            c.unconscious_until, c.gassed = 10**6, True
            telling.tell(w, "PP-20", f"{c.card.name} falls unconscious in the gas.", c)


def kick_candidates(w: World) -> list[Character]:
    """PP-19: characters within 1" of the lit stick with attempts left (house rule ``kick_attempts``),
    those who have tried least first, then nearest first."""
    stick = w.stick
    assert stick is not None
    attempts = w.options.kick_attempts
    found = [(stick.tried.count(c.id), max(0.0, w.table.distance(c.pos, (stick.x, stick.y)) - c.card.base),
              c.id, c)
             for c in w.on_table() if stick.tried.count(c.id) < attempts and c.can_act(w.move)
             and not c.stunned and w.table.distance(c.pos, (stick.x, stick.y)) - c.card.base <= 1]
    return [c for *_, c in sorted(found)]


def kick(w: World, c: Character, face: int) -> None:
    """PP-19: kick (standing) or throw (prone or kneeling) it D6-3 inches; 0 or less fails."""
    stick = w.stick
    assert stick is not None
    how = "throws" if c.rising_move == w.move else "kicks"
    distance = telling.roll(w, "PP-19", c, f"{how[:-1]}ing the lit dynamite away (D6-3 inches)",
                            modifiers=[Modifier(-3, "D6-3", "PP-19")]).total
    if distance <= 0:
        telling.tell(w, "PP-19", f"{c.card.name} fails to get rid of the stick.", c)
        return
    point = w.table.clamp(arrow_point((stick.x, stick.y), face, distance))
    stick.x, stick.y = point
    telling.tell(w, "PP-19", f"{c.card.name} {how} the stick {distance}\" away, to ({point[0]:.1f}, "
                 f"{point[1]:.1f}).", c)


def explode(w: World) -> None:
    """PP-18 gap: everyone within 3" is hit: the hit-effect die, then a Piercing save with the
    distance SDD (1" -1, 2" 0, 3" +1)."""
    stick = w.stick
    assert stick is not None
    w.stick = None
    radius = w.options.dynamite_radius
    w.umpire.effect("PP-18", f"The dynamite explodes at ({stick.x:.1f}, {stick.y:.1f}).",
                    visible_to=view.within_earshot(w, (stick.x, stick.y)),
                    template={"kind": "blast", "x": stick.x, "y": stick.y, "radius": radius})
    for c in sorted(w.on_table(), key=lambda c: c.id):
        if c.state == "AD":
            continue
        d = max(0.0, w.table.distance(c.pos, (stick.x, stick.y)) - c.card.base)
        if d > radius:
            continue
        sdd = T.dynamite_sdd(d)
        sdd = 1 if sdd is None else sdd
        effect = telling.roll(w, "PP-18", c, f"the blast, {d:.1f}\" away", judge=T.hit_effect).result
        assert effect is not None
        wounds.take_hit(w, c, effect, w.options.blast_table, sdd, f"dynamite at {d:.1f}\"")


def next_kick(w: World) -> None:
    """PP-19: one chance each for those within 1", nearest first; then the stick goes off."""
    candidates = kick_candidates(w)
    if candidates:
        k = candidates[0]
        assert w.stick is not None
        w.stick.tried.append(k.id)
        w.pending.append({"kind": "kick", "seat": k.seat, "cid": k.id})
    else:
        explode(w)
