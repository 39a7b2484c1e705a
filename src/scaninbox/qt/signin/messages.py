"""What the sign-in dialog says when signing in fails: one plain message per kind of failure.

A wrong password, a server that cannot be reached and a certificate that cannot be verified
need different actions from the person (retype, check the network or address, call IT), so
each gets its own wording.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import urlsplit

from scaninbox.language import translate

__all__ = ["sign_in_error_message"]

_log = logging.getLogger(__name__)
_PARENTHESIS = re.compile(r"\(([^()]{1,120})\)")


def sign_in_error_message(error: BaseException, base_url: str | None) -> str:
    """The dialog's message for ``error`` raised while signing in to ``base_url``."""
    from scaninbox.api import errors
    from scaninbox.store import StoreError

    where = _host(base_url)
    wording: list[tuple[type[BaseException] | tuple[type[BaseException], ...], str | None]] = [
        (
            errors.AuthenticationError,
            translate(
                "SignInMessages",
                "The e-mail address or password is not correct. Check them and try again.",
            ),
        ),
        (
            errors.TlsError,
            _tls_message(where, _reason(error)),
        ),
        (
            errors.TransportError,
            translate(
                "SignInMessages",
                "The server at {host} cannot be reached. Check the address and your network "
                "connection, then try again.",
            ).format(host=where)
            if where
            else translate(
                "SignInMessages",
                "The server cannot be reached. Check the address and your network "
                "connection, then try again.",
            ),
        ),
        (
            (errors.ProtocolError, errors.NotFoundError),
            translate(
                "SignInMessages",
                "The server at {host} answered, but not like a Scan Inbox service. "
                "Check the address.",
            ).format(host=where)
            if where
            else translate(
                "SignInMessages",
                "The server answered, but not like a Scan Inbox service. Check the address.",
            ),
        ),
        ((errors.ApiError, StoreError, ValueError), None),  # their own words are plain
        (
            (OSError, RuntimeError),
            translate("SignInMessages", "Signing in failed: {error}").format(error=error),
        ),  # the demo did not start …
    ]
    for kinds, text in wording:
        if isinstance(error, kinds):
            return text if text is not None else str(error)
    _log.error("signing in failed unexpectedly", exc_info=error)
    return translate(
        "SignInMessages", "Signing in failed unexpectedly; the details are in the log file."
    )


def _tls_message(host: str, reason: str) -> str:
    """The certificate could not be verified: nothing was sent; who can help."""
    if host:
        text = translate(
            "SignInMessages",
            "The security certificate of the server at {host} could not be verified{reason}, "
            "so nothing was sent. If your lab uses its own certificate authority, ask your IT "
            "contact to set network.ca_bundle in the settings.",
        )
    else:
        text = translate(
            "SignInMessages",
            "The security certificate of the server could not be verified{reason}, so nothing "
            "was sent. If your lab uses its own certificate authority, ask your IT contact to "
            "set network.ca_bundle in the settings.",
        )
    return text.format(host=host, reason=reason)


def _reason(error: BaseException) -> str:
    """`` (self-signed certificate)``: the first parenthesis of the client's message, if any."""
    found = _PARENTHESIS.search(str(error))
    return f" ({found.group(1)})" if found else ""


def _host(base_url: str | None) -> str:
    """The server's host name, or "" when the address names none."""
    if not base_url:
        return ""
    try:
        return urlsplit(base_url).netloc
    except ValueError:
        return ""
