"""What can go wrong with the lab hub, in words a person can act on."""

from __future__ import annotations

__all__ = ["HubNotReady", "HubRefused", "HubUnreachable", "LabError", "LabSettingsError"]


class LabError(Exception):
    """Anything about the lab hub; the message is one plain sentence."""


class LabSettingsError(LabError):
    """``[lab] url`` / ``SCANINBOX_LAB_URL`` cannot be used (the message says why)."""


class HubUnreachable(LabError):  # noqa: N818 — reads as what happened
    """The hub cannot be reached now (network, server down, timeout): events wait here."""


class HubRefused(LabError):  # noqa: N818
    """The hub answered but will not let this workstation in or write (password, role,
    organisation); waiting does not help, a person must act."""


class HubNotReady(LabError):  # noqa: N818
    """The hub's database has no Scan Inbox schema yet, or an older or newer one."""
