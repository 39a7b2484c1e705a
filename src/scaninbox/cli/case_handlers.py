"""``scaninbox cases``, ``case`` and ``download`` at work (declared in ``case_commands``,
whose docstring says where the answers come from).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from scaninbox.api import ApiClient, IncompleteListingError
from scaninbox.api.wire import UnifiedCase
from scaninbox.cli.case_commands import CaseOptions, CasesOptions, DownloadOptions
from scaninbox.cli.case_download import download_case_files
from scaninbox.cli.case_files import folder_template
from scaninbox.cli.case_listing import CaseListing, readable_case, show_cases, warn
from scaninbox.cli.local_cases import (
    ListingQuery,
    answer_locally_when_offline,
    case_from_store,
    copy_cached_files,
    listing_from_store,
    search_listing,
)
from scaninbox.cli.local_store import FetchedCases
from scaninbox.cli.options import GlobalOptions
from scaninbox.cli.output import case_detail, print_json, write_line
from scaninbox.cli.ref_lookup import resolve_ref
from scaninbox.cli.session import SignedIn, run_online, run_signed_in
from scaninbox.cli.text_layout import Progress

__all__ = ["run_case", "run_cases", "run_download", "show_case"]


# ------------------------------------------------------------------ cases


def run_cases(options: GlobalOptions, command: CasesOptions) -> int:
    query = ListingQuery(
        command.search,
        command.date_from,
        command.date_to,
        command.status,
        command.page,
        command.page_size,
        command.all_pages,
    )
    listing = answer_locally_when_offline(
        options,
        lambda: search_listing(options, query) if query.text else _fetch_listing(options, query),
        lambda local: listing_from_store(local.store, query),
        doing="showing cases",
    )
    return show_cases(listing, as_json=command.json)


def _fetch_listing(options: GlobalOptions, query: ListingQuery) -> CaseListing:
    """A page (or every page) from the service, kept in the store as it comes."""

    async def fetch(session: SignedIn) -> CaseListing:
        client = session.client
        with FetchedCases(session.account) as fetched:
            if not query.all_pages:
                page = await client.list_cases(
                    page=query.page,
                    page_size=query.page_size,
                    date_from=query.date_from,
                    date_to=query.date_to,
                    status=query.status,
                )
                fetched.keep(page.items)
                unreadable = [str(m) for m in page.malformed]
                return CaseListing(page.items, unreadable, page.total, page.page, page.page_size)
            listing = CaseListing(complete=True)
            progress = Progress()
            try:
                async for page in client.iter_case_pages(
                    page_size=query.page_size or 100,
                    date_from=query.date_from,
                    date_to=query.date_to,
                    status=query.status,
                ):
                    fetched.keep(page.items)
                    listing.cases += page.items
                    listing.unreadable += [str(m) for m in page.malformed]
                    listing.total, listing.page_size = page.total, page.page_size
                    progress.show(f"Fetching cases: {len(listing.cases)} of {page.total}…")
            except IncompleteListingError as exc:
                # The pages read so far are shown; the warning says the list is cut short.
                listing.unreadable.insert(0, str(exc))
            finally:
                progress.done()
            return listing

    return _keep_status(run_signed_in(options, fetch), query.status)


def _keep_status(listing: CaseListing, status: str | None) -> CaseListing:
    """Apply ``--status`` here when the service did not.

    The numeric-id variant of the service has no status filter and answers with every case;
    a person who asked for one status still gets only that status.
    """
    if not status or all(case.status == status for case in listing.cases):
        return listing
    warn("this service does not filter by status; the cases were filtered here.")
    kept = [case for case in listing.cases if case.status == status]
    total = len(kept) if listing.complete else listing.total
    return replace(listing, cases=kept, total=total)


# ------------------------------------------------------------------ case


def show_case(case: UnifiedCase, *, as_json: bool, lab: dict[str, Any] | None = None) -> int:
    if as_json:
        print_json(case.wire_dict() if lab is None else {**case.wire_dict(), "lab": lab})
    else:
        write_line(case_detail(readable_case(case)))
    return 0


def run_case(options: GlobalOptions, command: CaseOptions) -> int:
    ref = resolve_ref(options, command.ref)

    async def fetch(session: SignedIn) -> UnifiedCase:
        wire = await session.client.get_case(ref)
        with FetchedCases(session.account) as fetched:
            fetched.keep([wire])
        return wire

    wire = answer_locally_when_offline(
        options,
        lambda: run_signed_in(options, fetch),
        lambda local: case_from_store(local, ref),
        doing=f"showing case {ref}",
        ref=ref,
    )
    from scaninbox.cli.lab_handlers import lab_for_case  # the lab hub's state, when configured

    return show_case(
        wire, as_json=command.json, lab=lab_for_case(options, ref) if command.json else None
    )


# ------------------------------------------------------------------ download


def run_download(options: GlobalOptions, command: DownloadOptions) -> int:
    ref = resolve_ref(options, command.ref)
    parent = command.dest if command.dest is not None else Path.cwd()
    template = folder_template()

    async def download(client: ApiClient) -> int:
        wire = await client.get_case(ref)
        return await download_case_files(client, ref, wire, parent, template)

    return answer_locally_when_offline(
        options,
        lambda: run_online(options, download),
        lambda local: copy_cached_files(local, ref, parent, template),
        doing=f"copying the files of case {ref} kept on this computer",
        ref=ref,
    )
