"""riotact: umpire, play and analyse tabletop civil-disorder wargames by computer."""

__version__ = "0.1.0"

# The composition root: the ruleset registry registers itself with the core, which imports
# nothing above it (docs/architecture.md).
from riotact import rulesets as _rulesets  # noqa: F401
