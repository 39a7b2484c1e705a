"""The command line's options, parsed once into typed objects.

``main`` parses argparse and hands each handler its ``argparse.Namespace`` exactly once; the
handler's first line turns it into the frozen options of its command (``GlobalOptions`` for the
service and account, plus the command's own dataclass). Below that line nothing reads the
namespace, so a renamed option is a type error, not a silent default. This module is read
while the parser is built: it imports nothing heavy.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

__all__ = ["GlobalOptions"]


@dataclass(frozen=True, slots=True, kw_only=True)
class GlobalOptions:
    """Which service and account every command works on (the options before the command)."""

    base_url: str | None = None
    environment: str | None = None
    demo: bool = False
    offline: bool = False
    verbose: int = 0

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> GlobalOptions:
        values = vars(args)
        return cls(
            base_url=values.get("base_url") or None,
            environment=values.get("environment") or None,
            demo=bool(values.get("demo", False)),
            offline=bool(values.get("offline", False)),
            verbose=int(values.get("verbose", 0) or 0),
        )

    @property
    def target_environment(self) -> str | None:
        """The environment named: ``demo``, a settings name, ``custom``, or None."""
        from scaninbox.services import choose_environment  # not at parser-building time

        return choose_environment(
            demo=self.demo, environment=self.environment, base_url=self.base_url
        )

    @property
    def is_demo(self) -> bool:
        return self.demo
