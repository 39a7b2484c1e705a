"""Commands of this module are being written; see scaninbox.cli.main for the registry."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds this module's commands (none yet)."""
