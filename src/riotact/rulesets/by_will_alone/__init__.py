"""By Will Alone (BWA): nonviolent direct action against an escalating authority.

See docs/rules/BWA.md for where each rule lives and every house-rule option.
"""

from .spec import SPEC

__all__ = ["SPEC"]
