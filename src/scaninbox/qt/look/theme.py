"""Light and dark looks: Qt's Fusion style with a palette of our own, plus a small stylesheet.

Every widget takes its colours from the palette (roles, never fixed black or white), so
switching the palette is all a theme change needs. ``system`` follows the desktop's colour
scheme where Qt can read it, else light. The stylesheet (``resources/style/app.qss``) only
sets spacing and the few surfaces the palette cannot express; it refers to palette roles.
"""

from __future__ import annotations

import logging
from enum import StrEnum

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from scaninbox.paths import resources_dir

__all__ = ["Theme", "apply_theme", "dark_palette", "error_colours", "is_dark", "light_palette"]

_log = logging.getLogger(__name__)


class Theme(StrEnum):
    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"


def light_palette() -> QPalette:
    p = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#f4f5f7",
        QPalette.ColorRole.WindowText: "#1f2328",
        QPalette.ColorRole.Base: "#ffffff",
        QPalette.ColorRole.AlternateBase: "#f6f8fa",
        QPalette.ColorRole.ToolTipBase: "#ffffff",
        QPalette.ColorRole.ToolTipText: "#1f2328",
        QPalette.ColorRole.PlaceholderText: "#6e7781",
        QPalette.ColorRole.Text: "#1f2328",
        QPalette.ColorRole.Button: "#f6f8fa",
        QPalette.ColorRole.ButtonText: "#1f2328",
        QPalette.ColorRole.BrightText: "#ffffff",
        QPalette.ColorRole.Highlight: "#2f6feb",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.Link: "#0969da",
        QPalette.ColorRole.LinkVisited: "#8250df",
        QPalette.ColorRole.Accent: "#2f6feb",
        QPalette.ColorRole.Light: "#ffffff",
        QPalette.ColorRole.Midlight: "#eaeef2",
        QPalette.ColorRole.Mid: "#d0d7de",
        QPalette.ColorRole.Dark: "#afb8c1",
        QPalette.ColorRole.Shadow: "#8c959f",
    }
    return _palette(p, colours, disabled_text="#8c959f")


def dark_palette() -> QPalette:
    p = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#1e2227",
        QPalette.ColorRole.WindowText: "#e6edf3",
        QPalette.ColorRole.Base: "#16191d",
        QPalette.ColorRole.AlternateBase: "#1c2025",
        QPalette.ColorRole.ToolTipBase: "#2d333b",
        QPalette.ColorRole.ToolTipText: "#e6edf3",
        QPalette.ColorRole.PlaceholderText: "#8b949e",
        QPalette.ColorRole.Text: "#e6edf3",
        QPalette.ColorRole.Button: "#2a2f36",
        QPalette.ColorRole.ButtonText: "#e6edf3",
        QPalette.ColorRole.BrightText: "#ffffff",
        QPalette.ColorRole.Highlight: "#2f6feb",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.Link: "#58a6ff",
        QPalette.ColorRole.LinkVisited: "#bc8cff",
        QPalette.ColorRole.Accent: "#58a6ff",
        QPalette.ColorRole.Light: "#3b424b",
        QPalette.ColorRole.Midlight: "#30363d",
        QPalette.ColorRole.Mid: "#3d444d",
        QPalette.ColorRole.Dark: "#0d1117",
        QPalette.ColorRole.Shadow: "#010409",
    }
    return _palette(p, colours, disabled_text="#6e7681")


def is_dark(palette: QPalette | None = None) -> bool:
    palette = palette or QGuiApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightnessF() < 0.5


def error_colours(dark: bool) -> tuple[QColor, QColor]:
    """The background and text of a strip that reports an error (signed out, a failed save),
    readable on the light and the dark look."""
    if dark:
        return QColor("#6e2a2a"), QColor("#ffe9e9")
    return QColor("#fde8e8"), QColor("#6b1d1d")


def apply_theme(app: QApplication, theme: Theme | str = Theme.SYSTEM) -> Theme:
    """Fusion style, the palette for ``theme`` and the stylesheet; returns the theme used."""
    try:
        chosen = Theme(theme)
    except ValueError:
        chosen = Theme.SYSTEM
    app.setStyle("Fusion")
    resolved = chosen
    if chosen is Theme.SYSTEM:
        scheme = app.styleHints().colorScheme()
        resolved = Theme.DARK if scheme == Qt.ColorScheme.Dark else Theme.LIGHT
    app.setPalette(dark_palette() if resolved is Theme.DARK else light_palette())
    app.setStyleSheet(_stylesheet())
    return resolved


def _palette(
    p: QPalette, colours: dict[QPalette.ColorRole, str], *, disabled_text: str
) -> QPalette:
    for role, value in colours.items():
        p.setColor(role, QColor(value))
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled_text))
    # An unfocused window keeps its selection visible but quieter.
    highlight = QColor(colours[QPalette.ColorRole.Highlight])
    highlight.setAlphaF(0.75)
    p.setColor(QPalette.ColorGroup.Inactive, QPalette.ColorRole.Highlight, highlight)
    return p


_STYLESHEET: list[str] = []


def _stylesheet() -> str:
    if not _STYLESHEET:
        path = resources_dir() / "style" / "app.qss"
        try:
            text = path.read_text(encoding="utf-8")
            _STYLESHEET.append(text.replace("$RESOURCES", resources_dir().as_posix()))
        except OSError as exc:  # a missing stylesheet costs looks, not function
            _log.warning("the stylesheet %s cannot be read: %s", path, exc)
            _STYLESHEET.append("")
    return _STYLESHEET[0]
