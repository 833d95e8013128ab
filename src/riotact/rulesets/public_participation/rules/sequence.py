"""The sequence of play (PP-01): five phases a move, whose decision it is, the end of a move, and
the interruptions (opportunity shots, kicks, steps back, the umpire's surprise rulings)."""

from __future__ import annotations

from typing import Any

from riotact.core.protocol import Action

from .. import board, view
from ..state import Character, World, xy_text
from . import fighting, firing, morale, movement, scoring, telling, throwing, wounds


def begin(w: World) -> None:
    """PP-01: the game opens with move 1's moving phase; the Terrified run first (PP-44)."""
    w.umpire.turn = w.move
    telling.tell(w, "PP-01", "Move 1, phase 1: moving.")
    view.watch(w)
    movement.start_moving(w)
    advance(w)


def eligible(w: World, c: Character) -> bool:
    """May ``c`` be given a decision in the current phase (round)?"""
    m = w.move
    if w.phase == "moving":
        return (c.can_act(m) and "moving" not in c.done and not c.shaken(m) and not c.panicked(m)
                and c.rising_move != m and not c.terrified and not c.cowering)
    if w.phase == "speaking":
        return (not c.out_of_play and not c.unconscious(m) and not c.stunned and not c.panicked(m)
                and c.busy_move != m and f"speaking{w.round}" not in c.done)
    if w.phase == "firing":
        return (c.can_act(m) and "firing" not in c.done and firing.may_fire_panicked(w, c) and not c.terrified
                and not c.cowering and c.rising_move != m and morale.obeys(w, c, "fire")
                and firing.has_missiles(c))
    return False


def seats_with_work(w: World) -> list[str]:
    n = len(w.seats)
    start = (w.move - 1) % n
    order = w.seats[start:] + w.seats[:start]
    return [s for s in order if s not in w.passed
            and any(eligible(w, c) for c in w.chars.values() if c.seat == s)]


def advance(w: World) -> None:
    """Run the automatic phases until some seat has a decision or the game ends."""
    while w.result is None and not w.pending:
        work = seats_with_work(w)
        if work:
            if w.options.turn_order == "seat_order" and w.current in work:
                return
            if w.current in work:  # PP-01 gap: alternate between seats
                i = work.index(w.current)
                w.current = work[(i + 1) % len(work)]
            elif w.current:
                later = [s for s in work if w.seats.index(s) > w.seats.index(w.current)]
                w.current = later[0] if later else work[0]
            else:
                w.current = work[0]
            return
        next_phase(w)


def next_phase(w: World) -> None:
    w.passed, w.current = set(), ""
    if w.phase == "speaking" and w.round < w.options.speaking_rounds:
        w.round += 1
        telling.tell(w, "PP-05", f"Move {w.move}: speaking round {w.round}.")
        return
    if w.phase == "moving":
        w.phase, w.round = "speaking", 1
        telling.tell(w, "PP-01", f"Move {w.move}, phase 2: speaking (round 1, PP-05).")
    elif w.phase == "speaking":
        w.phase, w.round = "firing", 1
        telling.tell(w, "PP-01", f"Move {w.move}, phase 3: firing.")
    elif w.phase == "firing":
        w.phase = "fighting"
        telling.tell(w, "PP-01", f"Move {w.move}, phase 4: fighting (two rounds, PP-05).")
        for rnd in (1, 2):
            for one, many in fighting.melees(w):
                fighting.fight_round(w, one, many, rnd)
        w.phase = "morale"
        telling.tell(w, "PP-01", f"Move {w.move}, phase 5: morale throws.")
        morale.morale_phase(w)
        end_of_move(w)


def end_of_move(w: World) -> None:
    wounds.end_of_move_rolls(w)
    if w.move >= w.setup.moves or len(scoring.sides_in_play(w)) <= 1:
        scoring.finish(w)
        return
    movement.forget_paths(w)
    for c in w.chars.values():
        c.moved, c.charged, c.surprise, c.shots_left, c.opportunity_taken = 0.0, "", 0, None, False
        c.done.clear()
        c.unwatched.clear()
    w.move += 1
    w.umpire.turn = w.move
    w.phase, w.round = "moving", 1
    telling.tell(w, "PP-01", f"Move {w.move}, phase 1: moving.")
    view.watch(w)
    movement.start_moving(w)


def pending_actions(w: World, p: dict[str, Any]) -> list[Action]:
    c = w.chars[p["cid"]]
    if p["kind"] == "opportunity":
        t = w.chars[p["target"]]
        how = " (he is attacking you: -2)" if p["attacked"] else " (-1)"
        return [Action(f"opp:{c.id}:{t.id}", f"{c.card.name} takes an opportunity shot at {t.card.name}{how}"),
                Action(f"noopp:{c.id}", f"{c.card.name} lets {t.card.name} pass")]
    if p["kind"] == "step_back":
        sides = ("straight back", "back to the left", "back to the right")
        return [*(Action(f"back:{c.id}:{xy_text((x, y))}", f"{c.card.name} cowers back "
                         f"{w.table.distance(c.pos, (x, y)):.1f}\" to ({xy_text((x, y))}), {sides[i]} (PP-48)")
                  for i, (x, y) in enumerate(p["points"])),
                Action(f"stay:{c.id}", f"{c.card.name} cowers where he is (PP-48)")]
    if p["kind"] == "kick":
        return [*(Action(f"kick:{c.id}:{face}", f"{c.card.name} kicks the lit dynamite away, bearing "
                         f"{bearing} degrees") for face, bearing in enumerate((0, 60, 120, 180, 240, 300), 1)),
                Action(f"nokick:{c.id}", f"{c.card.name} leaves the stick")]
    words = {0: "no surprise", 1: "half surprise (+1)", 2: "full surprise (+2)"}
    foe = w.chars[p["foe"]]
    order = [p["auto"]] + [v for v in (0, 1, 2) if v != p["auto"]]
    return [Action(f"surprise:{c.id}:{v}", f"rule {c.card.name}'s charge on {foe.card.name}: {words[v]}")
            for v in order]


def apply_pending(w: World, p: dict[str, Any], verb: str, parts: list[str]) -> None:
    c = w.chars[p["cid"]]
    if verb == "opp":
        c.opportunity_taken = True
        target = w.chars[parts[1]]
        end = target.pos
        target.x, target.y = p["at"]  # the shot is fired as it passes (PP-08)
        weapon = next(arm for arm in c.weapons if arm.kind == "firearm" and board.gap(w, c, target) <= arm.range)
        firing.shoot(w, c, target, weapon, opportunity=True, attacked=bool(p["attacked"]))
        target.x, target.y = end
    elif verb == "back":
        movement.step_back(w, c, parts[1])
    elif verb == "kick":
        if not w.options.kick_nerve or morale.nerve_test(w, c, "kick away lit dynamite"):
            throwing.kick(w, c, int(parts[1]))
        throwing.next_kick(w)
    elif verb == "nokick":
        throwing.next_kick(w)
    elif verb == "surprise":
        c.surprise = int(parts[1])
        telling.tell(w, "PP-22", f"The umpire rules {c.card.name}'s charge: "
                     f"{['no', 'half', 'full'][c.surprise]} surprise.", c)
