"""Bearer tokens: HS256 JWTs signed with a per-process random secret.

Claims: ``sub`` (e-mail), ``org`` (organisation key), ``iat``, ``exp`` (whole seconds; a token is
valid while now < exp) and ``gen``, the issuer's generation when the token was made: expiring all
tokens at once (a test knob) raises the generation, and older tokens stop working.
"""

from __future__ import annotations

import math
import secrets
import threading
import time
from dataclasses import dataclass

import jwt

__all__ = ["TokenIssuer", "TokenRejectedError"]


class TokenRejectedError(Exception):
    """The presented token is missing, malformed, forged or expired (the message says which)."""


@dataclass(frozen=True, slots=True)
class _Claims:
    email: str
    org: str


class TokenIssuer:
    def __init__(self, ttl_s: float) -> None:
        self._secret = secrets.token_bytes(32)
        self._ttl_s = ttl_s
        self._generation = 0
        self._lock = threading.Lock()

    def set_ttl(self, ttl_s: float) -> None:
        if ttl_s < 0:
            raise ValueError("a token lifetime cannot be negative")
        with self._lock:
            self._ttl_s = ttl_s

    def expire_all(self) -> None:
        with self._lock:
            self._generation += 1

    def issue(self, email: str, org: str) -> tuple[str, int]:
        """A new token and its expiry (epoch seconds)."""
        with self._lock:
            now = time.time()
            expires = math.floor(now + self._ttl_s)
            claims = {
                "sub": email,
                "org": org,
                "iat": math.floor(now),
                "exp": expires,
                "gen": self._generation,
            }
        return jwt.encode(claims, self._secret, algorithm="HS256"), expires

    def verify(self, token: str) -> _Claims:
        try:
            claims = jwt.decode(
                token,
                self._secret,
                algorithms=["HS256"],
                options={"require": ["sub", "org", "exp", "gen"]},
            )
        except jwt.ExpiredSignatureError:
            raise TokenRejectedError("The access token has expired; sign in again.") from None
        except jwt.PyJWTError:
            raise TokenRejectedError("The access token is not valid.") from None
        with self._lock:
            if claims["gen"] != self._generation:
                raise TokenRejectedError("The access token has expired; sign in again.")
        return _Claims(email=str(claims["sub"]), org=str(claims["org"]))
