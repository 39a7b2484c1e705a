"""Telling the person about new cases: a system-tray notification, or the status bar.

Where the desktop has a system tray (Windows, macOS, most Linux desktops) the app puts its
icon there and new cases pop up a notification; clicking the icon raises the window. Where
there is none (a bare X server, some Wayland shells) the same words go to the status bar.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QMainWindow, QMenu, QSystemTrayIcon

from scaninbox.language import translate

__all__ = ["Notifier"]

_STATUS_MESSAGE_MS = 15_000
_BALLOON_MS = 8_000


class Notifier(QObject):
    """``notify(title, text)``; ``last`` is the last (title, text) shown, ``via`` where.

    Signals: ``activated()`` when the tray icon or its notification is clicked;
    ``syncRequested()`` and ``quitRequested()`` from the tray menu.
    """

    activated = Signal()
    syncRequested = Signal()
    quitRequested = Signal()

    def __init__(
        self,
        window: QMainWindow,
        icon: QIcon,
        *,
        use_tray: bool | None = None,
        say: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        # Without a tray the window says it (`MainWindow.show_message`: whole, however long).
        self._say = say or (lambda text: window.statusBar().showMessage(text, _STATUS_MESSAGE_MS))
        self.last: tuple[str, str] | None = None
        self.via = ""
        available = QSystemTrayIcon.isSystemTrayAvailable() if use_tray is None else use_tray
        self._tray: QSystemTrayIcon | None = None
        if available:
            tray = QSystemTrayIcon(icon, self)
            tray.setToolTip(translate("Notifier", "Scan Inbox"))
            menu = QMenu(window)
            menu.addAction(translate("Notifier", "Open Scan Inbox")).triggered.connect(
                self.activated
            )
            menu.addAction(translate("Notifier", "Sync now")).triggered.connect(self.syncRequested)
            menu.addSeparator()
            menu.addAction(translate("Notifier", "Quit")).triggered.connect(self.quitRequested)
            tray.setContextMenu(menu)
            tray.activated.connect(self._on_activated)
            tray.messageClicked.connect(self.activated)
            tray.show()
            self._tray = tray

    def set_tooltip(self, text: str) -> None:
        if self._tray is not None:
            self._tray.setToolTip(text)

    def notify(self, title: str, text: str) -> None:
        self.last = (title, text)
        if self._tray is not None and self._tray.supportsMessages():
            self.via = "tray"
            self._tray.showMessage(
                title, text, QSystemTrayIcon.MessageIcon.Information, _BALLOON_MS
            )
            return
        self.via = "status bar"
        self._say(translate("Notifier", "{title}: {text}").format(title=title, text=text))

    def hide(self) -> None:
        if self._tray is not None:
            self._tray.hide()

    def _on_activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason in (
            QSystemTrayIcon.ActivationReason.Trigger,
            QSystemTrayIcon.ActivationReason.DoubleClick,
        ):
            self.activated.emit()
