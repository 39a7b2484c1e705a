"""The reference sandbox: interface v1 of the Intra-Oral Scan Inbox Service on loopback, with a
deterministic synthetic data set (cases, procedural jaw scans, order forms, attachments).

It speaks the wire format on its own — it imports nothing of ``scaninbox.api`` — so a
misunderstanding in the client is not mirrored here. ``scaninbox sandbox`` runs it,
``scaninbox --demo`` starts one in-process, and the tests talk to it::

    with SandboxServer(SandboxConfig(port=0)) as server:
        server.base_url        # "http://127.0.0.1:PORT"
        server.control         # test knobs (SandboxControl)

Module map: ``server`` (uvicorn thread), ``app`` (routes), ``storage`` (signed downloads),
``catalogue`` (case index), ``case_content``/``case_files``/``work_plans`` (case JSON and
files), ``arch_layout``/``tooth_shapes``/``arch_mesh`` (meshes), ``axes`` (canonical frame and
``axisMapping``), ``portals``, ``organisations``, ``order_form``, ``attachments``,
``preview_image``, ``file_cache``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scaninbox.sandbox.config import DEFAULT_PORT, SandboxConfig
    from scaninbox.sandbox.control import RecordedRequest, SandboxControl
    from scaninbox.sandbox.organisations import DEMO_ACCOUNT, OTHER_ACCOUNT, QC_ACCOUNT, Account
    from scaninbox.sandbox.server import SandboxServer, SandboxStartError, serve_forever

__all__ = [
    "DEFAULT_PORT",
    "DEMO_ACCOUNT",
    "OTHER_ACCOUNT",
    "QC_ACCOUNT",
    "Account",
    "RecordedRequest",
    "SandboxConfig",
    "SandboxControl",
    "SandboxServer",
    "SandboxStartError",
    "serve_forever",
]

# Importing the package stays cheap (the command line registers its commands through it);
# the server stack (uvicorn, starlette, numpy, fpdf2, Pillow) loads on first use.
_HOMES = {
    "DEFAULT_PORT": "config",
    "SandboxConfig": "config",
    "RecordedRequest": "control",
    "SandboxControl": "control",
    "DEMO_ACCOUNT": "organisations",
    "OTHER_ACCOUNT": "organisations",
    "QC_ACCOUNT": "organisations",
    "Account": "organisations",
    "SandboxServer": "server",
    "SandboxStartError": "server",
    "serve_forever": "server",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'scaninbox.sandbox' has no attribute {name!r}")
    return getattr(importlib.import_module(f"scaninbox.sandbox.{home}"), name)
