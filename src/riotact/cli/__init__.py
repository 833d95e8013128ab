"""The command-line interface: ``riotact rulesets|scenarios|play|sim|replay``."""
