"""Making a lab event on this workstation: its id (a UUID made here, so a resend is known to the
hub) and its moment (this computer's clock; the hub records its own as well)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from scaninbox.lab.state import KINDS
from scaninbox.store.lab_store import LabEvent

__all__ = ["new_event"]


def new_event(case_ref: str, kind: str, by: str, body: Mapping[str, Any] | None = None) -> LabEvent:
    if kind not in KINDS:
        raise ValueError(f"a lab event is one of {', '.join(KINDS)}, not {kind!r}")
    return LabEvent(str(uuid.uuid4()), case_ref, kind, by, datetime.now(UTC), dict(body or {}))
