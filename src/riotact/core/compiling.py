"""What the sources tell mypyc when setup.py compiles them (riotact/compiled.py), and nothing when they
run as Python.

``@mypyc_attr(allow_interpreted_subclasses=True)`` marks a class whose instances a copy of a game
makes without calling ``__init__`` (``copy.deepcopy``: ``Game.clone``, a determinised world for
search): an instance of a mypyc class calls ``__init__`` from ``__new__`` unless its class allows
interpreted subclasses, and a state's ``__init__`` sets a scenario up. A class so marked, and every
compiled class it derives from, must say so (mypyc checks); its instances copy through the
``__getstate__`` and ``__setstate__`` mypyc gives every class (its attributes by name).

mypy_extensions, which defines the decorator, comes with mypy and mypyc; the Python the sources run
as never needs it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    def mypyc_attr(*flags: Any, **attrs: Any) -> Callable[[type], type]:
        return lambda cls: cls
