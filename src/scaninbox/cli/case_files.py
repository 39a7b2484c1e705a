"""Which files a case has, under which local names, and in which folder they are saved.

Shared by every way of getting a case's files (downloading them, copying them from the local
store): the scan files, the order form and the miscellaneous attachments, each under a safe name
(``scaninbox.api.safe_filename``), numbered " (2)", " (3)"… when two names collide. They go into
the case's own folder inside the one asked for (``case_folder``: named by the settings'
``download.folder_template``), where nothing already there is ever replaced.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scaninbox.api import (
    case_folder_name,
    check_folder_template,
    dedupe_filename,
    open_case_folder,
    remove_abandoned_parts,
    safe_filename,
)
from scaninbox.cli.errors import EXIT_USAGE, CliError
from scaninbox.domain import Case, FileKind
from scaninbox.store import FileSpec

__all__ = ["PlannedFile", "SkippedFile", "case_folder", "folder_template", "plan_case_files"]


@dataclass(frozen=True, slots=True)
class PlannedFile:
    """A file to fetch: its kind, the name and file type the service knows it by, the local name."""

    kind: FileKind
    server_name: str | None
    file_type: str | None
    local_name: str


@dataclass(frozen=True, slots=True)
class SkippedFile:
    """A file the case lists but that cannot be asked for, and why (one sentence)."""

    description: str
    reason: str

    def __str__(self) -> str:
        return f"Skipped {self.description}: {self.reason}."


def plan_case_files(case: Case) -> tuple[list[PlannedFile], list[SkippedFile]]:
    """Scan files first, then the order form, then attachments, with unique safe names."""
    taken: set[str] = set()
    planned: list[PlannedFile] = []
    skipped: list[SkippedFile] = []

    def add(kind: FileKind, name: str | None, file_type: str | None, fallback: str) -> None:
        local = dedupe_filename(safe_filename(name or "", fallback=fallback), taken)
        planned.append(PlannedFile(kind, name, file_type, local))

    for number, scan in enumerate(case.scan_files, start=1):
        if not scan.filename:
            skipped.append(SkippedFile(f"scan file {number}", "the service gives it no name"))
            continue
        # The store's rule for which scan files can be asked for, so the command line and the
        # file cache never disagree about a case's files.
        spec = FileSpec.of(FileKind.SCAN, scan.filename, scan.file_type)
        if spec is None:
            skipped.append(
                SkippedFile(
                    repr(scan.filename), "the service does not say which kind of file it is"
                )
            )
            continue
        add(FileKind.SCAN, scan.filename, spec.file_type, f"scan-{number}.{spec.file_type}")
    if case.order_form is not None:
        add(FileKind.ORDER_FORM, case.order_form.filename, None, "order-form.pdf")
    for number, misc in enumerate(case.misc_files, start=1):
        if not misc.filename:
            skipped.append(SkippedFile(f"attachment {number}", "the service gives it no name"))
            continue
        add(FileKind.MISC, misc.filename, None, f"attachment-{number}")
    return planned, skipped


def folder_template() -> str:
    """The settings' ``download.folder_template`` (checked), or the default."""
    from scaninbox.paths import app_paths
    from scaninbox.settings import load_settings

    template = load_settings(app_paths()).download_folder_template
    try:
        return check_folder_template(template)
    except ValueError as exc:
        raise CliError(f"download.folder_template in the settings: {exc}.", EXIT_USAGE) from None


def case_folder(parent: Path, case: Case, template: str) -> Path:
    """The case's folder inside ``parent`` (created when missing; a name taken by a file or a
    link gets a number), tidied of what a killed download left; CliError when it cannot be."""
    try:
        folder = open_case_folder(parent, case_folder_name(case, template))
    except OSError as exc:
        raise CliError(f"A folder in {parent} cannot be created: {exc.strerror or exc}.") from None
    remove_abandoned_parts(folder)
    return folder
