"""The By Will Alone ruleset declaration."""

from __future__ import annotations

from riotact.core.protocol import RulesetSpec

from .bots import heuristic_bot
from .determinise import determinise
from .encoding import encoding
from .model import Setup
from .options import Options
from .state import BWAState
from .text import text_view

SPEC = RulesetSpec(
    id="by-will-alone",
    code="BWA",
    title="By Will Alone",
    summary=("Miniatures game of nonviolent direct action (v2.0): actionists with commanders, media, "
             "food and barricades against police and soldiers who may escalate violence. The side with "
             "the initiative acts, the other reacts; confrontations are settled by the ratio of points."),
    state=BWAState,
    setup=Setup,
    options=Options,
    heuristic_bot=heuristic_bot,
    scenario_package="riotact.rulesets.by_will_alone.scenarios",
    seat_counts=(2, 8),
    text_view=text_view,
    encoding=encoding,
    odds="riotact.rulesets.by_will_alone.odds_procedures",
    determinise=determinise,
)
