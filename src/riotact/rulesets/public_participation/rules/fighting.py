"""Fighting (PP-21..24): who fights whom, the factors, the rounds and their results."""

from __future__ import annotations

from riotact.core.modifiers import Modifier, describe

from .. import board, view
from .. import tables as T
from ..state import Character, World
from . import telling, wounds


def fighters(w: World) -> list[Character]:
    return sorted((c for c in w.on_table() if not c.helpless(w.move) and not c.cowering),
                  key=lambda c: c.id)


def melees(w: World) -> list[tuple[list[Character], list[Character]]]:
    """Who fights whom this round. First the pairs the umpire has ruled (umpiring.py); then N to one
    when N attackers touch only their one foe (PP-23); the rest, by the PP-23 gap default, split
    into one-to-one fights (lowest ids first), or with ``uneven_fights = "sides"`` each knot of
    fighters that is not N to one fights side against side."""
    able = fighters(w)
    used: set[str] = set()
    fights: list[tuple[list[Character], list[Character]]] = []

    def touching(x: Character) -> list[Character]:
        return [z for z in able if z.id not in used and w.enemies(x, z) and board.in_contact(w, x, z)]

    for a_id, b_id in w.rulings["pairs"].get(w.move, []):
        a, b = w.chars[a_id], w.chars[b_id]
        if a in able and b in able and not {a_id, b_id} & used and board.in_contact(w, a, b):
            fights.append(([a], [b]))
            used.update([a_id, b_id])
    for y in able:
        attackers = [x for x in touching(y) if [z.id for z in touching(x)] == [y.id]]
        if y.id not in used and len(attackers) >= 2:
            fights.append(([y], attackers))
            used.update([y.id, *(x.id for x in attackers)])
    if w.options.uneven_fights == "sides":
        for x in able:
            if x.id in used or not touching(x):
                continue
            knot, todo = [x], [x]
            while todo:
                for z in touching(todo.pop()):
                    if z not in knot:
                        knot.append(z)
                        todo.append(z)
            ours = sorted((z for z in knot if not w.enemies(x, z)), key=lambda z: z.id)
            theirs = sorted((z for z in knot if w.enemies(x, z)), key=lambda z: z.id)
            if all(w.enemies(a, b) for a in ours for b in theirs) and not any(
                    w.enemies(a, b) for group in (ours, theirs) for a in group for b in group):
                fights.append((ours, theirs))
                used.update(z.id for z in knot)
    for x in able:
        foes = touching(x) if x.id not in used else []
        if foes:
            fights.append(([x], [foes[0]]))
            used.update([x.id, foes[0].id])
    return fights


def fight_factors(w: World, c: Character, foe: Character, charge_round: bool) -> list[Modifier]:
    """PP-22 (and PP-25..27 wounds, PP-33 rising, PP-34 enraged, PP-36 groggy, PP-42 Shaken)."""
    mods = []
    charging = charge_round and c.charged == foe.id and not c.panicked(w.move)  # PP-22, PP-43
    if charging and c.surprise:
        value = T.FULL_SURPRISE if c.surprise == 2 else T.HALF_SURPRISE
        mods.append(Modifier(value, "full surprise" if c.surprise == 2 else "half surprise", "PP-22"))
    if w.table.height_at(c.pos) > w.table.height_at(foe.pos):
        mods.append(Modifier(T.HEIGHT, "height advantage", "PP-22"))
    if c.shaken(w.move):
        mods.append(Modifier(T.SHAKEN, "Shaken", "PP-42"))
    if c.groggy(w.move):
        mods.append(Modifier(T.GROGGY, "groggy", "PP-36"))
    if c.enraged(w.move):
        mods.append(Modifier(T.ENRAGED, "enraged", "PP-34"))
    penalty = c.wound_penalty()
    if penalty:
        mods.append(Modifier(-penalty, f"{c.state} wound", "PP-25"))
    if c.melee.fight:
        mods.append(Modifier(c.melee.fight, c.melee.name, "PP-22"))
    if c.card.mounted:
        mods.append(Modifier(T.MOUNTED, "mounted", "PP-22"))
    if charging:
        if c.card.mounted:
            mods.append(Modifier(T.MOUNTED_CHARGE, "mounted charge", "PP-22"))
        if not c.card.mounted or w.options.mounted_charge == "adds":
            mods.append(Modifier(T.CHARGING, "charging", "PP-22"))
    if c.rising_move == w.move and c.rising_li:
        mods.append(Modifier(-w.options.rising_penalty, "rising with LI", "PP-33"))
    return mods


def side_total(w: World, side: list[Character], foe: Character, charge_round: bool,
               against: int = 1) -> tuple[int, Character]:
    """PP-21: D6 + fighting value + factors; PP-23: a group uses the mean of its dice (down) +N at N
    to one, and its best fighter's value and factors; side against side (house rule
    ``uneven_fights``), +1 for each man over the other side's count."""
    best = max(side, key=lambda c: (c.card.fight, c.id))
    mods = [Modifier(best.card.fight, f"{best.card.name}'s fighting value", "PP-21"),
            *fight_factors(w, best, foe, charge_round)]
    n = len(side)
    if n == 1:
        return telling.roll(w, "PP-21", best, f"fighting {foe.card.name}", modifiers=mods, also=(foe,)).total, best
    names = " and ".join(c.card.name for c in side)
    odds = f"{n} to one" if against == 1 else f"{n} to {against}"
    roll = telling.roll(w, "PP-23", best, f"{names} fighting {foe.card.name} together ({odds})", n=n,
                        also=(foe, *side))
    mean = roll.natural // n if w.options.outnumber_mean == "down" else int(roll.natural / n + 0.5)
    bonus = n if against == 1 else max(0, n - against)
    total = mean + bonus + sum(m.value for m in mods)
    rounded = w.options.outnumber_mean
    telling.tell(w, "PP-23", f"{names}: mean of the dice {mean} (rounded {rounded}), +{bonus} for {odds}, "
                 f"{describe(mods)}: {total}.", foe, *side)
    return total, best


def fight_round(w: World, one: list[Character], many: list[Character], rnd: int) -> None:
    first = rnd <= w.options.charge_rounds  # PP-22 gap: charge bonuses in the first round
    total_a, best_a = side_total(w, one, many[0], first, len(many))
    total_b, best_b = side_total(w, many, one[0], first, len(one))
    table = w.options.fight_table
    for side, best, mine, theirs, winner in ((one, best_a, total_a, total_b, best_b),
                                             (many, best_b, total_b, total_a, best_a)):
        result = T.fight_result(mine - theirs, table)
        names = " and ".join(c.card.name for c in side)
        telling.tell(w, "PP-24", f"Round {rnd}: {names} {mine} against {theirs}, a difference of "
                     f"{mine - theirs:+d}: {result}.", *side, winner)
        if result in ("Flinches", "Staggers", "Downed"):
            if len(side) == 1:
                victim = side[0]
            elif w.options.group_loss == "best":
                victim = best
            else:
                victim = w.chars[w.umpire.choose(
                    "PP-23", sorted(c.id for c in side), purpose="who in the group takes the result",
                    visible_to=view.witnesses(w, *side))]
            weapon = winner.melee  # PP-30 gap: saved against the winner's weapon
            table = "bludgeoning" if w.options.fight_save == "bludgeoning" else weapon.table
            wounds.take_hit(w, victim, result, table, weapon.sdd, weapon.name)
