"""The hub this computer is configured for: environment first, then ``settings.toml``, with the
password from the keyring (``scaninbox.credentials``)."""

from __future__ import annotations

import os
from collections.abc import Mapping

from scaninbox.lab.config import HubAddress, hub_address
from scaninbox.paths import AppPaths

__all__ = ["ENV_LAB_URL", "configured_hub"]

ENV_LAB_URL = "SCANINBOX_LAB_URL"


def configured_hub(paths: AppPaths, env: Mapping[str, str] | None = None) -> HubAddress | None:
    """The configured hub (None: a single desk, nothing new), its password filled in from the
    keyring when the address itself carries none. ``LabSettingsError`` when unusable."""
    from dataclasses import replace

    from scaninbox.credentials import lab_password
    from scaninbox.settings import load_settings

    environ = os.environ if env is None else env
    settings = load_settings(paths, environ)
    ca = str(settings.ca_bundle) if settings.ca_bundle else None
    from_env = environ.get(ENV_LAB_URL, "").strip()
    address = (
        hub_address(from_env, from_file=False, ca_bundle=ca)
        if from_env
        else hub_address(settings.lab_url, from_file=True, ca_bundle=ca)
    )
    if address is None or address.password is not None:
        return address
    kept = lab_password(address.label)
    return replace(address, password=kept) if kept is not None else address
