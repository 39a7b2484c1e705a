"""When and how long to wait before asking again.

Only idempotent requests are repeated: GETs after a connection failure, a timeout, a connection cut
or a 429/502/503/504 answer. Waits grow exponentially with full jitter (so many clients do not
retry in step) up to a cap, and a server's ``Retry-After`` (seconds or an HTTP date) is honoured
up to its own cap. The sleep function is injectable so tests observe the waits without waiting.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

__all__ = ["RETRY_STATUSES", "RetryPolicy", "parse_retry_after"]

RETRY_STATUSES = frozenset({429, 502, 503, 504})
_system_random = random.SystemRandom()


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How often to try (``attempts`` counts the first try) and how long to wait between tries."""

    attempts: int = 4
    base_delay_s: float = 0.5
    max_delay_s: float = 8.0
    max_retry_after_s: float = 60.0
    statuses: frozenset[int] = RETRY_STATUSES
    sleep: Callable[[float], Awaitable[None]] = field(default=asyncio.sleep, repr=False)
    jitter: Callable[[], float] = field(default=_system_random.random, repr=False)

    def __post_init__(self) -> None:
        if self.attempts < 1:
            raise ValueError("attempts must be at least 1")

    def delay_s(self, retry_number: int, retry_after_s: float | None = None) -> float:
        """The wait before retry ``retry_number`` (1 for the first retry)."""
        if retry_after_s is not None:
            return min(max(retry_after_s, 0.0), self.max_retry_after_s)
        ceiling = min(self.max_delay_s, self.base_delay_s * 2.0 ** (retry_number - 1))
        return ceiling * self.jitter()

    async def wait(self, retry_number: int, retry_after_s: float | None = None) -> None:
        await self.sleep(self.delay_s(retry_number, retry_after_s))


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> float | None:
    """Seconds to wait from ``Retry-After`` (delta-seconds or an HTTP date); None if unusable."""
    if not value:
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())
