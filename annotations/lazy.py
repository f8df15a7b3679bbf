"""Lazy re-exports for package roots (PEP 562): importing a package loads none of its
modules; each public name is imported from its home module on first use.

    __getattr__, __dir__ = lazy_exports(__name__, globals(), {
        "annotations.score": ("score", "Metrics"),
    })

Used by the three package roots so that ``sciground --help``, ``score``, ``index`` and
``refs`` import only what they run (no PyMuPDF, networkx or scoring code for ``--help``).
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any


def lazy_exports(
    package: str, namespace: MutableMapping[str, Any], homes: Mapping[str, tuple[str, ...]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of a package whose public names live in modules.

    Args: package: the package's ``__name__`` (for error messages). namespace: its
          ``globals()``; a name is stored there once loaded, so later look-ups are plain.
          homes: module name -> the public names it defines.
    Returns: (__getattr__, __dir__). __getattr__ raises AttributeError for any other name.
    """
    home = {name: module for module, names in homes.items() for name in names}
    _keep_functions_over_submodules(package, {n for n, m in home.items() if m == f"{package}.{n}"})

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(home))

    return __getattr__, __dir__


def _keep_functions_over_submodules(package: str, names: set[str]) -> None:
    """``grounding.check`` is the function check() although grounding/check.py is a
    module of the same name: importing that module makes Python set the package attribute
    to the module, so the package's class turns that assignment into the function (as an
    eager ``from grounding.check import check`` in the package did)."""
    if not names:
        return

    class LazyPackage(types.ModuleType):
        def __setattr__(self, name: str, value: Any) -> None:
            if (
                name in names
                and isinstance(value, types.ModuleType)
                and value.__name__ == f"{package}.{name}"
                and hasattr(value, name)
            ):
                value = getattr(value, name)
            super().__setattr__(name, value)

    sys.modules[package].__class__ = LazyPackage


__all__ = ["lazy_exports"]
