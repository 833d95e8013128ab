"""Seats' messages to one another, as each ruleset allows: part of the log, seen only by the seats
that may receive them.

A seat talks through ``Game.say(seat, to, text)``. The ruleset decides how (``State.talk``): where
the players sit at one table and may talk freely (the house rule ``table_talk``, declared by a
ruleset with :func:`table_talk`), a message is a decision of its own, ``table-talk:`` followed by the
recipient and the words as canonical JSON, made at any time and taking no turn; where talking is
an action (Civil Disorder, CD-08) it is that action, with the words. Either way it is a decision of
the seat, so saves, replay and undo carry it. The umpire's messages are his ``message`` power.

>>> say_id("p2", "Shall we share the Cause?")
'table-talk:{"text":"Shall we share the Cause?","to":"p2"}'
>>> parse_say(say_id("all", "Hello."))
('all', 'Hello.')
"""

from __future__ import annotations

import json
from typing import Any

from .options import house_rule

SAY = "table-talk:"
TABLE_TALK = "table_talk"
MAX_WORDS = 1000  # characters of one message


def table_talk_rule(rule: str, default: bool = True) -> Any:
    """The ``table_talk`` field of a ruleset's options class: seats may message each other at any time
    (``rule``: the rule it fills in)."""
    return house_rule(default, rule, "table talk: seats may send each other messages at any time "
                      "(off: only as the rules' own actions allow)")


def say_id(to: str, text: str) -> str:
    """The decision that sends ``text`` to ``to`` (a seat, or ``all``) by table talk."""
    return SAY + json.dumps({"text": text, "to": to}, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def parse_say(action: str) -> tuple[str, str]:
    """The recipient and words of a table-talk decision (``ValueError`` if garbled)."""
    try:
        data = json.loads(action[len(SAY):])
    except json.JSONDecodeError:
        raise ValueError("the message is not readable JSON") from None
    if not (isinstance(data, dict) and isinstance(data.get("to"), str) and isinstance(data.get("text"), str)):
        raise ValueError("a message needs a recipient (to) and words (text)")
    return data["to"], data["text"]


def checked_words(text: str) -> str:
    """The message's words, one line, or a ``ValueError`` saying what is wrong."""
    words = " ".join(str(text).split())
    if not words:
        raise ValueError("a message needs words")
    if len(words) > MAX_WORDS:
        raise ValueError(f"a message is at most {MAX_WORDS:,} characters")
    return words
