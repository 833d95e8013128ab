"""The table's geometry and sight, over :mod:`riotact.tabletop`: rulers edge to edge, contact, line of
sight between figures, cover (PP-11), obstacles (PP-06) and risky ground (PP-46) with the umpire's
rulings on them, and the web board's sight from a seat's view."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from riotact.tabletop import Feature, Table, sight_report

if TYPE_CHECKING:
    from .state import XY, Character, World

CONTACT = 0.25  # bases this close (edge to edge) are in contact
#: Sight answers kept before the cache starts again, beyond room for every pair of figures in a few places.
SIGHT_CACHE = 4096


def cover_class(w: World, f: Feature) -> str:
    """PP-11: "" (none), "light" or "heavy"."""
    return str(w.rulings["cover"].get(f.id, f.tags.get("cover") or ""))


def obstacle_class(w: World, f: Feature) -> str | None:
    """PP-06: None, "most", "difficult" or "really_difficult"."""
    return w.rulings["obstacle"].get(f.id, f.obstacle) or None


def risk(w: World, f: Feature) -> tuple[str, str, int]:
    """PP-46/47: the act crossing ``f`` is (""  when it is not risky), its danger and the Etc factor."""
    ruled = w.rulings["risky"].get(f.id)
    if ruled is not None:
        return ruled["act"], ruled["danger"], ruled["etc"]
    return str(f.tags.get("risky") or ""), str(f.tags.get("danger") or ""), int(str(f.tags.get("etc") or 0))


def cover_from(w: World, firer: XY, target: XY) -> tuple[Feature, str] | None:
    """PP-11: the heaviest cover the target has from the firer, with its class."""
    return heaviest_cover(w.table, partial(cover_class, w), firer, target)


def gap(w: World, a: Character, b: Character) -> float:
    """PP: distances are measured edge of base to edge of base."""
    return w.table.ruler(a.pos, a.card.base, b.pos, b.card.base)


def in_contact(w: World, a: Character, b: Character) -> bool:
    return gap(w, a, b) <= CONTACT


def sees(w: World, a: Character, b: Character) -> bool:
    """Line of sight between two figures (buildings block it); the unconscious see nothing."""
    if a is b:
        return True
    if not may_see(w, a) or b.fled:
        return False
    return clear_sight(w, a.pos, b.pos)


def may_see(w: World, a: Character) -> bool:
    """Whether ``a`` has eyes open: the unconscious and those out of play (but a prisoner) see nothing."""
    return not ((a.out_of_play and not a.surrendered) or a.unconscious(w.move))


def seen_among(w: World, a: Character, others: list[Character]) -> list[Character]:
    """Those of ``others`` that ``a`` sees (:func:`sees` for many, in their order)."""
    if not may_see(w, a):
        return [b for b in others if b is a]
    here, cache = a.pos, w.sight_cache
    out = []
    for b in others:
        if b is a:
            out.append(b)
        elif not b.fled:
            there = (b.x, b.y)
            seen = cache.get((here, there) if here < there else (there, here))
            if seen is None:
                seen = clear_sight(w, here, there)
            if seen:
                out.append(b)
    return out


def clear_sight(w: World, a: XY, b: XY) -> bool:
    """Whether no building stands between two points, from the cache: sight is symmetric and the
    terrain fixed, so the entries hold in every game on the table (clones share them)."""
    key = (a, b) if a < b else (b, a)
    seen = w.sight_cache.get(key)
    if seen is None:
        if len(w.sight_cache) > SIGHT_CACHE + 8 * len(w.chars) ** 2:
            w.sight_cache.clear()
        seen = w.sight_cache[key] = w.table.line_of_sight(a, b)
    return seen


def heaviest_cover(table: Table, cover_class: Callable[[Feature], str], firer: XY,
                   target: XY) -> tuple[Feature, str] | None:
    """PP-11: the heaviest cover (by ``cover_class``: "", "light", "heavy") the target has from the
    firer; the engine's rulings and the odds beside a shot (odds.py, from the seat's view) share it."""
    best: tuple[Feature, str] | None = None
    for f in table.features:
        cls = cover_class(f)
        heavier = best is None or (cls == "heavy" and best[1] != "heavy")
        if cls and heavier and table.covers(f, firer, target):
            best = (f, cls)
    return best


def sight(view: dict[str, Any], a: XY, b: XY) -> dict[str, Any]:
    """Line of sight on the web board, worked out from a seat's view only: buildings block it (the
    terrain of issue 9), and a target behind or in cover has it (PP-11); from the table the seat was
    shown, never from the game itself, so it tells nothing hidden."""
    shown = view["table"]
    table = Table(shown["width"], shown["depth"], [
        Feature(f["id"], f["name"], [tuple(p) for p in f["outline"]], cover=f["cover"], obstacle=f["obstacle"],
                blocks_sight=f["building"], impassable=f["building"], height=f["height"])
        for f in shown["features"]])
    cover = table.cover_for(a, b)
    return sight_report(table, a, b, f"{cover.name}, -1 to hit (PP-11)" if cover else "") | {"rule": "PP-11"}
