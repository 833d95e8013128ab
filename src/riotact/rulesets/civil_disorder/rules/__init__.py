"""Civil Disorder's rules: procedure modules of functions over the :class:`~..state.World`, each
citing its rule IDs. Modules import each other only downwards (no circle); :mod:`..turn` runs
them in the order of the turn (CD-12)."""
