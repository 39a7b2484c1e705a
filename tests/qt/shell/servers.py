"""Loopback servers for sign-in failures a sandbox cannot produce: a certificate nobody trusts,
and a server that accepts connections but never answers. Each runs on its own thread."""

from __future__ import annotations

import socket
import ssl
import threading
from pathlib import Path
from types import TracebackType

from tests.tls import self_signed

__all__ = ["SilentServer", "UntrustedTlsServer"]


class _ThreadedServer:
    def __init__(self) -> None:
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(16)
        self._sock.settimeout(0.2)
        self.port = int(self._sock.getsockname()[1])
        self._stop = threading.Event()
        self._held: list[socket.socket] = []
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def __enter__(self) -> _ThreadedServer:
        self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._stop.set()
        self._thread.join(5)
        for conn in self._held:
            conn.close()
        self._sock.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self._handle(conn)

    def _handle(self, conn: socket.socket) -> None:
        raise NotImplementedError


class UntrustedTlsServer(_ThreadedServer):
    """HTTPS on loopback with a self-signed certificate: clients must refuse it."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        cert, key = self_signed(folder)
        self._context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self._context.load_cert_chain(cert, key)
        self.base_url = f"https://127.0.0.1:{self.port}"

    def _handle(self, conn: socket.socket) -> None:
        conn.settimeout(5)
        try:
            with self._context.wrap_socket(conn, server_side=True):
                pass  # the client refuses the certificate during the handshake
        except (ssl.SSLError, OSError):
            pass
        finally:
            conn.close()


class SilentServer(_ThreadedServer):
    """Accepts connections and never says a word (a hung service)."""

    def __init__(self) -> None:
        super().__init__()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.accepted = threading.Event()

    def _handle(self, conn: socket.socket) -> None:
        self._held.append(conn)
        self.accepted.set()
