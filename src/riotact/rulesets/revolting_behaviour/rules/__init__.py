"""The rules of Revolting Behaviour! (catalogue shared/rules/RB.md, RB-01..RB-26), as functions over the
:class:`~riotact.rulesets.revolting_behaviour.state.World`:

- :mod:`.cards`: activity types, severities, success and rewards (RB-04, RB-10, RB-12, RB-13);
- :mod:`.order`: set-up and the turn order (RB-01..RB-03, RB-05, RB-06, RB-08, RB-09);
- :mod:`.actions`: declaring, drawing and paying for action cards (RB-11, RB-13..RB-17);
- :mod:`.points`: spending action points on a rival or on one's own Cause (RB-18..RB-20);
- :mod:`.jokers`: the crackdown after a Joker (RB-21..RB-23);
- :mod:`.end`: the ends of the game and restarting a cause (RB-24..RB-26).
"""
