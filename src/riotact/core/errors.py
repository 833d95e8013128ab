"""Typed errors. Each says *why*, in words a player or umpire understands.

Every error riotact raises on purpose derives from :class:`RiotactError`, so the
CLI (and later the web server) can turn it into a clear message instead of a
traceback.
"""

from __future__ import annotations


class RiotactError(Exception):
    """Base of every error riotact raises on purpose."""


class IllegalActionError(RiotactError):
    """A seat asked for a decision the rules do not allow now.

    >>> str(IllegalActionError("p1", "draw", "it is not p1's turn"))
    "p1 cannot 'draw': it is not p1's turn"
    """

    def __init__(self, seat: str, action: str, why: str) -> None:
        super().__init__(f"{seat} cannot {action!r}: {why}")
        self.seat, self.action, self.why = seat, action, why

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:  # pickled from a worker process (sim --jobs)
        return type(self), (self.seat, self.action, self.why)


class GameOverError(IllegalActionError):
    """A decision was offered after the game ended."""

    def __init__(self, seat: str, action: str) -> None:
        super().__init__(seat, action, "the game is over")

    def __reduce__(self) -> tuple[type, tuple[str, ...]]:
        return type(self), (self.seat, self.action)


class UndoRefusedError(IllegalActionError):
    """A take-back the undo rule does not allow (see ``Game.undo``).

    ``needs`` names the seats whose agreement would allow it; it is empty when no agreement of
    the seats can (a bot saw nothing it can agree to forget): then only the umpire may.

    >>> str(UndoRefusedError("p1", "you have seen the draw of Joker", ("p2",)))
    "p1 cannot 'undo': you have seen the draw of Joker"
    """

    def __init__(self, seat: str, why: str, needs: tuple[str, ...] = ()) -> None:
        super().__init__(seat, "undo", why)
        self.needs = tuple(needs)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return type(self), (self.seat, self.why, self.needs)


class ScenarioError(RiotactError):
    """A scenario file (or scenario data) is invalid.

    >>> str(ScenarioError("x.toml", "setup.cause_cards", "must be at least 1"))
    'x.toml: setup.cause_cards: must be at least 1'
    """

    def __init__(self, source: str, field: str, problem: str) -> None:
        where = f"{source}: {field}: " if field else f"{source}: "
        super().__init__(where + problem)
        self.source, self.field, self.problem = source, field, problem

    def __reduce__(self) -> tuple[type, tuple[str, ...]]:
        return type(self), (self.source, self.field, self.problem)


class OptionError(RiotactError):
    """A house-rule option is unknown or has a value of the wrong kind."""


class DiceError(RiotactError):
    """A dice source could not give the faces asked for."""


class DiceExhaustedError(DiceError):
    """A scripted dice source ran out of faces (a test scripted too few)."""


class CardScriptError(RiotactError):
    """A scripted card order does not fit the pile it is meant for."""


class SaveFileError(RiotactError):
    """A save or log file cannot be read, or does not replay."""


class ReplayMismatchError(SaveFileError):
    """Replaying a log gave a different event than the one recorded."""


class LaboratoryUnavailable(RiotactError):
    """The compiled core cannot play this game (not built, a ruleset without one, a bot or an option
    it does not take)."""
