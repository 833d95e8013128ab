"""Every number a house rule takes has a range: a table (or a web lobby) cannot start a game whose
rules cannot be played (a million shots a move, a negative pace), and the one-line refusal names
the rule the house rule fills in. Games at the ends of every range are played to show the ranges
are honest."""

from __future__ import annotations

import contextlib

import pytest

from riotact.core import Game, find_scenario
from riotact.core.bots import DecisionLimitError, make_bot, play_out
from riotact.core.errors import OptionError
from riotact.core.options import HouseRule
from riotact.core.registry import all_specs

SPECS = [s for s in all_specs() if s.implemented]
NUMBERS = [(spec.id, rule) for spec in SPECS for rule in spec.house_rules
           if type(rule.default) in (int, float) and not rule.choices]
#: The scenario each ruleset's games at the ends of its ranges are played on.
SCENARIO = {"by-will-alone": "by-will-alone/night-of-barricades",
            "breaking-of-nations": "breaking-of-nations/village-1914",
            "revolting-behaviour": "revolting-behaviour/first-game",
            "public-participation": "public-participation/dry-gulch",
            "civil-disorder": "civil-disorder/embassy-protest"}


@pytest.mark.parametrize(("ruleset", "rule"), NUMBERS, ids=[f"{r}:{h.key}" for r, h in NUMBERS])
def test_a_number_outside_its_range_is_refused_in_a_line_naming_its_rule(ruleset: str, rule: HouseRule) -> None:
    assert rule.low is not None and rule.high is not None, f"{ruleset} house rule {rule.key} has no range"
    assert rule.low <= rule.default <= rule.high
    step = 1 if isinstance(rule.default, int) else 0.5
    for outside in (rule.low - step, rule.high + step):
        with pytest.raises(OptionError) as refused:
            Game(find_scenario(SCENARIO[ruleset]), seed=1, options={rule.key: type(rule.default)(outside)})
        assert f"({rule.rule})" in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("end", ["low", "high"])
@pytest.mark.parametrize("ruleset", sorted(SCENARIO))
def test_games_with_every_number_at_an_end_of_its_range_play(ruleset: str, end: str) -> None:
    """Every numeric house rule of the ruleset at once at its least (or greatest) value: random
    bots play 150 decisions, or to the end, without an error."""
    options = {rule.key: type(rule.default)(getattr(rule, end)) for r, rule in NUMBERS if r == ruleset}
    game = Game(find_scenario(SCENARIO[ruleset]), seed=3, options=options, explain=False)
    with contextlib.suppress(DecisionLimitError):  # a long game: 150 decisions were played
        play_out(game, {seat: make_bot("random", game, seat) for seat in game.seats}, max_decisions=150)
    assert game.options == {**game.options, **options}
