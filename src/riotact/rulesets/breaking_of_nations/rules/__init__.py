"""The rules of The Breaking of Nations as procedures over the game's world (one module a part of the rules)."""
