"""Shared helpers for the research-interface tests: the scenarios, and twins (two games that differ only in
a fact hidden from a seat) for the determinisers and the observations."""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib.resources import files

from civil_disorder.conftest import RuleDice, crowd, make_game, unit
from revolting_behaviour.rb_support import cause_drawn
from riotact.core import UMPIRE, Game, Scenario, builtin_scenarios, find_scenario
from riotact.core.log import dumps
from riotact.core.scenario import scenario_from_toml
from riotact.rulesets import all_rulesets, get_ruleset
from support import umpire_sees


def implemented_scenarios() -> list[Scenario]:
    """Every built-in scenario of every implemented ruleset (PP and BON join as they land)."""
    return [sc for spec in all_rulesets() if spec.implemented for sc in builtin_scenarios(spec)]


SCENARIOS = implemented_scenarios()
REFS = [sc.ref for sc in SCENARIOS]


def scenario_data(game: Game, seat: str) -> object:
    """The scenario's data as ``seat`` has it in its copy of the log's header."""
    return game.header_for(seat)["scenario_data"]


def _random_game(ref: str, seed: int, decisions: int, cards: dict[str, list[list[str]]] | None = None) -> Game:
    game = Game(find_scenario(ref), seed=seed, cards=cards)
    rng = random.Random(seed)
    for _ in range(decisions):
        if not game.to_act():
            break
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)).id)
    return game


# -- twins: two games that differ only in a fact hidden from the seat --------------------------------------

def _rb() -> tuple[Game, Game, str]:
    """RB-07: p2's face-down Cause in another order (nobody knows it, p2 included): the same ten cards
    dealt to it in opposite orders."""
    cause = ["2S", "5H", "9C", "KD", "3H", "7S", "JC", "4D", "8H", "QS"]
    a, b = (_random_game("revolting-behaviour/first-game", 5, 6, {"p2/cause-deck": [order]})
            for order in (cause, cause[::-1]))
    assert cause_drawn(a, "p2") == cause_drawn(b, "p2")[::-1] and len(cause_drawn(a, "p2")) == 10
    return a, b, a.to_act()[0]


def _bwa_counters() -> tuple[Game, Game, str]:
    """BWA-11: what is behind an authority counter (the nonviolent side sees the counter only): patrol
    two as the scenario gives it, or a dedicated riot squad from the neighbouring town."""
    a, b = _variant("by-will-alone/night-of-barricades", [(
        'name = "Patrol two"\ntype = "police"\nfeature = "x33"\nstands = 4\nquality = "wavering"\n',
        'name = "Riot squad"\ntype = "police"\nfeature = "x33"\nstands = 4\nquality = "dedicated"\n'
        'origin = "neighbouring"\n')])
    assert "counter" in next(u for u in umpire_sees(b)["units"] if u.get("id") == "patrol-2")  # hidden
    assert a.to_act() == ("nonviolent",)
    assert dumps(a.view("nonviolent")) == dumps(b.view("nonviolent"))
    return a, b, "nonviolent"


def _variant(ref: str, changes: list[tuple[str, str]]) -> tuple[Game, Game]:
    """Two games with seed 3: a built-in scenario and its TOML text with ``changes`` made (each old
    text found once), loaded as any uploaded scenario is."""
    scenario = find_scenario(ref)
    package = get_ruleset(scenario.ruleset).scenario_package
    assert package is not None
    text = (files(package) / scenario.source.rpartition(":")[2]).read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return Game(scenario, seed=3), Game(scenario_from_toml(text, "variant.toml"), seed=3)


#: CD-01 / CD-25 / CD-29 / CD-34 / CD-35 / CD-37 / CD-40 / CD-66: the Game Control side of a set-up, told
#: otherwise (what ``scenario_data_for`` keeps from an SF seat): other looters, crowd B with its petrol
#: bombs made and one turn of missiles, the agent a sniper in the pub, a bomb in crowd A, the jewellers
#: worth 15, no missile source, no looters' pickup, and the fire officer a good negotiator.
CD_HIDDEN_SETUP = [
    ("looters = true\n", ""),
    ('rl = 6\n\n[[setup.crowds]]\nid = "B"', 'rl = 6\nlooters = true\n\n[[setup.crowds]]\nid = "B"'),
    ("petrol_bombs = true\n", "petrol_bombs = true\nbombs_made = true\nmissiles = 1\n"),
    ('crowd = "B"\ntarget = "R1"\n',
     'building = "pub"\ntarget = "R1"\n\n[[setup.bombs]]\nid = "bomb1"\ncrowd = "A"\nturn = 3\n'),
    ("value = 80", "value = 15"),
    ('[[setup.features]]\nkind = "missiles"\nat = "x40y32"\n', ""),
    ('[[setup.looter_vehicles]]\nid = "pickup"\nkind = "van"\nat = "x8y0"\n', ""),
    ('superior = "commander"\n', 'superior = "commander"\nnegotiator = "good"\n'),
]


def _cd() -> tuple[Game, Game, str]:
    """Two scenarios that differ only in the umpire's set-up (CD_HIDDEN_SETUP), and the commander's
    secret declaration (CD-12) otherwise: the fire officer's worlds are the same."""
    a, b = _variant("civil-disorder/high-street-riot", CD_HIDDEN_SETUP)
    assert scenario_data(a, "sub1") == scenario_data(b, "sub1")
    assert scenario_data(a, UMPIRE) != scenario_data(b, UMPIRE)
    first, second = [x.id for x in a.legal_actions("commander") if not x.id.startswith("run:")][:2]
    a.apply("commander", first)
    b.apply("commander", second)
    assert dumps(a.view("sub1")) == dumps(b.view("sub1"))
    return a, b, "sub1"


#: Where the umpire's set-up names the first sniper's crowd: crowds added after it join the set-up.
_AFTER_SNIPER = 'crowd = "B"\ntarget = "R1"\n'


def _cd_count() -> tuple[Game, Game, str]:
    """CD-01: the umpire's set-up with one more sniper (the agent's mate in crowd A) and one more crowd
    (a gang in a side street, out of every SF player's sight): counts an SF seat may not know."""
    a, b = _variant("civil-disorder/high-street-riot", [(
        _AFTER_SNIPER,
        _AFTER_SNIPER + '\n[[setup.snipers]]\nid = "agent2"\ncrowd = "A"\ntarget = "R1"\n\n'
        '[[setup.crowds]]\nid = "D"\nfigures = 12\nat = "x64y8"\nrl = 5\n')])
    assert scenario_data(a, "sub1") == scenario_data(b, "sub1")
    assert all(dumps(a.view(seat)) == dumps(b.view(seat)) for seat in ("commander", "sub1"))
    return a, b, "sub1"


def cd_crowd_d(at: str, rl: int, carrying: int = 0) -> Game:
    """High-street-riot (seed 3) with one more crowd, D, at ``at``: looters carrying ``carrying`` Loot
    Units (CD-30) if any."""
    loot = f"looters = true\ncarrying = {carrying}\n" if carrying else ""
    crowd = f'\n[[setup.crowds]]\nid = "D"\nfigures = 12\nat = "{at}"\nrl = {rl}\n{loot}'
    return _variant("civil-disorder/high-street-riot", [(_AFTER_SNIPER, _AFTER_SNIPER + crowd)])[1]


def play_passing(games: tuple[Game, ...], decisions: int) -> None:
    """The same decisions in every game: each seat to act passes (CD-12) when it may, else takes its first
    legal action."""
    for _ in range(decisions):
        seat = games[0].to_act()[0]
        ids = [a.id for a in games[0].legal_actions(seat)]
        for game in games:
            game.apply(seat, "pass" if "pass" in ids else ids[0])


def _cd_loot() -> tuple[Game, Game, str]:
    """CD-30 / CD-04 gap: a looter crowd at the north-east exit (J4-1), out of the fire officer's sight
    and his units', carries 1 or 4 Loot Units off the table in turn 2: the loot carried off differs,
    nothing he knows does."""
    a, b = (cd_crowd_d("J4-1", 5, carrying) for carrying in (1, 4))
    play_passing((a, b), 5)
    assert [umpire_sees(g)["stats"]["loot_escaped"] for g in (a, b)] == [1, 4]
    assert dumps(a.view("sub1")) == dumps(b.view("sub1"))
    return a, b, "sub1"


def _cd_casualties() -> tuple[Game, Game, str]:
    """CD-23 / CD-56 / CD-06: one more crowd (D, at RL 1 by the commander, out of the fire officer's sight
    and his units'): by turn 6 it has a figure wounded, wounded one of the commander's men and made his
    unit over-react, and the casualties took ids the fire officer never hears of."""
    a = Game(find_scenario("civil-disorder/high-street-riot"), seed=3)
    b = cd_crowd_d("J1-0", 1)
    play_passing((a, b), 21)
    stats = [umpire_sees(g)["stats"] for g in (a, b)]
    assert {k for k in stats[0] if stats[0][k] != stats[1][k]} == {"sf_wounded", "crowd_wounded", "overreactions"}
    assert not umpire_sees(a)["casualties"] and umpire_sees(b)["casualties"]
    assert dumps(a.view("sub1")) == dumps(b.view("sub1"))
    return a, b, "sub1"


def _cd_hidden_arrest(*others: dict[str, object]) -> tuple[Game, Game]:
    """CD-55 / CD-06, in the test town (civil_disorder/conftest.py, houses on every block, ``others`` crowds
    more): the commander's one-man snatch squad AR1 goes into crowd A at J0-0 in turn 1, out of the sight
    of the fire officer (sub1, at J1-2): its 3 against a rioter's 3 is a scuffle, a 5 cuffs him (CD-54), and
    the prisoner is handed over at the exit that turn, reported by radio to the commander alone. The
    commander orders AR1 to hold. The next CD-51 roll scripted is 7 (a grab of the commander's, CD-07)."""
    houses = [{"id": f"houses{x}{y}", "block": [x, y], "value": 50, "kind": "house"} for x in (0, 1) for y in (0, 1)]
    a, b = (make_game(
        seats=["commander", "sub1"], buildings=houses, dice=RuleDice({"CD-51": [face, 3, 7, 3]}, default=3),
        players=[{"seat": "commander", "at": "J1-1"}, {"seat": "sub1", "at": "J1-2", "superior": "commander"}],
        units=[unit("AR1", "anti_riot", "J0-0", figures=1, order="arrest:A")],
        crowds=[crowd("A", "J0-0", figures=20, rl=3), *others]) for face in (3, 5))
    _cd_turn((a, b), "order:AR1:hold")
    assert [len(umpire_sees(g)["prisoners"]) for g in (a, b)] == [0, 1] and umpire_sees(b)["stats"]["arrests"] == 1
    return a, b


def _cd_turn(games: tuple[Game, ...], action: str) -> None:
    """A turn (CD-12) of the test town's games: the commander's ``action``, and nobody walks."""
    for seat, declared in (("commander", action), ("commander", "stay"), ("sub1", "pass"), ("sub1", "stay")):
        for game in games:
            game.apply(seat, declared)


def _cd_prisoners() -> tuple[Game, Game, str]:
    """CD-55 / CD-06: after the hidden arrest (``_cd_hidden_arrest``) AR1 walks into the fire officer's sight,
    as fit as before: he was told nothing of the arrest, which stays out of his worlds."""
    a, b = _cd_hidden_arrest()
    _cd_turn((a, b), "order:AR1:move:J1-0")
    while "AR1" not in {u["id"] for u in a.view("sub1")["state"]["units"]}:
        _cd_turn((a, b), "pass")
    assert dumps(a.view("sub1")) == dumps(b.view("sub1"))
    return a, b, "sub1"


def _cd_prisoner_ids() -> tuple[Game, Game, str]:
    """CD-55 / CD-06: after the hidden arrest (``_cd_hidden_arrest``, pr1 in the second game) the commander
    grabs a rioter of crowd B in the fire officer's sight (pr1 or pr2): he knows of that prisoner, never
    its id, which must not tell him of the other."""
    a, b = _cd_hidden_arrest(crowd("B", "x16y14", figures=20, rl=3))
    _cd_turn((a, b), "arrest:B")
    assert [[p["id"] for p in umpire_sees(g)["prisoners"] if p["captor"] == "commander"] for g in (a, b)] == [
        ["pr1"], ["pr2"]]
    assert dumps(a.view("sub1")) == dumps(b.view("sub1"))
    return a, b, "sub1"


def _bon_count() -> tuple[Game, Game, str]:
    """BON-002: one more hidden German team (a second MG 08 in the trench, unseen by the British): a
    count the British may not know."""
    a, b = _variant("breaking-of-nations/trench-raid", [(
        'at = [22, 26.5]\nfacing = 180\nhidden = true\n',
        'at = [22, 26.5]\nfacing = 180\nhidden = true\n\n[[setup.units]]\nid = "m2"\nname = "MG 08 team, 2"\n'
        'seat = "germans"\nkind = "mg"\nat = [6, 26.5]\nfacing = 180\nhidden = true\n')])
    assert scenario_data(a, "british") == scenario_data(b, "british")
    assert a.to_act() == b.to_act() == ("british",)
    assert dumps(a.view("british")) == dumps(b.view("british"))
    return a, b, "british"


def _bwa_count() -> tuple[Game, Game, str]:
    """BWA-11: one more hidden authority reserve (riot police with a commander of their own, the Prefect,
    BWA-48), not yet on the table: a count the nonviolent side may not know."""
    a, b = _variant("by-will-alone/night-of-barricades", [(
        'entry = "x33"\nhidden = true\ncommander = "Colonel"\n',
        'entry = "x33"\nhidden = true\ncommander = "Colonel"\n\n[[setup.units]]\nid = "riot-police"\n'
        'side = "authority"\nname = "Riot police"\ntype = "police"\nstands = 8\nquality = "reliable"\n'
        'police = true\nweapons = 3\nreserve = true\nentry = "x30"\nhidden = true\ncommander = "Prefect"\n')])
    assert scenario_data(a, "nonviolent") == scenario_data(b, "nonviolent")
    assert a.to_act() == b.to_act() == ("nonviolent",)
    assert dumps(a.view("nonviolent")) == dumps(b.view("nonviolent"))
    return a, b, "nonviolent"


def _pp() -> tuple[Game, Game, str]:
    """Fog of war (PP-02): a posse character's card values the outlaws cannot see: Sheriff Tate with no
    gas bomb, a steadier nerve (ADT) and a secret in his notes."""
    a, b = _variant("public-participation/dry-gulch", [
        ('throwables = { "gas bomb" = 1 }\nmorale = "heroes"\nadt = 1\n',
         'throwables = { "gas bomb" = 0 }\nmorale = "heroes"\nadt = 2\nnotes = "a secret"\n')])
    assert dumps(a.view("outlaws")) == dumps(b.view("outlaws"))
    return a, b, "outlaws"


def _bon() -> tuple[Game, Game, str]:
    """BON-002: the hidden MG team deployed elsewhere (a yard and a half east, facing otherwise),
    unseen by the British."""
    a, b = _variant("breaking-of-nations/trench-raid", [
        ('at = [22, 26.5]\nfacing = 180\nhidden = true', 'at = [23.5, 26.5]\nfacing = 170\nhidden = true')])
    assert dumps(a.view("british")) == dumps(b.view("british"))
    return a, b, "british"


def _bon_setup() -> tuple[Game, Game, str]:
    """BON-002 / BON-005: the German hidden deployment told otherwise (what ``scenario_for`` keeps from
    the British): 2. Gruppe veteran, six men, placed a yard east."""
    a, b = _variant("breaking-of-nations/trench-raid", [
        ('level = "regular"\narmour', 'level = "veteran"\narmour'), ("soldiers = 5", "soldiers = 6"),
        ("at = [12, 26.5]", "at = [13, 26.5]")])
    assert scenario_data(a, "british") == scenario_data(b, "british")
    assert a.to_act() == b.to_act() == ("british",)
    assert dumps(a.view("british")) == dumps(b.view("british"))
    return a, b, "british"


def _bwa_setup() -> tuple[Game, Game, str]:
    """BWA-11 / BWA-26: the authority's hidden set-up told otherwise (what ``scenario_for`` keeps from
    the nonviolent side): patrol two a stand weaker, and no provocateur among the nonviolent stands."""
    a, b = _variant("by-will-alone/night-of-barricades", [
        ('feature = "x33"\nstands = 4', 'feature = "x33"\nstands = 3'),
        (', { unit = "anarchists", kind = "provocateur" }', "")])
    assert scenario_data(a, "nonviolent") == scenario_data(b, "nonviolent")
    assert a.to_act() == b.to_act() == ("nonviolent",)
    assert dumps(a.view("nonviolent")) == dumps(b.view("nonviolent"))
    return a, b, "nonviolent"


def _pp_setup() -> tuple[Game, Game, str]:
    """PP-02: the posse's set-up told otherwise (what ``scenario_data_for`` keeps from the outlaws):
    Deputy Quill, in the outlaws' sight, a better fighter and braver (his card is never shown)."""
    a, b = _variant("public-participation/dry-gulch", [
        ('at = [2, 18]\nmove = 5\nfight = 0\nweapons = ["shotgun"]\nmorale = "normal"',
         'at = [2, 18]\nmove = 5\nfight = 2\nweapons = ["shotgun"]\nmorale = "brave"')])
    assert scenario_data(a, "outlaws") == scenario_data(b, "outlaws")
    assert dumps(a.view("outlaws")) == dumps(b.view("outlaws"))
    return a, b, "outlaws"


def _pp_unseen() -> tuple[Game, Game, str]:
    """PP-02: Deputy Quill starts behind the bank, out of the outlaws' sight, at one end of it or the
    other: the outlaws have never seen him (nor his name, nor his starting place)."""
    _, a = _variant("public-participation/dry-gulch", [("at = [2, 18]", "at = [17, 31.5]")])
    _, b = _variant("public-participation/dry-gulch", [("at = [2, 18]", "at = [24, 31.5]")])
    assert "S3" not in {c["id"] for c in a.view("outlaws")["state"]["characters"]}
    assert dumps(a.view("outlaws")) == dumps(b.view("outlaws"))
    return a, b, "outlaws"


def _pp_count() -> tuple[Game, Game, str]:
    """PP-02: one more posse deputy, behind the bank out of the outlaws' sight: a count they may not know."""
    a, b = _variant("public-participation/dry-gulch", [(
        'at = [2, 18]\nmove = 5\nfight = 0\nweapons = ["shotgun"]\nmorale = "normal"\n',
        'at = [2, 18]\nmove = 5\nfight = 0\nweapons = ["shotgun"]\nmorale = "normal"\n\n[[setup.characters]]\n'
        'id = "S9"\nname = "Deputy Rusk"\nseat = "posse"\nat = [17, 31.5]\nmove = 5\nfight = 0\n'
        'weapons = ["shotgun"]\nmorale = "normal"\n')])
    assert "S9" not in {c["id"] for c in b.view("outlaws")["state"]["characters"]}
    assert dumps(a.view("outlaws")) == dumps(b.view("outlaws"))
    return a, b, "outlaws"


#: Public Participation's one weapon of its own (dry-gulch: Deputy Voss's scoped rifle, a posse card's).
_PP_SCOPED_RIFLE = ('name = "scoped rifle"\nkind = "firearm"\ntable = "piercing"\nsdd = -1\nrange = 40\n',
                    'weapons = ["scoped rifle"]')


def _pp_weapon() -> tuple[Game, Game, str]:
    """PP-02: the posse's own weapon (a posse card's, kept from the outlaws' copy of the scenario) told
    otherwise: Deputy Voss's scoped rifle is a buffalo gun that reaches further."""
    book, carried = _PP_SCOPED_RIFLE
    a, b = _variant("public-participation/dry-gulch", [
        (book, book.replace("scoped rifle", "buffalo gun").replace("range = 40", "range = 50")),
        (carried, carried.replace("scoped rifle", "buffalo gun"))])
    assert scenario_data(a, "outlaws") == scenario_data(b, "outlaws")
    assert dumps(a.view("outlaws")) == dumps(b.view("outlaws"))
    return a, b, "outlaws"


def _pp_weapon_count() -> tuple[Game, Game, str]:
    """PP-02: one more weapon of the posse's own (Deputy Quill's derringer, beside his shotgun): a count
    the outlaws may not know."""
    book, _ = _PP_SCOPED_RIFLE
    a, b = _variant("public-participation/dry-gulch", [
        (book, 'name = "derringer"\nkind = "firearm"\ntable = "piercing"\nrange = 6\nshots = "2"\n\n'
               '[[setup.weapons]]\n' + book),
        ('at = [2, 18]\nmove = 5\nfight = 0\nweapons = ["shotgun"]',
         'at = [2, 18]\nmove = 5\nfight = 0\nweapons = ["shotgun", "derringer"]')])
    assert scenario_data(a, "outlaws") == scenario_data(b, "outlaws")
    assert dumps(a.view("outlaws")) == dumps(b.view("outlaws"))
    return a, b, "outlaws"


TWINS: dict[str, Callable[[], tuple[Game, Game, str]]] = {
    "RB": _rb, "BWA": _bwa_counters, "CD": _cd, "PP": _pp, "BON": _bon, "BON-setup": _bon_setup,
    "BWA-setup": _bwa_setup, "PP-setup": _pp_setup, "PP-unseen": _pp_unseen, "CD-loot": _cd_loot,
    "CD-prisoners": _cd_prisoners, "CD-prisoner-ids": _cd_prisoner_ids, "PP-weapon": _pp_weapon}

#: Twins that differ in a hidden count (CD-01, BON-002, BWA-11, PP-02), for the encodings (the numbering and
#: the layout) and the determinisers (the worlds).
COUNT_TWINS: dict[str, Callable[[], tuple[Game, Game, str]]] = {
    "CD-count": _cd_count, "CD-casualties": _cd_casualties, "BON-count": _bon_count, "BWA-count": _bwa_count,
    "PP-count": _pp_count, "PP-weapon-count": _pp_weapon_count}
