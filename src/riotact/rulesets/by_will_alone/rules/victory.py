"""Victory (scenario data; the seed has none, BWA-01 gap): points at the end of the game."""

from __future__ import annotations

from riotact.core.protocol import Result

from ..state import World, spied
from ..tables import AUTHORITY, NONVIOLENT


def scores(state: World, side: str | None = None) -> dict[str, float]:
    """Points each side holds now, by the scenario's victory table: the true points, or (``side``)
    the points as that side may count them (BWA-11). The authority does not count stands behind
    unsighted counters, and an objective with a nonviolent counter on it is not clear to it, dummy
    or not; the nonviolent side counts only the escalations of commanders it has sighted."""
    v = state.setup.victory
    objectives = set(v.objectives)
    on_objectives = [u for u in state.table_units(NONVIOLENT) if not u.band and u.node in objectives]
    if side == AUTHORITY:
        known = [u for u in on_objectives if not u.hidden or spied(u, side)]
        counters = any(u.hidden for u in on_objectives) or any(
            d.side == NONVIOLENT and d.node in objectives for d in state.dummies.values())
    else:
        known, counters = on_objectives, False
    held = sum(len(u.stands) for u in known)
    escalations = state.escalations if side != NONVIOLENT else sum(
        n for group, n in state.escalated.items() if state.group_seen(group))
    nonviolent = v.hold_points * held + v.escalation_points * escalations
    authority = (v.arrest_points * len(state.jail)
                 + v.discard_points * (len(state.discarded) + state.removed[NONVIOLENT])
                 + v.violence_points * state.lost_discipline
                 + (v.clear_points if objectives and not held and not counters else 0.0))
    return {NONVIOLENT: nonviolent, AUTHORITY: authority}


def final_result(state: World) -> Result:
    """The side with more points wins: all its seats are winners; equal points are a draw."""
    points = scores(state)
    nv, auth = points[NONVIOLENT], points[AUTHORITY]
    winners: tuple[str, ...] = ()
    if nv != auth:
        winners = state.side_seats[NONVIOLENT if nv > auth else AUTHORITY]
    reason = f"after {state.umpire.turn} action steps: nonviolent {nv:g} points, authority {auth:g} points"
    per_seat = {seat: points[side] for side, seats in state.side_seats.items() for seat in seats}
    return Result(winners, reason, per_seat, {"jailed": len(state.jail), "discarded": len(state.discarded),
                                              "escalations": state.escalations,
                                              "lost_discipline": state.lost_discipline})
