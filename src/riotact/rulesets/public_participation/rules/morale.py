"""Morale (PP-37..45): its triggers, screams and routs, the throw and its results; nerve tests
(PP-46..48); Fright Values (PP-38) and obedience (PP-41)."""

from __future__ import annotations

from riotact.core.modifiers import Modifier

from .. import board
from .. import tables as T
from ..state import Character, World
from . import speaking, telling


def fright(w: World, c: Character) -> int:
    """PP-38: a scary thing's Fright Value."""
    return int(w.rulings["fright"].get(c.id, c.card.fright))


def trigger(w: World, c: Character, why: str, rule: str = "PP-37") -> None:
    """Queue a morale throw; several triggers in one move still give one throw (PP-37 gap)."""
    if c.out_of_play or c.tested_move == w.move:
        return
    c.triggers.append(why)
    if w.morale_queue is not None and c.id not in w.morale_queue:
        w.morale_queue.append(c.id)
    telling.tell(w, rule, f"{c.card.name} must take a morale throw: {why}.", c)


def scream(w: World, c: Character, rule: str) -> None:
    """PP-32: heard within 18"; every non-enemy within 6" who hears it takes a morale throw."""
    understood, heard = speaking.sound(w, rule, c, "scream")
    for other in understood + heard:
        if not w.enemies(c, other) and board.gap(w, c, other) <= 6:
            trigger(w, other, f"{c.card.name} screams within 6\"", "PP-32")


def rout(w: World, c: Character) -> None:
    """PP-37: a friend routing (Terrified or Faint) within 6"."""
    for other in w.on_table():
        if w.friends(c, other) and board.gap(w, c, other) <= 6:
            trigger(w, other, f"{c.card.name} routs within 6\"")


def morale_modifiers(w: World, c: Character) -> list[Modifier]:
    """PP-38 factors, with the ADT value of PP-39."""
    mods = []
    if c.card.adt:
        mods.append(Modifier(c.card.adt, "ADT character value", "PP-39"))
    if c.armed:
        mods.append(Modifier(1, "armed", "PP-38"))
    comrades = [o for o in w.on_table() if w.friends(c, o)]
    armed_near = [o for o in comrades if o.armed and not o.helpless(w.move) and board.gap(w, c, o) <= 3]
    if armed_near:
        mods.append(Modifier(len(armed_near), f"{len(armed_near)} armed comrade(s) within 3\"", "PP-38"))
    training = c.card.training
    if training == "elite":
        mods.append(Modifier(2, "Elite", "PP-38"))
        if not w.options.elite_replaces_trained:
            mods.append(Modifier(1, "Trained", "PP-38"))
    elif training == "trained":
        mods.append(Modifier(1, "Trained", "PP-38"))
    if c.groggy(w.move):
        mods.append(Modifier(-1, "groggy", "PP-36"))
    wound = morale_wound(w, c)
    if wound:
        mods.append(Modifier(-wound, f"{c.state}{' (bandaged)' if c.bandaged else ''}", "PP-38"))
    near = w.options.comrade_range
    counted = [o for o in w.chars.values() if w.friends(c, o) and not o.fled
               and (board.gap(w, c, o) <= near or board.sees(w, c, o))]
    down = [o for o in counted if o.state != "AD" and (o.helpless(w.move) or o.surrendered)]
    dead = [o for o in counted if o.state == "AD"]
    if down:
        mods.append(Modifier(-len(down), f"{len(down)} comrade(s) downed or surrendered", "PP-38"))
    if dead:
        mods.append(Modifier(-len(dead), f"{len(dead)} comrade(s) apparently dead", "PP-28"))
    scary = [o for o in w.on_table() if fright(w, o) and not w.friends(c, o) and o is not c
             and not o.out_of_play and board.gap(w, c, o) <= 9]
    if scary and w.options.fright == "all":
        mods += [Modifier(-fright(w, o), f"Fright Value of {o.card.name} within 9\"", "PP-38")
                 for o in sorted(scary, key=lambda o: o.id)]
    elif scary:
        worst = max(scary, key=lambda o: (fright(w, o), o.id))
        mods.append(Modifier(-fright(w, worst), f"Fright Value of {worst.card.name} within 9\"", "PP-38"))
    return mods


def morale_wound(w: World, c: Character) -> int:
    """PP-38 gap: the wound rules' values (LI 1, BI 2, DI 3, 1 better bandaged) or the table's."""
    state = c.state
    if state not in T.WOUND_PENALTY:
        return 0
    if w.options.wound_morale == "table":
        return 1 if state == "LI" else 3
    return T.WOUND_PENALTY[state] - (1 if c.bandaged and state in ("BI", "DI") else 0)


def must_test(w: World, c: Character) -> bool:
    """PP-37 triggers; PP-43 Panicked dices again (next move, or the first move he can); PP-44
    Terrified each move."""
    if c.out_of_play or c.unconscious(w.move) or c.stunned or c.tested_move == w.move:
        return False
    return bool(c.triggers) or c.panicked(w.move) or (
        c.terrified and w.options.terrified_retest)


def morale_phase(w: World) -> None:
    w.morale_queue = sorted(c.id for c in w.chars.values() if must_test(w, c))
    while w.morale_queue:
        c = w.chars[w.morale_queue.pop(0)]
        if must_test(w, c):
            morale_throw(w, c)
    w.morale_queue = None


def morale_throw(w: World, c: Character) -> str:
    """PP-39: D6 + ADT + factors, read on the row of the character's morale class."""
    c.tested_move = w.move
    reasons = c.triggers + (["Panicked: dices again"] if c.panicked(w.move) else [])
    why = "; ".join(reasons) or "Terrified"
    c.triggers.clear()
    result = telling.roll(w, "PP-39", c, f"a morale throw ({c.card.morale} class; {why})",
                          modifiers=morale_modifiers(w, c),
                          judge=lambda t: T.morale_band(c.card.morale, t)).result
    assert result is not None
    c.morale = result
    name = c.card.name
    nxt = w.move + 1
    if result in ("Controlled", "Obedient"):
        c.terrified = c.cowering = False
        rule = "PP-40" if result == "Controlled" else "PP-41"
        what = ("will do as the player wishes" if result == "Controlled"
                else "will carry out an understood order from a friendly leader, or stay put")
        telling.tell(w, rule, f"{name} is {result} (marker {T.MORALE_LETTER[result]}): {what}.", c)
    elif result == "Shaken":
        c.shaken_move = nxt
        telling.tell(w, "PP-42", f"{name} is Shaken: will not move and is -1 in melee and firing next move.", c)
    elif result == "Panicked":
        c.panic_move = nxt
        telling.tell(w, "PP-43", f"{name} is Panicked: stands screaming a move and throws again next move.", c)
        scream(w, c, "PP-43")
    elif result == "Terrified":
        c.terrified = True
        telling.tell(w, "PP-44", f"{name} is Terrified: will run to safety, or cower or surrender.", c)
        rout(w, c)
    else:
        moves = telling.roll(w, "PP-45", c, "how many moves the faint lasts").total if (
            w.options.faint_moves == "D6") else 1
        c.unconscious_until = w.move + moves
        telling.tell(w, "PP-45", f"{name} faints: unconscious and helpless for {moves} move(s).", c)
        if w.options.routs == "terrified_faint":  # PP-37 gap: a faint is a rout
            rout(w, c)
    return result


def nerve_modifiers(w: World, c: Character, act: str, danger: str = "", etc: int = 0) -> list[Modifier]:
    """PP-47 factors (gap defaults: 'lots' is 3 or more and replaces 'before')."""
    card, mods = c.card, []
    if card.named and w.options.named_nerve:
        mods.append(Modifier(1 if card.npc else 2, "named NPC" if card.npc else "named character", "PP-47"))
    if act in card.trained_for:
        mods.append(Modifier(1, "trained for it", "PP-47"))
    lots = w.options.lots_of_times
    done, failed = c.nerve.get(act, [0, 0])
    done += card.done_before.get(act, 0)
    if done:
        mods.append(Modifier(2 if done >= lots else 1,
                             "done it lots of times" if done >= lots else "done it before", "PP-47"))
    if failed:
        mods.append(Modifier(-2 if failed >= lots else -1,
                             "failed lots of times" if failed >= lots else "failed before", "PP-48"))
    if danger:
        mods.append(Modifier(-2 if danger == "oh_shit" else -3,
                             "'Oh Sh*t'" if danger == "oh_shit" else "'Oh Mummy'", "PP-47"))
    if card.fears_nothing:
        mods.append(Modifier(1, "fears nothing", "PP-47"))
    if act in card.fears:
        mods.append(Modifier(-card.fears[act], f"a particular fear of {act}", "PP-47"))
    if etc:
        mods.append(Modifier(etc, "the umpire's judgement (Etc)", "PP-47"))
    return mods


def nerve_test(w: World, c: Character, act: str, danger: str = "", etc: int = 0) -> bool:
    """PP-46: D6 + factors, 5 or more; PP-48: a failure cowers back and counts as failed before."""
    mods = nerve_modifiers(w, c, act, danger, etc)
    ruled = w.rulings["etc"].pop(c.id, None)  # the umpire's "Etc" for this test (umpiring.py)
    if ruled is not None and ruled[0]:
        mods.append(Modifier(ruled[0], f"the umpire's ruling (Etc): {ruled[1]}", "PP-47"))
    roll = telling.roll(w, "PP-46", c, f"nerve to {act}", modifiers=mods, target=5)
    record = c.nerve.setdefault(act, [0, 0])
    if roll.passed:
        record[0] += 1
        return True
    record[1] += 1
    c.busy_move = w.move
    telling.tell(w, "PP-48", f"{c.card.name} loses his nerve: does not {act}, cowers back and does nothing "
                 "else this move.", c)
    return False


def obeys(w: World, c: Character, wanted: str) -> bool:
    """PP-41 gap: an Obedient character acts on an understood order from a friendly leader (house rule
    ``obedient``: or as a Controlled one)."""
    return c.morale != "Obedient" or w.options.obedient == "controlled" or w.order_for(c) == wanted
