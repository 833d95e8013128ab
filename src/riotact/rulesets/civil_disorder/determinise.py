"""Civil Disorder determinisations for searches (``RulesetSpec.determinise``; core/worlds.py).

An SF player knows what his figure sees and what his radio reports (CD-06), his own declaration,
and the public scenario; the umpire keeps the rest (CD-01). His worlds keep what he knows and deal
anew what he does not:

- CD-12 step 1: the other players' declarations this turn are secret (he sees only that they are
  no longer deciding): in the world, one who has declared declared what riotact's heuristic bot
  chooses for him there, in the phase he is seen in;
- CD-34: every player's negotiating ability is hidden from all of them: dealt poor, average or
  good with equal chances;
- CD-25: which crowds are looters is hidden: crowds he sees carrying goods away (CD-30) are, and
  the other looter crowds are dealt among the crowds he does not know to be looters;
- a crowd's objective, looters inside, missiles, petrol and wetting are the Game Control's: as the
  scenario starts them (an objective the umpire gives later is not known);
- a crowd, SF unit or player's figure he neither sees nor hears of (nor can order now) is where the scenario starts it
  (the nearest street point out of his sight if he would see it there), as it started; a crowd
  made during play that he does not know of is not in his world;
- a building neither he nor his units see has the scenario's value, loot and no fire; a sniper he has not
  spotted and a bomb not gone off are as the scenario places them; gas he does not see is gone;
- the future (dice) is the seed's.

The umpire's seat (a person in the chair) sees everything: only the future is dealt anew.

>>> from riotact.core import Game, find_scenario
>>> game = Game(find_scenario("civil-disorder/high-street-riot"), seed=2)
>>> seat = game.to_act()[0]
>>> determinise(game, seat, 5).view(seat) == game.view(seat)
True
"""

from __future__ import annotations

import copy
import random

from riotact.core import UMPIRE, Game
from riotact.core.worlds import dealt, scenario_start, world_copy

from .bots import HeuristicSFBot
from .turn import CivilDisorder
from .view import known_crowds, known_units, player_sees

NEGOTIATORS = ("poor", "average", "good")


def determinise(game: Game, seat: str, seed: int) -> Game:
    world = world_copy(game, seed)
    state = world.state
    assert isinstance(state, CivilDisorder)
    if seat == UMPIRE:
        return world
    start = scenario_start(game, 0).state
    assert isinstance(start, CivilDisorder)
    rng = world.umpire.rng
    crowds = known_crowds(state, seat)
    # units he sees or hears of, and those he can order now (CD-06: they answer where they are)
    units = set(known_units(state, seat))
    own_nodes = [u.node for u in state.live_units() if u.player == seat]
    seen_buildings = {b for b, shape in state.town.buildings.items()  # what his figure or units see
                      if any(player_sees(state, seat, f) or any(state.town.sees(n, f) for n in own_nodes)
                             for f in shape.fronts)}
    seen_players = {p.seat for p in state.players.values() if player_sees(state, seat, p.node)} | {seat}
    declared = [o for o in state.sf_seats if o != seat and state.phase[o] != "action"]
    for other in state.sf_seats:
        if other != seat:
            state.declared.pop(other, None)
            state.walks.pop(other, None)
            state.messages[other] = []
    for player in state.players.values():
        player.negotiator = NEGOTIATORS[int(rng.random() * len(NEGOTIATORS))]
    hide = _Hider(state, seat)
    for cid in sorted(set(state.crowds) - set(crowds)):
        if cid in start.crowds and state.crowds[cid].gone is None:
            state.crowds[cid] = copy.deepcopy(start.crowds[cid])
            state.crowds[cid].node = hide.place(state.crowds[cid].node, crowd=True)
        else:
            del state.crowds[cid]
    _crowds(state, start, crowds, rng)
    for uid in sorted(set(state.units) - set(units)):
        if uid in start.units and state.units[uid].on_table:
            state.units[uid] = copy.deepcopy(start.units[uid])
            state.units[uid].node = hide.place(state.units[uid].node)
    for p in sorted(set(state.players) - seen_players):
        state.players[p] = copy.deepcopy(start.players[p])
        state.players[p].node = hide.place(state.players[p].node)
    for bid in set(state.buildings) - seen_buildings:
        state.buildings[bid] = copy.deepcopy(start.buildings[bid])
    state.snipers = {sid: sn if seat in sn.known_to else copy.deepcopy(start.snipers[sid])
                     for sid, sn in state.snipers.items()}
    state.bombs = {bid: b if b.went_off is not None else copy.deepcopy(start.bombs[bid])
                   for bid, b in state.bombs.items()}
    state.gas = [g for g in state.gas if player_sees(state, seat, state.town.nearest_point((g.x, g.y)))]
    for other in declared:
        _declare_again(world, state, other, rng)
    return world


def _declare_again(world: Game, state: CivilDisorder, seat: str, rng: random.Random) -> None:
    """A player who has declared (the seat sees that he is no longer deciding, not what he chose):
    his declaration and walk are what the heuristic bot would choose in the world, keeping the
    phase he is seen in (a player still to walk did not run)."""
    was = state.phase[seat]
    bot = HeuristicSFBot(seat, rng)
    state.phase[seat] = "action"
    world._legal_at = -1
    legal = [a for a in world.legal_actions(seat) if was == "done" or not a.id.startswith("run:")]
    action = bot.choose(world.view(seat), legal)
    state.declared[seat] = action
    state.phase[seat] = "done" if action.startswith("run:") else "walk"
    if was == "done" and state.phase[seat] == "walk":
        world._legal_at = -1
        walk = bot.choose(world.view(seat), world.legal_actions(seat))
        if walk != "stay":
            state.walks[seat] = walk
        state.phase[seat] = "done"
    world._legal_at = -1


def _crowds(state: CivilDisorder, start: CivilDisorder, known: dict[str, str], rng: random.Random) -> None:
    """What the Game Control keeps of the crowds he knows, as the scenario starts it; looters dealt."""
    looters = sum(1 for c in state.crowds.values() if c.looter)
    seen_looting = {cid for cid, how in known.items() if how == "sight" and state.crowds[cid].escaping}
    for cid in known:
        crowd, fresh = state.crowds[cid], start.crowds.get(cid.split("-")[0])
        if fresh is not None:
            for hidden in ("objective", "looters_inside", "missiles", "bottles", "petrol", "wet"):
                setattr(crowd, hidden, getattr(fresh, hidden))
        crowd.looter = cid in seen_looting
    others = dealt(rng, (c for c in state.crowds.values() if c.id not in seen_looting), key=lambda c: c.id)
    for crowd in others[:max(0, looters - len(seen_looting))]:
        crowd.looter = True


class _Hider:
    """Street points out of the seat's sight (nor reported by its radio), for pieces it does not know of."""

    def __init__(self, state: CivilDisorder, seat: str) -> None:
        self.state, self.seat = state, seat
        me = state.players[seat]
        self.reporters = [u.node for u in state.live_units() if u.player == seat and u.radio] \
            if me.radio and state.options.radio_reports else []

    def place(self, node: str, *, crowd: bool = False) -> str:
        s = self.state
        for n in s.town.by_distance(node):
            if not player_sees(s, self.seat, n) and not (crowd and any(s.town.sees(r, n) for r in self.reporters)):
                return n
        return node
