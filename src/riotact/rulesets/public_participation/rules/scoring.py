"""The end: the sides still in play, the scenario's objectives scored (PP-02) and the result."""

from __future__ import annotations

from riotact.core.log import UMPIRE
from riotact.core.protocol import Result

from ..state import World


def sides_in_play(w: World) -> set[str]:
    return {c.side for c in w.chars.values() if not c.out_of_play and c.seat != UMPIRE}


def tally(w: World) -> dict[str, tuple[int, int]]:
    """PP-02: each seat's points (the umpire's NPCs score for nobody) from enemies out of play and
    from the scenario's objectives as the table stands now (the end's score; a search's evaluation
    reads it mid-game)."""
    out: dict[str, tuple[int, int]] = {}
    for seat in w.seats:
        if seat == UMPIRE:
            continue
        mine = [c for c in w.chars.values() if c.seat == seat]
        foes = [o for o in w.chars.values() if any(w.enemies(c, o) for c in mine)]
        fallen = sum(w.setup.out_of_action_points for o in foes if o.out_of_play)
        points = 0
        for obj in w.setup.objectives:
            if obj.seat != seat:
                continue
            if obj.kind == "protect":
                points += obj.points * (not w.chars[obj.target].out_of_play)
                continue
            f = w.table.by_id[obj.target]
            able = [c for c in (mine if obj.kind == "reach" else foes)
                    if not c.out_of_play and not c.unconscious(w.move) and f.contains(c.pos)]
            points += obj.points * (bool(able) if obj.kind == "reach" else not able)
        out[seat] = (fallen, points)
    return out


def scores(w: World) -> dict[str, float]:
    return {seat: float(fallen + points) for seat, (fallen, points) in tally(w).items()}


def finish(w: World) -> None:
    scored = scores(w)
    best = max(scored.values(), default=0.0)
    winners = tuple(s for s, v in scored.items() if v == best)
    if len(winners) == len(scored):
        winners = ()
    why = "the last move is played" if w.move >= w.setup.moves else "only one side is still in play"
    w.result = Result(winners, why, scored)
