"""The take-back rule, as at a club table (docs/architecture.md, "Undo"): a seat may take back its
decisions, from one of its own, as long as nobody has seen anything since but decisions; past that,
or past another person's decision, the people concerned must agree (a bot never does, nor riotact in
the umpire's chair), or the umpire takes it back. A person in the umpire's chair rules on every
take-back.

A refusal tells the asking seat only what it saw itself: never which other seat saw what.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .chair import chair_held
from .dice import SeededDice
from .errors import IllegalActionError, UndoRefusedError
from .log import UMPIRE, dumps, visible
from .persistence import ReplayDice, rebuilt, recorded_faces

if TYPE_CHECKING:
    from .game import Game

#: A person at the table; every other kind of player is a bot (``random``, ``heuristic``, ...).
HUMAN = "human"
#: How often the undo rule re-rolls the dice behind a take-back to see whether what a seat saw
#: hung on them (chance it could not see itself, such as the umpire's hidden rolls).
UNDO_REROLLS = 4


def taken_back(game: Game, decisions: int, seat: str, agreed: Iterable[str]) -> Game:
    """The game without its last ``decisions``, if ``seat`` may take them back (else
    :class:`UndoRefusedError` saying why and whose agreement would do)."""
    made = len(game.decisions)
    if not 1 <= decisions <= made:
        why = f"only {made} decision(s) have been made" if made else "no decision has been made yet"
        raise UndoRefusedError(seat, why)
    game.check_seat(seat)
    earlier = rebuilt(game, decisions)
    agreeing = {seat, *agreed}
    chair = chair_held(game)  # an ``umpire`` seat played, or a person named in the players
    if seat == UMPIRE or (UMPIRE in agreeing and chair):
        return earlier
    first = game.decisions[-decisions][0]
    if first != seat and is_bot(game, first):  # else a person could re-roll a bot's choice
        raise UndoRefusedError(seat, f"the first decision to take back is {first}'s (a bot): take back "
                               "from a decision of your own, or ask the umpire")
    news = news_for(game, seat, earlier, decisions)
    if chair:
        # A person in the umpire's chair rules on every take-back, and his agreement alone is
        # enough: he sees all that every seat has seen. So the refusal names only him and what
        # the asking seat saw itself; whom else it would concern (another seat's sight, as of
        # a message of his, or decisions it may not know of) is his to weigh, not to be told.
        why = f"you have seen {news} since; " if news else ""
        raise UndoRefusedError(seat, f"{why}a person holds the umpire's chair, who rules on every "
                               f"take-back: it needs the agreement of {UMPIRE}", (UMPIRE,))
    people = [s for s in game.seats if s not in (seat, UMPIRE) and not is_bot(game, s)]
    decided = sorted({s for s, _ in game.decisions[-decisions:]
                      if s not in agreeing and s != UMPIRE and not is_bot(game, s)})
    # Another person's sight is asked about, never told of: the refusal reads the same whether he saw
    # something or not (it concerns him when a decision of his is taken back anyway).
    others_saw = news is None and any(news_for(game, other, earlier, decisions) for other in people)
    if news or others_saw:
        # Past what a person has seen, the same future would come twice: every seat must agree
        # to that, and neither a bot nor riotact in the umpire's chair does.
        refusers = [f"{s} (a bot)" for s in game.seats if is_bot(game, s)]
        if game.spec.umpire_seat:  # and nobody holds the chair: riotact sits in it
            refusers.append("riotact as umpire")
        if refusers:
            past = f"you have seen {news} since" if news else "others at the table may have seen what it takes back"
            raise UndoRefusedError(seat, f"{past}, and a take-back past it needs everyone's agreement "
                                   f"({', '.join(refusers)} cannot give it): only the umpire can")
    if not (news or others_saw or decided):
        return earlier
    needs = sorted(s for s in people if s not in agreeing)
    if not needs:
        return earlier
    reasons = [f"it takes back decisions of {', '.join(decided)}"] if decided else []
    if news:
        reasons.append(f"you have seen {news} since")
    if not reasons:
        reasons.append("a take-back past what others may have seen needs their agreement")
    raise UndoRefusedError(seat, f"{'; '.join(reasons)}: it needs the agreement of {', '.join(needs)}",
                           tuple(needs))


def count(game: Game, seat: str) -> int:
    """How many decisions taking back ``seat``'s last decision takes back (0: it has made none)."""
    mine = [i for i, (who, _) in enumerate(game.decisions) if who == seat]
    return len(game.decisions) - mine[-1] if mine else 0


def is_bot(game: Game, seat: str) -> bool:
    """A seat nobody said was a bot counts as a person (who must be asked)."""
    return game.players.get(seat, HUMAN) != HUMAN


def news_for(game: Game, seat: str, earlier: Game, decisions: int) -> str | None:
    """What ``seat`` has seen since ``earlier`` besides decisions, in words for it (None:
    nothing): an event (a roll, a card, a move carried out, a counter sighted); a view that
    would have differed had the dice behind it fallen otherwise (the umpire's hidden rolls);
    a hidden fact shown."""
    for event in game.log.events[len(earlier.log.events):]:
        if event["kind"] != "decision" and visible(event, seat):
            return repr(event["text"])
    if shown_hidden_chance(game, seat, earlier, decisions):
        return "what came of dice rolled out of your sight"
    if revealed_hidden(game, seat, earlier, decisions):
        return "something that was hidden from you"
    return None


def shown_hidden_chance(game: Game, seat: str, earlier: Game, decisions: int) -> bool:
    """Would what ``seat`` saw and sees since ``earlier`` have differed had the dice and cards
    behind it fallen otherwise? The same decisions, replayed with re-rolled chance, tell."""
    start = len(earlier.log.events)
    for reroll in range(UNDO_REROLLS):
        world = earlier.clone()
        world.umpire.rng.seed(f"undo-reroll:{reroll}")
        world.dice = world.umpire.dice = SeededDice(world.umpire.rng)
        if not replayed(world, game.decisions[-decisions:]):  # not even offered, had chance differed
            return True
        if seen_since(game, seat, start) != seen_since(world, seat, start):
            return True
    return False


def revealed_hidden(game: Game, seat: str, earlier: Game, decisions: int) -> bool:
    """Was ``seat`` shown, since ``earlier``, something hidden from it then (a counter sighted, a
    dummy found out, a face-down card turned)? The ruleset's leak sentinels, planted in a copy,
    tell: one that shows in what the seat saw, or that the rules no longer hide from it."""
    world = earlier.clone()
    world.state.plant_sentinels()
    hidden = world.state.hidden_tokens(seat)
    if not hidden:
        return False
    start = len(world.log.events)
    # The dice fall as they did (never asking a person at the table for faces again).
    fell = recorded_faces(game.log.events[start:], seeded_hidden=game.log.header.get("hidden_dice") == "seeded")
    world.dice = world.umpire.dice = ReplayDice(fell, SeededDice(world.umpire.rng))
    replayed(world, game.decisions[-decisions:])
    seen = seen_since(world, seat, start)
    return bool(hidden - world.state.hidden_tokens(seat)) or any(token in seen for token in hidden)


def replayed(game: Game, decisions: list[tuple[str, str]]) -> bool:
    """Apply ``decisions`` while they are legal; False when one is not."""
    for seat, action_id in decisions:
        try:
            game.apply(seat, action_id)
        except IllegalActionError:
            return False
    return True


def seen_since(game: Game, seat: str, start: int) -> str:
    """What ``seat`` has seen from event ``start`` on and sees now (numbering aside)."""
    events = [{k: v for k, v in e.items() if k != "seq"} for e in game.log.events[start:] if visible(e, seat)]
    return dumps([events, game.view(seat)])
