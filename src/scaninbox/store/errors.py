"""What can go wrong with the local store, in words a lab technician can act on.

::

    StoreError                  the local store cannot do what was asked
     ├── StoreVersionError      the database was written by a newer Scan Inbox (nothing is touched)
     ├── StoreCorruptError      the database file is damaged or is not a Scan Inbox store
     ├── StoreFullError         the disk is full: nothing is damaged, nothing should be cleared
     ├── NoLocalAccountError    offline, but no account has been synced on this computer yet
     └── NotCachedError         a case or file is not available offline
"""

from __future__ import annotations

import errno
import shutil
import sqlite3
from pathlib import Path

from scaninbox.language import os_reason, translate

__all__ = [
    "NoLocalAccountError",
    "NotCachedError",
    "StoreCorruptError",
    "StoreError",
    "StoreFullError",
    "StoreVersionError",
    "disk_full_error",
    "disk_is_full",
    "file_error_text",
    "storage_fault",
    "store_error",
]

# An I/O error of SQLite's with less than this free beside the database is the full disk:
# SQLite reports ENOSPC while sizing its shared memory or journal as SQLITE_IOERR, not FULL.
_NEARLY_FULL_BYTES = 1 << 20

# SQLite's primary result codes (the low byte of an extended code).
_SQLITE_PERM, _SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_READONLY = 3, 5, 6, 8
_SQLITE_IOERR, _SQLITE_CORRUPT, _SQLITE_FULL, _SQLITE_CANTOPEN, _SQLITE_NOTADB = 10, 11, 13, 14, 26
# BUSY/LOCKED: another program held the database past the busy timeout (another Scan Inbox, a
# command, a backup tool): the file's trouble, not the statement's.
_STORAGE_CODES = frozenset(
    {_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_CORRUPT, _SQLITE_FULL}
    | {_SQLITE_CANTOPEN, _SQLITE_NOTADB, _SQLITE_BUSY, _SQLITE_LOCKED}
)


class StoreError(Exception):
    """The local store cannot do what was asked; the message says why in plain words."""


class StoreVersionError(StoreError):
    """The database comes from a newer version of the program; it is left untouched."""


class StoreCorruptError(StoreError):
    """The database file cannot be read as a Scan Inbox store."""


class NoLocalAccountError(StoreError):
    """No synced account matches what was asked for while offline."""


class NotCachedError(StoreError):
    """What was asked for has not been downloaded to this computer."""


class StoreFullError(StoreError):
    """The disk (or the folder's quota) is full. The database is intact: free some space."""


def disk_is_full(exc: BaseException) -> bool:
    """SQLITE_FULL or ENOSPC/EDQUOT: the disk is full, nothing is damaged."""
    if isinstance(exc, sqlite3.Error):
        return (getattr(exc, "sqlite_errorcode", -1) & 0xFF) == _SQLITE_FULL
    return isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT)


def storage_fault(exc: sqlite3.Error) -> bool:
    """Whether SQLite failed because of the disk or the file (full, damaged, read-only, gone),
    rather than because of the statement (a bug, which stays an unexpected error)."""
    primary = getattr(exc, "sqlite_errorcode", -1) & 0xFF
    return primary in _STORAGE_CODES


def disk_full_error(what: str) -> StoreFullError:
    """The one sentence for a full disk; ``what`` names the file ("the local database …")."""
    return StoreFullError(
        translate(
            "StoreError",
            "The disk that holds {what} is full, so nothing more can be saved. Nothing stored "
            "was lost: free some disk space (or lower the offline cache limit) and try again.",
        ).format(what=what)
    )


def file_error_text(exc: OSError, name: str) -> str:
    """What went wrong keeping the file ``name`` (a scan, a PDF) in the local file cache, in
    words naming that file only: never the cache's own scratch or blob paths."""
    if disk_is_full(exc):
        return translate(
            "StoreError", "There is not enough disk space to keep {name} in the local file cache"
        ).format(name=repr(name))
    reason = os_reason(exc)
    return translate(
        "StoreError", "{name} could not be kept in the local file cache ({reason})"
    ).format(name=repr(name), reason=reason)


def store_error(exc: sqlite3.Error | OSError, path: Path | str) -> StoreError:
    """The plain-words error for what SQLite (or the file system) said about the database at
    ``path``. Only real damage (SQLITE_CORRUPT, SQLITE_NOTADB) advises removing local data: a
    full disk, a read-only folder or a disk error leave an intact database that holds pins."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    detail = str(exc).strip() or type(exc).__name__
    if disk_is_full(exc) or (primary == _SQLITE_IOERR and _nearly_full(Path(path).parent)):
        return disk_full_error(
            translate("StoreWhat", "the local database {path}").format(path=path)
        )
    # SQLite's own words stay in parentheses: they are what support looks for in the log.
    if primary in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
        return StoreCorruptError(
            translate(
                "StoreError",
                "The local database {path} is damaged or is not a Scan Inbox store ({detail}). "
                "Remove local data with `scaninbox cache clear` and sync again.",
            ).format(path=path, detail=detail)
        )
    return StoreError(_trouble(primary, exc, path, detail))


def _trouble(
    primary: int | None, exc: sqlite3.Error | OSError, path: Path | str, detail: str
) -> str:
    """What is wrong with an intact database at ``path``: locked, read-only, missing, a disk
    error, or something else SQLite said."""
    os_errno = exc.errno if isinstance(exc, OSError) else None
    if primary in (_SQLITE_BUSY, _SQLITE_LOCKED):
        text = translate(
            "StoreError",
            "The local database {path} is in use by another program and stayed locked "
            "({detail}): wait until that program (a sync or a command of Scan Inbox, a backup) "
            "has finished, or close it, and try again.",
        )
    elif primary in (_SQLITE_READONLY, _SQLITE_PERM) or os_errno in (errno.EACCES, errno.EROFS):
        text = translate(
            "StoreError",
            "The local database {path} cannot be written ({detail}): check that its folder "
            "is writable by you.",
        )
    elif primary == _SQLITE_CANTOPEN or os_errno == errno.ENOENT:
        text = translate(
            "StoreError",
            "The local database {path} cannot be opened ({detail}): check that its folder "
            "exists and that the file is not a link to a missing file.",
        )
    elif isinstance(exc, OSError) and primary is None:
        # Too many open files, a name too long, a failing disk …: the system's reason, worded.
        return translate(
            "StoreError", "The local database {path} cannot be used: {reason}."
        ).format(path=path, reason=os_reason(exc))
    elif primary == _SQLITE_IOERR:
        text = translate(
            "StoreError", "The disk failed to read or write the local database {path} ({detail})."
        )
    else:
        text = translate("StoreError", "The local database {path} reported a problem: {detail}.")
    return text.format(path=path, detail=detail)


def _nearly_full(folder: Path) -> bool:
    try:
        return shutil.disk_usage(folder).free < _NEARLY_FULL_BYTES
    except OSError:
        return False
