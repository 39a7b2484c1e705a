"""One answer, for the whole window, to "can files come from the service right now?".

The status bar, the connection banner, the case pane, the 3D viewer and the file provider all
used to draw their own conclusions from whatever they last saw, and disagreed: a case said "not
available offline" under a status bar saying "Online", and a case clicked while working offline
said the session had ended. ``ConnectivityWatch`` follows the open account's sync engine (and
whether a session exists at all) and every pane follows the watch:

- ``NO_ACCOUNT``: nobody is signed in and no store is open.
- ``ONLINE``: signed in and the service answered last time it was asked.
- ``OFFLINE``: signed in, but the service cannot be reached; the engine retries by itself.
- ``WORKING_OFFLINE``: the store alone, by choice ("Work offline", ``--offline``); nothing is
  asked of the service until the person signs in.
- ``SIGNED_OUT``: the session ended mid-work; signing in again resumes.

``changed(Connectivity)`` is emitted only when the answer changes (the engine flipping between
"syncing" and "online" is no change).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Signal

from scaninbox.language import QT_TRANSLATE_NOOP, translate

if TYPE_CHECKING:
    from scaninbox.store import EngineState

__all__ = ["Connectivity", "ConnectivityWatch", "WatchedSession"]


class _Engine(Protocol):
    @property
    def state(self) -> EngineState: ...


class _Client(Protocol):
    @property
    def session(self) -> object | None: ...


class WatchedSession(Protocol):
    """What the watch reads of an account's session (``AccountSession`` is one). A protocol, not
    the session's class: the session's file provider follows the watch, so importing the session
    here would close a circle (connectivity -> session -> file_provider -> connectivity)."""

    @property
    def expired(self) -> bool: ...

    @property
    def engine(self) -> _Engine: ...

    @property
    def client(self) -> _Client: ...


class Connectivity(StrEnum):
    NO_ACCOUNT = "no-account"
    ONLINE = "online"
    OFFLINE = "offline"
    WORKING_OFFLINE = "working-offline"
    SIGNED_OUT = "signed-out"

    @property
    def unavailable_reason(self) -> str:
        """Why a file that is not on this computer cannot be had now, in plain words."""
        return translate("Connectivity", _UNAVAILABLE[self])


_UNAVAILABLE = {
    Connectivity.NO_ACCOUNT: QT_TRANSLATE_NOOP(
        "Connectivity", "Not available offline: nobody is signed in."
    ),
    Connectivity.ONLINE: QT_TRANSLATE_NOOP(
        "Connectivity", "Not available offline: the server cannot be reached right now."
    ),
    Connectivity.OFFLINE: QT_TRANSLATE_NOOP(
        "Connectivity", "Not available offline: the server cannot be reached right now."
    ),
    Connectivity.WORKING_OFFLINE: QT_TRANSLATE_NOOP(
        "Connectivity", "Not available offline: you are working offline. Sign in to download it."
    ),
    Connectivity.SIGNED_OUT: QT_TRANSLATE_NOOP(
        "Connectivity", "Not available offline: sign in again to download it."
    ),
}


class ConnectivityWatch(QObject):
    """The window's single source of truth for online / offline / signed out."""

    changed = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = Connectivity.NO_ACCOUNT
        self._reachable = True

    @property
    def state(self) -> Connectivity:
        return self._state

    def follow(self, session: WatchedSession | None, state: EngineState | None = None) -> None:
        """Take the answer from ``session``'s engine (its ``state`` just reported, or the
        current one): on every engine state, attach, detach and signing in again."""
        from scaninbox.store import EngineState

        if session is None:
            self._reachable = True
            self._set(Connectivity.NO_ACCOUNT)
            return
        if state is None:
            state = session.engine.state
        if state is EngineState.OFFLINE:
            self._reachable = False
        elif state in (EngineState.ONLINE, EngineState.ERROR):
            self._reachable = True  # the service answered, even if with an error
        if session.expired or state is EngineState.SIGNED_OUT:
            self._set(Connectivity.SIGNED_OUT)
        elif session.client.session is None:
            self._set(Connectivity.WORKING_OFFLINE)
        elif not self._reachable:
            self._set(Connectivity.OFFLINE)
        else:
            self._set(Connectivity.ONLINE)

    def service_answered(self, session: WatchedSession) -> None:
        """The service answered ``session`` (a sync page arrived): reachable again."""
        self._reachable = True
        self.follow(session)

    def forget_reachability(self) -> None:
        """A new account or session: nothing is known about the service yet (assume it answers
        until the engine says otherwise)."""
        self._reachable = True

    def _set(self, state: Connectivity) -> None:
        if state is not self._state:
            self._state = state
            self.changed.emit(state)
