"""What can go wrong with the local store, in words a lab technician can act on.

::

    StoreError                  the local store cannot do what was asked
     ├── StoreVersionError      the database was written by a newer Scan Inbox (nothing is touched)
     ├── StoreCorruptError      the database file is damaged or is not a Scan Inbox store
     ├── NoLocalAccountError    offline, but no account has been synced on this computer yet
     └── NotCachedError         a case or file is not available offline
"""

from __future__ import annotations

__all__ = [
    "NoLocalAccountError",
    "NotCachedError",
    "StoreCorruptError",
    "StoreError",
    "StoreVersionError",
]


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
