"""Hearing of other workstations' events as they happen: LISTEN/NOTIFY on a thread of its own.

``LabListener`` keeps one connection to the hub, LISTENing on the organisation's channel (the
hub's ``append_event`` NOTIFYs it with each new sequence number). On a notification it reads
the new events into the local copy of the log; on every (re)connection it first catches up
from the last event kept here, so a restart or a lost connection misses nothing; and while
connected it sends what waits in the outbox (events made while the hub was away, or by the
window, which never talks to the hub on its own thread). A lost connection is retried every
``retry_s`` seconds; ``on_state(connected, reason)`` says so, ``on_change(count)`` tells of new
events (both called on the listener's thread: a window hands them to its own).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from scaninbox.lab.config import HubAddress
from scaninbox.lab.errors import HubNotReady, HubRefused, LabError
from scaninbox.lab.exchange import ExchangeReport, pull, send_waiting
from scaninbox.lab.hub import Hub, hub_errors
from scaninbox.language import translate
from scaninbox.store import CaseStore
from scaninbox.store.lab_store import waiting_count

__all__ = ["LabListener"]

_log = logging.getLogger(__name__)
_WAKE_S = 0.5  # how often a quiet connection looks at the outbox and at being stopped
_REFUSED_RETRY_S = 30.0  # a hub that refuses this workstation: a person must act first


class LabListener:
    def __init__(
        self,
        store: CaseStore,
        address: HubAddress,
        organisation: str | Callable[[], str],
        *,
        on_change: Callable[[int], None] = lambda _count: None,
        on_state: Callable[[bool, str | None], None] = lambda _up, _why: None,
        on_sent: Callable[[ExchangeReport], None] = lambda _report: None,
        retry_s: float = 5.0,
    ) -> None:
        self._store = store
        self._address = address
        self._organisation = organisation
        self._on_change = on_change
        self._on_state = on_state
        self._on_sent = on_sent
        self._retry_s = retry_s
        self._stop = threading.Event()
        self._wake = threading.Event()  # try to connect again now (``wake``, ``stop``)
        self._send_now = threading.Event()
        self._thread: threading.Thread | None = None
        self._hub: Hub | None = None
        self._lock = threading.Lock()

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="scaninbox-lab-live", daemon=True)
        self._thread.start()

    def send_soon(self) -> None:
        """Something was queued in the outbox: send it without waiting for the next wake."""
        self._send_now.set()

    def wake(self) -> None:
        """Try to connect again now, not after ``retry_s`` (e.g. the account's first sync has
        just told this computer its organisation)."""
        self._wake.set()

    def stop(self, timeout_s: float = 5.0) -> None:
        self._stop.set()  # a wait for notifications ends within _WAKE_S
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout_s)

    # ------------------------------------------------------------------ the thread

    def _run(self) -> None:
        while not self._stop.is_set():
            retry = self._retry_s
            try:
                self._connected()
            except (HubRefused, HubNotReady) as exc:
                retry = max(retry, _REFUSED_RETRY_S)
                self._on_state(False, str(exc))
            except LabError as exc:
                if not self._stop.is_set():
                    self._on_state(False, str(exc))
            except Exception as exc:  # a bug must not end live updates for the session
                if self._stop.is_set():  # the account closed its store under a last look
                    _log.debug("the lab hub's listener stopped: %s", exc)
                    return
                _log.exception("the lab hub's listener failed")
                self._on_state(
                    False,
                    translate("LabError", "The lab hub's listener failed: {reason}").format(
                        reason=exc
                    ),
                )
            finally:
                with self._lock:
                    hub, self._hub = self._hub, None
                if hub is not None:
                    hub.close()
            self._wake.wait(retry)
            self._wake.clear()

    def _connected(self) -> None:
        organisation = self._organisation
        if callable(organisation):  # known once the account's first sync has read /me
            organisation = organisation()
        hub = Hub.open(self._address, organisation, application="scaninbox-live")
        with self._lock:
            self._hub = hub
        if self._stop.is_set():
            return
        with hub_errors(self._address):
            hub.conn.execute(f"LISTEN {hub.channel}")  # a hex name of our own making
        self._on_state(True, None)
        self._send(hub)
        self._pull(hub)  # catch up: whatever happened while this workstation was away
        while not self._stop.is_set():
            with hub_errors(self._address):
                heard = sum(1 for _ in hub.conn.notifies(timeout=_WAKE_S, stop_after=1))
            if self._stop.is_set():
                return
            if self._send_now.is_set() or waiting_count(self._store):
                self._send(hub)
            if heard:
                self._pull(hub)

    def _send(self, hub: Hub) -> None:
        self._send_now.clear()
        if not waiting_count(self._store):
            return
        report = send_waiting(self._store, hub)
        self._on_sent(report)

    def _pull(self, hub: Hub) -> None:
        count = pull(self._store, hub)
        if count:
            self._on_change(count)
