"""The window's layout and the last filters, kept between runs (QSettings, INI format).

One file, ``ui.ini`` in the config folder: window geometry and state, the splitter, the inbox
columns (widths, order, hidden ones, sort), the last filters, the case pane's tab and the
theme. No case data and nothing secret. A ``version`` key lets a later layout ignore an older
file instead of restoring nonsense; anything unreadable is ignored (defaults are used).

Version 2 gave the case pane (and its 3D view) the room the inbox had: a version 1 file keeps
everything but the main splitter, whose saved sizes were mostly the old default.
Version 3 put the QC light beside the status: an older file loses the main splitter again (the
inbox's first-run width now includes the QC column), and its column layout is kept, with the QC
column moved next to the status if it was still last (`upgraded_from`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

from scaninbox.paths import AppPaths, ensure_private_dir
from scaninbox.qt.inbox.filters import FilterState

__all__ = ["UI_STATE_VERSION", "UiState"]

UI_STATE_VERSION = 3
_FILE_NAME = "ui.ini"
# What a file of an older version loses on opening (the rest of it still fits).
_OUTDATED_KEYS: dict[str, tuple[str, ...]] = {
    "1": ("window/splitter",),
    "2": ("window/splitter",),
}


class UiState:
    """Read and write the persisted layout; values are Qt's own state blobs where Qt has them."""

    def __init__(self, paths: AppPaths) -> None:
        folder = ensure_private_dir(paths.config_dir)
        self.path: Path = folder / _FILE_NAME
        self._settings = QSettings(str(self.path), QSettings.Format.IniFormat)
        stored = self._settings.value("version")
        # The version of the file as it was found (None: a new file or one started afresh).
        self.upgraded_from: int | None = None
        if stored is not None and str(stored) != str(UI_STATE_VERSION):
            outdated = _OUTDATED_KEYS.get(str(stored))
            if outdated is None:
                self._settings.clear()  # an unknown (or newer) layout: start from defaults
            else:
                for key in outdated:
                    self._settings.remove(key)
                self.upgraded_from = int(str(stored))
        self._settings.setValue("version", UI_STATE_VERSION)

    def bytes_value(self, key: str) -> QByteArray | None:
        value = self._settings.value(key)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_bytes(self, key: str, value: QByteArray) -> None:
        self._settings.setValue(key, value)

    def text_value(self, key: str, default: str = "") -> str:
        value = self._settings.value(key)
        return str(value) if isinstance(value, str) else default

    def set_text(self, key: str, value: str) -> None:
        self._settings.setValue(key, value)

    def int_value(self, key: str, default: int = 0) -> int:
        value: Any = self._settings.value(key)
        try:
            return int(value)
        except (TypeError, ValueError):
            return default

    def set_int(self, key: str, value: int) -> None:
        self._settings.setValue(key, int(value))

    @property
    def filters(self) -> FilterState:
        try:
            return FilterState.from_json(json.loads(self.text_value("inbox/filters", "{}")))
        except ValueError:
            return FilterState()

    @filters.setter
    def filters(self, state: FilterState) -> None:
        self.set_text("inbox/filters", json.dumps(state.to_json()))

    def sync(self) -> None:
        """Write to disk now (Qt otherwise writes on its own schedule and at exit)."""
        self._settings.sync()
