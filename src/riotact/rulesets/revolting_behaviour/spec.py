"""Revolting Behaviour!'s declaration: what the core and the interfaces know of it."""

from riotact.core import RulesetSpec

from .bots import EVALUATION, HeuristicBot
from .determinise import determinise
from .encoding import encoding
from .native.lab import core_engine
from .options import Options
from .setup import Setup
from .text import text_view
from .turn import RevoltingBehaviour

SPEC = RulesetSpec(
    id="revolting-behaviour",
    code="RB",
    title="Revolting Behaviour!",
    summary="Card game: each player wears down his hidden Cause with legal and illegal actions.",
    state=RevoltingBehaviour,
    setup=Setup,
    options=Options,
    heuristic_bot=HeuristicBot,
    scenario_package="riotact.rulesets.revolting_behaviour.scenarios",
    seat_counts=(1, 6),
    text_view=text_view,
    encoding=encoding,
    odds="riotact.rulesets.revolting_behaviour.odds",
    determinise=determinise,
    evaluation=EVALUATION,
    engines={"compiled": core_engine},
)
