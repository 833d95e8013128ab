"""Research interfaces: PettingZoo, Gymnasium and OpenSpiel environments over the public protocol.

The environments need the optional extra ``rl`` (``pip install -e '.[rl]'``); :mod:`riotact.rl.observer`
needs nothing more than riotact itself. See docs/rl.md.
"""
