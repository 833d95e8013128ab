"""The terminal umpire's commands: ``umpire POWER ARGS...`` for ``Game.intervene``.

Arguments fill the power's arguments in order, one word each (quote words with spaces, as in a
shell); the last text argument takes the rest of the line; ``name=value`` sets any argument by name.

>>> powers = [{"name": "message", "args": [{"name": "to", "type": "to"}, {"name": "text", "type": "text"}]}]
>>> parse("umpire message p1 Hold the line, please.", powers)
('message', {'to': 'p1', 'text': 'Hold the line, please.'})
>>> parse("umpire shout p1", powers)
Traceback (most recent call last):
...
ValueError: no umpire power 'shout' (powers: message)
"""

from __future__ import annotations

import shlex
from typing import Any


def parse(line: str, powers: list[dict[str, Any]]) -> tuple[str, dict[str, str]]:
    """The power and its arguments typed in ``line`` (``ValueError`` with a one-line reason)."""
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise ValueError(f"cannot read the command: {exc}") from None
    if len(words) < 2:
        raise ValueError(f"say which power: umpire POWER ... (powers: {', '.join(p['name'] for p in powers)})")
    by_name = {p["name"]: p for p in powers}
    power = by_name.get(words[1])
    if power is None:
        raise ValueError(f"no umpire power {words[1]!r} (powers: {', '.join(by_name)})")
    names = [a["name"] for a in power["args"]]
    args: dict[str, str] = {}
    positional: list[str] = []
    for word in words[2:]:
        key, eq, value = word.partition("=")
        if eq and key in names:
            args[key] = value
        else:
            positional.append(word)
    free = [a for a in power["args"] if a["name"] not in args]
    texts = [a["name"] for a in free if a["type"] == "text"]
    for arg in free:
        if not positional:
            break
        if texts and arg["name"] == texts[-1]:  # the last text takes the rest of the line
            args[arg["name"]], positional = " ".join(positional), []
        else:
            args[arg["name"]] = positional.pop(0)
    if positional:
        raise ValueError(f"too many words for {power['name']}: {' '.join(positional)!r} ({usage(power)})")
    return power["name"], args


def usage(power: dict[str, Any]) -> str:
    """``umpire set-rl CROWD RL REASON`` with optional arguments in brackets."""
    parts = [a["name"].upper() if a.get("required", True) else f"[{a['name']}=...]" for a in power["args"]]
    return " ".join(["umpire", power["name"], *parts])


def help_text(powers: list[dict[str, Any]], pending: list[dict[str, Any]]) -> str:
    """One line per power: its usage and what it does; then the overrides and rulings waiting."""
    if not powers:
        return "Nobody holds the umpire's chair in this game: riotact umpires it."
    lines = [f"  {usage(p)}: {p['summary']}" for p in powers]
    for a in pending:
        what = (f"faces {','.join(map(str, a['faces']))}" if a["faces"] else
                f"{a['modifier']['value']:+d} ({a['modifier']['reason']})")
        lines.append(f"  waiting: the next roll of {a['rule'] or 'any rule'} by {a['who'] or 'anyone'}: {what}")
    return "\n".join(lines)
