"""Every way talking to the inbox service can fail, as one tree of exceptions.

::

    ApiError                         the environment failed (never a bug in this program)
    ├── ServiceError                 the service answered with an error status
    │   ├── BadRequestError          400: the service refused the question (e.g. a bad filter)
    │   ├── AuthenticationError      401: not signed in, or e-mail/password refused
    │   │   └── SessionExpiredError  the session ended and cannot be renewed silently
    │   ├── ForbiddenError           403: another organisation's case or file
    │   ├── NotFoundError            404: no such case or file
    │   ├── RateLimitedError         429: asked too often (after retries)
    │   └── ServerError              5xx: the service itself failed (after retries)
    ├── TransportError               no usable answer: cannot connect, timeout, connection cut
    │   └── TlsError                 the service's certificate could not be verified
    ├── ProtocolError                the answer is not what the interface promises
    ├── InsecureUrlError             an address that would send secrets unencrypted (or no address)
    └── DownloadError                a file could not be fetched or saved completely
        └── StorageUnreachableError  ... because storage never answered (also a TransportError:
                                     the network, not the file, is the trouble)

Anything that is not an ``ApiError`` escaping ``scaninbox.api`` is a bug. Each message is one
plain sentence a lab technician can act on; ProblemDetails ``title``/``detail`` are used when the
service sent them. No message, repr or attribute holds the bearer token or a signed URL.
"""

from __future__ import annotations

from scaninbox.api.wire import ProblemDetails
from scaninbox.language import QT_TRANSLATE_NOOP, translate

__all__ = [
    "ApiError",
    "AuthenticationError",
    "BadRequestError",
    "DownloadError",
    "ForbiddenError",
    "InsecureUrlError",
    "NotFoundError",
    "ProtocolError",
    "RateLimitedError",
    "ServerError",
    "ServiceError",
    "SessionExpiredError",
    "StorageUnreachableError",
    "TlsError",
    "TransportError",
    "capital",
    "error_for_status",
    "sentence",
    "service_name",
]

_MAX_SERVER_TEXT = 300


def capital(text: str) -> str:
    """``text`` with its first letter upper-case (a sentence that begins with a placeholder)."""
    return text[:1].upper() + text[1:]


def service_name(host: str) -> str:
    """The inbox service as messages name it, in the language of the moment."""
    return translate("ApiWhat", "the inbox service at {host}").format(host=host)


def sentence(text: str) -> str:
    """``text`` as one line ending in a full stop (server text may hold newlines or be long)."""
    line = " ".join(text.split())
    if len(line) > _MAX_SERVER_TEXT:
        line = line[: _MAX_SERVER_TEXT - 1].rstrip() + "…"
    if line and not line.endswith((".", "!", "?", "…")):
        line += "."
    return line


class ApiError(Exception):
    """Base of every failure of the environment: network, service, storage, local disk."""

    def __init__(self, message: str) -> None:
        super().__init__(sentence(message))


class ServiceError(ApiError):
    """The service answered with an error status; ``problem`` is its ProblemDetails body."""

    default_message = QT_TRANSLATE_NOOP("ApiError", "The inbox service refused the request")

    def __init__(
        self,
        status: int,
        problem: ProblemDetails | None = None,
        message: str | None = None,
    ) -> None:
        self.status = status
        self.problem = problem
        default = translate("ApiError", self.default_message)
        super().__init__(message or _message_from(problem, default, status))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status}, message={str(self)!r})"


class BadRequestError(ServiceError):
    default_message = QT_TRANSLATE_NOOP("ApiError", "The inbox service did not accept the request")


class AuthenticationError(ServiceError):
    default_message = QT_TRANSLATE_NOOP("ApiError", "The inbox service did not accept the sign-in")


class SessionExpiredError(AuthenticationError):
    """The session ended (or never began) and no credentials are held to renew it.

    The window turns this into a sign-in prompt that keeps its state.
    """

    default_message = QT_TRANSLATE_NOOP("ApiError", "Your session has ended; please sign in again")

    def __init__(self, message: str | None = None, problem: ProblemDetails | None = None) -> None:
        super().__init__(401, problem, message or translate("ApiError", self.default_message))


class ForbiddenError(ServiceError):
    default_message = QT_TRANSLATE_NOOP(
        "ApiError", "Your account may not open this (it belongs to another organisation)"
    )


class NotFoundError(ServiceError):
    default_message = QT_TRANSLATE_NOOP(
        "ApiError", "The inbox service does not know this case or file"
    )


class RateLimitedError(ServiceError):
    default_message = QT_TRANSLATE_NOOP(
        "ApiError", "The inbox service is busy and asked to slow down; try again in a moment"
    )


class ServerError(ServiceError):
    default_message = QT_TRANSLATE_NOOP(
        "ApiError", "The inbox service had an internal problem; try again later"
    )


class TransportError(ApiError):
    """No usable answer arrived: connection refused, DNS failure, timeout, connection cut."""


class TlsError(TransportError):
    """The service's certificate could not be verified (or the CA bundle could not be read)."""


class ProtocolError(ApiError):
    """The answer does not follow the interface (not JSON, wrong content, unreadable object)."""


class InsecureUrlError(ApiError, ValueError):
    """An address that is not HTTPS (plain HTTP is allowed on this computer only) or not usable."""


class DownloadError(ApiError):
    """A file could not be downloaded or saved.

    ``local`` is True when this computer failed (full disk, no permission), not the network;
    ``disk_full`` when it was the disk being full (the next files would fail alike).
    """

    def __init__(self, message: str, *, local: bool = False, disk_full: bool = False) -> None:
        self.local = local or disk_full
        self.disk_full = disk_full
        super().__init__(message)


class StorageUnreachableError(DownloadError, TransportError):
    """Storage gave no answer to the last attempt at a file (no connection, or none before the
    headers): a network problem like the service being unreachable, so whoever handles
    ``TransportError`` (working offline, stopping a prefetch) handles this one too. A body cut
    short every time is a plain ``DownloadError``: storage was there."""


_BY_STATUS: dict[int, type[ServiceError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: ForbiddenError,
    404: NotFoundError,
    429: RateLimitedError,
}


def error_for_status(status: int, problem: ProblemDetails | None) -> ServiceError:
    """The exception for an error answer of the service."""
    cls = _BY_STATUS.get(status) or (ServerError if status >= 500 else ServiceError)
    return cls(status, problem)


def _message_from(problem: ProblemDetails | None, default: str, status: int) -> str:
    title = (problem.title or "").strip() if problem else ""
    detail = (problem.detail or "").strip() if problem else ""
    if detail and title and title.rstrip(".").lower() not in detail.lower():
        server_text = f"{title.rstrip('.')}: {detail}"
    else:
        server_text = detail or title
    if not server_text:
        return translate("ApiError", "{message} (HTTP {status})").format(
            message=default, status=status
        )
    # The service's own words follow in its language: they often name what to correct.
    return translate("ApiError", "{message} — {server_text}").format(
        message=default.rstrip("."), server_text=sentence(server_text)
    )
