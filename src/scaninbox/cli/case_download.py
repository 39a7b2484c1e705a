"""``scaninbox download`` online: every file of a case from the service into its own folder.

Each file is asked for by a fresh signed link and streamed by ``ApiClient.download`` (temporary
file, length check, published without replacing anything), so a failure leaves no partial file
and never touches a file that was already there. A file the service refuses (gone, another
organisation), whose link is unusable or that arrives broken is reported and the others still
come; a failure that would hit every next file too (network gone, a certificate refused, signed
out, disk) stops.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from scaninbox.api import ApiClient
from scaninbox.api.errors import DownloadError, ForbiddenError, NotFoundError, TransportError
from scaninbox.api.wire import SignedFileLink, UnifiedCase
from scaninbox.cli.case_files import PlannedFile, case_folder, plan_case_files
from scaninbox.cli.case_listing import readable_case, warn
from scaninbox.cli.errors import CliError, exit_code_for, plain_message
from scaninbox.cli.output import write_line
from scaninbox.cli.text_layout import Progress
from scaninbox.domain import CaseRef, FileKind, format_size

__all__ = ["download_case_files"]


async def download_case_files(
    client: ApiClient, ref: CaseRef, wire: UnifiedCase, parent: Path, template: str
) -> int:
    """Download the files of the case ``wire`` (fetched as ``ref``) into its folder in
    ``parent``, named by ``template``."""
    case = readable_case(wire)
    planned, skipped = plan_case_files(case)
    for note in skipped:
        warn(str(note))
    if not planned:
        write_line(f"Case {ref} has no files to download.")
        return 0
    dest = await asyncio.to_thread(case_folder, parent, case, template)
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
            # This disk, or storage out of reach: the next files would fail the same way.
            if isinstance(exc, TransportError) or (isinstance(exc, DownloadError) and exc.local):
                raise CliError(_failed(item, exc), exit_code_for(exc)) from None
            warn(_failed(item, exc))
            failures.append((item, exc))
            continue
        except Exception as exc:
            progress.done()
            # Network gone or signed out: the next files would fail the same way.
            raise CliError(_failed(item, exc), exit_code_for(exc)) from exc
        progress.done()
        write_line(f"{result.path}  ({format_size(result.size_bytes)})")
    if failures:
        summary = (
            f"None of the {len(planned)} files could be downloaded."
            if len(failures) == len(planned)
            else f"{len(failures)} of {len(planned)} files could not be downloaded; the others "
            f"are in {dest}."
        )
        raise CliError(summary, exit_code_for(failures[0][1]))
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
        of_total = f" of {format_size(total)}" if total else ""
        progress.show(f"{name}: {format_size(done)}{of_total}")

    return show


def _failed(item: PlannedFile, exc: BaseException) -> str:
    name = item.server_name or item.local_name
    return f"Could not download {name!r}: {plain_message(exc)}"
