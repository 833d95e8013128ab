"""The procedures of Public Participation: module-level functions over the world
(:class:`~riotact.rulesets.public_participation.state.World`), each citing its rule IDs."""
