"""A continuous tabletop in inches, below the rulesets that play on one (Public Participation; The
Breaking of Nations next): figures with round bases, terrain polygons, distances, sight, cover,
obstacles, templates and arrow-die scatter. Engine-neutral: it knows no ruleset and no dice."""

from .geometry import ARROW_BEARINGS, Feature, Table, arrow_point, bearing_word, step_toward

__all__ = ["ARROW_BEARINGS", "Feature", "Table", "arrow_point", "bearing_word", "step_toward"]
