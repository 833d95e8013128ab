"""The 2015 Public Participation ruleset declaration."""

from __future__ import annotations

from riotact.compiled import compiled_copy
from riotact.core.protocol import RulesetSpec

from .board import sight
from .bots import EVALUATION, HeuristicBot
from .determinise import determinise
from .encoding import encoding
from .options import Options
from .setup import Setup
from .text import text_view
from .turn import PublicParticipation

SPEC = RulesetSpec(
    id="public-participation",
    code="PP",
    title="2015 Public Participation",
    summary="A character skirmish on an open table in inches: moving, speaking (understood or only heard), "
            "firing, two fighting rounds and morale throws each move; wounds, nerve, dynamite and gas.",
    state=PublicParticipation,
    setup=Setup,
    options=Options,
    heuristic_bot=HeuristicBot,
    scenario_package="riotact.rulesets.public_participation.scenarios",
    seat_counts=(2, 8),
    umpire_seat=True,  # PP-02 gap: the umpire runs NPCs and scary things and rules on judgement calls
    text_view=text_view,
    encoding=encoding,
    determinise=determinise,
    evaluation=EVALUATION,
    sight=sight,
    odds="riotact.rulesets.public_participation.odds",
    engines={"compiled": compiled_copy},
)
