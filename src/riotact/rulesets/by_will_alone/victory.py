"""Victory (scenario data; the seed has none, BWA-01 gap): points at the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riotact.core.protocol import Result

from .tables import AUTHORITY, NONVIOLENT

if TYPE_CHECKING:
    from .board import Board


def scores(state: Board) -> dict[str, float]:
    """Points each side holds now, by the scenario's victory table."""
    v = state.setup.victory
    objectives = set(v.objectives)
    held = sum(len(u.stands) for u in state.table_units(NONVIOLENT)
               if not u.band and u.node in objectives)
    nonviolent = v.hold_points * held + v.escalation_points * state.escalations
    authority = (v.arrest_points * len(state.jail)
                 + v.discard_points * (len(state.discarded) + state.removed[NONVIOLENT])
                 + v.violence_points * state.lost_discipline
                 + (v.clear_points if objectives and not held else 0.0))
    return {NONVIOLENT: nonviolent, AUTHORITY: authority}


def final_result(state: Board) -> Result:
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
