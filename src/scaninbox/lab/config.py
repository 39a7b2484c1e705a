"""Which hub a workstation uses, and how it connects: ``SCANINBOX_LAB_URL`` or ``[lab] url``.

The address is a PostgreSQL URL (``postgresql://ROLE@HOST[:PORT]/DATABASE``). Its password is
kept in the operating system's keyring (``scaninbox lab login``), never in ``settings.toml``: a
URL there that carries one is refused. ``SCANINBOX_LAB_URL`` may carry one (scripts, CI); libpq's
own ``PGPASSWORD`` and password file work as usual.

TLS: a hub that is not on this computer (a host other than loopback or a Unix socket folder) is
reached only with ``sslmode=verify-full`` — the certificate checked against the system's
authorities (``sslrootcert=system``), ``[network] ca_bundle`` when set, or the URL's own
``sslrootcert``. A URL asking for less is refused with the reason.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from scaninbox.api import is_loopback_host
from scaninbox.lab.errors import LabSettingsError
from scaninbox.language import translate

__all__ = ["CONNECT_TIMEOUT_S", "HubAddress", "hub_address"]

CONNECT_TIMEOUT_S = 3  # a hub that does not answer by then is "away": events wait here
_STRONG_ENOUGH = {"verify-full"}


@dataclass(frozen=True, slots=True)
class HubAddress:
    """A hub's connection parameters without the password, and where the password comes from."""

    params: Mapping[str, str]  # libpq keywords (never the password)
    password: str | None  # from SCANINBOX_LAB_URL or the keyring; None: libpq's own sources

    @property
    def role(self) -> str:
        return self.params.get("user") or os.environ.get("PGUSER") or _login_name()

    @property
    def label(self) -> str:
        """``role@host:port/database`` for messages and the keyring entry (no secret)."""
        host = self.params.get("host", "") or "local socket"
        port = self.params.get("port", "")
        where = f"{host}:{port}" if port else host
        return f"{self.role}@{where}/{self.params.get('dbname', '')}"

    def conninfo(self, *, application: str = "scaninbox") -> str:
        from psycopg.conninfo import make_conninfo

        extra: dict[str, str] = {
            "connect_timeout": str(CONNECT_TIMEOUT_S),
            "application_name": application,
        }
        if self.password is not None:
            extra["password"] = self.password
        return make_conninfo("", **{**self.params, **extra})


def hub_address(
    url: str | None, *, from_file: bool, ca_bundle: str | None = None
) -> HubAddress | None:
    """The hub named by ``url`` (None: no hub configured). ``from_file``: it was read from
    ``settings.toml``, where a password is refused."""
    if not url or not url.strip():
        return None
    from psycopg import ProgrammingError
    from psycopg.conninfo import conninfo_to_dict

    text = url.strip()
    if not text.startswith(("postgresql://", "postgres://")):
        raise LabSettingsError(
            translate(
                "LabError",
                "The lab hub's address must be a PostgreSQL URL, postgresql://ROLE@HOST/DATABASE "
                "(see docs/lab-hub.md).",
            )
        )
    try:
        params = {k: str(v) for k, v in conninfo_to_dict(text).items() if v is not None}
    except ProgrammingError as exc:
        raise LabSettingsError(
            translate("LabError", "The lab hub's address cannot be read: {reason}").format(
                reason=exc
            )
        ) from None
    password = params.pop("password", None)
    if password is not None and from_file:
        raise LabSettingsError(
            translate(
                "LabError",
                "The lab hub's address in settings.toml carries a password: remove it from the "
                "file and keep it in the keyring with `scaninbox lab login`.",
            )
        )
    if not params.get("dbname"):
        raise LabSettingsError(
            translate("LabError", "The lab hub's address names no database (…/DATABASE).")
        )
    host = params.get("host", "")
    on_this_computer = all(
        not part or part.startswith("/") or is_loopback_host(part) for part in host.split(",")
    )
    if not on_this_computer:
        mode = params.get("sslmode", "verify-full")
        if mode not in _STRONG_ENOUGH:
            raise LabSettingsError(
                translate(
                    "LabError",
                    "The lab hub {host} is not on this computer, so it is reached only over TLS "
                    "with its certificate checked (sslmode=verify-full), not sslmode={mode}.",
                ).format(host=host, mode=mode)
            )
        params["sslmode"] = "verify-full"
        if "sslrootcert" not in params:
            params["sslrootcert"] = ca_bundle or "system"
    return HubAddress(params, password)


def _login_name() -> str:
    import getpass

    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return ""
