"""Saving a case's files into a person's folder without ever touching what was already there.

Shared by ``scaninbox download`` (from the service or the local store) and the window's "Save
all files", so both lay out folders alike and both keep the same promises:

- each case gets its own folder inside the chosen one, named by a template (``case_folder_name``;
  default ``{date}_{patient}_{external_id}``, e.g. ``2026-11-23_Jane Doe_EXT-1042``);
- a file is written under a temporary name (``new_part_file``: created exclusively, never through
  a symbolic link, locked while it is written) and published with ``place_file``, which never
  replaces an existing entry: a taken name becomes ``name (2).ext``, ``name (3).ext``… (unless
  the file there already holds exactly the same bytes: then it is kept and nothing is added);
- a symbolic link is never followed or replaced: a case folder name taken by a link or a file
  gets a number too;
- what a killed run left (its temporary files) is removed by the next run in that folder
  (``remove_abandoned_parts``), and only files of the temporary-name pattern whose writer is gone.

``save_copies`` does all of it for files already on this computer (the window's "Save all files"
from the cache, ``download --offline``); ``copy_file`` is one such copy. Blocking: run them in a
worker thread.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import secrets
import stat
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from scaninbox.api.filenames import dedupe_filename, safe_filename
from scaninbox.domain import Case
from scaninbox.language import translate

__all__ = [
    "DEFAULT_FOLDER_TEMPLATE",
    "FOLDER_FIELDS",
    "case_folder_name",
    "check_folder_template",
    "copy_file",
    "new_part_file",
    "open_case_folder",
    "place_file",
    "remove_abandoned_parts",
    "save_copies",
]

DEFAULT_FOLDER_TEMPLATE = "{date}_{patient}_{external_id}"
FOLDER_FIELDS = ("date", "patient", "external_id", "ref", "source")
_FIELD = re.compile(r"\{([^{}]*)\}")
_MAX_NUMBERED = 10_000
# ".{name}.{12 hex}.part": the only names remove_abandoned_parts may delete.
_PART = re.compile(r"^\..+\.[0-9a-f]{12}\.part$", re.DOTALL)
# A temporary file younger than this may belong to a writer that has not locked it yet.
_PART_MIN_AGE_S = 2.0
# No hard links here (FAT/exFAT sticks, some network shares): publish by reserve-then-rename.
_NO_LINKS = {errno.EPERM, errno.EXDEV, errno.ENOSYS, getattr(errno, "ENOTSUP", -1)}
_NO_LINKS.add(getattr(errno, "EOPNOTSUPP", -1))


def save_copies(
    sources: Sequence[tuple[Path, str]],
    parent: Path,
    case: Case,
    template: str = DEFAULT_FOLDER_TEMPLATE,
) -> list[Path]:
    """Copy each ``(local file, file name)`` into ``case``'s folder in ``parent``; where each
    went, in order. The names should be safe already (``safe_filename``, ``dedupe_filename``).

    OSError when the folder or a copy cannot be made; the copies finished before stay (each
    file is complete or absent), nothing that was there is touched.
    """
    folder = open_case_folder(parent, case_folder_name(case, template))
    remove_abandoned_parts(folder)
    return [copy_file(source, folder, name) for source, name in sources]


def copy_file(source: Path, folder: Path, name: str) -> Path:
    """Copy ``source`` into ``folder`` as ``name`` without replacing anything (``place_file``:
    a number when taken, nothing added when the same bytes are there); where it went."""
    fd, part = new_part_file(folder, name)
    try:
        digest = hashlib.sha256()
        with source.open("rb") as src, os.fdopen(fd, "wb") as out:
            for block in iter(lambda: src.read(1024 * 1024), b""):
                out.write(block)
                digest.update(block)
            out.flush()
            os.fsync(out.fileno())
        return place_file(part, folder, name, sha256=digest.hexdigest())
    except BaseException:
        part.unlink(missing_ok=True)
        raise


def check_folder_template(template: str) -> str:
    """``template`` when every ``{field}`` in it is known; ValueError naming the unknown one."""
    for name in _FIELD.findall(template):
        if name not in FOLDER_FIELDS:
            known = ", ".join("{" + f + "}" for f in FOLDER_FIELDS)
            raise ValueError(
                translate(
                    "ApiError", "The folder template uses {field}; it may use {known}"
                ).format(field="{" + name + "}", known=known)
            )
    if not _FIELD.search(template):
        raise ValueError(
            translate(
                "ApiError", "The folder template must use at least one field, e.g. {example}"
            ).format(example="{ref}")
        )
    return template


def case_folder_name(case: Case, template: str = DEFAULT_FOLDER_TEMPLATE) -> str:
    """The folder name for ``case``: the template filled in, made one safe file name.

    ``{date}`` is the day the case was received, in this computer's time zone (as the lists show
    it).
    A field the case lacks is left out with the separator before it; ``{external_id}`` falls
    back to the case's reference (so two cases of one patient on one day stay apart); an
    all-empty result is the reference.
    """
    received = case.received_at.astimezone().date().isoformat() if case.received_at else ""
    values = {
        "date": received,
        "patient": case.patient_name or "",
        "external_id": case.external_id or str(case.ref),
        "ref": str(case.ref),
        "source": case.source or "",
    }
    pieces: list[str] = []
    position = 0
    for match in _FIELD.finditer(check_folder_template(template)):
        literal = template[position : match.start()]
        value = " ".join(values[match[1]].split())
        if value:
            pieces.append(literal if pieces else literal.lstrip(" _-."))
            pieces.append(value)
        position = match.end()
    pieces.append(template[position:] if pieces else "")
    # One folder, never nested ones: a slash from the template or the server is a separator.
    flat = re.sub(r"[\\/]", "_", "".join(pieces))
    return safe_filename(flat, fallback=str(case.ref))


def open_case_folder(parent: Path, name: str) -> Path:
    """``parent``/``name`` as a real folder (created when missing, with ``parent``).

    An entry of that name that is a symbolic link or not a folder is left alone and the next
    free numbered name is used instead. OSError when the folder cannot be created.
    """
    parent.mkdir(parents=True, exist_ok=True)
    taken: set[str] = set()
    for _ in range(_MAX_NUMBERED):
        candidate = parent / dedupe_filename(name, taken)
        try:
            candidate.mkdir(mode=0o700)
            return candidate
        except FileExistsError:
            info = candidate.lstat()
            if stat.S_ISDIR(info.st_mode):  # a real folder (lstat: never a link to one)
                return candidate
    raise FileExistsError(errno.EEXIST, "too many folders of that name", str(parent / name))


def new_part_file(folder: Path, name: str) -> tuple[int, Path]:
    """A new, locked, private temporary file beside where ``name`` will be placed: (fd, path).

    Created exclusively and never through a symbolic link. The lock lasts while the descriptor
    is open, so ``remove_abandoned_parts`` can tell a writer that died from one still writing.
    """
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    flags |= getattr(os, "O_BINARY", 0)
    path = folder / f".{name[:60]}.{secrets.token_hex(6)}.part"
    fd = os.open(path, flags, 0o600)
    _lock(fd)
    return fd, path


def place_file(part: Path, folder: Path, name: str, *, sha256: str | None = None) -> Path:
    """Publish the finished ``part`` as ``folder``/``name``, or a numbered name when taken.

    Never replaces an existing file, folder or symbolic link (a hard link fails when the name
    exists; without hard links the name is first reserved with an exclusive create). With
    ``sha256`` (the part's), a regular file under one of those names that already holds exactly
    these bytes is kept instead of adding a copy, so downloading a case again adds nothing.
    Returns where the file is now; ``part`` is gone.
    """
    taken: set[str] = set()
    for _ in range(_MAX_NUMBERED):
        target = folder / dedupe_filename(name, taken)
        try:
            os.link(part, target, follow_symlinks=False)
        except FileExistsError:
            if sha256 is not None and _same_file(target, part, sha256):
                part.unlink()
                return target
            continue
        except OSError as exc:
            if exc.errno not in _NO_LINKS and sys.platform != "win32":
                raise
            if not _reserve(target):
                continue
            part.replace(target)  # replaces only the empty file reserved just now
            return target
        part.unlink()
        return target
    raise FileExistsError(errno.EEXIST, "too many files of that name", str(folder / name))


def remove_abandoned_parts(folder: Path) -> int:
    """Delete temporary files a killed run left in ``folder``; returns how many.

    Only regular files named like ``new_part_file``'s, older than two seconds, whose lock no
    living process holds (on Windows: that can be deleted, which an open file cannot).
    """
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    now = time.time()
    for entry in entries:
        if not _PART.match(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < _PART_MIN_AGE_S:
                continue
            if _abandoned(Path(entry.path)):
                Path(entry.path).unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _same_file(existing: Path, part: Path, sha256: str) -> bool:
    """True when ``existing`` is a regular file (not a link) with ``part``'s size and hash."""
    try:
        info = existing.lstat()
        if not stat.S_ISREG(info.st_mode) or info.st_size != part.stat().st_size:
            return False
        digest = hashlib.sha256()
        fd = os.open(
            existing, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        )
        with os.fdopen(fd, "rb") as handle:
            for block in iter(lambda: handle.read(1024 * 1024), b""):
                digest.update(block)
    except OSError:
        return False
    return digest.hexdigest() == sha256


def _reserve(target: Path) -> bool:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        os.close(os.open(target, flags, 0o600))
    except FileExistsError:
        return False
    return True


def _abandoned(path: Path) -> bool:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        return True  # the unlink that follows fails while a writer holds it open
    import fcntl

    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False  # its writer is alive
    finally:
        os.close(fd)
    return True


def _lock(fd: int) -> None:
    if sys.platform == "win32":  # pragma: no cover - an open file cannot be deleted there
        return
    import fcntl

    with contextlib.suppress(OSError):  # a file system without locks: the age rule remains
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
