"""Artillery pieces in play (BON-065..073, BON-077, BON-078): crews, movement and rotation, 3 AC to
fire, the 45 degree arc, direct fire with 2/3/4 D12 scattered among a squad, indirect fire at a
guessed range with deviation (a D12 clock direction), and the trench mortar's target planned a turn
ahead.

Orders (a ``gun`` unit): ``shoot:g:E`` (direct fire at unit E), ``lob:g:E:20`` (indirect fire at a
guessed 20" towards E), ``plan:g:E:20`` (a mortar's target for next turn, kept secret) and ``lob:g``
(the mortar fires at its plan), ``rotate:g:bearing`` (up to 90 degrees for 1 AC, 1 AC per 90 degrees
started beyond; an MG team turns the same way).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from riotact.core.protocol import Action
from riotact.core.words import counted, possessive
from riotact.tabletop import bearing, clock_point, in_arc

from .. import view
from ..state import Plan, Soldier, Unit
from ..tables import CRITICAL_RANGED, PIECES, STATS
from . import buildings, combat, glory, sequence, vehicles
from .combat import CREW_FIRER, Hit, _ranged_judge
from .ordnance import AMMUNITION, ARC, FIRE_AC, GUNS, LIMBER_NEEDED, LIMBERS, SIZE_DICE, Gun

GUN_VERBS = ("shoot", "lob", "plan")
ROTATION_STEPS = (-90.0, -45.0, 45.0, 90.0)  # BON-066: the menu's turns besides those onto an enemy
XY = tuple[float, float]

if TYPE_CHECKING:
    from ..state import World


# -- the piece and its crew ---------------------------------------------------------
def piece_of(w: World, u: Unit) -> Soldier | None:
    return next((m for m in w.members(u) if m.is_piece), None)


def gun_of(w: World, u: Unit) -> Gun:
    p = w.men[u.members[0]]
    return GUNS[p.weapon]


def crew_ac(w: World, u: Unit) -> int:
    """BON-067 gap: the crew's AC is pooled per piece (panicking crewmen do not serve it)."""
    return sum(m.ac for m in w.members(u) if m.role in ("crew", "ammo") and not m.panic)


def pay_crew(w: World, u: Unit, cost: int) -> None:
    """Take ``cost`` AC from the pooled crew, the freshest man first."""
    for _ in range(cost):
        m = max((m for m in w.members(u) if m.role in ("crew", "ammo") and not m.panic),
                key=lambda m: (m.ac, m.id))
        m.ac -= 1


def piece_movers(w: World, u: Unit, movers: list[Soldier]) -> list[Soldier]:
    """BON-066: a light piece (and the MG, BON-074 gap) is moved by 2 infantry, a medium piece needs a
    horse or a vehicle, a heavy piece 2 horses or a vehicle; the crew walk with it at double AC."""
    if piece_of(w, u) is None:
        return []
    size = "light" if u.kind == "mg" else gun_of(w, u).size
    needed = LIMBER_NEEDED[size]
    if needed == 0:
        return movers if len(movers) >= 2 else []
    limber = next(c.limber for c in w.setup.units if c.id == u.id)
    return movers if LIMBERS[limber] >= needed and movers else []


def ammo_check(w: World, mg: Unit) -> None:
    """BON-076: the ammunition rolls also run while the ammunition crewman is in close combat; the
    count starts again when he leaves it alive (gap)."""
    ammo = next((m for m in w.members(mg) if m.role == "ammo"), None)
    if mg.kind == "mg" and ammo is not None and not mg.ammo_out:
        mg.ammo_since = (mg.ammo_since or w.turn) if buildings.fighters(w, ammo) else 0
    combat.ammo_check(w, mg)


# -- what a gun may do ----------------------------------------------------------------------
def in_gun_arc(w: World, u: Unit, p: XY) -> bool:
    piece = piece_of(w, u)
    return piece is not None and in_arc(u.facing, ARC, piece.pos, p)  # BON-067


def direct_targets(w: World, u: Unit, e: Unit) -> list[Soldier]:
    """BON-068: models of ``e`` in the piece's range, arc and sight, nearest first."""
    piece = piece_of(w, u)
    assert piece is not None
    reach = gun_of(w, u).reach
    return sorted((t for t in w.members(e) if not t.prone and w.board.gap(piece, t) <= reach
                   and buildings.sees(w, piece, t) and in_gun_arc(w, u, t.pos)),
                  key=lambda t: (w.board.gap(piece, t), t.id))


def aim_point(w: World, u: Unit, e: Unit, guess: float) -> XY:
    """BON-070: the round is placed at the guessed range on the line to the target."""
    piece = piece_of(w, u)
    assert piece is not None
    return w.table.clamp(clock_point(piece.pos, bearing(piece.pos, w.centre(e)), 12, guess))


def guess_problem(w: World, u: Unit, e: Unit | None, guess: float) -> str | None:
    gun = gun_of(w, u)
    if e is None or e.seat == u.seat or not w.members(e) or e.concealed:
        return "no such enemy unit in view"
    if not gun.indirect:
        return f"a {gun.name} fires only directly (BON-070)"
    if not gun.minimum <= guess <= gun.reach:
        return f"a {gun.name} lobs from {gun.minimum:.0f}\" to {gun.reach:.0f}\" (BON-070, BON-077)"
    if not in_gun_arc(w, u, w.centre(e)):
        return "the target is outside the piece's 45 degree arc (BON-067)"
    if not observed(w, u, e):
        return "neither the crew nor an officer with a radio can see the target (BON-051)"
    return None


def observed(w: World, u: Unit, e: Unit) -> bool:
    """BON-051 gap: indirect fire aims at what the crew see, or what a hero in base contact with his
    radio man (a Comm. Boy) sees, anywhere on the table."""
    piece = piece_of(w, u)
    eyes = [piece] if piece is not None else []
    for squad in w.units.values():
        hero = glory.officer(w, squad) if squad.seat == u.seat else None
        if hero is not None and any(m.role == "radio" and w.board.in_contact(hero, m) for m in w.members(squad)):
            eyes.append(hero)
    return any(buildings.sees(w, o, t) for o in eyes for t in w.members(e))


def gun_actions(w: World, u: Unit, foes: list[Unit]) -> list[Action]:
    """The finite menu: direct fire at each unit in arc, indirect fire (or a mortar's plan) at the
    measured distance to each unit's centre, firing a ripe plan, and turning to bear."""
    piece = piece_of(w, u)
    if piece is None or not any(m.role == "crew" for m in w.members(u)):
        return []  # BON-065 gap: a piece with no crew left cannot move, turn or fire
    out: list[Action] = []
    gun = gun_of(w, u)
    loaded = crew_ac(w, u) >= FIRE_AC
    plan = w.plans.get(u.id)
    if gun.planned and loaded and plan is not None and plan.turn < w.turn:
        out.append(Action(f"lob:{u.id}", f"{u.name} fires at its planned target area ({plan.target})"))
    for e in foes:
        if loaded and gun.direct and direct_targets(w, u, e):
            out.append(Action(f"shoot:{u.id}:{e.id}", f"{u.name} fires directly at {e.name}"))
        guess = float(round(w.table.distance(piece.pos, w.centre(e))))
        if gun.indirect and guess_problem(w, u, e, guess) is None:
            if gun.planned and (plan is None or plan.turn < w.turn):
                out.append(Action(f"plan:{u.id}:{e.id}:{guess:g}",
                                  f"{u.name} plans next turn's fire at {e.name}, {guess:g}\" away"))
            elif not gun.planned and loaded:
                out.append(Action(f"lob:{u.id}:{e.id}:{guess:g}",
                                  f"{u.name} lobs a round at {e.name}, guessing {guess:g}\""))
    return out + rotation_actions(w, u, foes)


# -- turning (BON-066) -------------------------------------------------------------------------
def bears_on(w: World, u: Unit, p: XY) -> bool:
    """Whether ``p`` lies in the piece's arc: an MG's 90 degrees (BON-074), a gun's 45 (BON-067)."""
    piece = piece_of(w, u)
    arc = PIECES["mg"].arc if u.kind == "mg" else ARC
    return piece is not None and in_arc(u.facing, arc, piece.pos, p)


def rotation_cost(w: World, u: Unit, facing: float) -> int:
    """BON-066: "Guns may be rotated up to 90 degrees for 1 AC"; a longer turn in one order costs
    1 AC per 90 degrees started (the catalogue's 180 degrees for 2 AC)."""
    turn = abs((facing - u.facing + 180) % 360 - 180)
    return max(1, math.ceil(turn / 90 - 1e-9))


def rotation_problem(w: World, u: Unit, facing: float) -> str | None:
    """Why the piece of ``u`` may not turn to ``facing`` now, or None. The seed's Artillery rules
    (crews, DS 6, double AC to move, this rotation) cover the MG listed among them (BON-065,
    BON-066, BON-074 gap): MG teams turn as guns do, paid from the crew's pooled AC."""
    if u.kind not in ("mg", "gun") or piece_of(w, u) is None:
        return f"{u.name} has no piece to turn (BON-066)"
    if not any(m.role == "crew" or (u.kind == "mg" and m.role == "ammo") for m in w.members(u)
               if not m.panic):
        return f"{u.name} has no crew left to turn it (BON-065)"
    if abs((facing - u.facing + 180) % 360 - 180) < 0.05:
        return f"{u.name} already faces {u.facing:g} degrees"
    cost = rotation_cost(w, u, facing)
    if crew_ac(w, u) < cost:
        return (f"turning {u.name} to {facing % 360:g} degrees costs {cost} AC; its crew has "
                f"{crew_ac(w, u)} (BON-066: 1 AC per 90 degrees)")
    return None


def rotation_actions(w: World, u: Unit, foes: list[Unit]) -> list[Action]:
    """BON-066: the menu's turns: onto each enemy unit in view the piece does not bear on (nearest
    first), and 45 or 90 degrees either way (any bearing may be typed: ``rotate:g:135``)."""
    piece = piece_of(w, u)
    if piece is None:
        return []
    out: list[Action] = []
    for e in sorted(foes, key=lambda e: (w.table.distance(piece.pos, w.centre(e)), e.id)):
        want = round(bearing(piece.pos, w.centre(e)), 1) % 360
        if not bears_on(w, u, w.centre(e)) and rotation_problem(w, u, want) is None:
            out.append(Action(f"rotate:{u.id}:{want}", f"{u.name} swings round to bear on {e.name}"))
    for step in ROTATION_STEPS:
        want = round((u.facing + step) % 360, 1)
        if rotation_problem(w, u, want) is None:
            out.append(Action(f"rotate:{u.id}:{want}", f"{u.name} turns {abs(step):g} degrees "
                              f"{'right' if step > 0 else 'left'}, to {want:g}"))
    return list({a.id: a for a in out}.values())


def rotation_parse(w: World, u: Unit, where: str) -> Action | None:
    """A bearing of the seat's own choosing (degrees, 0 = north): ``rotate:g:135``."""
    try:
        facing = float(where)
    except ValueError:
        return None
    if not math.isfinite(facing) or rotation_problem(w, u, facing) is not None:
        return None
    return Action(f"rotate:{u.id}:{where}", f"{u.name} turns to {facing % 360:g} degrees")


def rotation_refusal(w: World, u: Unit, where: str) -> str:
    try:
        facing = float(where)
    except ValueError:
        facing = math.nan
    if not math.isfinite(facing):
        return "give the new bearing in degrees (0 = north, 90 = east), e.g. rotate:g:45 (BON-066)"
    return rotation_problem(w, u, facing) or "that is not one of the legal actions now"


def rotate(w: World, u: Unit, facing: float) -> None:
    """BON-066: a gun turns up to 90 degrees for 1 AC (1 AC per 90 degrees started)."""
    facing %= 360
    turn = abs((facing - u.facing + 180) % 360 - 180)
    cost = rotation_cost(w, u, facing)
    pay_crew(w, u, cost)
    u.facing = facing
    w.tell("BON-066", f"{u.name} turns {turn:.0f} degrees ({cost} AC).", unit=u)


def gun_parse(w: World, u: Unit, verb: str, rest: str) -> Action | None:
    """A guessed range of the seat's own choosing: ``lob:g:E:23.5`` or ``plan:g:E:23.5``."""
    eid, _, raw = rest.partition(":")
    try:
        guess = float(raw)
    except ValueError:
        return None
    if u.kind != "gun" or verb not in ("lob", "plan") or not math.isfinite(guess):
        return None
    gun, e = gun_of(w, u), w.units.get(eid)
    if guess_problem(w, u, e, guess) is not None or not any(m.role == "crew" for m in w.members(u)):
        return None
    assert e is not None
    if verb == "plan" and gun.planned and (u.id not in w.plans or w.plans[u.id].turn < w.turn):
        return Action(f"plan:{u.id}:{eid}:{guess:g}", f"{u.name} plans fire at {e.name}, {guess:g}\" away")
    if verb == "lob" and not gun.planned and crew_ac(w, u) >= FIRE_AC:
        return Action(f"lob:{u.id}:{eid}:{guess:g}", f"{u.name} lobs a round at {e.name}, guessing {guess:g}\"")
    return None


def gun_refusal(w: World, u: Unit, rest: str) -> str:
    """Why a guessed-range order is refused, in one line."""
    eid, _, raw = rest.partition(":")
    try:
        guess = float(raw)
    except ValueError:
        return "give the guessed range in inches, e.g. lob:g:E:20 (BON-070)"
    return guess_problem(w, u, w.units.get(eid), guess) or "that is not one of the legal actions now"


def gun_order(w: World, u: Unit, verb: str, arg: str) -> None:
    eid, _, raw = arg.partition(":")
    if verb == "shoot":
        direct_fire(w, u, w.units[eid])
    elif verb == "plan":
        plan_fire(w, u, w.units[eid], float(raw))
    elif arg:
        e = w.units[eid]
        indirect_fire(w, u, aim_point(w, u, e, float(raw)), float(raw), e.name)
    else:
        plan = w.plans.pop(u.id)
        w.tell("BON-077", f"{possessive(u.name)} plan made in turn {plan.turn} is revealed: {plan.target}, "
                  f"{plan.guess:g}\".", unit=u)
        indirect_fire(w, u, plan.point, plan.guess, plan.target)


# -- firing ----------------------------------------------------------------------------------
def crewman(w: World, u: Unit) -> Soldier:
    """The firer a hit is credited to (a Green crewman at the piece)."""
    piece = piece_of(w, u)
    assert piece is not None
    return Soldier(piece.id, u.id, "crew", "green", "flak", "rifle", piece.x, piece.y)


def under_marker(w: World, point: XY, radius: float) -> list[Soldier]:
    """BON-073: models any part of whose base is under the marker, nearest its centre first."""
    return sorted((t for t in w.men.values() if t.in_play
                   and w.table.distance(point, t.pos) <= radius + t.base),
                  key=lambda t: (w.table.distance(point, t.pos), t.id))


def shell_tn(w: World, origin: XY, t: Soldier) -> tuple[int, str]:
    """BON-068 / BON-108 gap: TN = DS (+ armour) + CV + the Green crew's +1; a single range figure
    has no range modifier."""
    tu = w.unit_of(t)
    parts = [(t.ds(tu.formation, tu.charging), "DS")]
    cv, name = buildings.cover(w, origin, t)
    if cv:
        parts.append((cv, f"cover ({name})"))
    parts.append((STATS["green"].fire_mod, CREW_FIRER))
    return sum(v for v, _ in parts), " ".join(f"{'+' if v >= 0 and i else ''}{v} {why}"
                                              for i, (v, why) in enumerate(parts))


def load(w: World, u: Unit) -> None:
    """BON-067: every weapon uses 3 AC (of the pooled crew) to fire."""
    pay_crew(w, u, FIRE_AC)
    sequence.reveal(w, u, "it fires")


def fire_dice(w: World, u: Unit, rule: str, purpose: str) -> tuple[int, ...]:
    """BON-068: Light 2D12, Medium 3D12, Heavy 4D12, each read on its own (BON-001 gap)."""
    n = SIZE_DICE[gun_of(w, u).size]
    return w.umpire.roll_total(rule, u.name, n, 12, purpose=f"{purpose} ({n}D12, each die on its own)").dice


def direct_fire(w: World, u: Unit, e: Unit) -> None:
    """BON-068: at a piece or vehicle with all its dice; at a squad, each die against up to 2 models
    (nearest first, gap), each hit doing the chart's damage (BON-108)."""
    piece = piece_of(w, u)
    assert piece is not None
    targets = direct_targets(w, u, e)
    ammo = AMMUNITION[ammo_of(w, u)]
    load(w, u)
    w.tell("BON-068", f"{u.name} fires {ammo.name} directly at {e.name}.", unit=u)
    dice = fire_dice(w, u, "BON-068", f"direct fire at {e.name}")
    hard = [t for t in targets if t.is_piece or t.vehicle]
    if hard:
        pairs = [(face, [hard[0]]) for face in dice]
    else:
        pairs = [(face, targets[2 * i: 2 * i + 2]) for i, face in enumerate(dice)]
    shell_hits(w, gun_of(w, u).damage(ammo), crewman(w, u), piece.pos, pairs, "BON-068")


def shell_hits(w: World, damage: int, by: Soldier, origin: XY, pairs: list[tuple[int, list[Soldier]]],
               rule: str) -> None:
    """Each die against its models (BON-068): TN met or a natural 12 (critical) hits for ``damage``."""
    hits: list[Hit] = []
    for face, group in pairs:
        for t in group:
            tn, why = shell_tn(w, origin, t)
            verdict = _ranged_judge(tn)(face)
            w.tell(rule, f"Die {face} against {t.id} (TN {tn}: {why}): {verdict}.", unit=w.unit_of(t))
            if verdict != "miss":
                hits.append(Hit(t, face == CRITICAL_RANGED, damage, by, av=True))
    for h in hits:
        vehicles.damage(w, h)
    combat.after_losses(w)


def ammo_of(w: World, u: Unit) -> str:
    return next(c.ammunition for c in w.setup.units if c.id == u.id)


def plan_fire(w: World, u: Unit, e: Unit, guess: float) -> None:
    """BON-077: the mortar's target area is recorded now and fired at in a later turn; the plan is
    the owner's secret until it fires (gap)."""
    w.plans[u.id] = Plan(w.turn, aim_point(w, u, e, guess), guess, e.name)
    w.umpire.effect("BON-077", f"{u.name} plans its fire: {e.name}, {guess:g}\" away, for next turn.",
                       visible_to=view.seats_only(w, u.seat))


def indirect_fire(w: World, u: Unit, aim: XY, guess: float, target: str) -> None:
    """BON-070: the round is placed at the guessed range, then deviates (BON-069): a placement d12
    (1-3 a critical miss, gap), a distance (shot D6 or D6+3, shell D3 or D6, never added together)
    and a D12 clock direction, 12 straight ahead; the ammunition's marker (BON-073) falls there and
    the piece's dice attack the models under it, 2 each (BON-068), cover applying."""
    piece = piece_of(w, u)
    assert piece is not None
    ammo = AMMUNITION[ammo_of(w, u)]
    load(w, u)
    w.tell("BON-070", f"{u.name} lobs {ammo.name} at {target}, guessing {guess:g}\": the round is placed "
              f"at ({aim[0]:.1f}, {aim[1]:.1f}).", unit=u, aim=list(aim))
    point = deviate(w, u, piece.pos, aim)
    under = under_marker(w, point, ammo.radius)
    w.tell("BON-073", f"The {2 * ammo.radius:g}\" marker lands at ({point[0]:.1f}, {point[1]:.1f}): "
              f"{counted(len(under), 'model')} under it.", marker=[point[0], point[1], ammo.radius])
    for t in under:
        sequence.reveal(w, w.unit_of(t), "a shell lands on it")
    dice = fire_dice(w, u, "BON-068", f"the {gun_of(w, u).name}'s attack")
    shell_hits(w, gun_of(w, u).damage(ammo), crewman(w, u), point,
                    [(face, under[2 * i: 2 * i + 2]) for i, face in enumerate(dice)], "BON-070")


def deviate(w: World, u: Unit, origin: XY, aim: XY) -> XY:
    """BON-069: every round deviates; logged with its distance and clock direction for the board."""
    ammo = AMMUNITION[ammo_of(w, u)]
    worst = w.options.artillery_critical_miss  # BON-069 gap: 1-3, as for grenades
    place = w.umpire.roll_total("BON-069", u.name, 1, 12, purpose="placement",
                                   judge=lambda n: "critical miss" if n <= worst else "placed").total
    critical = place <= worst
    sides, plus = ammo.critical if critical else ammo.deviation
    if sides == 3:
        dist = combat.d3(w, "BON-069", u.name, "deviation distance")
    else:
        dist = w.umpire.roll_total("BON-069", u.name, 1, sides,
                                      purpose="deviation distance" + (f" (D{sides}+{plus})" if plus else "")
                                      ).total + plus
    face = w.umpire.roll_total("BON-069", u.name, 1, 12, purpose="deviation direction (D12 clock)").total
    point = w.table.clamp(clock_point(aim, bearing(origin, aim), face, dist))
    w.tell("BON-069", f"The round deviates {dist}\" towards {face} o'clock"
              f"{' (critical miss)' if critical else ''} to ({point[0]:.1f}, {point[1]:.1f}).",
              deviation={"from": list(aim), "to": list(point), "distance": dist, "clock": face,
                         "critical": critical})
    return point
