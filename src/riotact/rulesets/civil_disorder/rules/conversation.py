"""CD-08: players may not confer freely; talking is a player's action for the turn (CD-07 a).

A player's message (``Game.say``) is the conversation action ``talk:<seat>`` with the words added,
``talk:<seat>:<words>``, declared in secret like any action (CD-12 step 1) and heard in step 5, by
the one player talked with (next to, within earshot or on the radio: the CD-08 default). There is
no message to everyone: a conversation is with one player. The umpire's messages are his own power.
"""

from __future__ import annotations

from riotact.core.log import ALL
from riotact.core.protocol import Action

from ..state import World
from .orders import can_talk


def talk_action(s: World, seat: str, to: str, words: str) -> str:
    """The conversation that carries ``words`` to ``to``, if ``seat`` may hold it now (``ValueError``)."""
    if to == ALL:
        raise ValueError("CD-08: a conversation is with one player at a time (talk with SEAT)")
    if seat not in s.to_act() or s.phase.get(seat) != "action":
        raise ValueError("CD-08: talking is your action for the turn, and you have declared yours")
    if not can_talk(s, seat, to):
        raise ValueError(f"CD-08: {to} is not next to you, in earshot or on the radio")
    return f"talk:{to}:{words}"


def parse_talk(s: World, seat: str, action_id: str) -> Action | None:
    """``talk:<seat>:<words>``: the conversation ``talk:<seat>`` on offer, carrying the words."""
    verb, _, rest = action_id.partition(":")
    to, _, words = rest.partition(":")
    if verb != "talk" or not words.strip() or s.legal_action(seat, f"talk:{to}") is None:
        return None
    return Action(action_id, f"talk with {to}: \u201c{words.strip()}\u201d")
