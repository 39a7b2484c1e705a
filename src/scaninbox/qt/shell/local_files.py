"""Scan files from this computer shown as a pseudo-case: ``scaninbox gui FILE…`` and
File › Open scan files….

No sign-in and no store: the files are read where they are. `local_case` turns the paths into a
`Case` the 3D viewport understands — one scan per file, its jaw from the file name where the name
says so (`scaninbox.domain.jaw_from_name`: "…_UpperJaw.stl", "LJ.ply"), otherwise none, drawn in
the neutral colour. The case names no portal axis mapping, so the viewport estimates the
orientation (`scaninbox.scans.auto_orient`) and its note says so. `LocalScanFiles` is the
viewport's file provider: every file is "cached" at its own path, and one that vanished since
says so in plain words on its row.

The window that shows them is `scaninbox.qt.shell.local_files_window`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from scaninbox.domain import Case, CaseRef, FileKind, Jaw, ScanFile, jaw_from_name
from scaninbox.language import os_reason, translate
from scaninbox.qt.files import ProgressCallback
from scaninbox.qt.runtime import async_bridge

__all__ = [
    "LOCAL_SOURCE",
    "LocalFileMissingError",
    "LocalScanFiles",
    "OpenedFiles",
    "check_paths",
    "local_case",
]

# Stands where a portal's name would: the viewport's orientation note reads "No axis mapping for
# local files — orientation estimated from the scan".
LOCAL_SOURCE = "local files"
_numbers = itertools.count(1)


class LocalFileMissingError(Exception):
    """A local scan file is gone or unreadable; the message is for the person."""


@dataclass(frozen=True, slots=True)
class OpenedFiles:
    """What `check_paths` found: the files to show, and one plain sentence per file that
    cannot be opened."""

    paths: tuple[Path, ...]
    problems: tuple[str, ...]


def check_paths(paths: Iterable[Path]) -> OpenedFiles:
    """Split ``paths`` into files that can be opened and plain-words problems (missing, a
    folder, unreadable). Touches the file system: call it off the GUI thread."""
    good: list[Path] = []
    problems: list[str] = []
    for given in paths:
        path = given.expanduser().absolute()
        try:
            if not path.exists():
                problems.append(
                    translate("LocalFiles", "{path}: there is no such file.").format(path=path)
                )
            elif path.is_dir():
                problems.append(
                    translate("LocalFiles", "{path} is a folder, not a scan file.").format(
                        path=path
                    )
                )
            elif path.stat().st_size == 0:
                problems.append(
                    translate("LocalFiles", "{path} is empty (0 bytes): it is not a scan.").format(
                        path=path
                    )
                )
            else:
                with path.open("rb"):
                    pass
                good.append(path)
        except OSError as exc:
            problems.append(
                translate("LocalFiles", "{path} cannot be opened: {reason}.").format(
                    path=path, reason=os_reason(exc)
                )
            )
    return OpenedFiles(tuple(dict.fromkeys(good)), tuple(problems))


def local_case(paths: Sequence[Path]) -> tuple[Case, dict[str, Path]]:
    """A pseudo-case of ``paths`` (one scan each, in the given order) and the path behind each
    of its file names. Two files with the same name get "(2)", "(3)"… before the suffix."""
    files: dict[str, Path] = {}
    scans = []
    for path in paths:
        name = _unique(path.name, files)
        files[name] = path
        suffix = path.suffix.lower().lstrip(".")
        scans.append(
            ScanFile(
                filename=name,
                file_type=suffix or None,
                scan_type=None,
                jaw=jaw_from_name(path.name) or Jaw.NONE,
            )
        )
    ref = CaseRef(f"local-files-{next(_numbers)}")
    return Case(ref=ref, source=LOCAL_SOURCE, scan_files=tuple(scans)), files


def _unique(name: str, taken: dict[str, Path]) -> str:
    if name not in taken:
        return name
    stem, dot, suffix = name.rpartition(".")
    if not dot:
        stem, suffix = name, ""
    for number in itertools.count(2):
        candidate = f"{stem} ({number}){dot}{suffix}"
        if candidate not in taken:
            return candidate
    raise AssertionError("unreachable")


class LocalScanFiles:
    """The viewport's provider for local files: each file is already "on this computer"."""

    def __init__(self) -> None:
        self._files: dict[tuple[CaseRef, str], Path] = {}

    def add(self, case: Case, files: dict[str, Path]) -> None:
        for name, path in files.items():
            self._files[(case.ref, name)] = path

    def cached_path(
        self, ref: CaseRef, kind: FileKind, filename: str, file_type: str | None
    ) -> Path | None:
        return self._files.get((ref, filename))

    async def fetch(
        self,
        ref: CaseRef,
        kind: FileKind,
        filename: str,
        file_type: str | None,
        progress: ProgressCallback,
    ) -> Path:
        # Reached when the file is gone since it was opened, or when reading it failed and the
        # loader asks for a verified copy: the file itself is the only copy, so it is given
        # again and the reader says what is wrong with it.
        path = self._files.get((ref, filename))
        if path is not None and await async_bridge.to_thread(path.is_file):
            return path
        where = str(path) if path is not None else filename
        raise LocalFileMissingError(
            translate("LocalFiles", "{path} is no longer there (moved or deleted?).").format(
                path=where
            )
        )
