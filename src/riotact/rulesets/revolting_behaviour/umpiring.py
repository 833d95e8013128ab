"""Revolting Behaviour!'s own umpire powers: none. The game has no umpire in its rules (RB-01: the
players run it between them), so a person in the umpire's chair has only the generic powers every
ruleset has (:mod:`riotact.core.umpiring`)."""

from __future__ import annotations

from riotact.core.umpiring import Power

from .state import World


def umpire_powers(w: World) -> tuple[Power, ...]:
    """No powers of the ruleset's own (see the module docstring)."""
    return ()
