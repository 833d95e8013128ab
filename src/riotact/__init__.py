"""riotact: umpire, play and analyse tabletop civil-disorder wargames by computer."""

__version__ = "0.1.0"
