"""Command handlers imported when their command runs, not when the parser is built.

Building the parser registers every command, and the desktop app starts through it too; a
command module that imported the API client, pydantic and the store at the top would make
every start pay for them (a quarter of a second). So the command modules declare their
arguments and name their handlers (`deferred`); the handler modules import what they need.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable

__all__ = ["deferred"]


def deferred(module: str, name: str) -> Callable[[argparse.Namespace], int]:
    """A handler that imports ``module`` and calls its ``name(args)`` when the command runs."""

    def handler(args: argparse.Namespace) -> int:
        function: Callable[[argparse.Namespace], int] = getattr(
            importlib.import_module(module), name
        )
        return int(function(args))

    handler.__qualname__ = handler.__name__ = f"{module}.{name}"
    return handler
