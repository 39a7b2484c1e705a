"""Reading what people type on the command line: case references, dates, counts and sizes.

Every command reads its arguments through these, so the same mistake gets the same plain
sentence (exit code 2) whichever command it was made in. The command modules import this one
while the parser is built; the domain's types load when a reference is read, not before.
"""

from __future__ import annotations

import argparse
import re
from datetime import date
from typing import TYPE_CHECKING

from scaninbox.cli.errors import EXIT_USAGE, CliError

if TYPE_CHECKING:
    from scaninbox.domain import CaseRef

__all__ = ["byte_size", "case_ref", "iso_date", "positive_int"]

# date.fromisoformat also takes 20260331 and week dates; people mean YYYY-MM-DD.
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_SIZE = re.compile(r"(\d+(?:\.\d+)?)\s*([KMGT]?)B?", re.IGNORECASE)


def case_ref(text: str) -> CaseRef:
    """A case guid, or a numeric id (the variant shape)."""
    from scaninbox.domain import CaseRef

    try:
        return CaseRef.parse(text)
    except ValueError:
        raise CliError(
            f"{text!r} is neither a case guid nor a numeric case id.", EXIT_USAGE
        ) from None


def iso_date(text: str | None, option: str) -> date | None:
    """The date given to ``option`` (YYYY-MM-DD), or None when the option was not given."""
    if text is None:
        return None
    try:
        if not _ISO_DATE.fullmatch(text.strip()):
            raise ValueError(text)
        return date.fromisoformat(text.strip())
    except ValueError:
        raise CliError(
            f"{option} needs a date like 2026-03-31, not {text!r}.", EXIT_USAGE
        ) from None


def positive_int(text: str) -> int:
    """An argparse ``type``: a whole number from 1 up."""
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 1 up")
    return int(text)


def byte_size(text: str) -> int:
    """An argparse ``type``: a size like 500MB or 2GB, in decimal units as sizes are printed."""
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 500MB or 2GB")
    power = " KMGT".index(match[2].upper() or " ")
    return int(float(match[1]) * 1000**power)
