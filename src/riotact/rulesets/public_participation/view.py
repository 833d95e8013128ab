"""What a seat may know (fog of war), stated once: its own characters with their cards, the characters
they see (position and the markers on the table, never the card), the terrain, gas clouds, and its own
range rings. The umpire sees everything. Sounds reach a seat through its log only (PP-07).

Here too are the audiences the rules tell (``visible_to=``): the seats that witness a figure, that saw a
figure move, that see only an attack's target, that are within earshot of a point; what a seat has
watched all move; its copy of the scenario; and the conformance suite's secrets. The determiniser
(determinise.py) reads a seat's knowledge from here."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from riotact.core.audiences import seats_only as seats_only  # shared: see there
from riotact.core.audiences import umpire_only as umpire_only
from riotact.core.log import UMPIRE

from . import board
from . import tables as T
from .rules import morale, movement, throwing

if TYPE_CHECKING:
    from .state import XY, Character, World
    from .tables import Weapon


def view(w: World, seat: str) -> dict[str, Any]:
    everything = seat == UMPIRE
    seen = set(w.chars) if everything else seen_by_seat(w, seat)
    chars = [character(w, c, full=everything or c.seat == seat, moved_known=moved_known(w, seat, c))
             for c in sorted(w.chars.values(), key=lambda c: c.id) if c.id in seen]
    own = [c for c in w.chars.values() if c.seat == seat or everything]
    return {
        "move": w.move, "moves": w.setup.moves, "phase": w.phase, "round": w.round,
        "table": {"width": w.table.width, "depth": w.table.depth, "features": [
            {"id": f.id, "name": f.name, "outline": [list(p) for p in f.outline], "cover": board.cover_class(w, f),
             "obstacle": board.obstacle_class(w, f), "building": f.blocks_sight, "height": f.height,
             "risky": board.risk(w, f)[0]} for f in w.table.features]},
        "characters": chars,
        "sight": {c.id: sorted(o for o in seen if o != c.id and board.sees(w, c, w.chars[o]))
                  for c in sorted(own, key=lambda c: c.id) if not c.out_of_play},
        "clouds": [{"x": k.x, "y": k.y, "radius": k.radius, "until": k.until} for k in w.clouds
                   if everything or seat in within_earshot(w, (k.x, k.y))],
        "rings": {c.id: rings(w, c) for c in sorted(own, key=lambda c: c.id) if not c.out_of_play},
        "objectives": [o.model_dump() for o in w.setup.objectives if everything or o.seat == seat],
        "pending": w.pending[0]["kind"] if w.pending and w.pending[0]["seat"] == seat else "",
        "scores": w.result.scores if w.result else None,
    }


def character(w: World, c: Character, *, full: bool, moved_known: bool) -> dict[str, Any]:
    """``moved``: how far it has moved this move, or None when the seat has not watched it all move
    (:func:`watch`; the odds beside a shot need it, PP-11)."""
    out: dict[str, Any] = {
        "id": c.id, "name": c.card.name, "side": c.side, "x": c.x, "y": c.y, "base": c.card.base,
        "own": full, "marker": c.marker(w.move), "wound": c.state,
        "colour": T.MARKERS.get(c.state, ""), "morale": T.MORALE_LETTER.get(c.morale, ""),
        "armed": c.armed, "size": c.card.size, "moved": c.moved if moved_known else None,
    }
    if full:
        card = c.card
        out["card"] = {
            "seat": c.seat, "move": card.move, "walk": movement.reach(w, c, False),
            "run": movement.reach(w, c, True), "fight": card.fight, "shooting": card.shooting,
            "weapons": [arm.name for arm in c.weapons],
            "melee": c.melee.name, "throwables": dict(c.throwables),
            "arms": {arm.name: arms(w.weapon_book[arm.name]) for arm in c.weapons} | {
                name: arms(w.weapon_book[name]) for name in c.throwables}, "morale": card.morale, "adt": card.adt,
            "training": card.training, "named": card.named, "npc": card.npc, "leader": card.leader,
            "fright": morale.fright(w, c), "load": c.load, "wounds": c.wounds, "bandaged": c.bandaged,
            "bleeding": c.bleed_extra, "shots_left": c.shots_left, "order": w.order_for(c),
            "moved": round(c.moved, 2), "done": sorted(c.done), "notes": c.notes,
        }
    return out


def arms(arm: Weapon) -> dict[str, Any]:
    """A weapon's line on the seat's own card (the odds beside its shots read it, odds.py)."""
    return {"kind": arm.kind, "table": arm.table, "sdd": arm.sdd, "range": arm.range, "shots": arm.shots,
            "to_hit": arm.to_hit, "long_gun": arm.long_gun, "telescopic": arm.telescopic,
            "half_hit": arm.half_hit, "full_hit": arm.full_hit, "explosive": arm.explosive}


def rings(w: World, c: Character) -> dict[str, float]:
    """Range rings for the board: walk and run reach, voices (PP-07) and weapon ranges."""
    out = {"walk": movement.reach(w, c, False), "run": movement.reach(w, c, True),
           **{volume: float(T.SOUNDS[volume][0]) for volume in T.VOLUMES}}  # understood within (PP-07)
    for arm in c.weapons:
        if arm.kind == "firearm":
            out[arm.name] = arm.range
    for name, count in c.throwables.items():
        if count > 0:
            out[name] = throwing.throw_range(w, c, w.weapon_book[name])
    return out


def scenario_data_for(w: World, seat: str) -> dict[str, Any]:
    """The scenario's data as ``seat`` may know it while the game runs (its header's copy), as the
    view shows it: its own characters' cards only (another's card is never shown: PP-02), the
    scenario's weapons they carry, and its own objectives."""
    data = copy.deepcopy(w.scenario.data)
    setup = data.get("setup", {})
    if seat == UMPIRE:
        return data
    own = [c for c in setup.get("characters", []) if c.get("seat") == seat]
    carried = {w for c in own for w in (*c.get("weapons", []), *c.get("throwables", {}), c.get("melee", ""))}
    setup["characters"] = own
    if "weapons" in setup:
        setup["weapons"] = [w for w in setup["weapons"] if w.get("name") in carried]
    if "objectives" in setup:
        setup["objectives"] = [o for o in setup["objectives"] if o.get("seat") == seat]
    return data


# -- what each seat sees, and who is told: the audiences of events (the same names in every view.py)
def seen_by_seat(w: World, seat: str) -> set[str]:
    """Ids of the characters a seat may see: its own, and those any of them sees (:func:`board.sees`).
    Each other figure is looked at until one pair of eyes sees it: on a crowded table that is the
    first, so the cost grows with the figures, not with their pairs."""
    if seat == UMPIRE and seat not in w.seats:
        return set(w.chars)
    own = [c for c in w.chars.values() if c.seat == seat]
    seen = {c.id for c in own}
    eyes = [c.pos for c in own if board.may_see(w, c)]
    for o in w.chars.values():
        if o.id not in seen and not o.fled and any(board.clear_sight(w, p, o.pos) for p in eyes):
            seen.add(o.id)
    return seen


def watch(w: World) -> None:
    """PP-11: a seat knows how far a figure has moved this move only if it has seen it at the move's
    start and after every movement since: each movement is told to the seats that see the figure
    where it starts or where it ends, so such a seat was told of them all. Whether it has watched a
    figure all move the seat can tell from its own sight alone, so "not known" leaks nothing of
    what the figure did unseen (fog of war). Here too each seat notes where, and how hurt, it last saw
    each other seat's figures (``World.last_seen``, for its search worlds)."""
    for seat in w.seats:
        if seat == UMPIRE:
            continue
        seen = seen_by_seat(w, seat)
        noted = w.last_seen[seat]
        for c in w.chars.values():
            if c.id not in seen:
                c.unwatched.add(seat)
            elif c.seat != seat:
                noted[c.id] = (c.x, c.y, c.state)


def moved_known(w: World, seat: str, c: Character) -> bool:
    """Does ``seat`` know how far ``c`` has moved this move (see :meth:`watch`)?"""
    return seat == UMPIRE or c.seat == seat or seat not in c.unwatched


def witnesses(w: World, *figures: Character) -> list[str]:
    """The seats that own or see any of ``figures`` (the umpire sees everything anyway)."""
    out = []
    for seat in w.seats:
        if seat == UMPIRE:
            continue
        own = [c for c in w.chars.values() if c.seat == seat]
        if any(f.seat == seat or any(board.sees(w, c, f) for c in own) for f in figures):
            out.append(seat)
    return out


def saw_it_move(w: World, c: Character, saw_it_start: list[str]) -> list[str]:
    """A movement's audience: the seats that saw ``c`` where it started (``saw_it_start``, its
    :func:`witnesses` then) or see it where it ends (so :func:`watch` can tell who saw all its moves)."""
    return sorted(set(saw_it_start) | set(witnesses(w, c)))


def see_only_the_target(w: World, attacker: Character, target: Character) -> list[str]:
    """The seats that see the target of an attack but not the attacker: they learn of the attack,
    not who made it (PP-10)."""
    seeing = set(witnesses(w, attacker))
    return [s for s in witnesses(w, target) if s not in seeing]


def within_earshot(w: World, point: XY) -> list[str]:
    """Seats with a character who sees ``point`` or is within 18" of it (a blast is heard, PP-07)."""
    return [seat for seat in w.seats if any(
        c.seat == seat and not c.out_of_play and not c.unconscious(w.move)
        and (w.table.distance(c.pos, point) <= 18 or w.table.line_of_sight(c.pos, point))
        for c in w.chars.values())]



def within_earshot_of_either(w: World, a: XY, b: XY) -> list[str]:
    """Seats within earshot (or sight) of either point: a cloud seen or heard where it was or where it
    drifts to (PP-20)."""
    return sorted({*within_earshot(w, a), *within_earshot(w, b)})

# -- the conformance suite's secrets: a card's notes are its seat's alone (PP-02) -----------------
def plant_sentinels(w: World) -> None:
    for c in w.chars.values():
        c.notes = f"SENTINEL-card-{c.id}"


def hidden_tokens(w: World, seat: str) -> set[str]:
    if seat == UMPIRE:
        return set()
    return {c.notes for c in w.chars.values() if c.seat != seat and c.notes}
