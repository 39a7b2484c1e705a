"""Sign-in memory: a session token kept in the operating system's keyring, and nowhere else.

Both the command line and the desktop window remember a session here so the next start needs no
password until the token expires. One keyring entry per service address and e-mail (service
``scaninbox``, user ``<base url>|<e-mail>``) holds the token and its expiry as JSON.

When the computer has no keyring (a headless server, a container) or the keyring fails (locked,
D-Bus gone, a broken backend), nothing is remembered: the callers keep the session in memory only.
The token is never written to a plain file and never logged; a failing keyring is logged by its
error type and a redacted message, and from then on counts as absent for the rest of the process
(``keyring_status`` says why), so the user is not asked to unlock it again and again.

Which account was used last (not secret) is kept by ``scaninbox.store.accounts``.

The lab hub's password (``scaninbox lab login``) is kept the same way, user ``lab|<role@host/db>``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import weakref
from datetime import UTC, datetime
from typing import Any

from scaninbox.language import QT_TRANSLATE_NOOP, translate
from scaninbox.logs import redact

__all__ = [
    "KEYRING_SERVICE",
    "forget_lab_password",
    "forget_session",
    "keyring_status",
    "lab_password",
    "remember_lab_password",
    "remember_session",
    "remembered_session",
]

KEYRING_SERVICE = "scaninbox"
# A token about to expire is not worth resuming: the first request would already be refused.
_MIN_REMAINING_S = 120.0
_NO_KEYRING = QT_TRANSLATE_NOOP(
    "Credentials",
    "No system keyring (Secret Service, KWallet, macOS Keychain…) was found on this computer",
)
_log = logging.getLogger(__name__)
# Backends that failed in this process, with the plain reason; weak so a test's backend can go.
_failed_backends: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()


def keyring_status() -> tuple[bool, str]:
    """(usable, plain reason when not). Cheap: it never opens or unlocks the keyring."""
    backend, reason = _usable_backend()
    return backend is not None, reason


def remember_session(base_url: str, email: str, token: str, expires_at: datetime) -> bool:
    """Keep the session in the keyring; False when there is no usable keyring.

    ``expires_at`` must carry a time zone (the service's ``expiresAt`` does).
    """
    if expires_at.tzinfo is None:
        raise ValueError("expires_at must carry a time zone")
    value = json.dumps({"token": token, "expiresAt": expires_at.astimezone(UTC).isoformat()})
    ok, _ = _call("set_password", _entry_name(base_url, email), value, secret=token)
    return ok


def remembered_session(base_url: str, email: str) -> tuple[str, datetime] | None:
    """(token, expires at) of a remembered session; None when absent, expiring, or unreadable."""
    ok, raw = _call("get_password", _entry_name(base_url, email))
    if not ok or not isinstance(raw, str):
        return None
    try:
        data = json.loads(raw)
        token = data["token"]
        expires_at = datetime.fromisoformat(data["expiresAt"])
    except (ValueError, KeyError, TypeError):
        _log.info("a remembered session in the keyring is unreadable; ignoring it")
        return None
    if not isinstance(token, str) or not token or expires_at.tzinfo is None:
        return None
    if (expires_at - datetime.now(UTC)).total_seconds() < _MIN_REMAINING_S:
        return None
    return token, expires_at


def forget_session(base_url: str, email: str) -> bool:
    """Remove the remembered session; True when one was there and is now gone."""
    ok, _ = _call("delete_password", _entry_name(base_url, email))
    return ok


def remember_lab_password(hub: str, password: str) -> bool:
    """Keep the lab hub's password (``hub``: ``role@host:port/database``); False: no keyring."""
    ok, _ = _call("set_password", f"lab|{hub}", password, secret=password)
    return ok


def lab_password(hub: str) -> str | None:
    ok, raw = _call("get_password", f"lab|{hub}")
    return raw if ok and isinstance(raw, str) and raw else None


def forget_lab_password(hub: str) -> bool:
    ok, _ = _call("delete_password", f"lab|{hub}")
    return ok


def _entry_name(base_url: str, email: str) -> str:
    return f"{base_url.strip().rstrip('/')}|{email.strip().casefold()}"


def _usable_backend() -> tuple[Any, str]:
    """(backend, "") when a keyring can be used, else (None, plain reason)."""
    try:
        import keyring
        from keyring.backends import fail

        backend = keyring.get_keyring()
    except Exception as exc:  # a broken keyring set-up means "no keyring", not a failed command
        _log.info("the system keyring cannot be loaded: %s", type(exc).__name__)
        return None, translate(
            "Credentials", "The system keyring cannot be loaded ({reason})"
        ).format(reason=type(exc).__name__)
    if isinstance(backend, fail.Keyring) or _priority(backend) <= 0:
        return None, translate("Credentials", _NO_KEYRING)
    failure = _failed_backends.get(backend)
    if failure is not None:
        return None, failure
    return backend, ""


def _priority(backend: Any) -> float:
    try:
        return float(getattr(backend, "priority", 1))
    except Exception:  # some backends compute priority by probing the system, and that can fail
        return 0.0


def _call(name: str, entry: str, *values: str, secret: str = "") -> tuple[bool, Any]:
    """(True, result) of a keyring method, or (False, None) when there is none or it failed."""
    backend, _ = _usable_backend()
    if backend is None:
        return False, None
    from keyring.errors import PasswordDeleteError

    try:
        return True, getattr(backend, name)(KEYRING_SERVICE, entry, *values)
    except PasswordDeleteError:
        return False, None  # nothing was remembered: not a keyring failure
    except Exception as exc:  # locked, D-Bus gone, a backend bug: all mean "no keyring" here
        message = str(exc).replace(secret, "<redacted>") if secret else str(exc)
        reason = translate("Credentials", "The system keyring refused access ({reason})").format(
            reason=type(exc).__name__
        )
        _log.warning("keyring %s failed: %s: %s", name, type(exc).__name__, redact(message))
        # A backend that cannot be weakly referenced is simply asked again next time.
        with contextlib.suppress(TypeError):
            _failed_backends[backend] = reason
        return False, None
