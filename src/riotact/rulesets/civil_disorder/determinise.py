"""Civil Disorder determinisations for searches (``RulesetSpec.determinise``; core/worlds.py).

An SF player knows what his figure sees and what his radio reports (CD-06), his own declaration,
the public part of the scenario (``view.scenario_data_for``: the briefing, the street plan with its
hydrants, the SF's own forces and chain of command) and the house rules; the umpire keeps the rest,
the Game Control side of the set-up included (CD-01). His worlds keep what he knows and deal the
rest from priors that never read the truth:

- CD-12 step 1: the other players' declarations this turn are secret (he sees only that they are
  no longer deciding): in the world, one who has declared declared what riotact's heuristic bot
  chooses for him there, in the phase he is seen in;
- CD-34: every player's negotiating ability is hidden from all of them: dealt poor, average or
  good with equal chances;
- CD-01 / CD-11 / CD-06: a crowd he neither sees nor hears of by radio is not in his world, so the
  world does not tell how many crowds the umpire set up (its name stays, as a dispersed crowd of no
  figures, only where a piece of the world names it: a prisoner or casualty taken from it, a unit's
  order, charge or threat, a sniper he knows of in it); a crowd he knows
  of keeps what he knows (where, figures, RL) and gets the set-up's defaults for the rest (CD-04
  crowd set-up: no objective, no looters inside (CD-25), 5 turns of missiles (CD-35), no petrol
  bombs allowed or made (CD-37), dry (CD-22)), save that one he sees making petrol bombs may make
  them (CD-37) and one he sees carrying goods away carries ``CARRIED_SEEN`` Loot Units (CD-30);
- CD-25 / CD-26: which crowds are looters is hidden: crowds he sees carrying goods away are, and each
  other crowd he knows of is a Looter Crowd with chance ``LOOTER_CHANCE``;
- CD-27 / CD-40: a building's value and loot are the umpire's: every building is worth
  ``BUILDING_VALUE`` points when the game starts (0 if he sees it wrecked), with Loot Units by the
  CD-27 rule (``loot_percent`` of its value for shops and stores); fires he or his units do not see
  are out (CD-44);
- CD-66 to CD-70: a sniper he has not been told the place of is not there; a bomb that has not gone
  off is not there; CD-29: there are no looters' vehicles; CD-35 / CD-37: there are no missile,
  bottle or petrol sources (only the street plan's hydrants, CD-50);
- an SF unit or player's figure he neither sees nor hears of (nor can order now) is where the
  (public) scenario starts it (the nearest street point out of his sight if he would see it
  there), as it started, escorting no prisoner (CD-55); gas he does not see is gone;
- CD-55 / CD-06: the prisoners are those he may know of: his own figure's and units' (his view lists
  them), those he was told of (he saw the arrest or the freeing, or his unit reported it:
  ``Prisoner.known_to``) and those he sees walked by a unit or player in his world; another seat's
  arrest out of his sight and hearing is not there (nor, through it, the crowd it was made in). A
  prisoner not his own takes a new id, counted on like the others below (his view never names it);
- CD-04 gap / CD-06: the score's counters (arrests, casualties, loot carried off, crowds dispersed,
  fires, over-reactions...) are what he was told of as they happened (``World.told``: what he saw,
  or his units reported), a load he sees carried off counting ``CARRIED_SEEN`` Loot Units; the
  casualties are those he sees in the street and those his world's units carry or tend; new ids
  count on from the highest of the world's own pieces (``NEW_ID``), never from the true counter,
  which hidden events move;
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
import re

from riotact.core import UMPIRE, Game
from riotact.core.worlds import scenario_start, world_copy

from .bots import HeuristicSFBot
from .rules.orders import ORDER_TARGETS
from .state import CARRIED_SEEN, Building, Crowd, Prisoner
from .turn import CivilDisorder
from .view import ON_THE_GROUND, known_crowds, known_units, own_prisoners, player_sees

NEGOTIATORS = ("poor", "average", "good")
#: CD-26 prior: the chance that a crowd he knows of (not seen looting) is a Looter Crowd.
LOOTER_CHANCE = 0.25
#: CD-40 prior: the property points of a building whose value he is not told (every building's).
BUILDING_VALUE = 20
#: The ids ``World.new_id`` makes (casualties, prisoners, a crowd's parts): the world counts on from
#: the highest among its own pieces, never from the true counter (which hidden events move).
NEW_ID = re.compile(r"(?:^cas|^pr|-)(\d+)$")


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
    hide = _Hider(state, seat)
    reset_units = sorted(uid for uid in set(state.units) - set(units)
                         if uid in start.units and state.units[uid].on_table)
    reset_players = sorted(set(state.players) - seen_players)
    for uid in reset_units:
        state.units[uid] = copy.deepcopy(start.units[uid])
        state.units[uid].node = hide.place(state.units[uid].node)
    for p in reset_players:
        state.players[p] = copy.deepcopy(start.players[p])
        state.players[p].node = hide.place(state.players[p].node)
    state.prisoners = _prisoners_he_knows(state, seat, units | seen_players, {*reset_units, *reset_players})
    for player in state.players.values():
        player.negotiator = NEGOTIATORS[int(rng.random() * len(NEGOTIATORS))]
    state.buildings = {bid: _building(b, bid in seen_buildings, state.options.loot_percent)
                       for bid, b in sorted(state.buildings.items())}
    state.start_value = sum(b.start_value for b in state.buildings.values())
    _count_what_he_knows(state, seat)
    state.snipers = {sid: sn for sid, sn in state.snipers.items() if seat in sn.known_to}
    state.bombs = {bid: b for bid, b in state.bombs.items() if b.went_off is not None}
    named = _named_crowds(state) - set(crowds)
    state.crowds = {cid: _known_crowd(c, crowds[cid], rng) if cid in crowds
                    else Crowd(cid, 0, state.players[seat].node, 1, gone="dispersed")
                    for cid, c in sorted(state.crowds.items()) if cid in crowds or cid in named}
    state.vehicles = {}
    state.features = {"hydrant": list(state.features["hydrant"])} if "hydrant" in state.features else {}
    state.gas = [g for g in state.gas if player_sees(state, seat, state.town.nearest_point((g.x, g.y)))]
    shown = {p.id for p in own_prisoners(state, seat)}
    state.next_id = max((int(m.group(1)) for pieces in (state.casualties, shown, state.crowds)
                         for pid in pieces if (m := NEW_ID.search(pid))), default=0)
    _rename_prisoners(state, shown)
    for other in declared:
        _declare_again(world, state, other, rng)
    return world


def _prisoners_he_knows(state: CivilDisorder, seat: str, known: set[str], reset: set[str]) -> dict[str, Prisoner]:
    """CD-55 / CD-06: the prisoners he may know of: his own (his view lists them), those he was told
    of (``Prisoner.known_to``) and those he sees walked (by a unit he knows of, a player he sees); none
    walked by a piece put back as it started, which walks nobody. A piece of his world walks only
    these."""
    own = {p.id for p in own_prisoners(state, seat)}
    kept = {pid: p for pid, p in state.prisoners.items() if p.captor not in reset and (
        pid in own or seat in p.known_to or (p.status == "escorted" and p.captor in known))}
    for unit in state.units.values():
        unit.escorts = [pid for pid in unit.escorts if pid in kept]
    for player in state.players.values():
        if player.escorting not in kept:
            player.escorting = None
    return kept


def _rename_prisoners(state: CivilDisorder, shown: set[str]) -> None:
    """CD-55: a prisoner whose id his view never showed him (not his own) takes a new one, counted on
    from the world's own ids, so that no id tells how many hidden events took one before."""
    for prisoner in [p for pid, p in state.prisoners.items() if pid not in shown]:
        old, prisoner.id = prisoner.id, state.new_id("pr")
        if prisoner.captor in state.units:
            escorts = state.units[prisoner.captor].escorts
            state.units[prisoner.captor].escorts = [prisoner.id if pid == old else pid for pid in escorts]
        elif state.players[prisoner.captor].escorting == old:
            state.players[prisoner.captor].escorting = prisoner.id
    state.prisoners = {p.id: p for p in state.prisoners.values()}


def _count_what_he_knows(state: CivilDisorder, seat: str) -> None:
    """CD-04 gap / CD-06: the stats are what he was told (``World.told``: what he saw or his units
    reported), whoever else knows more; the casualties are those he sees lying in the street and those
    aboard or in the care of the units of his world (CD-56 to CD-59)."""
    state.stats = dict(state.told[seat])
    state.told = {other: dict(state.stats) for other in state.told}
    tended = {cid for u in state.units.values() for cid in u.load}
    tended |= {str(u.task["casualty"]) for u in state.units.values() if u.task}
    state.casualties = {cid: c for cid, c in state.casualties.items()
                        if cid in tended or (c.stage in ON_THE_GROUND and player_sees(state, seat, c.node))}


def _named_crowds(state: CivilDisorder) -> set[str]:
    """The crowds the pieces of the world name: prisoners (CD-55) and casualties (CD-56) taken from
    them, the snipers and bombs in them, units' orders (CD-08), charges (CD-21) and threats (CD-64)."""
    named = {p.crowd for p in state.prisoners.values()}
    named |= {c.origin for c in state.casualties.values() if c.side == "crowd"}
    named |= {sn.crowd for sn in state.snipers.values() if sn.crowd is not None}
    named |= {b.crowd for b in state.bombs.values()}
    named |= set(state.charged.values())
    named |= {t.crowd for t in state.threats.values() if t.crowd is not None}
    for unit in state.units.values():
        for order in (unit.order, unit.given):
            verb, _, target = order.partition(":")
            if ORDER_TARGETS.get(verb) == "crowd":
                named.add(target)
    return named


def _known_crowd(truth: Crowd, how: str, rng: random.Random) -> Crowd:
    """A crowd he knows of: what he sees of it, the set-up's defaults and the priors for the rest."""
    crowd = Crowd(truth.id, truth.figures, truth.node, truth.rl)
    if how == "sight" and truth.escaping:  # CD-30: seen carrying goods away
        crowd.looter, crowd.carrying = True, CARRIED_SEEN
    else:
        crowd.looter = rng.random() < LOOTER_CHANCE
    if how == "sight" and truth.making_petrol:  # CD-37: seen making petrol bombs
        crowd.petrol_allowed = crowd.making_petrol = True
    return crowd


def _building(truth: Building, seen: bool, loot_percent: int) -> Building:
    """CD-27 / CD-40: a building at the prior value, wrecked and burning as he sees it."""
    wrecked = seen and truth.value == 0
    lootable = truth.kind in ("shop", "store")
    value = 0 if wrecked else BUILDING_VALUE
    return Building(truth.id, truth.kind, value, BUILDING_VALUE,
                    value * loot_percent // 100 if lootable else 0, lootable, truth.fires if seen else 0)


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


class _Hider:
    """Street points out of the seat's sight, for SF pieces it does not know of."""

    def __init__(self, state: CivilDisorder, seat: str) -> None:
        self.state, self.seat = state, seat

    def place(self, node: str) -> str:
        return next((n for n in self.state.town.by_distance(node) if not player_sees(self.state, self.seat, n)), node)
