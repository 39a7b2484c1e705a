"""How a person turned each portal's scans (`Turn`), remembered for that portal's later cases.

A portal that sends no ``axisMapping`` (or a wrong one) may show its scans upside down or back
to front; the person turns them once in the viewer, and every later case of that portal is
turned the same way — in the window and in ``scaninbox render --case``. The choices live in
``portal_turns.json`` in the configuration folder (no patient data, keyed by the portal's name
as the service spells it), written atomically; an unreadable file counts as no choices.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from scaninbox.domain import Turn
from scaninbox.paths import AppPaths, ensure_private_dir

__all__ = ["PortalTurns"]

_log = logging.getLogger(__name__)
_FILE_NAME = "portal_turns.json"
_VERSION = 1


class PortalTurns:
    """The per-portal turns in ``folder`` (the configuration folder); ``None`` keeps them in
    memory only (for this run)."""

    def __init__(self, folder: Path | None) -> None:
        self.path = folder / _FILE_NAME if folder is not None else None
        self._memory: dict[str, Any] = {}

    @classmethod
    def of(cls, paths: AppPaths) -> PortalTurns:
        return cls(paths.config_dir)

    def turn_for(self, portal: str | None) -> Turn:
        """The turn chosen for ``portal`` (none when never chosen or the portal is unnamed)."""
        if not portal:
            return Turn()
        entry = self._read().get(portal)
        if not isinstance(entry, dict):
            return Turn()
        return Turn(
            upside_down=entry.get("upside_down") is True,
            back_to_front=entry.get("back_to_front") is True,
        )

    def remember(self, portal: str | None, turn: Turn) -> None:
        """Keep ``turn`` for ``portal``; no turn forgets the portal. Raises OSError when the
        file cannot be written (the caller says so; the turn still applies to the case shown)."""
        if not portal:
            return
        portals = self._read()
        if turn.is_none:
            if portals.pop(portal, None) is None:
                return
        else:
            portals[portal] = {
                "upside_down": turn.upside_down,
                "back_to_front": turn.back_to_front,
            }
        self._write(portals)

    def _read(self) -> dict[str, Any]:
        if self.path is None:
            return dict(self._memory)
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            _log.info("the portal turns in %s are ignored: %s", self.path, exc)
            return {}
        portals = data.get("portals") if isinstance(data, dict) else None
        return dict(portals) if isinstance(portals, dict) else {}

    def _write(self, portals: dict[str, Any]) -> None:
        if self.path is None:
            self._memory = portals
            return
        folder = ensure_private_dir(self.path.parent)
        temp = folder / f".{_FILE_NAME}.{os.getpid()}.tmp"
        try:
            fd = os.open(temp, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump({"version": _VERSION, "portals": portals}, handle, indent=2)
                handle.flush()
                os.fsync(handle.fileno())
            temp.replace(self.path)
        finally:
            temp.unlink(missing_ok=True)
