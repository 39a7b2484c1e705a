"""One window per person: files opened while Scan Inbox runs go to the running app.

A technician double-clicks a scan while the app is open. Starting a second process would open
the same account store beside the first (two syncs, two windows); instead the new process hands
the file paths to the running app over a local socket (`QLocalServer`, private to this user and
this data folder) and ends, and the running app shows them in its "Local files" window.

`forward_files` is the client (a few milliseconds, before any window exists); `FileOpenServer`
listens in the running app and emits ``filesRequested(list[Path])``. A server left behind by a
crashed app does not answer: the new app removes it and listens itself.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

__all__ = ["FileOpenServer", "forward_files", "server_name"]

_log = logging.getLogger(__name__)
_CONNECT_MS = 800
_REPLY_MS = 3000
_OK = b"ok\n"


def server_name(data_dir: Path) -> str:
    """The socket's name: one per user and data folder (a test's or demo's home apart)."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    digest = hashlib.sha256(f"{uid}:{data_dir.absolute()}".encode()).hexdigest()[:20]
    return f"scaninbox-open-{digest}"


def forward_files(name: str, files: Sequence[Path]) -> bool:
    """Hand ``files`` to the app listening under ``name``; False when none answers."""
    socket = QLocalSocket()
    socket.connectToServer(name)
    if not socket.waitForConnected(_CONNECT_MS):
        return False
    message = json.dumps({"open": [str(path) for path in files]}).encode() + b"\n"
    socket.write(message)
    socket.waitForBytesWritten(_REPLY_MS)
    answered = socket.waitForReadyRead(_REPLY_MS) and bytes(socket.readAll().data()) == _OK
    socket.disconnectFromServer()
    return answered


class FileOpenServer(QObject):
    """Listens for `forward_files` of later launches. ``filesRequested(list[Path])``."""

    filesRequested = Signal(list)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._on_connection)
        if not self._server.listen(name):
            if forward_files(name, []):
                # Another app of this data folder runs and keeps receiving the files.
                _log.info("another Scan Inbox receives the files opened later")
                return
            # Nobody answers: a crashed app's socket file. Remove it and listen.
            QLocalServer.removeServer(name)
            if not self._server.listen(name):
                why = self._server.errorString()
                _log.warning("files opened later cannot reach this app: %s", why)

    @property
    def listening(self) -> bool:
        return self._server.isListening()

    def close(self) -> None:
        self._server.close()

    def _on_connection(self) -> None:
        while (socket := self._server.nextPendingConnection()) is not None:
            socket.readyRead.connect(lambda s=socket: self._on_ready(s))
            socket.disconnected.connect(socket.deleteLater)

    def _on_ready(self, socket: QLocalSocket) -> None:
        if not socket.canReadLine():
            return
        line = bytes(socket.readLine().data())
        try:
            request = json.loads(line)
            files = [Path(str(item)) for item in request["open"]]
        except (ValueError, KeyError, TypeError):
            _log.warning("ignored a malformed request on the file-open socket")
            socket.disconnectFromServer()
            return
        socket.write(_OK)
        socket.flush()
        if files:
            self.filesRequested.emit(files)
