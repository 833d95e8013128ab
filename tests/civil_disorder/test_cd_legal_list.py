"""CD-07 / CD-13: a player's list of actions, orders to every unit in earshot against every crowd
he knows of, is made as it is read (core/open_orders.py ``Chain``): its length, any position and
any id cost what one unit's orders cost, never the whole list (units x crowds), and reading it
any way gives the same actions in the same order."""

from __future__ import annotations

import random

from riotact.rulesets.civil_disorder.rules import orders
from support import umpire_sees

KINDS = ("riot_police", "anti_riot", "patrol", "firefighters", "soldiers", "mounted")


def riot(cd, copies: int):
    units = [cd.unit(f"U{n}", KINDS[n % len(KINDS)], f"J{n % 3}-2", radio=True) for n in range(3 * copies)]
    crowds = [cd.crowd(f"C{n}", f"J{n % 3}-0", rl=4 + n % 3) for n in range(2 * copies)]
    return cd.game(units=units, crowds=crowds, seed=copies,
                   players=[{"seat": "commander", "at": "J1-1", "radio": True, "megaphone": True}])


def test_cd07_the_list_read_by_position_by_id_and_in_turn_is_one_list(cd) -> None:
    """Random play: at every decision, the actions by position are the actions in turn, and each
    is found by its id, in the list read (``game``) and by the rules with no list made (``unread``,
    the same game, whose list is never asked for); an order the rules do not give (a crowd nobody
    knows of) is not."""
    game, unread = riot(cd, 3), riot(cd, 3)
    rng = random.Random(5)
    orders_seen = 0
    while game.to_act() and umpire_sees(game)["turn"] <= 3:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        actions = list(legal)
        assert [legal[i] for i in range(len(legal))] == actions and legal[-1] == actions[-1]
        assert all(g.legal_action(seat, a.id) == a for a in actions for g in (game, unread))
        ids = {a.id for a in actions}
        orders_seen += sum(i.startswith("order:") for i in ids)
        assert game.legal_action(seat, "order:U0:charge:C99") is None
        assert unread.legal_action(seat, "order:U0:charge:C99") is None
        decision = legal[int(rng.random() * len(legal))].id
        game.apply(seat, decision)
        unread.apply(seat, decision)
    assert orders_seen > 300  # 9 units, each against 6 crowds


def test_cd07_a_decision_makes_only_the_orders_it_reads(cd, monkeypatch) -> None:
    """Counting the list and applying one order to a unit makes that unit's orders against the
    crowds at most, whatever the number of units (the commander orders them all, CD-02)."""
    made: list[str] = []
    crowd_order = orders.crowd_order

    def counted(unit_id: str, crowd_id: str, verb: str):
        made.append(unit_id)
        return crowd_order(unit_id, crowd_id, verb)

    monkeypatch.setattr(orders, "crowd_order", counted)
    for copies in (2, 8):
        game = riot(cd, copies)
        made.clear()
        legal = game.legal_actions("commander")
        assert len(legal) > 3 * copies * 2 * copies  # every unit against every crowd
        legal[len(legal) // 2]  # what a random bot reads
        assert len(made) <= 1
        made.clear()
        game.apply("commander", "order:U1:charge:C0")  # checked against U1's orders only
        assert set(made) <= {"U1"} and len(made) <= 6 * 2 * copies
        assert umpire_sees(game)["declared"]["commander"] == "order:U1:charge:C0"
