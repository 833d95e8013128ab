"""Firing (PP-08..13): the firing actions, the to-hit score and factors, shots dice, each shot
and its effect."""

from __future__ import annotations

import math

from riotact.core.modifiers import Modifier
from riotact.core.protocol import Action
from riotact.tabletop import bearing_word

from .. import board, view
from .. import tables as T
from ..state import XY, Character, World, parse_xy, xy_text
from ..tables import Weapon
from . import morale, movement, speaking, telling, throwing, wounds


def shot_range(w: World, firer: Character, target: Character) -> float:
    return board.gap(w, firer, target)


def shot_modifiers(w: World, firer: Character, target: Character, weapon: Weapon, *, opportunity: bool,
                   attacked: bool, thrown: bool = False) -> list[Modifier]:
    mods: list[Modifier] = []
    if firer.card.shooting == "good":
        mods.append(Modifier(T.GOOD_SHOT, "good shot", "PP-11"))
    elif firer.card.shooting == "poor":
        mods.append(Modifier(T.POOR_SHOT, "poor shot", "PP-11"))
    cover = board.cover_from(w, firer.pos, target.pos)
    if cover is not None:
        feature, cls = cover
        value = T.IN_COVER if cls == "light" else w.options.heavy_cover
        kind = "heavy cover" if cls == "heavy" else "cover"
        mods.append(Modifier(value, f"target in {kind} ({feature.name})", "PP-11"))
    elif w.options.figures_in_the_way == "cover" and (screen := in_the_way(w, firer, target)):
        mods.append(Modifier(T.IN_COVER, f"target in cover ({screen.card.name} in the way)", "PP-11"))
    if not thrown and coup_de_grace(w, firer, target):
        mods.append(Modifier(T.COUP_DE_GRACE, "coup de grace within 1\"", "PP-11"))
    if firer.moved > 2:
        mods.append(Modifier(T.FIRER_MOVED, f"firer moved {firer.moved:.1f}\"", "PP-11"))
    if target.moved > 6:
        mods.append(Modifier(T.TARGET_MOVED, f"target moved {target.moved:.1f}\"", "PP-11"))
    if not thrown and weapon.long_gun and firer.moved == 0 and supported(w, firer):
        mods.append(Modifier(T.RESTED, "rested long gun", "PP-11"))
    if not thrown and weapon.telescopic:
        mods.append(Modifier(T.TELESCOPIC, "telescopic sight", "PP-11"))
    if opportunity:
        if attacked:
            value = T.OPPORTUNITY_ATTACKED + (T.OPPORTUNITY if w.options.opportunity_attacked == "add"
                                              else 0)
            mods.append(Modifier(value, "opportunity shot, attacked from under 10 cm", "PP-08"))
        else:
            mods.append(Modifier(T.OPPORTUNITY, "opportunity shot", "PP-08"))
    if firer.shaken(w.move):
        mods.append(Modifier(-1, "Shaken", "PP-42"))
    penalty = firing_wound_penalty(w, firer)
    if penalty:
        mods.append(Modifier(-penalty, f"{firer.state} wound", "PP-25" if firer.state == "LI" else "PP-26"))
    return mods


def in_the_way(w: World, firer: Character, target: Character) -> Character | None:
    """A figure whose base the line of fire crosses (house rule ``figures_in_the_way``)."""
    from shapely.geometry import LineString, Point

    line = LineString([firer.pos, target.pos])
    return next((o for o in sorted(w.on_table(), key=lambda o: o.id) if o is not firer and o is not target
                 and line.distance(Point(o.pos)) < o.card.base), None)


def firing_wound_penalty(w: World, c: Character) -> int:
    """PP-25: LI -1 to firing; PP-26 gap: BI and DI take their melee penalty to firing too."""
    if c.state == "LI":
        return 1
    if c.state in ("BI", "DI") and w.options.bi_di_firing_penalty:
        return c.wound_penalty()
    return 0


def coup_de_grace(w: World, firer: Character, target: Character) -> bool:
    """PP-11 gap: a shot within 1" at a helpless target (house rule ``coup_de_grace``: or any shot
    within 1", reading the sheet's "Coup de grace shot within 1"" literally)."""
    return board.gap(w, firer, target) <= 1 and (
        target.helpless(w.move) or w.options.coup_de_grace == "point_blank")


def supported(w: World, c: Character) -> bool:
    """PP-11 gap: a rest is a wall, fence or other cover or obstacle touching the firer's base
    (house rule ``rested``: ``still`` needs no rest, only a firer who has not moved)."""
    if w.options.rested == "still":
        return True
    from shapely.geometry import Point

    spot = Point(c.pos).buffer(c.card.base + 0.5)
    return any((board.cover_class(w, f) or board.obstacle_class(w, f)) and f.shape.intersects(spot)
               for f in w.table.features)


def to_hit(w: World, weapon: Weapon, distance: float) -> int:
    """PP-10 gap: 4+ up to half the card range, 5+ beyond; a card's own score first."""
    if weapon.to_hit is not None:
        return weapon.to_hit
    half = distance <= weapon.range / 2
    return int(w.options.hit_half_range if half else w.options.hit_full_range)


def roll_shots(w: World, firer: Character, weapon: Weapon) -> int:
    """PP-09: the weapon's shots dice say how many shots the character fires this move."""
    n, sides, fixed = T.shots_dice(weapon.shots)
    if not sides:
        telling.tell(w, "PP-09", f"{firer.card.name}'s {weapon.name} fires {fixed} shot(s) this move.", firer)
        return fixed
    if sides == 3:  # a D3 is a D6 halved, rounded up
        face = telling.roll(w, "PP-09", firer, f"shots with the {weapon.name} (D3: half a D6, up)", n=n).total
        return math.ceil(face / 2)
    return telling.roll(w, "PP-09", firer, f"shots with the {weapon.name}", n=n, sides=sides).total


def first_shooting(w: World, firer: Character, target: Character) -> None:
    """PP-37 gap: the first shot with the firer or the target within 12" of a character (house rule
    ``initial_shooting``: or the first such shot of each move)."""
    for c in w.on_table():
        once = w.options.initial_shooting == "first"
        if c is firer or (c.first_shot_move >= 0 if once else c.first_shot_move == w.move):
            continue
        if board.gap(w, c, firer) <= 12 or board.gap(w, c, target) <= 12:
            c.first_shot_move = w.move
            morale.trigger(w, c, "initial shooting within 12\"")


def shoot(w: World, firer: Character, target: Character, weapon: Weapon, *, opportunity: bool = False,
          attacked: bool = False) -> int:
    """Fire a weapon at a stated target (PP-10); returns the number of hits."""
    if firer.shots_left is None:
        firer.shots_left = roll_shots(w, firer, weapon)
    hits = 0
    if firer.shots_left > 0 and not target.out_of_play:
        speaking.sound(w, "PP-07", firer, "shot")  # once for the volley: its shots are heard together
    while firer.shots_left > 0 and not target.out_of_play:
        firer.shots_left -= 1
        first_shooting(w, firer, target)
        distance = shot_range(w, firer, target)
        need = to_hit(w, weapon, distance)
        mods = shot_modifiers(w, firer, target, weapon, opportunity=opportunity, attacked=attacked)
        shot = telling.roll(w, "PP-10", firer, f"a shot at {target.card.name}, {distance:.1f}\" away, "
                            f"{need}+ to hit", modifiers=mods, target=need)
        unseen_attacker(w, firer, target, "shot at", shot.passed)
        if shot.passed:
            hits += 1
            cdg = coup_de_grace(w, firer, target)
            effect = telling.roll(w, "PP-12", target, "the effect of the hit",
                                  modifiers=[Modifier(2, "coup de grace", "PP-12")] if cdg else [],
                                  judge=T.hit_effect).result
            assert effect is not None
            telling.tell(w, "PP-13", f"{target.card.name} {effect.lower()}; the save is on the Piercing "
                         "table.", target)
            wounds.take_hit(w, target, effect, "piercing", weapon.sdd, weapon.name)
        if opportunity:
            break
    return hits


def unseen_attacker(w: World, attacker: Character, target: Character, what: str, hit: bool) -> None:
    """The roll is told to those who see the attacker; those who only see the target learn that
    it was attacked, from which direction, and whether it was hit (not by whom)."""
    others = view.see_only_the_target(w, attacker, target)
    if others:
        where = bearing_word(target.pos, attacker.pos)
        w.umpire.effect("PP-10", f"{target.card.name} is {what} from the {where}: "
                        f"{'hit' if hit else 'missed'}.", visible_to=others)


def may_fire_panicked(w: World, c: Character) -> bool:
    """PP-43 gap: a Panicked character does not fire (house rule ``panicked_fires``)."""
    return not c.panicked(w.move) or w.options.panicked_fires


def has_missiles(c: Character) -> bool:
    """Something to shoot (PP-09) or throw (PP-14): it may fire, or aim at any point it sees."""
    return (c.shots_left != 0 and any(arm.kind == "firearm" for arm in c.weapons)) or any(
        n > 0 for n in c.throwables.values())


def fire_actions(w: World, c: Character) -> list[Action]:
    out = []
    if c.shots_left != 0:
        for arm in c.weapons:
            if arm.kind != "firearm":
                continue
            for o in movement.visible_others(w, c):
                if w.enemies(c, o) and board.gap(w, c, o) <= arm.range:
                    out.append(Action(f"fire:{c.id}:{arm.name.replace(' ', '-')}:{o.id}",
                                      f"{c.card.name} fires the {arm.name} at {o.card.name}, "
                                      f"{board.gap(w, c, o):.1f}\" away"))
    for name, count in sorted(c.throwables.items()):
        arm = w.weapon_book[name]
        if count <= 0:
            continue
        slug = name.replace(" ", "-")
        for o in movement.visible_others(w, c):
            if not w.enemies(c, o):
                continue
            if arm.explosive:
                if bomb_problem(w, c, name, o.pos) is None:
                    out.append(Action(f"bomb:{c.id}:{slug}:{xy_text(o.pos)}",
                                      f"{c.card.name} throws the {name} at {o.card.name}'s feet "
                                      f"({xy_text(o.pos)})"))
            elif board.gap(w, c, o) <= throwing.throw_range(w, c, arm):
                out.append(Action(f"throw:{c.id}:{slug}:{o.id}", f"{c.card.name} throws a {name} at "
                                  f"{o.card.name}, {board.gap(w, c, o):.1f}\" away"))
    return out


def bomb_problem(w: World, c: Character, name: str, p: XY) -> str | None:
    arm = w.weapon_book.get(name)
    if arm is None or not arm.explosive or c.throwables.get(name, 0) <= 0:
        return f"{c.card.name} has no {name} to throw"
    if not w.table.on_table(p):
        return "the aiming point is off the table"
    if not w.table.line_of_sight(c.pos, p):
        return f"{c.card.name} cannot see the aiming point"
    d = max(0.0, w.table.distance(c.pos, p) - c.card.base)
    full = throwing.throw_range(w, c, arm)
    if d > full:
        return f"out of range: {d:.1f}\" but the {name} carries {full:g}\" (PP-14)"
    return None


def fire(w: World, c: Character, verb: str, parts: list[str]) -> None:
    c.done.add("firing")
    weapon = w.weapon_book[parts[1].replace("-", " ")]
    if verb == "fire":
        shoot(w, c, w.chars[parts[2]], weapon)
    elif verb == "throw":
        throwing.throw(w, c, w.chars[parts[2]], weapon)
    else:
        p = parse_xy(parts[2])
        assert p is not None
        throwing.throw_explosive(w, c, weapon, p)
        if w.stick is not None:
            throwing.next_kick(w)
