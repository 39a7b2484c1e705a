"""Plain records the store hands out: a stored case with its local state, files, sync state."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from scaninbox.api.wire import UnifiedCase
from scaninbox.domain import Case, CaseRef
from scaninbox.store.derive import FileSpec

__all__ = [
    "MalformedRecord",
    "PageResult",
    "StoredCase",
    "StoredFile",
    "SyncCursor",
    "SyncState",
]


@dataclass(frozen=True, slots=True)
class StoredFile:
    """A file of a case and whether this computer has it."""

    spec: FileSpec
    size_bytes: int | None = None  # None: not downloaded
    sha256: str | None = None
    fetched_at: datetime | None = None
    last_opened_at: datetime | None = None

    @property
    def cached(self) -> bool:
        return self.size_bytes is not None


@dataclass(frozen=True, slots=True)
class StoredCase:
    """A case as the store knows it: the domain view, the wire form it came in, local state."""

    case: Case
    wire: UnifiedCase
    unread: bool
    pinned: bool
    removed: bool
    first_seen_at: datetime
    updated_at: datetime
    files: tuple[StoredFile, ...] = ()

    @property
    def ref(self) -> CaseRef:
        return self.case.ref

    @property
    def missing_files(self) -> tuple[StoredFile, ...]:
        return tuple(f for f in self.files if not f.cached)

    @property
    def fully_cached(self) -> bool:
        return not self.missing_files


@dataclass(frozen=True, slots=True)
class MalformedRecord:
    """A case the server sent that could not be read, so the inbox can say so."""

    ref: str
    field: str
    reason: str
    first_seen_at: datetime
    last_seen_at: datetime

    def __str__(self) -> str:
        where = f"{self.field}: " if self.field else ""
        return f"case {self.ref}: {where}{self.reason}"


@dataclass(frozen=True, slots=True)
class SyncCursor:
    """An unfinished sync, saved with every page so a killed sync resumes where it was."""

    generation: int
    full: bool
    date_from: date | None
    next_page: int = 1
    page_size: int = 100
    # The client's own clock when this sync began (epoch s): the next incremental sync starts
    # there (less an overlap). Never a server date: one in the future would hide new cases.
    started_at: float | None = None


@dataclass(frozen=True, slots=True)
class SyncState:
    last_success_at: datetime | None
    last_full_at: datetime | None
    sync_count: int
    cursor: SyncCursor | None


@dataclass(slots=True)
class PageResult:
    """What saving one page of cases did."""

    new: list[CaseRef] = field(default_factory=list)
    changed: list[CaseRef] = field(default_factory=list)
    unchanged: int = 0
    malformed: int = 0
