"""Which proxy server a request goes through: the environment's, as curl and most tools read it.

``HTTPS_PROXY`` / ``HTTP_PROXY`` (or lower case) name the proxy for each scheme, ``ALL_PROXY``
for both, ``NO_PROXY`` the hosts reached directly (comma-separated names or domain suffixes,
``*`` for all; read by the standard library's ``urllib.request``). A value without a scheme is an
``http://`` proxy (``proxy.lab:3128``). This computer (``localhost``, ``127.0.0.0/8``, ``::1``;
`urls.is_loopback_host`, the rule plain HTTP follows too) is never reached through a proxy: the
demo service listens there, and a proxy elsewhere could not reach it. Only ``http://`` and
``https://`` proxies are supported (SOCKS would need an extra package); another kind is reported
when a request would use it.

httpx reads the same variables itself, but not for a client given a transport of its own, and
the client is given one (``transport._ClosingTransport``), so the routing is done here.
"""

from __future__ import annotations

import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass, field

from scaninbox.api.urls import is_loopback_host

__all__ = ["ProxySettings", "environment_proxies", "shown_proxy"]

_SUPPORTED = ("http", "https")


@dataclass(frozen=True, slots=True)
class ProxySettings:
    """Proxy URLs by scheme (``"http"``, ``"https"``, ``"all"``) and the ``NO_PROXY`` list."""

    by_scheme: Mapping[str, str] = field(default_factory=dict)
    no_proxy: str = ""

    def proxy_for(self, scheme: str, host: str) -> str | None:
        """The proxy URL for a request to ``scheme://host``; None to connect directly."""
        proxy = self.by_scheme.get(scheme) or self.by_scheme.get("all")
        if not proxy or is_loopback_host(host):
            return None
        # Documented in urllib.request, missing from its type stubs.
        bypass = urllib.request.proxy_bypass_environment  # type: ignore[attr-defined]
        if self.no_proxy and bypass(host, {"no": self.no_proxy}):
            return None
        return proxy if "://" in proxy else f"http://{proxy}"

    def unsupported(self, proxy: str) -> bool:
        return proxy.split("://", 1)[0].lower() not in _SUPPORTED


def environment_proxies() -> ProxySettings:
    """The proxies this process's environment names (none when it names none)."""
    found = urllib.request.getproxies_environment()
    by_scheme = {
        scheme: value.strip()
        for scheme, value in found.items()
        if scheme in ("http", "https", "all") and value.strip()
    }
    return ProxySettings(by_scheme, found.get("no", "").strip())


def shown_proxy(proxy: str) -> str:
    """A proxy URL fit for a message or a log: without ``user:password@``."""
    scheme, _, rest = proxy.rpartition("://")
    host = rest.split("@")[-1]
    return f"{scheme}://{host}" if scheme else host
