"""The web table: a Starlette app where each person plays their own seat in a browser.

Interfaces use only the core's public protocol (:mod:`riotact.core`) and the ruleset registry.
"""
