"""Getting one file of a case through the provider, with failures turned into plain words.

The pane shows two kinds of trouble differently: "not available offline" (nothing to do but
connect) and everything else (say what happened, offer Retry). :class:`FileProblem` carries which.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from scaninbox.language import os_reason, translate
from scaninbox.qt.files.providers import (
    CaseFile,
    CaseFileProvider,
    FileUnavailableError,
    ProgressCallback,
)

__all__ = ["FileProblem", "cached_copy", "obtain", "obtain_all"]


@dataclass(frozen=True, slots=True)
class FileProblem(Exception):  # noqa: N818 - it is a condition shown to people, not a bug
    """Why a file could not be had, worded for the person looking at the pane."""

    message: str
    offline: bool = False

    def __str__(self) -> str:
        return self.message


def cached_copy(provider: CaseFileProvider, file: CaseFile) -> Path | None:
    """The local copy when the provider has one; never touches the network."""
    path = provider.cached_path(file.ref, file.kind, file.filename, file.file_type)
    return path if path is not None and path.is_file() else None


async def obtain(
    provider: CaseFileProvider, file: CaseFile, progress: ProgressCallback, *, refresh: bool
) -> Path:
    """A local copy of ``file``: the cached one unless ``refresh``, else fetched.

    Raises :class:`FileProblem`; cancellation passes through untouched.
    """
    if not refresh:
        path = cached_copy(provider, file)
        if path is not None:
            return path
    try:
        path = await provider.fetch(file.ref, file.kind, file.filename, file.file_type, progress)
    except FileUnavailableError as error:
        raise FileProblem(error.headline, offline=True) from error
    except Exception as error:
        raise FileProblem(_describe(error, file.filename)) from error
    if not path.is_file():
        raise FileProblem(
            translate("CaseFiles", "{file} could not be stored on this computer.").format(
                file=file.filename
            )
        )
    return path


def _describe(error: Exception, filename: str) -> str:
    text = str(error).strip()
    if isinstance(error, OSError) and (error.strerror or error.errno is not None):
        return translate(
            "CaseFiles", "{file} could not be saved on this computer: {reason}."
        ).format(file=filename, reason=os_reason(error))
    if text:
        return text if text.endswith((".", "!", "?")) else f"{text}."
    return translate("CaseFiles", "{file} could not be downloaded.").format(file=filename)


async def obtain_all(
    provider: CaseFileProvider,
    files: Sequence[CaseFile],
    progress: Callable[[int, CaseFile, int, int | None], None],
) -> list[Path]:
    """Local copies of every file, one after the other; stops at the first problem.

    ``progress(index, file, received_bytes, total_bytes)`` reports the file being fetched. The
    raised :class:`FileProblem` names the file.
    """
    paths = []
    for index, file in enumerate(files):
        progress(index, file, 0, None)
        report = functools.partial(progress, index, file)
        try:
            paths.append(await obtain(provider, file, report, refresh=False))
        except FileProblem as problem:
            message = problem.message
            if problem.offline:
                message = translate("CaseFiles", "{file} is not available offline.").format(
                    file=file.filename
                )
            elif file.filename not in message:
                message = f"{file.filename}: {message}"
            raise FileProblem(message, offline=problem.offline) from problem
    return paths
