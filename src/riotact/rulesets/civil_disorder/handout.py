"""CD-71 default: the player handout, the only part of the rules the players see (CD-01).

It holds the Rule Structure, the player's role and actions, scales, unit types,
the sequence, vehicle movement, the meaning of RL markers and the negotiation
ranges; no table, factor or hidden rating (those stay with the umpire).
"""

RL_KEY = "RL markers: 8 is bad, 1 is good (from the SF point of view)."

PLAYER_HANDOUT = (
    "Civil Disorder - Security Forces rules. "
    "You are one individual, shown by your personal figure, in a chain of command under one overall "
    "police commander. The umpire moves every other figure, police and crowd alike. "
    "Each turn you may walk and take ONE action: talk with someone next to you, shout orders to a unit "
    "within earshot (or by radio), take one personal action, run somewhere, or negotiate with a crowd. "
    "You may not confer with other players except as your action. "
    "Scales: 1 inch = 2 metres; police, soldiers and vehicles 1:1; civilians 1 figure = 5 people. "
    "Units: patrol police, riot police, SWAT, anti-riot teams, mounted police, mounted riot police, "
    "conscripts, soldiers, soldiers with riot training, special forces, firefighters and paramedics. "
    "Sequence: the umpire moves crowds and units; personal figures move; firing, fights and "
    "negotiations; your actions; the umpire assesses the turn. "
    "Vehicles can go almost anywhere in a turn but are slow to start from stationary, and must be "
    "stationary for people to get in or out. "
    f"{RL_KEY} "
    "Only player characters negotiate: 2 inches by normal voice, 8 inches with a megaphone or PA."
)
