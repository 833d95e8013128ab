"""The Breaking of Nations ruleset declaration."""

from __future__ import annotations

from riotact.compiled import compiled_copy
from riotact.core.protocol import ArmyLists, RulesetSpec

from .armies import army_report, check_list, ready_made_lists, ready_made_toml
from .board import sight
from .bots import EVALUATION, HeuristicBot
from .determinise import determinise
from .encoding import encoding
from .options import Options
from .setup import Setup
from .text import text_view
from .turn import BreakingOfNations

SPEC = RulesetSpec(
    id="breaking-of-nations",
    code="BON",
    title="The Breaking of Nations",
    summary="WWI skirmish on a table in inches (alpha 0.9): army lists in Cost Units, alternating unit "
            "activation, D12 fire, D6 close combat, glory tests and panic, grenades and machine guns. "
            "Partly implemented: see docs/rules/BON.md.",
    state=BreakingOfNations,
    setup=Setup,
    options=Options,
    heuristic_bot=HeuristicBot,
    scenario_package="riotact.rulesets.breaking_of_nations.scenarios",
    seat_counts=(2, 6),
    text_view=text_view,
    encoding=encoding,
    armies=ArmyLists(key="units", ready_made=ready_made_lists, ready_made_toml=ready_made_toml,
                      check=check_list, report=army_report),
    odds="riotact.rulesets.breaking_of_nations.odds",
    engines={"compiled": compiled_copy},
    determinise=determinise,
    evaluation=EVALUATION,
    sight=sight,
)
