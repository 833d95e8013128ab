"""2015 Public Participation: a one-page playsheet for a character skirmish with figures.

Catalogue: shared/rules/PP.md (PP-01..PP-48); rules page: docs/rules/PP.md. The table geometry lives
in :mod:`riotact.tabletop`, shared with The Breaking of Nations.
"""

from .spec import SPEC

__all__ = ["SPEC"]
