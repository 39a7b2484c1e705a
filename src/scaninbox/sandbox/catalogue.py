"""The case index: cheap metadata of every case, made up front, in list order, thread-safe.

Only dates, statuses, identifiers and per-case seeds live here (a 100,000-case index builds in a
fraction of a second); a case's full content is built on demand from its seed
(``scaninbox.sandbox.case_content``). Cases are generated with index 0 the newest; the list order
is receivedDate descending, then guid (or numeric id in the variant). Received times are spread
over the 90 days before the anchor date (the server's start day, UTC midnight), in working hours.
"""

from __future__ import annotations

import bisect
import threading
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime

import numpy as np

__all__ = ["GUID_STATUSES", "VARIANT_STATUSES", "CaseMeta", "Catalogue"]

GUID_STATUSES = ("new", "accepted")
VARIANT_STATUSES = ("new", "accepted", "rejected", "in_production", "complete", "cancelled")
_ORG_CODES = {"demo": 1, "other": 2}
_DAY_S = 86_400


@dataclass(slots=True)
class CaseMeta:
    org: str
    index: int
    guid: str
    number: int
    received_s: int  # epoch seconds, UTC
    status: str
    seed: int

    def ref(self, *, variant: bool) -> str:
        return str(self.number) if variant else self.guid


class Catalogue:
    def __init__(
        self, *, seed: int, counts: dict[str, int], variant: bool, anchor: datetime
    ) -> None:
        self._seed = seed
        self._variant = variant
        self._lock = threading.Lock()
        self._by_org: dict[str, list[CaseMeta]] = {}
        self._by_ref: dict[str, CaseMeta] = {}
        self._next_index: dict[str, int] = {}
        for org, count in counts.items():
            metas = _generate(seed, org, count, variant, anchor)
            metas.sort(key=self._order_key)
            self._by_org[org] = metas
            self._by_ref.update((m.ref(variant=variant), m) for m in metas)
            self._next_index[org] = count

    # ------------------------------------------------------------------ reading
    def lookup(self, ref: str) -> CaseMeta | None:
        with self._lock:
            return self._by_ref.get(ref)

    def refs(self, org: str) -> list[str]:
        with self._lock:
            return [m.ref(variant=self._variant) for m in self._by_org.get(org, [])]

    def page(
        self,
        org: str,
        *,
        offset: int,
        limit: int,
        first_day: date | None,
        last_day: date | None,
        status: str | None,
    ) -> tuple[int, list[CaseMeta]]:
        """(total matching, the matching cases from ``offset``, at most ``limit``)."""
        with self._lock:
            metas = self._by_org.get(org, [])
            # The list is sorted by time descending, so a day range is one slice.
            lo, hi = 0, len(metas)
            if last_day is not None:
                after_s = _day_start_s(last_day) + _DAY_S
                lo = bisect.bisect_left(metas, -after_s + 1, key=lambda m: -m.received_s)
            if first_day is not None:
                start_s = _day_start_s(first_day)
                hi = bisect.bisect_right(metas, -start_s, key=lambda m: -m.received_s)
            window = metas[lo:hi]
            if status is not None:
                window = [m for m in window if m.status == status]
            return len(window), window[offset : offset + limit]

    # ------------------------------------------------------------------ changing
    def add(self, org: str, received_at: datetime) -> CaseMeta:
        with self._lock:
            index = self._next_index[org]
            self._next_index[org] = index + 1
            rng = np.random.default_rng([self._seed, _ORG_CODES[org], index, 7])
            meta = CaseMeta(
                org=org,
                index=index,
                guid=str(uuid.UUID(bytes=rng.bytes(16), version=4)),
                number=_number(org, index),
                received_s=int(received_at.timestamp()),
                status="new",
                seed=int(rng.integers(0, 2**31 - 1)),
            )
            bisect.insort(self._by_org[org], meta, key=self._order_key)
            self._by_ref[meta.ref(variant=self._variant)] = meta
            return meta

    def set_status(self, ref: str, status: str) -> None:
        allowed = VARIANT_STATUSES if self._variant else GUID_STATUSES
        if status not in allowed:
            raise ValueError(f"{status!r} is not a status of this shape ({', '.join(allowed)})")
        with self._lock:
            self._require(ref).status = status

    def remove(self, ref: str) -> None:
        with self._lock:
            meta = self._require(ref)
            del self._by_ref[ref]
            self._by_org[meta.org].remove(meta)

    def _require(self, ref: str) -> CaseMeta:
        meta = self._by_ref.get(ref)
        if meta is None:
            raise KeyError(f"no case {ref!r}")
        return meta

    def _order_key(self, meta: CaseMeta) -> tuple[int, str | int]:
        return (-meta.received_s, meta.number if self._variant else meta.guid)


def _day_start_s(day: date) -> int:
    return int(datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp())


def _number(org: str, index: int) -> int:
    base = {"demo": 1_000_000, "other": 5_000_000}[org]
    return base + index + 1


def _generate(seed: int, org: str, count: int, variant: bool, anchor: datetime) -> list[CaseMeta]:
    rng = np.random.default_rng([seed, _ORG_CODES[org]])
    days_ago = np.sort(rng.integers(1, 91, size=count))
    seconds = rng.integers(int(6.5 * 3600), 19 * 3600, size=count)
    anchor_s = int(anchor.timestamp())
    received = anchor_s - days_ago * _DAY_S + seconds
    # Within one day the earlier index is the later time, so index 0 is the newest case.
    order = np.lexsort((-received, days_ago))
    received = received[order]
    days_ago = days_ago[order]
    raw = rng.integers(0, 256, size=(count, 16), dtype=np.uint8)
    seeds = rng.integers(0, 2**31 - 1, size=count)
    statuses = _statuses(rng, days_ago, variant)
    return [
        CaseMeta(
            org=org,
            index=i,
            guid=str(uuid.UUID(bytes=raw[i].tobytes(), version=4)),
            number=_number(org, i),
            received_s=int(received[i]),
            status=statuses[i],
            seed=int(seeds[i]),
        )
        for i in range(count)
    ]


def _statuses(rng: np.random.Generator, days_ago: np.ndarray, variant: bool) -> list[str]:
    draw = rng.random(len(days_ago))
    recent = days_ago <= 7
    if not variant:
        new = draw < np.where(recent, 0.7, 0.2)
        return ["new" if is_new else "accepted" for is_new in new.tolist()]
    # Older cases have moved on: in production, complete, sometimes rejected or cancelled.
    recent_p = np.array([0.55, 0.3, 0.05, 0.08, 0.0, 0.02])
    older_p = np.array([0.08, 0.12, 0.05, 0.2, 0.5, 0.05])
    cumulative = np.where(recent[:, None], recent_p.cumsum(), older_p.cumsum())
    picks = (draw[:, None] > cumulative).sum(axis=1).clip(0, 5)
    return [VARIANT_STATUSES[p] for p in picks]
