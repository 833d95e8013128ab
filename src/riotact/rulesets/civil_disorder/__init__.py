"""Civil Disorder (Jim Wallman, Courier #85): an umpire-run riot game for Security Forces players.

riotact is the umpire: it runs every crowd by the hidden Game Control rules.
Catalogue: shared/rules/CD.md (CD-01..CD-71); rules page: docs/rules/CD.md.
"""

from .spec import SPEC

__all__ = ["SPEC"]
