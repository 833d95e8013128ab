"""Saves and wounds (PP-25..36), and the rolls each move brings at its end (PP-20, PP-25, PP-27,
PP-36)."""

from __future__ import annotations

from functools import partial

from riotact.core.modifiers import Modifier

from .. import tables as T
from .. import view
from ..state import Character, World
from . import morale, telling, throwing


def take_hit(w: World, victim: Character, result: str, table: str, sdd: int, weapon: str) -> None:
    """PP-30: D6 + SDD on the weapon type's table, on the row of the hit result."""
    rule = "PP-31" if table == "piercing" else "PP-33"
    mods = [Modifier(sdd, f"{weapon} SDD", rule)] if sdd else []
    judge = partial(T.piercing_save if table == "piercing" else T.bludgeoning_save, result)
    outcome = telling.roll(w, "PP-30", victim, f"a saving throw: {result}, {table} ({weapon})",
                           modifiers=mods, judge=judge).result
    assert outcome is not None
    wound(w, victim, outcome, table, rule, downed=result == "Downed")


def wound(w: World, c: Character, outcome: str, table: str, rule: str, *, downed: bool = False) -> None:
    name = c.card.name
    if outcome == "superficial":
        if table == "bludgeoning":  # PP-34
            c.enraged_until = w.move + w.options.enraged_moves
            telling.tell(w, "PP-34", f"{name} is only superficially hurt, and enraged: +1 in melee.", c)
        else:
            telling.tell(w, "PP-34", f"{name} is only superficially hurt.", c)
    elif outcome == "hurt":  # PP-35
        telling.tell(w, "PP-35", f"{name} is hurt.", c)
        morale.trigger(w, c, "hurt", "PP-35")
    elif outcome == "stunned":  # PP-36
        c.stunned = True
        telling.tell(w, "PP-36", f"{name} is stunned: prone and helpless.", c)
    else:
        before = c.state
        if outcome == "AD":
            c.wounds = max(c.wounds, c.card.wound_thresholds[3])
        elif w.options.wound_totals:
            c.wounds += T.WOUND_VALUE[outcome]  # PP-29 gap: the values add up
        else:
            c.wounds = max(c.wounds, T.WOUND_VALUE[outcome])
        if c.state == "LI" and table == "piercing":
            c.bleeds = True  # PP-25; a bludgeoning LI does not bleed (PP-33)
        after = c.state
        extra = f" ({before} + {outcome}: now {after}, PP-29)" if before != "unhurt" else ""
        words = {"LI": "lightly injured (pink)", "BI": "badly injured (green)",
                 "DI": "dangerously injured (red)", "AD": "apparently dead (blue)"}
        telling.tell(w, {"LI": "PP-25", "BI": "PP-26", "DI": "PP-27", "AD": "PP-28"}[after],
                     f"{name} is {words[after]}{extra}.", c, wound=after)
        if after == "AD":
            return
        if outcome == "BI" and table == "piercing":
            morale.scream(w, c, "PP-32")
        if downed and table == "bludgeoning" and outcome == "LI":
            c.rising_li = True  # PP-33: -1 in melee to rise
        morale.trigger(w, c, f"injured ({after})")
    if downed and not c.out_of_play and not c.stunned:  # PP-33 gap: down now, rises next move
        c.down_move = w.move
        if w.options.downed_rises:
            c.rising_move = w.move + 1
            telling.tell(w, "PP-33", f"{name} is down, and spends next move getting up.", c)
        else:
            telling.tell(w, "PP-33", f"{name} is down for the rest of this move.", c)


def end_of_move_rolls(w: World) -> None:
    for c in sorted(w.chars.values(), key=lambda c: c.id):
        if c.bandaging and c.busy_move == w.move and not c.helpless(w.move):
            patient = w.chars[c.bandaging]
            if not patient.out_of_play:
                patient.bandaged = True
                telling.tell(w, "PP-25", f"{c.card.name} bandages {patient.card.name}.", c, patient)
        c.bandaging = ""
    for c in sorted(w.chars.values(), key=lambda c: c.id):
        if c.out_of_play:
            continue
        bleeding = c.state == "LI" and c.bleeds and not c.bandaged
        if bleeding and telling.roll(w, "PP-25", c, "bleeding (1: a further -1 to move and fighting)").total == 1 and (
                w.options.bleeding_lasts or not c.bleed_extra):
            c.bleed_extra += 1
            telling.tell(w, "PP-25", f"{c.card.name} bleeds: a further -1 to move and fighting.", c)
        collapsing = c.state == "DI" and not (c.bandaged and w.options.bandage_stops_collapse)
        if collapsing and telling.roll(w, "PP-27", c, "collapse (2 or less: critically injured)").total <= 2:
            c.critical = True
            telling.tell(w, "PP-27", f"{c.card.name} collapses, critically injured: out of action.", c)
        if c.stunned and telling.roll(w, "PP-36", c, "recovery from the stun (6 recovers)").total == 6:
            c.stunned = False
            c.groggy_move = w.move + 1
            c.groggy_until = w.move + w.options.groggy_moves
            telling.tell(w, "PP-36", f"{c.card.name} comes round, groggy for a move.", c)
            morale.trigger(w, c, "recovering from a stun", "PP-36")
    for cloud in list(w.clouds):
        # PP-20 gap: a head still in the cloud rolls again in each later move (it rolled as it formed)
        if w.options.gas_reroll and cloud.formed < w.move:
            throwing.gas_rolls(w, cloud)
        if cloud.until <= w.move:
            w.clouds.remove(cloud)
            w.umpire.effect("PP-20", f"The gas cloud at ({cloud.x:.1f}, {cloud.y:.1f}) clears.",
                            visible_to=view.within_earshot(w, (cloud.x, cloud.y)))
            for c in sorted(w.chars.values(), key=lambda c: c.id):
                if c.gassed and c.unconscious_until >= 10**6:
                    moves = telling.roll(w, "PP-20", c, "moves until waking from the gas").total
                    c.unconscious_until, c.gassed = w.move + moves, False
        elif w.options.gas_drift == "arrow":  # where it hangs in the next move
            throwing.drift(w, cloud)
