"""The heuristic bot's choices, played through ``Game`` on small tables."""

from __future__ import annotations

from public_participation.pp_support import ch, game, to_phase
from riotact.core import make_bot


def firing_choice(comrade_at: tuple[float, float]) -> str:
    """Red's heuristic bot in the firing phase: R1 holds a stick of dynamite and sees B1 6" away;
    R1's comrade R2 stands at ``comrade_at``."""
    g = game([ch("R1", "red", (5, 5), throwables={"dynamite": 1}), ch("R2", "red", comrade_at),
              ch("B1", "blue", (5, 11))])
    to_phase(g, "firing")
    assert "bomb:R1:dynamite:5.0,11.0" in [a.id for a in g.legal_actions("red")]
    return make_bot("heuristic", g, "red").choose(g.view("red"), g.legal_actions("red"))


def test_pp18_the_bot_throws_no_dynamite_where_the_blast_would_catch_its_own():
    """PP-18: everyone within 3" of a blast is hit. With R2 1.5" from B1 the bot does not throw the
    dynamite at B1's feet (it used to, and the outlaws of dry-gulch blew themselves up at the
    strongroom door in move 1); with R2 far away it does."""
    assert firing_choice((6, 12)).split(":")[0] != "bomb"
    assert firing_choice((25, 25)) == "bomb:R1:dynamite:5.0,11.0"
