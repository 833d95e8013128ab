"""Morale throws (PP-37..45), nerve tests (PP-46..48) and the rolls each move brings (PP-20, PP-25,
PP-27, PP-36)."""

from __future__ import annotations

from riotact.core.modifiers import Modifier

from . import tables as T
from .combat import Combat
from .figures import Character


class Morale(Combat):
    # -- morale (PP-37..45) -----------------------------------------------------------
    def morale_modifiers(self, c: Character) -> list[Modifier]:
        """PP-38 factors, with the ADT value of PP-39."""
        mods = []
        if c.card.adt:
            mods.append(Modifier(c.card.adt, "ADT character value", "PP-39"))
        if c.armed:
            mods.append(Modifier(1, "armed", "PP-38"))
        comrades = [o for o in self.on_table() if self.friends(c, o)]
        armed_near = [o for o in comrades if o.armed and not o.helpless(self.move) and self.gap(c, o) <= 3]
        if armed_near:
            mods.append(Modifier(len(armed_near), f"{len(armed_near)} armed comrade(s) within 3\"", "PP-38"))
        training = c.card.training
        if training == "elite":
            mods.append(Modifier(2, "Elite", "PP-38"))
            if not self.options.elite_replaces_trained:
                mods.append(Modifier(1, "Trained", "PP-38"))
        elif training == "trained":
            mods.append(Modifier(1, "Trained", "PP-38"))
        if c.groggy(self.move):
            mods.append(Modifier(-1, "groggy", "PP-36"))
        wound = self.morale_wound(c)
        if wound:
            mods.append(Modifier(-wound, f"{c.state}{' (bandaged)' if c.bandaged else ''}", "PP-38"))
        near = self.options.comrade_range
        counted = [o for o in self.chars.values() if self.friends(c, o) and not o.fled
                   and (self.gap(c, o) <= near or self.sees(c, o))]
        down = [o for o in counted if o.state != "AD" and (o.helpless(self.move) or o.surrendered)]
        dead = [o for o in counted if o.state == "AD"]
        if down:
            mods.append(Modifier(-len(down), f"{len(down)} comrade(s) downed or surrendered", "PP-38"))
        if dead:
            mods.append(Modifier(-len(dead), f"{len(dead)} comrade(s) apparently dead", "PP-28"))
        scary = [o for o in self.on_table() if self.fright(o) and not self.friends(c, o) and o is not c
                 and not o.out_of_play and self.gap(c, o) <= 9]
        if scary and self.options.fright == "all":
            mods += [Modifier(-self.fright(o), f"Fright Value of {o.card.name} within 9\"", "PP-38")
                     for o in sorted(scary, key=lambda o: o.id)]
        elif scary:
            worst = max(scary, key=lambda o: (self.fright(o), o.id))
            mods.append(Modifier(-self.fright(worst), f"Fright Value of {worst.card.name} within 9\"", "PP-38"))
        return mods

    def morale_wound(self, c: Character) -> int:
        """PP-38 gap: the wound rules' values (LI 1, BI 2, DI 3, 1 better bandaged) or the table's."""
        state = c.state
        if state not in T.WOUND_PENALTY:
            return 0
        if self.options.wound_morale == "table":
            return 1 if state == "LI" else 3
        return T.WOUND_PENALTY[state] - (1 if c.bandaged and state in ("BI", "DI") else 0)

    def must_test(self, c: Character) -> bool:
        """PP-37 triggers; PP-43 Panicked dices again (next move, or the first move he can); PP-44
        Terrified each move."""
        if c.out_of_play or c.unconscious(self.move) or c.stunned or c.tested_move == self.move:
            return False
        return bool(c.triggers) or c.panicked(self.move) or (
            c.terrified and self.options.terrified_retest)

    def morale_phase(self) -> None:
        self.morale_queue = sorted(c.id for c in self.chars.values() if self.must_test(c))
        while self.morale_queue:
            c = self.chars[self.morale_queue.pop(0)]
            if self.must_test(c):
                self.morale_throw(c)
        self.morale_queue = None

    def morale_throw(self, c: Character) -> str:
        """PP-39: D6 + ADT + factors, read on the row of the character's morale class."""
        c.tested_move = self.move
        reasons = c.triggers + (["Panicked: dices again"] if c.panicked(self.move) else [])
        why = "; ".join(reasons) or "Terrified"
        c.triggers.clear()
        result = self.roll("PP-39", c, f"a morale throw ({c.card.morale} class; {why})",
                           modifiers=self.morale_modifiers(c),
                           judge=lambda t: T.morale_band(c.card.morale, t)).result
        assert result is not None
        c.morale = result
        name = c.card.name
        nxt = self.move + 1
        if result in ("Controlled", "Obedient"):
            c.terrified = c.cowering = False
            rule = "PP-40" if result == "Controlled" else "PP-41"
            what = ("will do as the player wishes" if result == "Controlled"
                    else "will carry out an understood order from a friendly leader, or stay put")
            self.tell(rule, f"{name} is {result} (marker {T.MORALE_LETTER[result]}): {what}.", c)
        elif result == "Shaken":
            c.shaken_move = nxt
            self.tell("PP-42", f"{name} is Shaken: will not move and is -1 in melee and firing next move.", c)
        elif result == "Panicked":
            c.panic_move = nxt
            self.tell("PP-43", f"{name} is Panicked: stands screaming a move and throws again next move.", c)
            self.scream(c, "PP-43")
        elif result == "Terrified":
            c.terrified = True
            self.tell("PP-44", f"{name} is Terrified: will run to safety, or cower or surrender.", c)
            self.rout(c)
        else:
            moves = self.roll("PP-45", c, "how many moves the faint lasts").total if (
                self.options.faint_moves == "D6") else 1
            c.unconscious_until = self.move + moves
            self.tell("PP-45", f"{name} faints: unconscious and helpless for {moves} move(s).", c)
            if self.options.routs == "terrified_faint":  # PP-37 gap: a faint is a rout
                self.rout(c)
        return result

    # -- nerve (PP-46..48) -----------------------------------------------------------
    def nerve_modifiers(self, c: Character, act: str, danger: str = "", etc: int = 0) -> list[Modifier]:
        """PP-47 factors (gap defaults: 'lots' is 3 or more and replaces 'before')."""
        card, mods = c.card, []
        if card.named and self.options.named_nerve:
            mods.append(Modifier(1 if card.npc else 2, "named NPC" if card.npc else "named character", "PP-47"))
        if act in card.trained_for:
            mods.append(Modifier(1, "trained for it", "PP-47"))
        lots = self.options.lots_of_times
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

    def nerve_test(self, c: Character, act: str, danger: str = "", etc: int = 0) -> bool:
        """PP-46: D6 + factors, 5 or more; PP-48: a failure cowers back and counts as failed before."""
        mods = self.nerve_modifiers(c, act, danger, etc)
        ruled = self.rulings["etc"].pop(c.id, None)  # the umpire's "Etc" for this test (rulings.py)
        if ruled is not None and ruled[0]:
            mods.append(Modifier(ruled[0], f"the umpire's ruling (Etc): {ruled[1]}", "PP-47"))
        roll = self.roll("PP-46", c, f"nerve to {act}", modifiers=mods, target=5)
        record = c.nerve.setdefault(act, [0, 0])
        if roll.passed:
            record[0] += 1
            return True
        record[1] += 1
        c.busy_move = self.move
        self.tell("PP-48", f"{c.card.name} loses his nerve: does not {act}, cowers back and does nothing "
                  "else this move.", c)
        return False

    # -- the end of a move (PP-20, PP-25, PP-27, PP-36, PP-45) --------------------------------
    def end_of_move_rolls(self) -> None:
        for c in sorted(self.chars.values(), key=lambda c: c.id):
            if c.bandaging and c.busy_move == self.move and not c.helpless(self.move):
                patient = self.chars[c.bandaging]
                if not patient.out_of_play:
                    patient.bandaged = True
                    self.tell("PP-25", f"{c.card.name} bandages {patient.card.name}.", c, patient)
            c.bandaging = ""
        for c in sorted(self.chars.values(), key=lambda c: c.id):
            if c.out_of_play:
                continue
            bleeding = c.state == "LI" and c.bleeds and not c.bandaged
            if bleeding and self.roll("PP-25", c, "bleeding (1: a further -1 to move and fighting)").total == 1 and (
                    self.options.bleeding_lasts or not c.bleed_extra):
                c.bleed_extra += 1
                self.tell("PP-25", f"{c.card.name} bleeds: a further -1 to move and fighting.", c)
            collapsing = c.state == "DI" and not (c.bandaged and self.options.bandage_stops_collapse)
            if collapsing and self.roll("PP-27", c, "collapse (2 or less: critically injured)").total <= 2:
                c.critical = True
                self.tell("PP-27", f"{c.card.name} collapses, critically injured: out of action.", c)
            if c.stunned and self.roll("PP-36", c, "recovery from the stun (6 recovers)").total == 6:
                c.stunned = False
                c.groggy_move = self.move + 1
                c.groggy_until = self.move + self.options.groggy_moves
                self.tell("PP-36", f"{c.card.name} comes round, groggy for a move.", c)
                self.trigger(c, "recovering from a stun", "PP-36")
        for cloud in list(self.clouds):
            # PP-20 gap: a head still in the cloud rolls again in each later move (it rolled as it formed)
            if self.options.gas_reroll and cloud.formed < self.move:
                self.gas_rolls(cloud)
            if cloud.until <= self.move:
                self.clouds.remove(cloud)
                self.umpire.effect("PP-20", f"The gas cloud at ({cloud.x:.1f}, {cloud.y:.1f}) clears.",
                                   visible_to=self.within_earshot((cloud.x, cloud.y)))
                for c in sorted(self.chars.values(), key=lambda c: c.id):
                    if c.gassed and c.unconscious_until >= 10**6:
                        moves = self.roll("PP-20", c, "moves until waking from the gas").total
                        c.unconscious_until, c.gassed = self.move + moves, False
            elif self.options.gas_drift == "arrow":  # where it hangs in the next move
                self.drift(cloud)
