"""Command handlers imported when their command runs, not when the parser is built.

Building the parser registers every command, and the desktop app starts through it too; a
command module that imported the API client, pydantic and the store at the top would make
every start pay for them (a quarter of a second). So the command modules (``*_commands.py``)
declare their arguments and the frozen options dataclass of each command, and name their
handlers with ``deferred``; the handler modules (``*_handlers.py``) import what they need.

The one convention: ``deferred(module, name, Options.from_args)``. When the command runs, the
namespace is read once into ``GlobalOptions`` and the command's ``Options``; the handler
``name(options: GlobalOptions, command: Options) -> int`` never sees argparse.

A command that spreads its work over threads of its own (``own_threads=True``: ``qc``) runs numpy's
BLAS on one thread: its pool would only spin beside ours, and starting it costs CPU at numpy's
import alone (the figure: benchmarks/README.md). The variable is set before the handler module (and
numpy) loads; whoever set it keeps their choice.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scaninbox.cli.options import GlobalOptions

__all__ = ["NoOptions", "deferred", "one_blas_thread"]


@dataclass(frozen=True, slots=True)
class NoOptions:
    """A command without options of its own."""

    @classmethod
    def from_args(cls, _args: argparse.Namespace) -> NoOptions:
        return cls()


def deferred(
    module: str,
    name: str,
    parse: Callable[[argparse.Namespace], Any],
    *,
    own_threads: bool = False,
) -> Callable[[argparse.Namespace], int]:
    """A handler that reads the options, imports ``module`` and calls ``name(options, command)``;
    with ``own_threads``, numpy's BLAS is asked for one thread first (see the module's text)."""

    def handler(args: argparse.Namespace) -> int:
        options, command = GlobalOptions.from_args(args), parse(args)
        if own_threads:
            one_blas_thread()
        function: Callable[[GlobalOptions, Any], int] = getattr(
            importlib.import_module(module), name
        )
        return int(function(options, command))

    handler.__qualname__ = handler.__name__ = f"{module}.{name}"
    return handler


def one_blas_thread() -> None:
    """One OpenBLAS thread for numpy, when numpy is not loaded yet and nobody chose otherwise."""
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
