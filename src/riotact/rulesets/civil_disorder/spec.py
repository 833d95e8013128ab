"""The Civil Disorder ruleset declaration."""

from __future__ import annotations

from riotact.compiled import compiled_copy
from riotact.core.protocol import RulesetSpec

from .bots import EVALUATION, HeuristicSFBot
from .determinise import determinise
from .encoding import encoding
from .options import Options
from .setup import CDSetup
from .text import text_view
from .turn import CivilDisorder

SPEC = RulesetSpec(
    id="civil-disorder",
    code="CD",
    title="Civil Disorder",
    summary="Security Forces players face riots run by the umpire's hidden Game Control rules "
            "(crowd Response Levels, looting, fire, fights, firearms, over-reaction, snipers).",
    state=CivilDisorder,
    setup=CDSetup,
    options=Options,
    heuristic_bot=HeuristicSFBot,
    scenario_package="riotact.rulesets.civil_disorder.scenarios",
    seat_counts=(1, 8),
    umpire_seat=True,  # CD-03: riotact umpires by default; a person may take the chair
    text_view=text_view,
    encoding=encoding,
    determinise=determinise,
    evaluation=EVALUATION,
    odds="riotact.rulesets.civil_disorder.odds",
    engines={"compiled": compiled_copy},
)
