"""Revolting Behaviour! (Matthew Hartley, The Gauntlet No. 13): the card game of protest.

Catalogue: shared/rules/RB.md (RB-01..RB-26); rules page: docs/rules/RB.md.
"""

from riotact.core import RulesetSpec
from riotact.core.messages import table_talk

from .bots import HeuristicBot
from .determinise import determinise
from .encoding import encoding
from .native.lab import core_engine
from .rules import HOUSE_RULES, Setup
from .state import RevoltingBehaviour
from .text import text_view

SPEC = RulesetSpec(
    id="revolting-behaviour",
    code="RB",
    title="Revolting Behaviour!",
    summary="Card game: each player wears down his hidden Cause with legal and illegal actions.",
    state=RevoltingBehaviour,
    setup=Setup,
    house_rules=(*HOUSE_RULES, table_talk("RB-01")),  # issue 8: seats message each other
    heuristic_bot=HeuristicBot,
    scenario_package="riotact.rulesets.revolting_behaviour.scenarios",
    seat_counts=(1, 6),
    text_view=text_view,
    encoding=encoding,
    odds="riotact.rulesets.revolting_behaviour.odds",
    determinise=determinise,
    engines={"compiled": core_engine},
)
