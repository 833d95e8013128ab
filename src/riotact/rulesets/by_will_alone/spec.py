"""The By Will Alone ruleset declaration."""

from __future__ import annotations

from riotact.compiled import compiled_copy
from riotact.core.protocol import RulesetSpec

from .bots import EVALUATION, heuristic_bot
from .determinise import determinise
from .encoding import encoding
from .options import Options
from .setup import Setup
from .text import text_view
from .turn import ByWillAlone

SPEC = RulesetSpec(
    id="by-will-alone",
    code="BWA",
    title="By Will Alone",
    summary=("Miniatures game of nonviolent direct action (v2.0): actionists with commanders, media, "
             "food and barricades against police and soldiers who may escalate violence. The side with "
             "the initiative acts, the other reacts; confrontations are settled by the ratio of points."),
    state=ByWillAlone,
    setup=Setup,
    options=Options,
    heuristic_bot=heuristic_bot,
    scenario_package="riotact.rulesets.by_will_alone.scenarios",
    seat_counts=(2, 8),
    text_view=text_view,
    encoding=encoding,
    odds="riotact.rulesets.by_will_alone.odds",
    engines={"compiled": compiled_copy},
    determinise=determinise,
    evaluation=EVALUATION,
)
