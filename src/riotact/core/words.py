"""Small pieces of English shared by the rulesets' narration and screens: counted nouns and possessives.

>>> counted(1, "model"), counted(3, "model"), counted(0, "wound"), counted(2, "Gun", "Guns")
('1 model', '3 models', '0 wounds', '2 Guns')
>>> possessive("germans"), possessive("p1"), possessive("Hans")
("germans'", "p1's", "Hans'")
"""

from __future__ import annotations


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one ("1 model", "2 models"); ``plural`` for an irregular one."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


def possessive(name: str) -> str:
    """The possessive of a name or seat: "p1's", but "germans'" for one that ends in s."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
