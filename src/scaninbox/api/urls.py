"""Which addresses the client may talk to, and how paths are built from names.

Secrets travel to the service (the bearer token) and come back from it (signed URLs), so every
address must be HTTPS. Plain HTTP is allowed only to this computer (loopback: ``localhost``,
127.0.0.0/8, ``::1``), where the sandbox runs. Names used in paths (case refs, file names with
spaces, ``#``, ``%``, ``?``, ``/`` or non-ASCII letters) are percent-encoded completely, one path
segment each, so a name can never change the path's shape.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import quote, urlsplit

from scaninbox.api.errors import InsecureUrlError

__all__ = ["check_base_url", "is_loopback_host", "is_secure_url", "join_url", "path_segment"]


def is_loopback_host(host: str) -> bool:
    """True for ``localhost`` and every loopback IP address (127.0.0.0/8, ``::1``)."""
    name = host.strip().strip("[]").rstrip(".").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


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
        raise InsecureUrlError(f"{text!r} is not a usable web address") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not host:
        raise InsecureUrlError(
            f"{text!r} is not a web address; it should look like https://inbox.example.com"
        )
    if parts.username is not None or parts.password is not None:
        raise InsecureUrlError("The service address must not contain a user name or password")
    if parts.query or parts.fragment:
        raise InsecureUrlError(f"The service address {text!r} must not contain '?' or '#'")
    if scheme == "http" and not is_loopback_host(host):
        raise InsecureUrlError(
            f"The service address {text!r} is not encrypted (http://); use https:// "
            "(plain http is only allowed to this computer)"
        )
    return f"{scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def path_segment(name: str) -> str:
    """One path segment with every reserved character encoded (``/`` becomes ``%2F``)."""
    encoded = quote(name, safe="")
    # "." and ".." would be resolved away by URL normalisation; encoded they stay names.
    return encoded.replace(".", "%2E") if encoded in (".", "..") else encoded


def join_url(base_url: str, *segments: str) -> str:
    """``base_url`` followed by each segment, fully encoded."""
    return base_url.rstrip("/") + "".join("/" + path_segment(s) for s in segments)
