"""The rules of By Will Alone: procedure modules of functions over the world (:class:`..state.World`)."""
