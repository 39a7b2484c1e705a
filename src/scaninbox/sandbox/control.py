"""Test knobs of a running sandbox: change data, inject faults, expire credentials, and see the
requests that arrived. Thread-safe; every change applies to the next request.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from scaninbox.sandbox.catalogue import Catalogue
from scaninbox.sandbox.organisations import ORGANISATIONS
from scaninbox.sandbox.overrides import CaseOverrides
from scaninbox.sandbox.signing import LinkSigner
from scaninbox.sandbox.tokens import TokenIssuer

__all__ = ["FaultPlan", "RecordedRequest", "SandboxControl"]


@dataclass(frozen=True, slots=True)
class RecordedRequest:
    """One request as the server saw it. Header *names* only, lower-case: never their values."""

    method: str
    path: str  # decoded once
    query: str
    header_names: frozenset[str]
    status: int


@dataclass(slots=True)
class _Failure:
    remaining: int
    status: int
    retry_after_s: float | None
    path_prefix: str


class FaultPlan:
    """Pending injected faults, consumed by the server as matching requests arrive."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._failures: list[_Failure] = []
        self._truncations = 0
        self._truncate_fraction = 0.5

    def add_failures(self, failure: _Failure) -> None:
        with self._lock:
            self._failures.append(failure)

    def set_truncations(self, count: int, fraction: float) -> None:
        with self._lock:
            self._truncations, self._truncate_fraction = count, fraction

    def take_failure(self, path: str) -> tuple[int, float | None] | None:
        with self._lock:
            for failure in self._failures:
                if path.startswith(failure.path_prefix):
                    failure.remaining -= 1
                    if failure.remaining <= 0:
                        self._failures.remove(failure)
                    return failure.status, failure.retry_after_s
        return None

    def take_truncation(self) -> float | None:
        with self._lock:
            if self._truncations <= 0:
                return None
            self._truncations -= 1
            return self._truncate_fraction


class SandboxControl:
    def __init__(
        self,
        catalogue: Catalogue,
        tokens: TokenIssuer,
        links: LinkSigner,
        faults: FaultPlan,
        *,
        variant: bool,
    ) -> None:
        self._catalogue = catalogue
        self._tokens = tokens
        self._links = links
        self._faults = faults
        self._variant = variant
        self.overrides = CaseOverrides()
        self._requests: deque[RecordedRequest] = deque(maxlen=100_000)
        self._requests_lock = threading.Lock()

    # ------------------------------------------------------------------ data
    def case_refs(self, org: str = "demo") -> list[str]:
        """Path references of the organisation's cases (guid, or id text in the variant),
        in list order: newest first."""
        _check_org(org)
        return self._catalogue.refs(org)

    def add_case(self, org: str = "demo", received_at: datetime | None = None) -> str:
        """Adds a newly generated case (status new) and returns its path reference."""
        _check_org(org)
        when = received_at or datetime.now(UTC)
        if when.tzinfo is None:
            raise ValueError("received_at must be timezone-aware")
        return self._catalogue.add(org, when).ref(variant=self._variant)

    def set_status(self, ref: str, status: str) -> None:
        self._catalogue.set_status(ref, status)

    def remove_case(self, ref: str) -> None:
        self._catalogue.remove(ref)

    def override_members(self, ref: str, members: dict[str, Any]) -> None:
        """Send case ``ref`` with these members replaced ("acceptedData.patient.name": a dotted
        path), whatever they hold: for hostile-input tests."""
        if self._catalogue.lookup(ref) is None:
            raise KeyError(f"no case {ref!r}")
        self.overrides.set(ref, members)

    # ------------------------------------------------------------------ faults
    def fail_next(
        self,
        count: int,
        status: int = 503,
        retry_after_s: float | None = None,
        path_prefix: str = "/unified-cases",
    ) -> None:
        """The next ``count`` requests whose path starts with ``path_prefix`` get ``status``
        (problem+json, with ``Retry-After`` when given), before authentication is looked at."""
        if count < 1 or not 400 <= status <= 599:
            raise ValueError("fail_next needs count >= 1 and an error status (400-599)")
        self._faults.add_failures(_Failure(count, status, retry_after_s, path_prefix))

    def truncate_next_downloads(self, count: int, at_fraction: float = 0.5) -> None:
        """The next ``count`` storage downloads announce the full Content-Length but the
        connection closes after ``at_fraction`` of the bytes."""
        if count < 0 or not 0.0 <= at_fraction < 1.0:
            raise ValueError("truncate_next_downloads needs count >= 0 and 0 <= fraction < 1")
        self._faults.set_truncations(count, at_fraction)

    def expire_tokens(self) -> None:
        """Every token issued so far answers 401 from now on."""
        self._tokens.expire_all()

    def set_link_ttl(self, seconds: float) -> None:
        """Lifetime of signed links issued from now on (0: already expired when issued)."""
        self._links.set_ttl(seconds)

    def move_storage(self, base_url: str | None) -> None:
        """Links issued from now on send clients to file storage at ``base_url`` (a port
        nothing listens on: storage out of reach while the service answers); None: back here."""
        self._links.move_storage(base_url)

    def set_token_ttl(self, seconds: float) -> None:
        """Lifetime of tokens issued from now on (0: already expired when issued)."""
        self._tokens.set_ttl(seconds)

    # ------------------------------------------------------------------ observation
    @property
    def requests(self) -> list[RecordedRequest]:
        """Requests answered so far (oldest first; the most recent 100,000)."""
        with self._requests_lock:
            return list(self._requests)

    def clear_requests(self) -> None:
        with self._requests_lock:
            self._requests.clear()

    def record(self, request: RecordedRequest) -> None:
        with self._requests_lock:
            self._requests.append(request)


def _check_org(org: str) -> None:
    if org not in ORGANISATIONS:
        raise ValueError(f"unknown organisation {org!r}; use 'demo' or 'other'")
