"""The sentinel leak harness over the wire: every message each seat receives on its websocket, over
random games of every built-in scenario, is searched for the tokens planted in what it may not know."""

from __future__ import annotations

import random

import pytest

from riotact.core import Game, builtin_scenarios
from riotact.core.log import dumps
from riotact.rulesets import all_rulesets
from web_support import LiveServer, SeatSocket, create, seat

SCENARIOS = [s.ref for spec in all_rulesets() if spec.implemented for s in builtin_scenarios(spec)]
DECISIONS = 80  # per game: enough to reveal and conceal; whole games run in tests/test_conformance.py


def _check(sockets: dict[str, SeatSocket], game: Game, read: dict[str, int]) -> int:
    """Search what each seat received since the last check for every token hidden from it now.

    A token the rules themselves showed the seat (a card drawn face up, later shuffled back face down)
    is in its filtered log: whether the rules may show it is the core harness's business
    (tests/test_conformance.py). Anything else on the wire is the web table's leak.
    """
    checks = 0
    for name, socket in sockets.items():
        hidden = game.state.hidden_tokens(name)
        fresh = "".join(socket.received[read[name]:])
        read[name] = len(socket.received)
        shown_by_rules = dumps(game.view(name)) + dumps(game.log_for(name))
        for token in hidden:
            checks += 1
            assert token not in fresh or token in shown_by_rules, f"{name} was sent hidden token {token!r}"
    return checks


@pytest.mark.parametrize("ref", SCENARIOS)
def test_no_seat_is_ever_sent_a_hidden_sentinel(client: LiveServer, ref: str) -> None:
    made = create(client, scenario=ref, seed=7, umpire="person")  # every seat a person: no bot races
    table = client.app.state.room.tables[made["table"]]
    game = table.game
    game.state.plant_sentinels()  # before any seat is sent anything
    sockets = {name: seat(client, token) for name, token in made["tokens"].items()}
    read = dict.fromkeys(sockets, 0)
    for socket in sockets.values():
        socket.sync()
    checks = _check(sockets, game, read)
    rng = random.Random(ref)
    for _ in range(DECISIONS):
        acting = [s for s in game.to_act() if s in sockets]
        if not acting:
            break
        name = acting[int(rng.random() * len(acting))]
        legal = sockets[name].last["view"]["legal_actions"]  # chosen from what the seat was sent
        sockets[name].act(legal[int(rng.random() * len(legal))]["id"])
        for socket in sockets.values():
            socket.sync()
        checks += _check(sockets, game, read)
    assert checks > 0  # every ruleset hides something from some seat: the search really ran
