"""``scaninbox cases``, ``case`` and ``download``: the organisation's cases and their files.

Each command is split into fetching (from the service through ``run_online``) and showing
(``show_cases``, ``show_case``, functions over data), so another source of cases — the local
store for ``--offline`` — can feed the same output.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from scaninbox.api import ApiClient, MalformedCase, safe_filename
from scaninbox.api.convert import to_case
from scaninbox.api.errors import DownloadError, ForbiddenError, NotFoundError
from scaninbox.api.wire import SignedFileLink, UnifiedCase
from scaninbox.cli.case_files import PlannedFile, plan_case_files
from scaninbox.cli.errors import EXIT_USAGE, CliError, exit_code_for, plain_message
from scaninbox.cli.output import case_detail, case_table, print_json, write_line
from scaninbox.cli.session import run_online
from scaninbox.cli.text_layout import Progress, human_size, terminal_width
from scaninbox.domain import Case, CaseRef, FileKind

__all__ = ["CaseListing", "register", "show_case", "show_cases"]

_log = logging.getLogger(__name__)
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cases = subparsers.add_parser("cases", help="list the organisation's cases")
    cases.add_argument(
        "--from", dest="date_from", metavar="YYYY-MM-DD", help="received on or after"
    )
    cases.add_argument("--to", dest="date_to", metavar="YYYY-MM-DD", help="received on or before")
    cases.add_argument("--status", metavar="S", help="only cases with this status (new, accepted)")
    paging = cases.add_mutually_exclusive_group()
    paging.add_argument("--page", type=_positive, metavar="N", help="page number (from 1)")
    paging.add_argument("--all", action="store_true", help="every page, not just one")
    cases.add_argument("--page-size", type=_positive, metavar="N", help="cases per page")
    cases.add_argument("--json", action="store_true", help="print one JSON array of cases")
    cases.set_defaults(handler=_cases)

    case = subparsers.add_parser("case", help="show one case in detail")
    case.add_argument("ref", metavar="REF", help="the case's guid, or its numeric id")
    case.add_argument("--json", action="store_true", help="print the case's JSON")
    case.set_defaults(handler=_case)

    download = subparsers.add_parser(
        "download", help="download a case's scans, order form and attachments"
    )
    download.add_argument("ref", metavar="REF", help="the case's guid, or its numeric id")
    download.add_argument("--dest", metavar="DIR", type=Path, help="folder (default: ./REF/)")
    download.set_defaults(handler=_download)


# ------------------------------------------------------------------ cases


@dataclass
class CaseListing:
    """Cases to show, what could not be read, and how many the source has in all."""

    cases: list[UnifiedCase] = field(default_factory=list)
    malformed: list[MalformedCase] = field(default_factory=list)
    total: int = 0
    page: int = 1
    page_size: int = 0
    complete: bool = False


def show_cases(listing: CaseListing, *, as_json: bool) -> int:
    """Print a listing (table or JSON); unreadable cases go to stderr, one line each."""
    readable: list[tuple[UnifiedCase, Case]] = []
    notes = [str(m) for m in listing.malformed]
    for index, wire in enumerate(listing.cases):
        try:
            readable.append((wire, to_case(wire)))
        except ValueError:
            notes.append(f"The case at position {index + 1} has no guid or id and is left out.")
    if as_json:
        print_json([wire.wire_dict() for wire, _case in readable])
    elif readable:
        write_line(case_table([c for _w, c in readable], terminal_width()))
        write_line(_footer(listing, len(readable)))
    else:
        write_line("No cases match.")
    for note in notes:
        _warn(note)
    return 0


def _footer(listing: CaseListing, shown: int) -> str:
    noun = "case" if listing.total == 1 else "cases"
    if listing.complete or shown >= listing.total:
        return f"{shown} of {listing.total} {noun}."
    pages = -(-listing.total // max(listing.page_size, 1))
    return (
        f"{shown} of {listing.total} {noun} (page {listing.page} of {pages}; "
        "--page N for another page, --all for every case)."
    )


def _cases(args: argparse.Namespace) -> int:
    _refuse_offline(args)
    date_from, date_to = _date(args.date_from, "--from"), _date(args.date_to, "--to")
    if date_from and date_to and date_from > date_to:
        raise CliError("--from must not be after --to.", EXIT_USAGE)

    async def fetch(client: ApiClient) -> CaseListing:
        if not args.all:
            page = await client.list_cases(
                page=args.page,
                page_size=args.page_size,
                date_from=date_from,
                date_to=date_to,
                status=args.status,
            )
            return CaseListing(page.items, page.malformed, page.total, page.page, page.page_size)
        listing = CaseListing(complete=True)
        progress = Progress()
        async for page in client.iter_case_pages(
            page_size=args.page_size or 100,
            date_from=date_from,
            date_to=date_to,
            status=args.status,
        ):
            listing.cases += page.items
            listing.malformed += page.malformed
            listing.total, listing.page_size = page.total, page.page_size
            progress.show(f"Fetching cases: {len(listing.cases)} of {page.total}…")
        progress.done()
        return listing

    return show_cases(run_online(args, fetch), as_json=args.json)


# ------------------------------------------------------------------ case


def show_case(case: UnifiedCase, *, as_json: bool) -> int:
    if as_json:
        print_json(case.wire_dict())
        return 0
    try:
        write_line(case_detail(to_case(case)))
    except ValueError:
        raise CliError("The service sent the case without a guid or id.", 5) from None
    return 0


def _case(args: argparse.Namespace) -> int:
    _refuse_offline(args)
    ref = _ref(args.ref)
    return show_case(run_online(args, lambda client: client.get_case(ref)), as_json=args.json)


# ------------------------------------------------------------------ download


def _download(args: argparse.Namespace) -> int:
    _refuse_offline(args)
    ref = _ref(args.ref)
    dest: Path = args.dest if args.dest is not None else Path.cwd() / safe_filename(str(ref))
    return run_online(args, lambda client: _download_all(client, ref, dest))


async def _download_all(client: ApiClient, ref: CaseRef, dest: Path) -> int:
    case = to_case(await client.get_case(ref))
    planned, skipped = plan_case_files(case)
    for note in skipped:
        _warn(str(note))
    if not planned:
        write_line(f"Case {ref} has no files to download.")
        return 0
    try:
        await asyncio.to_thread(dest.mkdir, parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"The folder {dest} cannot be created: {exc.strerror or exc}.") from None
    failures: list[tuple[PlannedFile, Exception]] = []
    progress = Progress()
    for item in planned:
        try:
            result = await client.download(
                _link_getter(client, ref, item),
                dest / item.local_name,
                progress=_progress_line(progress, item.local_name),
            )
        except (DownloadError, NotFoundError, ForbiddenError) as exc:
            progress.done()
            if isinstance(exc, DownloadError) and exc.local:
                raise CliError(_failed(item, exc), exit_code_for(exc)) from None
            _warn(_failed(item, exc))
            failures.append((item, exc))
            continue
        except Exception as exc:
            progress.done()
            # Network gone or signed out: the next files would fail the same way.
            raise CliError(_failed(item, exc), exit_code_for(exc)) from exc
        progress.done()
        write_line(f"{result.path}  ({human_size(result.size_bytes)})")
    if failures:
        raise CliError(
            f"{len(failures)} of {len(planned)} files could not be downloaded; the others are "
            f"in {dest}.",
            exit_code_for(failures[0][1]),
        )
    return 0


def _link_getter(
    client: ApiClient, ref: CaseRef, item: PlannedFile
) -> Callable[[], Awaitable[SignedFileLink]]:
    async def get_link() -> SignedFileLink:
        if item.kind is FileKind.SCAN:
            return await client.scan_file_link(ref, item.server_name or "", item.file_type or "")
        if item.kind is FileKind.ORDER_FORM:
            return await client.order_form_link(ref)
        return await client.misc_file_link(ref, item.server_name or "")

    return get_link


def _progress_line(progress: Progress, name: str) -> Callable[[int, int | None], None]:
    def show(done: int, total: int | None) -> None:
        of_total = f" of {human_size(total)}" if total else ""
        progress.show(f"{name}: {human_size(done)}{of_total}")

    return show


def _failed(item: PlannedFile, exc: BaseException) -> str:
    name = item.server_name or item.local_name
    return f"Could not download {name!r}: {plain_message(exc)}"


# ------------------------------------------------------------------ helpers


def _warn(text: str) -> None:
    print(f"Warning: {text}", file=sys.stderr)


def _refuse_offline(args: argparse.Namespace) -> None:
    if getattr(args, "offline", False):
        raise CliError(
            "--offline is not available for this command yet; it needs the service.", EXIT_USAGE
        )


def _ref(text: str) -> CaseRef:
    try:
        return CaseRef.parse(text)
    except ValueError:
        raise CliError(
            f"{text!r} is neither a case guid nor a numeric case id.", EXIT_USAGE
        ) from None


def _date(text: str | None, option: str) -> date | None:
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


def _positive(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 1 up")
    return int(text)
