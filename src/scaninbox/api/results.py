"""Plain result types the client hands out: the session, a page of cases, a downloaded file."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from scaninbox.api.wire import UnifiedCase
from scaninbox.language import translate

__all__ = ["CaseDictPage", "CasePage", "DownloadResult", "MalformedCase", "Session"]


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in session: the bearer token and when it stops working. The repr hides the token."""

    token: str = field(repr=False)
    expires_at: datetime

    def seconds_left(self) -> float:
        return (self.expires_at - datetime.now(UTC)).total_seconds()

    def __repr__(self) -> str:
        return f"Session(token=<redacted>, expires_at={self.expires_at.isoformat()})"

    __str__ = __repr__


@dataclass(frozen=True, slots=True)
class MalformedCase:
    """A case of a listing that could not be read; the rest of the page is still usable.

    ``index`` is its position in the page's ``items``, ``ref`` its guid or id when readable,
    ``field`` the member path (``acceptedData.worktypes.0.from``), ``reason`` what was wrong.
    """

    index: int
    ref: str | None
    field: str
    reason: str

    def __str__(self) -> str:
        if self.ref and self.field:
            text = translate("ApiError", "Case {ref} could not be read ({field}): {reason}")
        elif self.ref:
            text = translate("ApiError", "Case {ref} could not be read: {reason}")
        elif self.field:
            text = translate(
                "ApiError", "The case at position {position} could not be read ({field}): {reason}"
            )
        else:
            text = translate(
                "ApiError", "The case at position {position} could not be read: {reason}"
            )
        return text.format(
            ref=self.ref, position=self.index + 1, field=self.field, reason=self.reason
        )


@dataclass(frozen=True, slots=True)
class CasePage:
    """One page of ``/unified-cases`` as the server echoed it (page, page_size, total)."""

    items: list[UnifiedCase]
    page: int
    page_size: int
    total: int
    malformed: list[MalformedCase] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class CaseDictPage:
    """``CasePage`` with each case read into plain dicts (``scaninbox.api.wire.CASE_DICTS``):
    what a sync stores, without building the wire models."""

    items: list[dict[str, Any]]
    page: int
    page_size: int
    total: int
    malformed: list[MalformedCase] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class DownloadResult:
    """A file saved completely: where, how big, and its SHA-256 (hex) computed while streaming."""

    path: Path
    size_bytes: int
    sha256: str
