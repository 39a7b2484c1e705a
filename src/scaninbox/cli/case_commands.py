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
from pathlib import Path

from scaninbox.cli.arguments import positive_int
from scaninbox.cli.deferred import deferred

__all__ = ["register"]

_HANDLERS = "scaninbox.cli.case_handlers"


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
    cases.add_argument("--json", action="store_true", help="print one JSON array of cases")
    cases.set_defaults(handler=deferred(_HANDLERS, "run_cases"))

    case = subparsers.add_parser("case", help="show one case in detail")
    case.add_argument("ref", metavar="REF", help="the case's guid, or its numeric id")
    case.add_argument("--json", action="store_true", help="print the case's JSON")
    case.set_defaults(handler=deferred(_HANDLERS, "run_case"))

    download = subparsers.add_parser(
        "download", help="download a case's scans, order form and attachments"
    )
    download.add_argument("ref", metavar="REF", help="the case's guid, or its numeric id")
    download.add_argument("--dest", metavar="DIR", type=Path, help="folder (default: ./REF/)")
    download.set_defaults(handler=deferred(_HANDLERS, "run_download"))
