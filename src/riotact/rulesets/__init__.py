"""The registry of rulesets. Each ruleset is a package exposing ``SPEC``.

Rulesets never import each other; interfaces find them only through here.

>>> [spec.id for spec in all_rulesets()][:2]
['revolting-behaviour', 'by-will-alone']
"""

from __future__ import annotations

import importlib
from functools import cache

from riotact.core.errors import RiotactError
from riotact.core.protocol import RulesetSpec
from riotact.core.registry import register_rulesets

#: ruleset id -> package that implements it (None: catalogued, not yet implemented).
_PACKAGES: dict[str, str | None] = {
    "revolting-behaviour": "riotact.rulesets.revolting_behaviour",
    "by-will-alone": "riotact.rulesets.by_will_alone",
    "civil-disorder": "riotact.rulesets.civil_disorder",
    "public-participation": "riotact.rulesets.public_participation",
    "breaking-of-nations": None,
}

_PLANNED = {
    "breaking-of-nations": RulesetSpec(
        "breaking-of-nations", "BON", "The Breaking of Nations",
        "WWI skirmish rules (alpha 0.9). Not implemented yet: every BON rule is listed as missing "
        "in docs/rules/BON.md.", None),
}


class UnknownRulesetError(RiotactError):
    pass


@cache
def get_ruleset(ruleset_id: str) -> RulesetSpec:
    if ruleset_id not in _PACKAGES:
        known = ", ".join(_PACKAGES)
        raise UnknownRulesetError(f"no ruleset {ruleset_id!r}; known: {known}")
    package = _PACKAGES[ruleset_id]
    if package is None:
        return _PLANNED[ruleset_id]
    spec = getattr(importlib.import_module(package), "SPEC", None)
    if not isinstance(spec, RulesetSpec):
        raise UnknownRulesetError(f"ruleset package {package} does not declare a RulesetSpec named SPEC")
    return spec


def ruleset_ids() -> list[str]:
    return list(_PACKAGES)


def all_rulesets() -> list[RulesetSpec]:
    return [get_ruleset(r) for r in _PACKAGES]


# The core resolves scenarios' rulesets through this registry. Looked up when called, so a test
# may stand a ruleset of its own in for one id (monkeypatching get_ruleset).
register_rulesets(lambda ruleset_id: get_ruleset(ruleset_id), all_rulesets)
