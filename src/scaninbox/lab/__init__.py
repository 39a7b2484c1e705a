"""The lab hub: decisions, claims, notes, read marks and QC results shared between a lab's
workstations through a PostgreSQL database (optional; a single desk needs none of it).

- ``config`` / ``settings_link``: which hub (``SCANINBOX_LAB_URL``, ``[lab] url``), the password
  from the keyring, TLS for any hub not on this computer;
- ``migrations``: the hub's schema (append-only event log, row-level security per organisation,
  ``append_event``), versioned, applied by ``scaninbox lab init``;
- ``hub``: one connection (append, read from a sequence number on);
- ``events`` / ``state``: making an event, deriving a case's current state from its events;
- ``exchange``: the outbox sent, the hub's new events read (``scaninbox sync``, the window);
- ``live``: LISTEN/NOTIFY on a thread of its own, catching up after a lost connection.

Imports nothing of Qt or argparse; psycopg is imported when a hub is used. The local outbox and
copy of the log are the store's (``scaninbox.store.lab_store``).
"""

from scaninbox.lab.errors import HubNotReady, HubRefused, HubUnreachable, LabError, LabSettingsError
from scaninbox.lab.events import new_event
from scaninbox.lab.state import CaseLabState, derive_state, event_json

__all__ = [
    "CaseLabState",
    "HubNotReady",
    "HubRefused",
    "HubUnreachable",
    "LabError",
    "LabSettingsError",
    "derive_state",
    "event_json",
    "new_event",
]
