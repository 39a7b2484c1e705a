"""Pre-authenticated storage links: ``/storage/{case}/{kind}/{name}?expires=…&sig=…``.

``expires`` is the expiry in whole epoch seconds (the link works while now < expires);
``sig`` is HMAC-SHA256, hex, over the *decoded* path segments and the expiry, with a
per-process secret — so a client may percent-encode the name any valid way. Links carry no
bearer token and need no header.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import threading
import time
from urllib.parse import quote

__all__ = ["LinkSigner", "StoragePath"]

StoragePath = tuple[str, str, str]  # (case ref, kind, file name), decoded


class LinkSigner:
    def __init__(self, ttl_s: float) -> None:
        self._secret = secrets.token_bytes(32)
        self._ttl_s = ttl_s
        self._storage_base: str | None = None
        self._lock = threading.Lock()

    def set_ttl(self, ttl_s: float) -> None:
        if ttl_s < 0:
            raise ValueError("a link lifetime cannot be negative")
        with self._lock:
            self._ttl_s = ttl_s

    def move_storage(self, base_url: str | None) -> None:
        with self._lock:
            self._storage_base = base_url.rstrip("/") if base_url else None

    def sign(self, base_url: str, path: StoragePath) -> tuple[str, int]:
        """A signed absolute URL (under ``base_url`` unless storage was moved) and its expiry
        (epoch seconds)."""
        with self._lock:
            expires = math.floor(time.time() + self._ttl_s)
            base_url = self._storage_base or base_url
        segments = "/".join(quote(part, safe="") for part in path)
        url = f"{base_url}/storage/{segments}?expires={expires}&sig={self._mac(path, expires)}"
        return url, expires

    def check(self, path: StoragePath, expires_text: str | None, sig: str | None) -> str | None:
        """None when the link is good, otherwise why it is refused."""
        if not expires_text or not sig or not expires_text.isdigit():
            return "Query-string authentication requires the expires and sig parameters."
        if not hmac.compare_digest(sig, self._mac(path, int(expires_text))):
            return "The request signature we calculated does not match the signature you provided."
        if time.time() >= int(expires_text):
            return "Request has expired."
        return None

    def _mac(self, path: StoragePath, expires: int) -> str:
        message = "\n".join((*path, str(expires))).encode("utf-8")
        return hmac.new(self._secret, message, hashlib.sha256).hexdigest()
