"""Speaking and sounds (PP-05, PP-07, PP-41): who understands a voice, who only hears it, and
the orders a friendly leader gives."""

from __future__ import annotations

from riotact.core.log import UMPIRE
from riotact.core.protocol import Action
from riotact.tabletop import bearing_word

from .. import board, view
from .. import tables as T
from ..state import ORDERS, Character, World
from ..tables import SOUNDS


def sound(w: World, rule: str, source: Character, kind: str,
          content: str = "") -> tuple[list[Character], list[Character]]:
    """PP-07: who understands and who only hears a sound; each seat is told only its share.

    Returns (those who understood it, those who only heard it)."""
    understood_at, heard_at = SOUNDS[kind]
    understood, heard = [], []
    for c in w.on_table():
        if c is source or c.unconscious(w.move) or c.state == "AD":
            continue
        d = board.gap(w, source, c)
        if d <= understood_at:
            understood.append(c)
        elif d <= heard_at:
            heard.append(c)
    verb = {"whisper": "whispers", "normal": "says", "shout": "shouts", "scream": "screams",
            "shot": "fires"}[kind]
    said = f": '{content}'" if content else ""
    noise = understood_at <= 0  # a shot or a scream says nothing to be understood
    for seat in w.seats:
        if seat == UMPIRE:
            continue
        knows = [c for c in understood if c.seat == seat]
        hears = [c for c in heard if c.seat == seat]
        if source.seat == seat and noise:
            w.umpire.effect(rule, f"{source.card.name} {verb} (heard up to {heard_at:g}\" away).",
                            visible_to=view.seats_only(w, seat), sound=kind, source=source.id)
        elif source.seat == seat:
            names = ", ".join(c.card.name for c in understood) or "nobody"
            w.umpire.effect(rule, f"{source.card.name} {verb}{said} (understood by {names}).",
                            visible_to=view.seats_only(w, seat), sound=kind, source=source.id)
        elif knows:
            names = ", ".join(c.card.name for c in knows)
            w.umpire.effect(rule, f"{names} {'hear' if len(knows) > 1 else 'hears'} "
                            f"{_who(w, seat, source)} {verb[:-1] if verb.endswith('s') else verb}"
                            f"{said}.", visible_to=view.seats_only(w, seat), sound=kind, understood=True)
        elif hears:
            listener = hears[0]
            where = bearing_word(listener.pos, source.pos)
            what = {"shot": "a shot", "scream": "a scream"}.get(kind, f"a {kind} (not understood)")
            w.umpire.effect(rule, f"{listener.card.name} hears {what} to the {where}.",
                            visible_to=view.seats_only(w, seat), sound=kind, understood=False)
    listeners = "" if noise else f"understood by {', '.join(c.id for c in understood) or 'nobody'}; "
    w.umpire.effect(rule, f"(umpire) {source.card.name} {verb}{said}; {listeners}heard by "
                    f"{', '.join(c.id for c in (understood + heard if noise else heard)) or 'nobody'}.",
                    visible_to=view.umpire_only(w))
    return understood, heard


def _who(w: World, seat: str, source: Character) -> str:
    return source.card.name if source.id in view.seen_by_seat(w, seat) else "someone unseen"


def speak_actions(w: World, c: Character) -> tuple[Action, ...]:
    """Each line at each volume, then keeping quiet: the same all game (made once, shared by clones)."""
    found = w.speech.get(c.id)
    if found is None:
        out = [Action(f"say:{c.id}:{volume}:{key}", f"{c.card.name} {volume}s '{text}'"
                      if volume != "normal" else f"{c.card.name} says '{text}'")
               for volume in T.VOLUMES for key, text in w.messages.items()]
        out.append(Action(f"hold:{c.id}", f"{c.card.name} keeps quiet"))
        found = w.speech[c.id] = tuple(out)
    return found


def say(w: World, c: Character, volume: str, key: str) -> None:
    c.done.add(f"speaking{w.round}")
    understood, _ = sound(w, "PP-07", c, volume, w.messages[key])
    if key in ORDERS and (c.card.leader or c.card.named):
        for o in understood:
            if w.friends(c, o):
                o.orders.append((w.move, key))
