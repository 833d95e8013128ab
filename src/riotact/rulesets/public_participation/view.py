"""What a seat may know (fog of war): its own characters with their cards, the characters they see
(position and the markers on the table, never the card), the terrain, gas clouds, and its own range
rings. The umpire sees everything. Sounds reach a seat through its log only (PP-07)."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from riotact.core.log import UMPIRE

from . import tables as T

if TYPE_CHECKING:
    from .figures import Character
    from .state import PublicParticipation
    from .tables import Weapon


def seat_view(st: PublicParticipation, seat: str) -> dict[str, Any]:
    everything = seat == UMPIRE
    seen = set(st.chars) if everything else st.seen_by_seat(seat)
    chars = [character(st, c, full=everything or c.seat == seat, moved_known=st.moved_known(seat, c))
             for c in sorted(st.chars.values(), key=lambda c: c.id) if c.id in seen]
    own = [c for c in st.chars.values() if c.seat == seat or everything]
    return {
        "move": st.move, "moves": st.setup.moves, "phase": st.phase, "round": st.round,
        "table": {"width": st.table.width, "depth": st.table.depth, "features": [
            {"id": f.id, "name": f.name, "outline": [list(p) for p in f.outline], "cover": st.cover_class(f),
             "obstacle": st.obstacle_class(f), "building": f.blocks_sight, "height": f.height,
             "risky": st.risk(f)[0]} for f in st.table.features]},
        "characters": chars,
        "sight": {c.id: sorted(o for o in seen if o != c.id and st.sees(c, st.chars[o]))
                  for c in sorted(own, key=lambda c: c.id) if not c.out_of_play},
        "clouds": [{"x": k.x, "y": k.y, "radius": k.radius, "until": k.until} for k in st.clouds
                   if everything or seat in st.within_earshot((k.x, k.y))],
        "rings": {c.id: rings(st, c) for c in sorted(own, key=lambda c: c.id) if not c.out_of_play},
        "objectives": [o.model_dump() for o in st.setup.objectives if everything or o.seat == seat],
        "pending": st.pending[0]["kind"] if st.pending and st.pending[0]["seat"] == seat else "",
        "scores": st.result.scores if st.result else None,
    }


def character(st: PublicParticipation, c: Character, *, full: bool, moved_known: bool) -> dict[str, Any]:
    """``moved``: how far it has moved this move, or None when the seat has not watched it all move
    (``Board.watch``; the odds beside a shot need it, PP-11)."""
    out: dict[str, Any] = {
        "id": c.id, "name": c.card.name, "side": c.side, "x": c.x, "y": c.y, "base": c.card.base,
        "own": full, "marker": c.marker(st.move), "wound": c.state,
        "colour": T.MARKERS.get(c.state, ""), "morale": T.MORALE_LETTER.get(c.morale, ""),
        "armed": c.armed, "size": c.card.size, "moved": c.moved if moved_known else None,
    }
    if full:
        card = c.card
        out["card"] = {
            "seat": c.seat, "move": card.move, "walk": st.reach(c, False), "run": st.reach(c, True),
            "fight": card.fight, "shooting": card.shooting, "weapons": [w.name for w in c.weapons],
            "melee": c.melee.name, "throwables": dict(c.throwables),
            "arms": {w.name: arms(st.weapon_book[w.name]) for w in c.weapons} | {
                name: arms(st.weapon_book[name]) for name in c.throwables}, "morale": card.morale, "adt": card.adt,
            "training": card.training, "named": card.named, "npc": card.npc, "leader": card.leader,
            "fright": st.fright(c), "load": c.load, "wounds": c.wounds, "bandaged": c.bandaged,
            "bleeding": c.bleed_extra, "shots_left": c.shots_left, "order": st.order_for(c),
            "moved": round(c.moved, 2), "done": sorted(c.done), "notes": c.notes,
        }
    return out


def arms(w: Weapon) -> dict[str, Any]:
    """A weapon's line on the seat's own card (the odds beside its shots read it, odds.py)."""
    return {"kind": w.kind, "table": w.table, "sdd": w.sdd, "range": w.range, "shots": w.shots,
            "to_hit": w.to_hit, "long_gun": w.long_gun, "telescopic": w.telescopic,
            "half_hit": w.half_hit, "full_hit": w.full_hit, "explosive": w.explosive}


def rings(st: PublicParticipation, c: Character) -> dict[str, float]:
    """Range rings for the board: walk and run reach, voices (PP-07) and weapon ranges."""
    out = {"walk": st.reach(c, False), "run": st.reach(c, True),
           **{volume: float(T.SOUNDS[volume][0]) for volume in T.VOLUMES}}  # understood within (PP-07)
    for w in c.weapons:
        if w.kind == "firearm":
            out[w.name] = w.range
    for name, count in c.throwables.items():
        if count > 0:
            out[name] = st.throw_range(c, st.weapon_book[name])
    return out


def scenario_for(st: PublicParticipation, seat: str) -> dict[str, Any]:
    """The scenario's data as ``seat`` may know it while the game runs (its header's copy), as the
    view shows it: its own characters' cards only (another's card is never shown: PP-02), the
    scenario's weapons they carry, and its own objectives."""
    data = copy.deepcopy(st.scenario.data)
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
