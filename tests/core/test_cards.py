"""Cards, piles, lazy dealing and scripted orders."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from riotact.core import JOKER, Card, CardScriptError, GameLog, Pile, ScriptedDice, standard_pack
from riotact.core.adjudication import Umpire


def test_codes_parse_and_print() -> None:
    for code in ("AS", "10H", "QD", "KC", "2S", "JOKER"):
        assert Card.parse(code).code == code
    assert Card.parse("joker") is JOKER
    with pytest.raises(CardScriptError):
        Card.parse("1Z")


def test_packs() -> None:
    pack = standard_pack(jokers=2)
    assert len(pack) == 54 and pack.count(JOKER) == 2 and len(set(pack)) == 53


def test_shuffled_pile_deals_every_card_once_and_uniformly() -> None:
    counts: Counter[str] = Counter()
    rng = random.Random(1)
    for _ in range(2000):
        pile = Pile("p", standard_pack(0)[:4])
        pile.shuffled(rng)
        dealt = [pile.draw().code for _ in range(4)]
        assert sorted(dealt) == sorted(["AS", "2S", "3S", "4S"])
        counts[dealt[0]] += 1
    assert all(400 < n < 600 for n in counts.values())  # 500 expected for each


def test_scripted_order_puts_cards_on_top_then_deals_at_random() -> None:
    u = Umpire(random.Random(0), ScriptedDice([]), GameLog({}), {"p1/action": [["5C", "2S", "9H"]]})
    pile = Pile("p1/action", standard_pack(2))
    u.shuffle(pile, "RB-17")
    assert [pile.draw().code for _ in range(3)] == ["5C", "2S", "9H"]
    assert len(pile) == 51
    assert u.log.events[-1] == {"seq": 0, "turn": 0, "kind": "shuffle", "visible_to": "all",
                                "text": "p1/action is shuffled (RB-17): 54 cards.", "rule": "RB-17",
                                "deck": "p1/action", "size": 54}


def test_scripted_card_not_in_the_pile_is_refused() -> None:
    with pytest.raises(CardScriptError, match="not in the pile"):
        Pile("p", standard_pack(0)).shuffled(random.Random(0), [JOKER])
