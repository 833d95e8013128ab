"""The rules of Revolting Behaviour! (catalogue RB-01..RB-26).

A player's turn runs through phases: ``restart`` (only at 0 RP, RB-26),
``declare`` (RB-11), ``draw`` (RB-14/15) and, when the use of action points is
not fixed by the declaration, ``use`` (RB-18).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riotact.core import Action, Card, Pile, Result, Scenario, State, Umpire, standard_pack

from . import narration as say
from .narration import ENDINGS
from .options import Options
from .rules import ACTIVITIES, Activity, card_value, miss, requirement, reward, severities, succeeds

PASS, DRAW, STOP, RESTART, RETIRE, USE_CAUSE = "pass", "draw", "stop", "restart", "retire", "use-cause"
# "stop" comes first, as "pass" does when declaring: the same number never means "draw" in one
# phase and "make no attempt" in the next (a person typing "1" again and again).
_STOP_ONLY = [Action(STOP, say.STOP_TEXT)]
_DRAW_OR_STOP = {cost: [*_STOP_ONLY, Action(DRAW, say.draw_text(cost))] for cost in (1, 2)}


@dataclass
class Player:
    """RB-03: each player's own two decks, his Cause and his RP tally."""

    seat: str
    rp: int
    cause_deck: Pile
    action_deck: Pile
    cause: Pile
    face_up: int = 0  # RB-07: how many top Cause cards are face up (revealed and not defeated)
    defeated: list[Card] = field(default_factory=list)  # RB-20 gap: out of play
    #: Out of play but never defeated: Cause Jokers (RB-21 gap b), an abandoned Cause (RB-26 house rule).
    set_aside: list[Card] = field(default_factory=list)
    out: bool = False  # RB-26 gap (a): at 0 RP and did not restart


@dataclass
class Attempt:
    """The action under way: RB-11 declaration and the cards drawn so far."""

    seat: str
    activity: Activity
    severity: str
    target: str | None
    drawn: list[Card] = field(default_factory=list)
    action_points: int = 0


def final_result(winners: tuple[str, ...], reason: str,
                 players: dict[str, tuple[int, int, int, bool]]) -> Result:
    """The result from each seat's (defeated Cause cards, RP, Cause cards left, out)."""
    return Result(winners, reason, scores={s: float(d) for s, (d, _, _, _) in players.items()},
                  details={s: {"rp": rp, "cause_left": left, "out": out} for s, (_, rp, left, out) in players.items()})


class RevoltingBehaviour(State):
    options: Options

    def __init__(self, scenario: Scenario, options: Options, umpire: Umpire) -> None:
        super().__init__(scenario, options, umpire)
        self.cause_cards: int = scenario.setup.cause_cards
        self.turn_limit: int = scenario.setup.turn_limit
        self.levels = severities(options)
        self.players = {seat: self._set_up(seat) for seat in self.seats}
        self.order: list[str] = []
        self.position = 0
        self.phase = "declare"
        self.attempt: Attempt | None = None
        self._declaration_cache: dict[tuple[int, tuple[str, ...]], list[Action]] = {}
        self._begin_turn()

    # -- set-up (RB-03, RB-05, RB-06, RB-08) ---------------------------------
    def _set_up(self, seat: str) -> Player:
        jokers = self.options.jokers_per_deck
        player = Player(seat, 0, Pile(say.pile_name(seat, "cause-deck"), standard_pack(jokers)),
                        Pile(say.pile_name(seat, "action"), standard_pack(jokers)),
                        Pile(say.pile_name(seat, "cause")))
        self.umpire.shuffle(player.cause_deck, "RB-05")
        self.umpire.shuffle(player.action_deck, "RB-05")
        self._draw_cause(player)
        return player

    def _draw_cause(self, player: Player) -> None:
        """RB-06 face-down Cause of N cards (RB-07: nobody sees them); RB-08 RP = 2N."""
        n = min(self.cause_cards, len(player.cause_deck))
        for _ in range(n):
            player.cause.cards.append(self.umpire.draw(
                player.cause_deck, "RB-06", player.seat, purpose=say.CAUSE_PURPOSE, visible_to=[]))
        player.rp = 2 * self.cause_cards
        self._say(say.cause_drawn(player.seat, n, player.rp))

    # -- turn order (RB-01, RB-02, RB-09) ---------------------------------------
    def _begin_turn(self) -> None:
        self.umpire.turn += 1
        if self.umpire.turn > self.turn_limit:
            self._finish((), ENDINGS["turn_limit"].format(limit=self.turn_limit))
            return
        active = [s for s in self.seats if not self.players[s].out]
        if self.umpire.turn == 1 and self.options.first_turn_order == "random":
            self.order = self.umpire.permute("RB-09", active, purpose=say.FIRST_ORDER_PURPOSE)
        else:
            # RB-02: descending RP; a stable sort keeps ties in last turn's order (gap default).
            previous = self.order or list(self.seats)
            self.order = sorted((s for s in previous if s in active), key=lambda s: -self.players[s].rp)
            rps = [self.players[s].rp for s in self.order] if self._open_totals() else None
            self._say(say.turn_order(self.umpire.turn, self.order, rps))
        self.position = 0
        self._start_action()

    def _start_action(self) -> None:
        player = self.players[self.order[self.position]]
        self.phase = "restart" if player.rp == 0 else "declare"

    def _end_action(self) -> None:
        if self.result is None:
            self._check_elimination()
        if self.result is not None:
            return
        if self.options.reorder_within_turn:  # RB-02 house rule: re-sort those still to act
            rest = sorted(self.order[self.position + 1:], key=lambda s: -self.players[s].rp)
            self.order[self.position + 1:] = rest
        self.position += 1
        while self.position < len(self.order) and self.players[self.order[self.position]].out:
            self.position += 1
        if self.position >= len(self.order):  # RB-01: everyone has had his one action
            self._begin_turn()
        else:
            self._start_action()

    # -- the protocol ----------------------------------------------------------
    def to_act(self) -> tuple[str, ...]:
        return (self.order[self.position],)

    def legal_actions(self, seat: str) -> list[Action]:
        player = self.players[seat]
        if self.phase == "restart":
            return [Action(RESTART, say.restart_text(self.cause_cards)), Action(RETIRE, say.RETIRE_TEXT)]
        if self.phase == "draw":
            assert self.attempt is not None
            activity = self.attempt.activity
            return _DRAW_OR_STOP[activity.cost] if self._can_pay(player, activity) else _STOP_ONLY
        if self.phase == "use":
            assert self.attempt is not None
            points = self.attempt.action_points
            return [Action(USE_CAUSE, say.use_cause_text(points)),
                    *(Action(f"use-{t}", say.use_against_text(points, t)) for t in self._targets(seat))]
        return self._declarations(player)

    def _declarations(self, player: Player) -> list[Action]:
        """RB-11: activity type, then severity, then (force) an optional target."""
        targets = tuple(self._targets(player.seat)) if self.options.declaration_fixes_use else ()
        # A card costs 1 or 2 RP (RB-15): what a player can afford depends on his RP up to 2 only.
        key = (min(player.rp, 2), targets)
        found = self._declaration_cache.get(key)
        if found is None:
            affordable = tuple(s for s in ("D", "H", "C", "S") if self._can_pay(player, ACTIVITIES[s]))
            found = self._declaration_cache[key] = self._declare_choices(affordable, targets)
        return found

    def _declare_choices(self, suits: tuple[str, ...], targets: tuple[str, ...]) -> list[Action]:
        """Each text says what the action needs, what it earns and what each card costs."""
        found = [Action(PASS, say.PASS_TEXT)]
        for suit in suits:
            for level in self.levels:
                found.append(Action(f"{suit}-{level}", say.declaration_text(suit, level, None, self.options)))
                if ACTIVITIES[suit].force:
                    found.extend(Action(f"{suit}-{level}-{t}", say.declaration_text(suit, level, t, self.options))
                                 for t in targets)
        return found

    def _targets(self, seat: str) -> list[str]:
        return [s for s in self.seats if s != seat and not self.players[s].out]

    def _can_pay(self, player: Player, activity: Activity) -> bool:
        """RB-15 gap default: a card may be drawn only if its whole cost can be paid."""
        return player.rp >= (activity.cost if self.options.draw_needs_full_cost else 1)

    def why_illegal(self, seat: str, action_id: str) -> str:
        if self.attempt is not None and action_id == DRAW:
            return f"a card costs {self.attempt.activity.cost} RP and {seat} has {self.players[seat].rp} (RB-15)"
        if self.phase == "draw":
            return "an action attempt is under way: draw or stop (RB-14)"
        if self.phase == "restart":
            return f"{seat} is at 0 RP: restart a new cause or retire first (RB-26)"
        return "that is not a legal action now"

    def apply(self, seat: str, action: Action) -> None:
        player = self.players[seat]
        aid = action.id
        if aid == PASS:  # RB-01: a player may make no attempt
            self._end_action()
        elif aid == RESTART:
            self._restart(player)
        elif aid == RETIRE:
            player.out = True
            self._say(say.retired(seat))
            self._end_action()
        elif aid == DRAW:
            self._draw(player)
        elif aid == STOP:
            self._say(say.stopped(seat))
            self._end_attempt(player)
        elif aid.startswith("use-"):
            self._use_points(player, None if aid == USE_CAUSE else aid[4:])
        else:
            suit, level, *target = aid.split("-", 2)
            self.attempt = Attempt(seat, ACTIVITIES[suit], level, target[0] if target else None)
            self.phase = "draw"

    # -- drawing (RB-12..RB-17) ------------------------------------------------
    def _draw(self, player: Player) -> None:
        attempt = self.attempt
        assert attempt is not None
        if not player.action_deck.cards and not self._refill_action_deck(player):
            self._say(say.deck_empty(player.seat))
            self._end_attempt(player)  # no card, so nothing to pay (RB-15)
            return
        cost = min(attempt.activity.cost, player.rp)  # RB-15: RP never fall below 0
        player.rp -= cost
        purpose, note, fields = say.action_draw(attempt.severity, attempt.activity.name, cost, self._totals(player))
        # RB-15: the cost is paid as the card is drawn
        card = self.umpire.draw(player.action_deck, "RB-14", player.seat, purpose=purpose, note=note, **fields)
        attempt.drawn.append(card)
        if card.is_joker:
            if not self.options.charge_jokers:  # RB-15 house rule: a Joker is not charged
                player.rp += cost
                self._say(say.joker_not_charged(player.seat, cost, self._totals(player)))
            self._crackdown(player, say.JOKER_DRAWN)
            self._end_attempt(player)
        elif succeeds(card, attempt.activity, attempt.severity, self.options):
            self._succeed(player, attempt, card)
        else:
            self._say(say.missed(card.name, miss(card, attempt.activity, attempt.severity, self.options),
                                 player.seat))

    def _refill_action_deck(self, player: Player) -> bool:
        """RB-14 gap: a run-out deck fails the attempt, or (house rule) is reshuffled."""
        if self.options.empty_action_deck != "reshuffle" or self.attempt is None:
            return False
        player.action_deck.cards.extend(self.attempt.drawn)
        self.attempt.drawn.clear()
        self.umpire.shuffle(player.action_deck, "RB-14")
        return bool(player.action_deck.cards)

    def _succeed(self, player: Player, attempt: Attempt, card: Card) -> None:
        """RB-13, RB-16: the reward takes effect at once."""
        gained = reward(attempt.activity, attempt.severity, self.options)
        if not attempt.activity.force:
            player.rp += gained
            self._say(say.raised(card.name, player.seat, gained, self._totals(player)))
            self._end_attempt(player)
            return
        attempt.action_points = gained
        self._say(say.gained_points(card.name, player.seat, gained))
        if self.options.declaration_fixes_use:
            self._use_points(player, attempt.target)
        else:
            self.phase = "use"

    def _use_points(self, player: Player, target: str | None) -> None:
        """RB-18: all the points against one player or all against the Cause; none held over."""
        assert self.attempt is not None
        points = self.attempt.action_points
        if target is None:
            self._attack_cause(player, points)
        else:
            self._attack_player(player, self.players[target], points)
        if self.result is None:
            self._end_attempt(player)

    def _attack_player(self, player: Player, target: Player, points: int) -> None:
        """RB-19: the target loses 1 RP per 2 full AP; RP stop at 0 (gap default)."""
        loss = min(points // 2, target.rp)
        target.rp -= loss
        self._say(say.attacked(player.seat, target.seat, points, loss, self._totals(target)))

    def _attack_cause(self, player: Player, points: int) -> None:
        """RB-20: reveal the top card; defeat it if the AP reach its value, carry the rest on."""
        cause = player.cause
        beaten: list[Card] = []
        while cause.cards and (points > 0 or self.options.reveal_at_zero_ap):
            top = cause.cards[0]
            first_sight = player.face_up == 0
            if first_sight:
                player.face_up = 1
                self._say(say.revealed(player.seat, top.name, top.code))
            if top.is_joker and first_sight:
                self._cause_joker(player, beaten)
                return
            value = card_value(top)
            if points < value:
                self._say(say.unbeaten(player.seat, points, top.name, value))
                return
            points -= value
            beaten.append(cause.draw())
            player.defeated.append(beaten[-1])
            player.face_up -= 1
            self._say(say.defeated(player.seat, top.name, value, points, self._totals(player)))
        if not cause.cards:
            self._finish((player.seat,), ENDINGS["cause_defeated"].format(seat=player.seat))
        elif points:
            self._say(say.unused(player.seat, points))

    def _cause_joker(self, player: Player, beaten: list[Card]) -> None:
        """RB-21: a Joker seen in the Cause ends the attack; gap (a)/(b) house rules."""
        if not self.options.keep_defeated_on_joker:
            for card in reversed(beaten):
                player.defeated.remove(card)
                player.cause.put_top(card)
            player.face_up += len(beaten)  # back on top, still face up (RB-07): seen, so no new reveal
        if self.options.cause_joker == "discard":
            joker = player.cause.cards.pop(player.face_up - 1)  # the Joker is the lowest face-up card
            player.set_aside.append(joker)  # not a defeated card
            player.face_up -= 1
            self._say(say.joker_removed(player.seat))
        self._crackdown(player, say.JOKER_REVEALED)
        if not player.cause.cards:  # RB-21 gap (b): an emptied Cause counts as defeated
            self._finish((player.seat,), ENDINGS["cause_empty"].format(seat=player.seat))

    # -- Jokers (RB-21..RB-23) ---------------------------------------------------
    def _crackdown(self, player: Player, how: str) -> None:
        self._say(say.crackdown(player.seat, how))
        added = min(5, len(player.cause_deck))  # RB-22 gap: add what remains
        for _ in range(added):
            player.cause.put_bottom([self.umpire.draw(player.cause_deck, "RB-22", player.seat,
                                                      purpose=say.BOTTOM_PURPOSE, visible_to=[])])
        self._say(say.buried(player.seat, added, self._totals(player)))
        if not player.action_deck.cards:
            self._return_drawn(player)
        card = self.umpire.draw(player.action_deck, "RB-23", player.seat, purpose=say.PENALTY_PURPOSE)
        if self.attempt is not None:
            self.attempt.drawn.append(card)
        cost = self.attempt.activity.cost if self.options.penalty_draw_costs and self.attempt else 0
        loss = min(card_value(card) + cost, player.rp)
        player.rp -= loss
        self._say(say.penalty(player.seat, loss, card.name, self._totals(player)))

    def _return_drawn(self, player: Player) -> None:
        if self.attempt is not None:
            player.action_deck.cards.extend(self.attempt.drawn)
            self.attempt.drawn.clear()
        self.umpire.shuffle(player.action_deck, "RB-17")

    def _end_attempt(self, player: Player) -> None:
        """RB-17: all drawn action cards go back and the deck is reshuffled."""
        self._return_drawn(player)
        self.attempt = None
        self._end_action()

    # -- the end (RB-24..RB-26) ---------------------------------------------------
    def _restart(self, player: Player) -> None:
        """RB-26: a new Cause of N cards and 2N RP, as at set-up."""
        if self.options.restart_reshuffles_cause:
            for pile in (player.cause.cards, player.defeated, player.set_aside):
                player.cause_deck.cards.extend(pile)
                pile.clear()
            self.umpire.shuffle(player.cause_deck, "RB-26")
        else:
            player.set_aside.extend(player.cause.cards)
            player.cause.cards.clear()
        player.face_up = 0
        self._draw_cause(player)
        self._say(say.restarted(player.seat))
        self.phase = "declare"

    def _check_elimination(self) -> None:
        """RB-25: everyone else at 0 RP wins it; checked at the end of each action (gap default).

        RB-26 house rule (default): a player at 0 RP who has not yet chosen may still start a new
        cause, so he stands in the way of an elimination win until he declines.
        """
        may_restart = self.options.restart_before_elimination
        standing = [s for s, p in self.players.items() if not p.out and (p.rp > 0 or may_restart)]
        if len(self.seats) > 1 and len(standing) == 1 and self.players[standing[0]].rp > 0:
            self._finish((standing[0],), ENDINGS["elimination"])
        elif all(p.out for p in self.players.values()):
            self._finish((), ENDINGS["all_out"])

    def _finish(self, winners: tuple[str, ...], reason: str) -> None:
        self.result = final_result(winners, reason, {s: (len(p.defeated), p.rp, len(p.cause), p.out)
                                                     for s, p in self.players.items()})

    def _open_totals(self) -> bool:
        """RB-07 gap: public events state a player's RP and Cause size only while totals are open."""
        return self.options.open_totals and self.umpire.log.explains  # (the laboratory log keeps neither)

    def _totals(self, player: Player) -> say.Totals:
        return (player.rp, len(player.cause)) if self._open_totals() else None

    def _say(self, said: say.Said) -> None:
        rule, text, fields = said
        self.umpire.effect(rule, text, **fields)

    # -- views --------------------------------------------------------------------
    def view(self, seat: str) -> dict[str, Any]:
        """RB-07: Cause cards are hidden from everyone, the owner included."""
        open_totals = self.options.open_totals
        players = {}
        for s, p in self.players.items():
            public = open_totals or s == seat or seat == "umpire"
            players[s] = {
                "rp": p.rp if public else None,
                "cause_cards": len(p.cause) if public else None,
                "cause_top": p.cause.cards[0].code if p.face_up and p.cause.cards else None,
                "cause_deck": len(p.cause_deck),
                "defeated": len(p.defeated),
                "out": p.out,
            }
        attempt = None
        if self.attempt is not None:
            a = self.attempt
            attempt = {"seat": a.seat, "suit": a.activity.suit, "severity": a.severity, "target": a.target,
                       "activity": a.activity.title, "force": a.activity.force,
                       "needs": requirement(a.activity, a.severity, self.options),
                       "reward": reward(a.activity, a.severity, self.options),
                       "cost": a.activity.cost, "drawn": [c.code for c in a.drawn],
                       "misses": [miss(c, a.activity, a.severity, self.options) for c in a.drawn],
                       "action_points": a.action_points}
        return {"players": players, "order": list(self.order), "phase": self.phase,
                "acting": self.to_act()[0] if self.result is None else None, "attempt": attempt,
                "severities": list(self.levels), "cause_size": self.cause_cards}

    # -- conformance hooks ----------------------------------------------------------
    def plant_sentinels(self) -> None:
        number = 0
        for player in self.players.values():
            for pile in (player.cause.cards, player.cause_deck.cards):
                for i, card in enumerate(pile):
                    pile[i] = Card(card.rank, card.suit, tag=f"S{number}X")
                    number += 1

    def hidden_tokens(self, seat: str) -> set[str]:
        tokens = set()
        for player in self.players.values():
            start = player.face_up
            for card in (*player.cause.cards[start:], *player.cause_deck.cards):
                if card.tag:
                    tokens.add("~" + card.tag)
        return tokens

