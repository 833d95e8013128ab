"""The ``[setup]`` table of a Revolting Behaviour! scenario."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Setup(BaseModel):
    """The ``[setup]`` table of a Revolting Behaviour! scenario."""

    model_config = ConfigDict(extra="forbid")

    #: RB-06: N, the Cause cards every player draws (the same for all).
    cause_cards: int = Field(10, ge=1, le=52)
    #: The seed has no time limit; a scenario sets one so games always end.
    turn_limit: int = Field(200, ge=1, le=10_000)
