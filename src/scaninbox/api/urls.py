"""Which addresses the client may talk to, and how paths are built from names.

Secrets travel to the service (the bearer token) and come back from it (signed URLs), so every
address must be HTTPS. Plain HTTP is allowed only to this computer, where the sandbox runs: a
literal loopback address (127.0.0.0/8, ``::1``) or the name ``localhost`` itself, and that only
when it resolves to loopback addresses alone (a name like ``x.localhost`` or a ``localhost``
that a hosts file points elsewhere is not this computer). Signed storage addresses are checked
by ``check_storage_url``: web addresses only, a valid port, no control characters, and no
``user:password@`` (httpx would send it as ``Authorization: Basic`` to storage).

Names used in paths (case refs, file names with spaces, ``#``, ``%``, ``?``, ``/`` or non-ASCII
letters) are percent-encoded completely, one path segment each, so a name can never change the
path's shape.
"""

from __future__ import annotations

import functools
import ipaddress
import re
import socket
from urllib.parse import quote, urlsplit, urlunsplit

from scaninbox.api.errors import InsecureUrlError
from scaninbox.language import translate

__all__ = [
    "check_base_url",
    "check_storage_url",
    "is_loopback_host",
    "is_secure_url",
    "join_url",
    "path_segment",
]

# Control characters and whitespace have no place in an address (CR/LF would split a request).
_UNSAFE_IN_URL = re.compile(r"[\x00-\x20\x7f-\x9f]")


def is_loopback_host(host: str) -> bool:
    """True for a loopback IP address (127.0.0.0/8, ``::1``), and for ``localhost`` when this
    computer resolves it to loopback addresses only."""
    name = host.strip().strip("[]").rstrip(".").lower()
    if name == "localhost":
        return _localhost_is_loopback()
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


@functools.cache
def _localhost_is_loopback() -> bool:
    # Asked once per process: the hosts file answers at once, and a changed answer mid-run
    # would be an attack the first answer already guards against.
    try:
        infos = socket.getaddrinfo("localhost", None)
    except OSError:
        return False
    addresses = {str(info[4][0]).split("%", 1)[0] for info in infos}
    return bool(addresses) and all(ipaddress.ip_address(a).is_loopback for a in addresses)


def is_secure_url(url: str) -> bool:
    """HTTPS anywhere, or plain HTTP to this computer."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
    except ValueError:
        return False
    scheme = parts.scheme.lower()
    return bool(host) and (scheme == "https" or (scheme == "http" and is_loopback_host(host)))


def check_base_url(url: str) -> str:
    """The service address, normalised (no trailing slash); InsecureUrlError when unusable."""
    text = url.strip()
    try:
        parts = urlsplit(text)
        host = parts.hostname or ""
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        raise InsecureUrlError(
            translate("ApiError", "{address} is not a usable web address").format(
                address=repr(text)
            )
        ) from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not host:
        raise InsecureUrlError(
            translate(
                "ApiError",
                "{address} is not a web address; it should look like https://inbox.example.com",
            ).format(address=repr(text))
        )
    if parts.username is not None or parts.password is not None:
        raise InsecureUrlError(
            translate("ApiError", "The service address must not contain a user name or password")
        )
    if parts.query or parts.fragment:
        raise InsecureUrlError(
            translate(
                "ApiError", "The service address {address} must not contain '?' or '#'"
            ).format(address=repr(text))
        )
    if scheme == "http" and not is_loopback_host(host):
        raise InsecureUrlError(
            translate(
                "ApiError",
                "The service address {address} is not encrypted (http://); use https:// (plain "
                "http is only allowed to this computer)",
            ).format(address=repr(text))
        )
    return f"{scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def check_storage_url(url: str) -> str:
    """A signed storage address fit to fetch, without any ``user:password@``.

    InsecureUrlError (one sentence, no address in it: it carries a signature) when it is not a
    web address, has an impossible port or control characters, or is plain http elsewhere than
    this computer.
    """
    if _UNSAFE_IN_URL.search(url):
        raise InsecureUrlError(
            translate("ApiError", "its address contains spaces or control characters")
        )
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        parts.port  # noqa: B018 - raises ValueError for a port that is not 0-65535
    except ValueError:
        raise InsecureUrlError(
            translate("ApiError", "its address has an impossible host or port")
        ) from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not host:
        shown = scheme[:20] or translate("ApiError", "no scheme")
        raise InsecureUrlError(
            translate("ApiError", "its address is not a web address ({scheme})").format(
                scheme=shown
            )
        )
    if scheme == "http" and not is_loopback_host(host):
        raise InsecureUrlError(
            translate("ApiError", "its address is not encrypted (http://) and is not this computer")
        )
    if parts.username is None and parts.password is None:
        return url
    netloc = parts.netloc.rpartition("@")[2]
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def path_segment(name: str) -> str:
    """One path segment with every reserved character encoded (``/`` becomes ``%2F``)."""
    encoded = quote(name, safe="")
    # "." and ".." would be resolved away by URL normalisation; encoded they stay names.
    return encoded.replace(".", "%2E") if encoded in (".", "..") else encoded


def join_url(base_url: str, *segments: str) -> str:
    """``base_url`` followed by each segment, fully encoded."""
    return base_url.rstrip("/") + "".join("/" + path_segment(s) for s in segments)
