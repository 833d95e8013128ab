"""The build's one compiled part: Revolting Behaviour!'s laboratory core (issue 11).

``optional=True``: where it cannot be built (no C compiler or Python headers), the install goes on
without it and the laboratory plays on the Python engine (riotact/rulesets/revolting_behaviour/lab.py).
Everything else about the package is in pyproject.toml.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("riotact.rulesets.revolting_behaviour._labcore",
                             ["src/riotact/rulesets/revolting_behaviour/_labcore.c"],
                             extra_compile_args=["-O2"], optional=True)])
