"""The status bar's word on the lab hub: connected or not, and how many events wait."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from scaninbox.language import translate
from scaninbox.qt.lab.session import LabHubSession

__all__ = ["LabStatus"]


class LabStatus(QLabel):
    def __init__(self, hub: LabHubSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("labStatus")
        self._hub = hub
        self._waiting = 0
        self._connected: bool | None = None
        self._reason = ""
        hub.connection.connect(self._on_connection)
        hub.waitingChanged.connect(self._on_waiting)
        self.setVisible(False)

    def reset(self, active: bool) -> None:
        self._connected, self._reason, self._waiting = None, "", 0
        self.setVisible(active)
        self._show()

    def _on_connection(self, connected: bool, reason: str) -> None:
        self._connected, self._reason = connected, reason
        self._show()

    def _on_waiting(self, count: int) -> None:
        self._waiting = count
        self._show()

    def _show(self) -> None:
        if self._connected is None:
            text = translate("LabStatus", "Lab hub: connecting…")
        elif self._connected:
            text = translate("LabStatus", "Lab hub: connected")
        else:
            text = translate("LabStatus", "Lab hub: not reachable")
        if self._waiting:
            text = translate(
                "LabStatus", "{state} · %n waiting to be sent", None, self._waiting
            ).format(state=text)
        self.setText(text)
        tip = self._reason or translate(
            "LabStatus", "Decisions, claims and notes are shared with the lab's other desks."
        )
        if self._waiting and not self._connected:
            tip += "\n" + translate(
                "LabStatus",
                "%n event(s) wait on this computer and are sent when the hub is back.",
                None,
                self._waiting,
            )
        self.setToolTip(tip)
