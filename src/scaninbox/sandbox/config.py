"""How a sandbox server is configured."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

__all__ = ["DEFAULT_PORT", "SandboxConfig"]

# 8765: unassigned by IANA, easy to remember, clear of the usual 8000/8080 development ports.
DEFAULT_PORT = 8765


@dataclass(frozen=True, slots=True)
class SandboxConfig:
    """Settings of one sandbox server; the data set depends only on ``seed``, ``cases``,
    ``variant`` and ``today``.

    ``cases`` is the size of the demo organisation; the other organisation holds a quarter of
    that (at least 3). ``today`` (default: the UTC date at start) anchors the 90 days over which
    cases are spread. ``cache_dir`` None keeps generated files in a temporary folder that is
    removed when the server stops.
    """

    host: str = "127.0.0.1"
    port: int = 0
    variant: bool = False
    cases: int = 60
    seed: int = 7
    link_ttl_s: float = 900.0
    token_ttl_s: float = 8 * 3600.0
    max_page_size: int = 100
    cache_dir: Path | None = None
    today: date | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.cases <= 1_000_000:
            raise ValueError("cases must be between 0 and 1,000,000")
        if not 0 <= self.port <= 65535:
            raise ValueError("port must be between 0 and 65535")
        if self.max_page_size < 1:
            raise ValueError("max_page_size must be at least 1")
        if self.link_ttl_s < 0 or self.token_ttl_s < 0:
            raise ValueError("lifetimes cannot be negative")

    @property
    def other_cases(self) -> int:
        return max(3, self.cases // 4)
