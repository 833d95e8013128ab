"""The laboratory: sweeps of bot games into one Parquet table, reports with confidence intervals,
cluster runs, and the laboratory mode that records decisions only (see docs/lab.md).

Uses only the core's public protocol and the ruleset registry.
"""
