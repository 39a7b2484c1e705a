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
import sqlite3
from pathlib import Path

__all__ = [
    "NoLocalAccountError",
    "NotCachedError",
    "StoreCorruptError",
    "StoreError",
    "StoreFullError",
    "StoreVersionError",
    "disk_is_full",
    "storage_fault",
    "store_error",
]

# SQLite's primary result codes (the low byte of an extended code).
_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_CORRUPT = 3, 8, 10, 11
_SQLITE_FULL, _SQLITE_CANTOPEN, _SQLITE_NOTADB = 13, 14, 26
_STORAGE_CODES = frozenset(
    {_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_CORRUPT, _SQLITE_FULL}
    | {_SQLITE_CANTOPEN, _SQLITE_NOTADB}
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


def store_error(exc: sqlite3.Error | OSError, path: Path | str) -> StoreError:
    """The plain-words error for what SQLite (or the file system) said about the database at
    ``path``. Only real damage (SQLITE_CORRUPT, SQLITE_NOTADB) advises removing local data: a
    full disk, a read-only folder or a disk error leave an intact database that holds pins."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    os_errno = exc.errno if isinstance(exc, OSError) else None
    detail = str(exc).strip() or type(exc).__name__
    if disk_is_full(exc):
        return StoreFullError(
            f"The disk that holds the local database {path} is full, so nothing more can be "
            "saved. Nothing stored was lost: free some disk space (or lower the offline cache "
            "limit) and try again."
        )
    if primary in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
        return StoreCorruptError(
            f"The local database {path} is damaged or is not a Scan Inbox store ({detail}). "
            "Remove local data with `scaninbox cache clear` and sync again."
        )
    if primary in (_SQLITE_READONLY, _SQLITE_PERM) or os_errno in (errno.EACCES, errno.EROFS):
        return StoreError(
            f"The local database {path} cannot be written ({detail}): check that its folder "
            "is writable by you."
        )
    if primary == _SQLITE_CANTOPEN or os_errno == errno.ENOENT:
        return StoreError(
            f"The local database {path} cannot be opened ({detail}): check that its folder "
            "exists and that the file is not a link to a missing file."
        )
    if primary == _SQLITE_IOERR or isinstance(exc, OSError):
        return StoreError(f"The disk failed to read or write the local database {path} ({detail}).")
    return StoreError(f"The local database {path} reported a problem: {detail}.")
