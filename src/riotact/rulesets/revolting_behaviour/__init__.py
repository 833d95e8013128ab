"""Revolting Behaviour! (Matthew Hartley, The Gauntlet No. 13): the card game of protest.

Catalogue: shared/rules/RB.md (RB-01..RB-26); rules page: docs/rules/RB.md.
"""

from .spec import SPEC

__all__ = ["SPEC"]
