"""A listing of cases, from the service or from the local store, and how ``cases`` shows it.

Both sources fill the same ``CaseListing`` with cases as received (wire models), so the table
and ``--json`` (``UnifiedCase.wire_dict``: the spec's member names) are the same whichever
source answered.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from scaninbox.api import to_case
from scaninbox.api.wire import UnifiedCase
from scaninbox.cli.errors import EXIT_NETWORK, CliError
from scaninbox.cli.output import case_table, print_json, write_error, write_line
from scaninbox.cli.text_layout import terminal_width
from scaninbox.domain import Case

__all__ = ["CaseListing", "readable_case", "show_cases", "warn"]

_log = logging.getLogger(__name__)


@dataclass
class CaseListing:
    """Cases to show, what could not be read (one sentence each), how many match in all."""

    cases: list[UnifiedCase] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)
    total: int = 0
    page: int = 1
    page_size: int = 0
    complete: bool = False


def show_cases(listing: CaseListing, *, as_json: bool) -> int:
    """Print a listing (table or JSON); unreadable cases go to stderr, one line each."""
    readable: list[tuple[UnifiedCase, Case]] = []
    notes = list(listing.unreadable)
    for index, wire in enumerate(listing.cases):
        try:
            readable.append((wire, to_case(wire)))
        except ValueError as exc:
            notes.append(f"The case at position {index + 1} is left out: {exc}.")
        except Exception as exc:  # one case must not sink the listing (issue 9)
            _log.warning("case at position %d not shown", index + 1, exc_info=True)
            notes.append(
                f"The case at position {index + 1} could not be read "
                f"({type(exc).__name__}) and is left out."
            )
    if as_json:
        print_json([wire.wire_dict() for wire, _case in readable])
        # Another page holds more (a case the service sent unreadably is not another page).
        received = len(listing.cases) + len(listing.unreadable)
        if not listing.complete and received < listing.total:
            notes.insert(0, _partial_json_note(listing))
    elif readable:
        write_line(case_table([c for _w, c in readable], terminal_width()))
        write_line(_footer(listing, len(readable)))
    else:
        write_line("No cases match.")
    for note in notes:
        warn(note)
    return 0


def readable_case(wire: UnifiedCase) -> Case:
    """The domain view of a case the service sent on its own; it must have a guid or id."""
    try:
        return to_case(wire)
    except Exception as exc:
        _log.warning("case not shown", exc_info=True)
        reason = str(exc) if isinstance(exc, ValueError) else type(exc).__name__
        raise CliError(
            f"The service sent the case in a form this program cannot read ({reason}).",
            EXIT_NETWORK,
        ) from None


def warn(text: str) -> None:
    """A warning on stderr (the command goes on)."""
    write_error(f"Warning: {text}")


def _partial_json_note(listing: CaseListing) -> str:
    pages = -(-listing.total // max(listing.page_size, 1))
    return (
        f"the JSON holds page {listing.page} of {pages} ({len(listing.cases)} of "
        f"{listing.total} cases); --all (or no --page and --page-size) gives every case."
    )


def _footer(listing: CaseListing, shown: int) -> str:
    noun = "case" if listing.total == 1 else "cases"
    if listing.complete or shown >= listing.total:
        return f"{shown} of {listing.total} {noun}."
    pages = -(-listing.total // max(listing.page_size, 1))
    return (
        f"{shown} of {listing.total} {noun} (page {listing.page} of {pages}; "
        "--page N for another page, --all for every case)."
    )
