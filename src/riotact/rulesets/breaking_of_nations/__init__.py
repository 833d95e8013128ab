"""The Breaking of Nations (alpha 0.9, John Bell): a WWI skirmish with figures on a table in inches.

Catalogue: shared/rules/BON.md (all BON rules); rules page: docs/rules/BON.md. The table geometry
lives in :mod:`riotact.tabletop`, shared with Public Participation.
"""

from .spec import SPEC

__all__ = ["SPEC"]
