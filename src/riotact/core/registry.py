"""How the core finds a ruleset by its id without importing anything above it.

The core knows no ruleset. The ruleset registry (``riotact.rulesets``) registers its
look-ups here when it is imported, and the package ``riotact`` imports that registry
first, so a scenario naming ``"revolting-behaviour"`` always resolves. Imports flow one
way: interfaces -> registry -> rulesets -> core.

>>> ruleset_spec("revolting-behaviour").code
'RB'
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import RiotactError
from .protocol import RulesetSpec

_resolve: Callable[[str], RulesetSpec] | None = None
_listing: Callable[[], list[RulesetSpec]] | None = None


def register_rulesets(resolve: Callable[[str], RulesetSpec], listing: Callable[[], list[RulesetSpec]]) -> None:
    """Called once, from above: ``resolve(id)`` gives a spec (or raises a RiotactError)."""
    global _resolve, _listing
    _resolve, _listing = resolve, listing


def ruleset_spec(ruleset_id: str) -> RulesetSpec:
    """The spec of ``ruleset_id``; an unknown id is a RiotactError naming the known ones."""
    if _resolve is None:
        raise RiotactError("no ruleset registry is registered (import riotact.rulesets)")
    return _resolve(ruleset_id)


def all_specs() -> list[RulesetSpec]:
    if _listing is None:
        raise RiotactError("no ruleset registry is registered (import riotact.rulesets)")
    return _listing()
