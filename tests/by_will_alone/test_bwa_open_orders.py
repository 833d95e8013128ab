"""The orders open in an action step (BWA-01, 06, 17, 25, 26, 30, 49), read as the legal list.

The list is made as it is read (core/open_orders.py): whatever way a seat, a bot or the
umpire reads it (in order, by position, by id) it must offer the same orders, and close them as
orders are given, as the rules say."""

from __future__ import annotations

import random

import pytest

from riotact.core.bots import RandomBot
from riotact.core.errors import IllegalActionError


def crowded(bwa, **options):
    """Two stacks of each side, a reserve, an unsighted counter in the woods: many shared orders."""
    units = [bwa.nv("n", "x1"), bwa.nv("m", "x1"), bwa.nv("k", "m2"), bwa.nv("q", "o2", hidden=True),
             bwa.nv("r", None, stands=6, reserve=True, entry="e6"), bwa.nv("s", None, reserve=True, entry="w0"),
             bwa.auth("a", "m2"), bwa.auth("b", "m2"), bwa.auth("c", "x3"),
             bwa.auth("g", None, reserve=True, entry="e6")]
    return bwa.game(units, [], options=options)


def agrees(g, seat: str) -> list[str]:
    """Read the list every way; all must give the same orders. Returns their ids."""
    legal = g.legal_actions(seat)
    read = list(legal)
    ids = [a.id for a in read]
    assert len(legal) == len(read) == len(set(ids))
    assert [legal[i] for i in range(len(legal))] == read
    assert legal[-1].id == "done" and legal[-len(legal)] == read[0] and legal[1:3] == read[1:3]
    assert all(g.legal_action(seat, a.id) == a and a in legal for a in read)
    return ids


def test_bwa01_orders_read_by_position_id_or_in_order_agree(bwa) -> None:
    g = crowded(bwa)
    ids = agrees(g, "nonviolent")
    assert {"n:message:m", "m:message:n", "k:message:n", "n:reinforce:r", "n:reinforce:s", "n:confront:a"} <= set(ids)
    with pytest.raises(IndexError):
        g.legal_actions("nonviolent")[len(ids)]


def test_bwa25_a_message_goes_to_another_unit_of_the_side(bwa) -> None:
    g = crowded(bwa)
    ids = agrees(g, "nonviolent")
    assert "n:message:n" not in ids and "n:message:a" not in ids
    for wrong in ("n:message:n", "n:message:a", "n:message:nobody"):
        with pytest.raises(IllegalActionError):
            g.apply("nonviolent", wrong)
    g.apply("nonviolent", "n:message:q")  # to a unit of its side, even one still a counter


def test_bwa26_spies_are_looked_for_in_own_and_sighted_units_only(bwa) -> None:
    g = crowded(bwa, first_initiative="authority")
    ids = agrees(g, "authority")
    assert {"a:identify:a", "a:identify:b", "a:identify:n", "a:identify:k"} <= set(ids)
    assert not [i for i in ids if i.endswith(":identify:q")]  # BWA-11: a counter is not known by its id
    with pytest.raises(IllegalActionError):
        g.apply("authority", "a:identify:q")


def test_bwa01_06_a_piece_orders_once_and_a_reserve_is_asked_for_once(bwa) -> None:
    """BWA-01: a piece given its order has no other this step; BWA-06: a reserve asked for by one
    unit is closed to every unit of the side at once."""
    g = crowded(bwa)
    g.apply("nonviolent", "n:reinforce:r")
    ids = agrees(g, "nonviolent")
    assert not [i for i in ids if i.startswith("n:")]
    assert not [i for i in ids if i.endswith(":reinforce:r")] and "m:reinforce:s" in ids
    assert "m:message:n" in ids  # n may still be sent a message
    with pytest.raises(IllegalActionError):
        g.apply("nonviolent", "m:reinforce:r")
    g.apply("nonviolent", "m:reinforce:s")
    assert not [i for i in agrees(g, "nonviolent") if ":reinforce:" in i]


def test_bwa49_one_escalation_request_per_commander(bwa) -> None:
    """BWA-49: once per commander per initiative; a second unit of the group loses the request."""
    units = [bwa.nv("n", "x1"), bwa.auth("a", "m2", commander="G", weapons=3),
             bwa.auth("b", "m2", commander="G", weapons=3)]
    g = bwa.game(units, [], options={"first_initiative": "authority"})
    assert {"a:escalate", "b:escalate"} <= set(agrees(g, "authority"))
    g.apply("authority", "a:escalate")
    assert "b:escalate" not in agrees(g, "authority")


@pytest.mark.parametrize("seed", [1, 2])
def test_bwa01_random_games_agree_at_every_orders_decision(bwa, seed) -> None:
    """A random bot picks by position: each pick is an order the list offers by id and in order."""
    g = crowded(bwa)
    g.dice.extend(random.Random(seed).randint(1, 6) for _ in range(5000))
    bot = {s: RandomBot(s, random.Random(seed)) for s in g.seats}
    for _ in range(300):
        if not g.to_act():
            break
        seat = g.to_act()[0]
        if bwa.prompt(g, seat) == "orders":
            agrees(g, seat)
        g.apply(seat, bot[seat].choose(None, g.legal_actions(seat)))
