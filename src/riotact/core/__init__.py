"""The engine-neutral core: dice, cards, modifiers, the umpire, the log and the game protocol.

Interfaces (CLI, web, RL) use only what this package exports.
"""

from .adjudication import RollPool, RollTotal, Umpire
from .bots import RandomBot, make_bot, play_out
from .cards import JOKER, Card, Pile, standard_pack
from .dice import ManualDice, ScriptedDice, SeededDice
from .engines import ENGINES, Laboratory, play_laboratory
from .errors import (
    CardScriptError,
    DiceError,
    DiceExhaustedError,
    GameOverError,
    IllegalActionError,
    LaboratoryUnavailable,
    OptionError,
    ReplayMismatchError,
    RiotactError,
    SaveFileError,
    ScenarioError,
    UndoRefusedError,
)
from .game import Game
from .log import ALL, UMPIRE, GameLog, read_log
from .modifiers import Modifier
from .options import HouseRule
from .persistence import replay
from .protocol import Action, Bot, Evaluation, Result, RulesetSpec, State
from .scenario import Scenario, builtin_scenarios, find_scenario, load_scenario_file, parse_scenario

__all__ = [
    "ALL", "ENGINES", "JOKER", "UMPIRE", "Action", "Bot", "Card", "CardScriptError", "DiceError",
    "DiceExhaustedError", "Evaluation", "Game", "GameLog", "GameOverError", "HouseRule", "IllegalActionError",
    "Laboratory", "LaboratoryUnavailable",
    "ManualDice", "Modifier", "OptionError", "Pile", "RandomBot", "ReplayMismatchError", "Result",
    "RiotactError", "RollPool", "RollTotal", "RulesetSpec", "SaveFileError", "Scenario",
    "ScenarioError", "ScriptedDice", "SeededDice", "State", "Umpire", "UndoRefusedError", "builtin_scenarios",
    "find_scenario", "load_scenario_file", "make_bot", "parse_scenario", "play_laboratory", "play_out", "read_log",
    "replay", "standard_pack",
]
