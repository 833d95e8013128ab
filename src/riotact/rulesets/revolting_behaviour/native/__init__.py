"""Revolting Behaviour!'s compiled engine: a C port of its rules (``_labcore.c``, built at install
time where a C compiler is) played by action number (``lab.py``), and the explained log worded from
the facts it records (``lablog.py``). ``RulesetSpec.engines["compiled"]`` is :func:`lab.core_engine`.
"""
