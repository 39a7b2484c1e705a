"""Saving and opening a case's files: safe names, no half-written files, private copies.

File names come from the server: they are cut down to one harmless name before they touch a
folder (``scaninbox.api.safe_filename``, the rule the command line follows too), so nothing can
escape the folder the person chose. Copies are written beside their target under a temporary
name and renamed only when every file of a batch is complete; a failure removes what the batch
wrote. Files handed to other applications are copies in a private folder, so an external viewer
that saves cannot damage the verified cache.
"""

from __future__ import annotations

import re
import shutil
import threading
import time
import uuid
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices

from scaninbox.language import os_reason, translate
from scaninbox.paths import app_paths, ensure_private_dir
from scaninbox.qt.runtime import async_bridge

__all__ = [
    "SaveError",
    "external_copy",
    "open_with_system",
    "safe_filename",
    "save_copy",
    "save_files",
]

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_PART_SUFFIX = ".part"
_OPENED_KEEP_S = 24 * 3600


class SaveError(Exception):
    """Files could not be saved; nothing of the batch was left behind. The message says why."""


def safe_filename(name: str, fallback: str = "file") -> str:
    """One file name that cannot leave its folder or upset a file system.

    ``scaninbox.api.safe_filename`` (path parts dropped, characters Windows forbids become ``_``,
    invisible format characters such as a right-to-left override dropped, no leading dots or
    trailing dots/spaces, reserved device names prefixed, at most 200 bytes keeping the
    extension), except that control characters become ``_`` rather than vanish: a name the
    person reads should keep its word breaks.
    """
    # Imported here: the API package is not loaded before the window is on screen.
    from scaninbox.api.filenames import safe_filename as portable_name

    return portable_name(_CONTROL.sub("_", name), fallback=fallback)


def save_files(
    sources: Sequence[tuple[Path, str]], folder: Path, *, stop: threading.Event | None = None
) -> list[Path]:
    """Copy each ``(local_path, name)`` into ``folder`` under a safe, unused name; all or nothing.

    Existing files are never overwritten: a clashing name becomes ``name (2).ext``. Blocking: run
    it in a worker thread; setting ``stop`` before the copies are complete undoes them (SaveError).
    Returns the saved paths in the order given.
    """
    from scaninbox.api.filenames import dedupe_filename

    if not folder.is_dir():
        raise SaveError(
            translate("FileActions", "The folder {folder} does not exist.").format(folder=folder)
        )
    # Compared without case: a USB stick's FAT file system would merge PHOTO.JPG and photo.jpg.
    taken = {entry.name.casefold() for entry in folder.iterdir()}
    targets = [folder / dedupe_filename(safe_filename(name), taken) for _, name in sources]
    parts: list[Path] = []
    done: list[Path] = []
    try:
        for (source, _), target in zip(sources, targets, strict=True):
            part = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}{_PART_SUFFIX}")
            parts.append(part)
            if stop is not None and stop.is_set():
                raise InterruptedError(0, "saving was stopped")
            shutil.copyfile(source, part)
        if stop is not None and stop.is_set():
            raise InterruptedError(0, "saving was stopped")
        for part, target in zip(parts, targets, strict=True):
            part.replace(target)
            done.append(target)
    except OSError as error:
        for leftover in [*parts, *done]:
            leftover.unlink(missing_ok=True)
        reason = os_reason(error)
        raise SaveError(
            translate("FileActions", "Nothing was saved to {folder}: {reason}.").format(
                folder=folder, reason=reason
            )
        ) from error
    return targets


def save_copy(source: Path, target: Path) -> Path:
    """Copy ``source`` to exactly ``target`` (the person confirmed any overwrite); atomic.

    Blocking: run it in a worker thread.
    """
    part = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}{_PART_SUFFIX}")
    try:
        shutil.copyfile(source, part)
        part.replace(target)
    except OSError as error:
        part.unlink(missing_ok=True)
        reason = os_reason(error)
        raise SaveError(
            translate("FileActions", "{file} was not saved: {reason}.").format(
                file=target.name, reason=reason
            )
        ) from error
    return target


def external_copy(source: Path, name: str) -> Path:
    """A private copy of ``source`` named ``name`` for another application to open.

    The cache keeps files under names of its own (an external application needs the extension),
    and a viewer that saves must not change the cached original. Blocking: run it in a thread.
    """
    root = ensure_private_dir(app_paths().cache_dir / "opened")
    _prune(root)
    # A folder per opening: an application may still hold an earlier copy open.
    folder = ensure_private_dir(root / uuid.uuid4().hex[:12])
    target = folder / safe_filename(name)
    part = folder / f".{target.name}{_PART_SUFFIX}"
    try:
        shutil.copyfile(source, part)
        part.replace(target)
    except OSError:
        part.unlink(missing_ok=True)
        raise
    return target


async def open_with_system(path: Path, name: str) -> str | None:
    """Hand a private copy of ``path``, named ``name``, to the application the system opens
    such files with. None when it was handed over, else what went wrong in plain words."""
    try:
        copy = await async_bridge.to_thread(external_copy, path, name)
    except OSError as error:
        return translate("FileActions", "{file} could not be opened: {reason}.").format(
            file=name, reason=os_reason(error)
        )
    if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(copy))):
        return translate("FileActions", "No application on this computer opens {file}.").format(
            file=name
        )
    return None


def _prune(root: Path) -> None:
    """Remove copies handed out more than a day ago (patient data should not pile up)."""
    cutoff = time.time() - _OPENED_KEEP_S
    for folder in root.iterdir():
        try:
            if folder.is_dir() and folder.stat().st_mtime < cutoff:
                shutil.rmtree(folder)
        except OSError:
            continue  # still open elsewhere (Windows) or already gone: try again next time
