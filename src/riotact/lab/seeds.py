"""Seeds of the games of a batch (``sim``) or a sweep: independent streams, reproducible."""

from __future__ import annotations

import random


def game_seed(batch_seed: int, index: int) -> int:
    """The seed of game ``index`` in a batch.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return random.Random(f"batch:{batch_seed}:{index}").getrandbits(63)
