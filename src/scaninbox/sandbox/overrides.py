"""Hostile-input knob: members of a case's JSON replaced as it is sent (any value, any member,
e.g. a date-time the client cannot hold, a lone surrogate, a negative id), so that tests can
provoke over real HTTP what a badly written portal might send."""

from __future__ import annotations

import json
import threading
from typing import Any

from starlette.responses import Response

__all__ = ["CaseOverrides", "ascii_json_response"]


class CaseOverrides:
    """Members to replace per case reference (a dotted path reaches into objects)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_ref: dict[str, dict[str, Any]] = {}

    def set(self, ref: str, members: dict[str, Any]) -> None:
        with self._lock:
            self._by_ref.setdefault(ref, {}).update(members)

    def apply(self, ref: str, document: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            members = dict(self._by_ref.get(ref, {}))
        for path, value in members.items():
            *parents, last = path.split(".")
            target: Any = document
            for name in parents:
                target = target.setdefault(name, {}) if isinstance(target, dict) else {}
            if isinstance(target, dict):
                target[last] = value
        return document

    def __bool__(self) -> bool:
        with self._lock:
            return bool(self._by_ref)


def ascii_json_response(document: Any) -> Response:
    """JSON with every non-ASCII character escaped: a lone surrogate goes out as ``\\ud800``
    (starlette's own response encodes UTF-8 and cannot send one)."""
    return Response(json.dumps(document), media_type="application/json")
