"""Glory: triggers (BON-036), tests (BON-037), panic (BON-038, BON-111), recovery (BON-040), rally and
fallback (BON-041, BON-042)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import view
from ..state import Soldier, Unit
from ..tables import STATS, reaction

PANIC_GL = 7  # BON-038
#: BON-036 gap: triggers of one bullet of the seed's list count once a turn between them ("their leader
#: or banner is wounded or killed").
SAME_TRIGGER = {"banner": "leader"}

TRIGGERS = {
    "leader": "its leader was wounded or killed",
    "banner": "its banner-bearer was wounded or killed",
    "half": "it is down to half strength or less",
    "charge": "it charges (confusion)",
    "pinned": "it is pinned down by enemy fire",
    "flank": "it is assaulted in the flank or rear",
    "fear": "a flame thrower's stream falls on it",
    "cavalry": "cavalry is heading straight for it at a higher gait",
    "vehicle": "a vehicle is heading straight for it at a higher gear",
}
if TYPE_CHECKING:
    from ..state import World


def trigger(w: World, u: Unit, kind: str) -> None:
    """BON-036: each trigger raises GL by 1 (each kind at most once a turn, gap); at GL 7 the unit
    panics at once (BON-038); otherwise it tests in its next Orders step (BON-037)."""
    slot = SAME_TRIGGER.get(kind, kind)
    if not w.members(u) or u.triggers_turn.get(slot) == w.turn or u.gl >= PANIC_GL:
        return
    u.triggers_turn[slot] = w.turn
    u.gl += 1
    w.tell("BON-036", f"{u.name}: glory test, {TRIGGERS[kind]}; GL rises to {u.gl}+.", unit=u,
              unit_id=u.id, gl=u.gl)
    if u.gl >= PANIC_GL:
        panic(w, u)
    elif w.options.glory_test_per_trigger or not u.pending_tests:
        u.pending_tests.append(kind)


def check_half(w: World, u: Unit) -> None:
    if not u.half_done and len(w.members(u)) * 2 <= u.start_models and w.members(u):
        u.half_done = True
        trigger(w, u, "half")


def glory_tests(w: World, u: Unit) -> None:
    """BON-037: in the Orders step, a D6 of GL or more takes 1 GL away; a failure keeps it."""
    while u.pending_tests and u.gl < PANIC_GL:
        u.pending_tests.pop(0)
        roll = w.umpire.roll_total("BON-037", u.name, 1, 6, purpose="a glory test", target=u.gl,
                                      visible_to=view.witnesses(w, u))
        if roll.passed:
            u.gl -= 1
            w.tell("BON-037", f"{u.name} keeps its cool: GL back to {u.gl}+.", unit=u)
        else:
            w.tell("BON-037", f"{u.name} stays at GL {u.gl}+.", unit=u)
    u.pending_tests.clear()


def panic(w: World, u: Unit) -> None:
    """BON-038 / BON-111: every soldier rolls his own reaction by his experience."""
    u.pending_tests.clear()
    w.tell("BON-038", f"{u.name} reaches GL 7 and panics.", unit=u)
    for m in w.members(u):
        if m.is_piece:
            continue
        face = w.umpire.roll_total("BON-111", m.id, 1, 6, purpose="a panic reaction",
                                      visible_to=view.witnesses(w, u)).total
        m.panic, m.panic_turn = reaction(m.level, face), w.turn
        w.tell("BON-039", f"{m.id} ({STATS[m.level].name}): {m.panic.replace('_', ' ')}.", unit=u,
                  soldier=m.id, reaction=m.panic)


def recovery_phase(w: World) -> None:
    """BON-040: in the Glory Tests phase a panicking officer tries every turn, a soldier every other
    turn (from the turn after panic); a natural 6 (gap) ends his reaction and takes 1 GL away."""
    face = w.options.panic_recovery_face
    for u in w.units.values():
        for m in w.members(u):
            if not m.panic or w.turn <= m.panic_turn:
                continue
            if not m.is_hero and (w.turn - m.panic_turn) % 2 == 0:
                continue
            roll = w.umpire.roll_total("BON-040", m.id, 1, 6, purpose="getting a grip", target=face,
                                          visible_to=view.witnesses(w, u))
            if roll.passed:
                m.panic = ""
                u.gl = min(u.gl, PANIC_GL - 1)
                w.tell("BON-040", f"{m.id} gets a grip of himself; {u.name} is at GL {u.gl}+.", unit=u)


def officer(w: World, u: Unit) -> Soldier | None:
    return next((m for m in w.members(u) if m.is_hero and not m.panic), None)


def can_steady(w: World, u: Unit) -> bool:
    """BON-041 / BON-042 gap: an officer with 1 AC, once a turn, when the unit's GL is raised."""
    o = officer(w, u)
    base = STATS[u.level].gl
    return (o is not None and o.ac >= 1 and u.rallied_turn != w.turn and u.kind == "squad"
            and (u.gl > base or any(m.panic for m in w.members(u))))


def steady(w: World, u: Unit, rule: str, what: str) -> None:
    """BON-041 rally / BON-042 fallback: GL -2 (gap: not below the level's own GL); soldiers within
    the officer's range whose GL is now below 7 stop panicking."""
    o = officer(w, u)
    assert o is not None
    o.ac -= 1
    u.rallied_turn = w.turn
    u.gl = max(STATS[u.level].gl, u.gl - w.options.rally_gl)
    calmed = []
    if u.gl < PANIC_GL:
        for m in w.members(u):
            if m.panic and w.board.gap(o, m) <= w.options.officer_range:
                m.panic = ""
                calmed.append(m.id)
    w.tell(rule, f"{o.id} {what} {u.name}: GL {u.gl}+"
              + (f"; {', '.join(calmed)} stop panicking" if calmed else "") + ".", unit=u)
