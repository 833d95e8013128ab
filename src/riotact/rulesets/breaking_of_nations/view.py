"""What a seat may know: the table, its own units and every enemy unit not hidden from it (the
hidden-deployment house rule, BON-002). The umpire sees everything."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riotact.core.log import UMPIRE

if TYPE_CHECKING:
    from .forces import Unit
    from .state import BreakingOfNations


def seat_view(st: BreakingOfNations, seat: str) -> dict[str, Any]:
    everything = seat == UMPIRE
    return {
        "turn": st.turn, "turns": st.turns, "order": list(st.order), "deciding": st.current,
        "active": st.active if st.active and (everything or st.seen_by(st.units[st.active], seat)) else "",
        "table": {"width": st.table.width, "depth": st.table.depth, "features": [
            {"id": f.id, "name": f.name, "kind": f.tags["kind"], "outline": [list(p) for p in f.outline],
             "height": f.height} for f in st.table.features]},
        "deployment": dict(st.edges),
        "units": [unit(st, u) for u in st.units.values() if everything or st.seen_by(u, seat)],
        "objectives": [o.model_dump() for o in st.setup.objectives],
        "scores": st.result.scores if st.result else None,
        "plans": st.plans_for(seat),  # BON-077: a mortar's planned target, its owner's secret
    }


def unit(st: BreakingOfNations, u: Unit) -> dict[str, Any]:
    return {
        "id": u.id, "name": u.name, "seat": u.seat, "kind": u.kind, "level": u.level,
        "formation": u.formation, "facing": u.facing, "gl": u.gl, "activated": u.activated,
        "hidden": u.concealed, "pinned": u.pinned_turn == st.turn, "salvos": u.salvos, "ammo_out": u.ammo_out,
        "models": [{"id": m.id, "role": m.role, "level": m.level, "weapon": m.weapon, "x": m.x, "y": m.y,
                    "prone": m.prone, "panic": m.panic, "wounds": m.wounds, "ac": m.ac,
                    "injuries": list(m.injuries)} for m in st.members(u)],
        "lost": sum(1 for m in u.members if not st.men[m].in_play),
    }
