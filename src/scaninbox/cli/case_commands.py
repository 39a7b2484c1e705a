"""``scaninbox cases``, ``case`` and ``download``: the organisation's cases and their files.

Each command answers from one of three sources and shows the answer the same way:

- the service (the default); what ``cases`` and ``case`` fetched is also kept in the local store
  (``FetchedCases``) so a later ``--offline`` has it;
- the local store with ``--offline`` (``local_cases.answer_offline``);
- the local store when the service cannot be reached (``local_cases.answer_locally_when_offline``,
  with a one-line note on stderr).

``cases --search TEXT`` is a full-text search of the store: online it syncs first.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from scaninbox.cli.arguments import case_ref, iso_date, positive_int
from scaninbox.cli.deferred import deferred
from scaninbox.cli.errors import EXIT_USAGE, CliError

if TYPE_CHECKING:
    from scaninbox.domain import CaseRef  # read by `case_ref` when the command runs

__all__ = ["CaseOptions", "CasesOptions", "DownloadOptions", "register"]

_HANDLERS = "scaninbox.cli.case_handlers"


@dataclass(frozen=True, slots=True, kw_only=True)
class CasesOptions:
    search: str = ""
    date_from: date | None = None
    date_to: date | None = None
    status: str | None = None
    page: int | None = None
    page_size: int | None = None
    all_pages: bool = False
    json: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> CasesOptions:
        date_from, date_to = iso_date(args.date_from, "--from"), iso_date(args.date_to, "--to")
        if date_from and date_to and date_from > date_to:
            raise CliError("--from must not be after --to.", EXIT_USAGE)
        text = (args.search or "").strip()
        if args.search is not None and not text:
            raise CliError("--search needs some text to look for.", EXIT_USAGE)
        return cls(
            search=text,
            date_from=date_from,
            date_to=date_to,
            status=args.status,
            page=args.page,
            page_size=args.page_size,
            # A script asking for JSON gets every case unless it asked for a page (of a size).
            all_pages=bool(args.all)
            or (bool(args.json) and args.page is None and args.page_size is None),
            json=bool(args.json),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class CaseOptions:
    ref: CaseRef
    json: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> CaseOptions:
        return cls(ref=case_ref(args.ref), json=bool(args.json))


@dataclass(frozen=True, slots=True, kw_only=True)
class DownloadOptions:
    ref: CaseRef
    dest: Path | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> DownloadOptions:
        return cls(ref=case_ref(args.ref), dest=args.dest)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cases = subparsers.add_parser("cases", help="list the organisation's cases")
    cases.add_argument(
        "--from", dest="date_from", metavar="YYYY-MM-DD", help="received on or after"
    )
    cases.add_argument("--to", dest="date_to", metavar="YYYY-MM-DD", help="received on or before")
    cases.add_argument("--status", metavar="S", help="only cases with this status (new, accepted)")
    cases.add_argument(
        "--search",
        metavar="TEXT",
        help="full-text search over patient, dentist, clinic, external id, remark and work "
        "(accents and case do not matter; a word matches its beginning); syncs first when online",
    )
    paging = cases.add_mutually_exclusive_group()
    paging.add_argument("--page", type=positive_int, metavar="N", help="page number (from 1)")
    paging.add_argument("--all", action="store_true", help="every page, not just one")
    cases.add_argument("--page-size", type=positive_int, metavar="N", help="cases per page")
    cases.add_argument(
        "--json",
        action="store_true",
        help="print one JSON array of cases: every case, unless --page or --page-size asks for "
        "one page (then stderr says when there are more)",
    )
    cases.set_defaults(handler=deferred(_HANDLERS, "run_cases", CasesOptions.from_args))

    case = subparsers.add_parser("case", help="show one case in detail")
    case.add_argument("ref", metavar="REF", help="the case's guid, or its numeric id")
    case.add_argument("--json", action="store_true", help="print the case's JSON")
    case.set_defaults(handler=deferred(_HANDLERS, "run_case", CaseOptions.from_args))

    download = subparsers.add_parser(
        "download", help="download a case's scans, order form and attachments"
    )
    download.add_argument("ref", metavar="REF", help="the case's guid, or its numeric id")
    download.add_argument("--dest", metavar="DIR", type=Path, help="folder (default: ./REF/)")
    download.set_defaults(handler=deferred(_HANDLERS, "run_download", DownloadOptions.from_args))
