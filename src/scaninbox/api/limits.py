"""How long and how much the client accepts from the service and from file storage.

A service or storage that is broken (or hostile) must not be able to make the program wait for
ever, fill the memory or the disk, or page through a list that never ends. Every number here is
documented, with its reasons, in ``docs/spec-gaps.md`` ("Hostile input"); the settings file may
change the first four (``[network]``).

- ``request_deadline_s``: one page of cases, retries and their waits included, is answered within
  this time or given up; a body trickled one byte at a time cannot stretch it.
- ``short_deadline_s``: the same for the sign-in and the small answers (the account, portals, one
  case, a file's link), which are a few kilobytes at most: a sign-in trickled a byte a second
  is given up after this rather than keeping a person at the sign-in for the page deadline.
  Never longer than ``request_deadline_s``.
- ``max_answer_bytes``: the largest answer of the service that is read (counted after
  decompression, while it streams in; the rest is never read).
- ``max_download_bytes``: the largest file taken from storage when it does not say the size
  (when it does, not one byte more than it said is written).
- ``download_min_bytes_per_s`` after ``download_grace_s``: a download may be slow, but must
  average at least this rate once its first seconds are over.
- ``max_inflation``: a compressed body that grows more than this many times while decoding (after
  its first ``inflation_free_bytes``) is a decompression bomb and is refused.
- ``max_pages``: the most pages one listing of cases reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from scaninbox.settings import Settings

__all__ = ["MIB", "NetworkLimits"]

MIB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class NetworkLimits:
    request_deadline_s: float = 90.0
    short_deadline_s: float = 25.0
    max_answer_bytes: int = 16 * MIB
    max_download_bytes: int = 1024 * MIB
    download_grace_s: float = 30.0
    download_min_bytes_per_s: float = 16 * 1024
    max_inflation: int = 200
    inflation_free_bytes: int = 1 * MIB
    max_pages: int = 5000

    @classmethod
    def from_settings(cls, settings: Settings) -> NetworkLimits:
        """The defaults, with what the settings file's ``[network]`` table changes."""
        return cls(
            request_deadline_s=settings.request_deadline_s,
            max_answer_bytes=settings.max_answer_bytes,
            max_download_bytes=settings.max_download_bytes,
            download_min_bytes_per_s=settings.min_download_bytes_per_s,
        )

    def __post_init__(self) -> None:
        if min(self.request_deadline_s, self.short_deadline_s, self.download_grace_s) <= 0:
            raise ValueError("deadlines must be positive")
        if self.short_deadline_s > self.request_deadline_s:
            # A deadline made shorter (settings, tests) shortens the small answers' too.
            object.__setattr__(self, "short_deadline_s", self.request_deadline_s)
        if min(self.max_answer_bytes, self.max_download_bytes, self.max_pages) < 1:
            raise ValueError("size and page limits must be at least 1")
        if self.download_min_bytes_per_s <= 0 or self.max_inflation < 1:
            raise ValueError("the download rate and inflation limits must be positive")
