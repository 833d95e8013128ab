"""The Breaking of Nations ruleset declaration."""

from __future__ import annotations

from riotact.core.protocol import RulesetSpec

from .bots import HeuristicBot
from .builder import army_report
from .determinise import determinise
from .encoding import encoding
from .model import BONSetup
from .options import Options
from .sight import sight
from .state import BreakingOfNations
from .text import text_view

SPEC = RulesetSpec(
    id="breaking-of-nations",
    code="BON",
    title="The Breaking of Nations",
    summary="WWI skirmish on a table in inches (alpha 0.9): army lists in Cost Units, alternating unit "
            "activation, D12 fire, D6 close combat, glory tests and panic, grenades and machine guns. "
            "Partly implemented: see docs/rules/BON.md.",
    state=BreakingOfNations,
    setup=BONSetup,
    options=Options,
    heuristic_bot=HeuristicBot,
    scenario_package="riotact.rulesets.breaking_of_nations.scenarios",
    seat_counts=(2, 6),
    text_view=text_view,
    encoding=encoding,
    army_lists="riotact.rulesets.breaking_of_nations.organisations",
    odds="riotact.rulesets.breaking_of_nations.odds",
    determinise=determinise,
    sight=sight,
    army=army_report,
    army_key="units",
)
