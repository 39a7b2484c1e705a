"""``scaninbox lab …``, ``claim`` and ``release`` at work (declared in ``lab_commands``), and the
lab's part of ``case --json`` and ``sync``.

What the person is told goes to stderr (the hub away and what waits, claims refused when
sent, stale claims taken over); the answer itself to stdout. Exit codes: 1 when a claim or
release is refused (the message names the holder), 3 when the hub refuses this workstation's
sign-in or role, 5 when ``lab status`` / ``lab init`` cannot reach the hub.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from scaninbox.cli.deferred import NoOptions
from scaninbox.cli.errors import EXIT_AUTH, EXIT_NETWORK, EXIT_OTHER, EXIT_USAGE, CliError
from scaninbox.cli.lab_commands import LabInitOptions, LabRefOptions, LabStatusOptions, NoteOptions
from scaninbox.cli.local_store import open_local_store
from scaninbox.cli.options import GlobalOptions
from scaninbox.cli.output import print_json, write_error, write_line
from scaninbox.cli.text_layout import clean
from scaninbox.domain import CaseRef
from scaninbox.lab import (
    HubNotReady,
    HubRefused,
    HubUnreachable,
    LabError,
    LabSettingsError,
    event_json,
)
from scaninbox.paths import app_paths
from scaninbox.services.lab_link import Delivery, LabLink, lab_link, waiting_text
from scaninbox.store import CaseStore, NoLocalAccountError
from scaninbox.store.lab_store import LabEvent, last_seq, refused_events, waiting_count

__all__ = [
    "lab_for_case",
    "lab_for_sync",
    "run_claim",
    "run_history",
    "run_init",
    "run_login",
    "run_note",
    "run_release",
    "run_status",
]

_NO_HUB = (
    "No lab hub is configured: set SCANINBOX_LAB_URL or [lab] url in settings.toml "
    "(see docs/lab-hub.md)."
)


@contextmanager
def _lab_errors() -> Iterator[None]:
    try:
        yield
    except LabSettingsError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    except HubUnreachable as exc:
        raise CliError(str(exc), EXIT_NETWORK) from None
    except HubRefused as exc:
        raise CliError(str(exc), EXIT_AUTH) from None
    except (HubNotReady, LabError) as exc:
        raise CliError(str(exc), EXIT_OTHER) from None


@contextmanager
def _link(options: GlobalOptions) -> Iterator[LabLink]:
    with _lab_errors(), open_local_store(options) as local:
        link = lab_link(local.store)
        if link is None:
            raise CliError(_NO_HUB, EXIT_USAGE)
        yield link


def _tell(delivery: Delivery) -> None:
    for line in delivery.lines():
        write_error(clean(line))


def _when(moment: datetime | None) -> str:
    return f" since {moment.astimezone():%Y-%m-%d %H:%M}" if moment is not None else ""


def _same(a: str | None, b: str) -> bool:
    return a is not None and a.casefold() == b.casefold()


# ------------------------------------------------------------------ claim, release, note


def run_claim(options: GlobalOptions, command: LabRefOptions) -> int:
    ref = command.ref
    with _link(options) as link:
        before = link.exchange()  # the newest state first, and anything that waited
        _tell(before)
        state = link.state(ref)
        me = link.who
        if state.claimed_by and not _same(state.claimed_by, me) and before.unreachable:
            raise CliError(
                f"Case {ref} is held by {state.claimed_by}{_when(state.claimed_since)}; the lab "
                "hub cannot be reached to take a stale claim over."
            )
        if _same(state.claimed_by, me) and not state.claim_provisional:
            write_line(f"You already hold case {ref}.")
            return 0
        delivery = link.record(ref, "claim")
        _tell(delivery)
        outcome = delivery.outcome
        if delivery.refused and outcome is not None:
            raise CliError(f"Case {ref} is held by {outcome.holder}{_when(outcome.holder_since)}.")
        if outcome is not None and outcome.outcome == "taken_over":
            write_error(
                f"Warning: case {ref} was held by {outcome.holder}{_when(outcome.holder_since)}; "
                "that claim was stale and you have taken the case over."
            )
        if delivery.unreachable:
            write_line(
                f"Your claim of case {ref} is provisional: the lab hub cannot be reached now, "
                "and it may refuse the claim when it is sent if someone else claimed the case "
                "meanwhile."
            )
        else:
            write_line(f"You hold case {ref} now.")
    return 0


def run_release(options: GlobalOptions, command: LabRefOptions) -> int:
    ref = command.ref
    with _link(options) as link:
        before = link.exchange()
        _tell(before)
        state = link.state(ref)
        me = link.who
        if not _same(state.claimed_by, me):
            holder = state.claimed_by
            raise CliError(
                f"Case {ref} is held by {holder}{_when(state.claimed_since)}, not by you."
                if holder
                else f"Case {ref} is not claimed by anyone."
            )
        delivery = link.record(ref, "release")
        _tell(delivery)
        outcome = delivery.outcome
        if delivery.refused and outcome is not None:
            raise CliError(
                f"Case {ref} is held by {outcome.holder}{_when(outcome.holder_since)}, not by you."
                if outcome.holder
                else f"Case {ref} is not claimed by anyone."
            )
        write_line(
            f"Case {ref} is released (it waits on this computer until the hub is back)."
            if delivery.unreachable
            else f"Case {ref} is released."
        )
    return 0


def run_note(options: GlobalOptions, command: NoteOptions) -> int:
    text = command.text.strip()
    if not text:
        raise CliError("A note needs some text.", EXIT_USAGE)
    with _link(options) as link:
        delivery = link.record(command.ref, "note", {"text": text})
        _tell(delivery)
        write_line(
            f"Note added to case {command.ref}"
            + (" (it waits on this computer)." if delivery.unreachable else ".")
        )
    return 0


# ------------------------------------------------------------------ history


def run_history(options: GlobalOptions, command: LabRefOptions) -> int:
    with _link(options) as link:
        if not options.offline:  # --offline: this computer's copy of the log only
            _tell(link.exchange())
        events = link.history(command.ref)
    if command.json:
        print_json([event_json(e) for e in events])
        return 0
    if not events:
        write_line(f"The lab has no events for case {command.ref}.")
    for event in events:
        write_line(clean(_history_line(event)))
    return 0


def _history_line(event: LabEvent) -> str:
    when = event.made_at.astimezone().strftime("%Y-%m-%d %H:%M")
    body = event.body
    what = {
        "decision": f"decision: {_decision_words(str(body.get('value', '')))}",
        "claim": "claimed the case",
        "release": "released the case",
        "note": f"note: {body.get('text', '')}",
        "read": "read the case",
        "qc_result": f"QC result: {body.get('verdict', '')}",
    }.get(event.kind, event.kind)
    if event.kind == "decision" and body.get("note"):
        what += f" — {body['note']}"
    waiting = "  (waiting to be sent)" if event.seq is None else ""
    return f"{when}  {event.by}  {what}{waiting}"


def _decision_words(value: str) -> str:
    return {"ready": "ready to accept", "rescan": "rescan needed"}.get(value, value)


# ------------------------------------------------------------------ status, init, login


def run_status(options: GlobalOptions, command: LabStatusOptions) -> int:
    from scaninbox.lab.hub import Hub
    from scaninbox.lab.migrations import schema_version
    from scaninbox.lab.settings_link import configured_hub

    with _lab_errors():
        address = configured_hub(app_paths())
    if address is None:
        if command.json:
            print_json({"configured": False})
        else:
            write_line(_NO_HUB)
        return 0
    status: dict[str, Any] = {"configured": True, "hub": address.label, "reachable": False}
    with _local_store_or_none(options) as store:
        organisation = None
        if store is not None:
            status["waiting"] = waiting_count(store)
            status["refused"] = len(refused_events(store))
            status["last_seq_here"] = last_seq(store)
            link = LabLink(store, address)
            try:
                organisation = link.organisation()
            except LabError:
                organisation = None
        try:
            with Hub.open(address, organisation) as hub:
                status.update(
                    reachable=True,
                    server_version=hub.server_version(),
                    schema_version=schema_version(hub.conn),
                    organisation=hub.organisation,
                    events_on_hub=hub.event_count(),
                )
        except LabError as exc:
            status["error"] = str(exc)
    if command.json:
        print_json(status)
    else:
        write_line(clean(_status_text(status)))
    return 0 if status["reachable"] else EXIT_NETWORK


def _status_text(status: dict[str, Any]) -> str:
    lines = [f"Lab hub: {status['hub']}"]
    if status["reachable"]:
        lines.append(
            f"Reachable: PostgreSQL {status['server_version']}, Scan Inbox schema version "
            f"{status['schema_version']}, {status['events_on_hub']} events of your laboratory."
        )
    else:
        lines.append(f"Not reachable: {status.get('error', '')}")
    if "waiting" in status:
        lines.append(waiting_text(int(status["waiting"])))
        lines.append(f"This computer has read the hub's log up to event {status['last_seq_here']}.")
    return "\n".join(lines)


@contextmanager
def _local_store_or_none(options: GlobalOptions) -> Iterator[CaseStore | None]:
    try:
        with open_local_store(options) as local:
            yield local.store
    except NoLocalAccountError:
        yield None


def run_init(options: GlobalOptions, command: LabInitOptions) -> int:
    import psycopg

    from scaninbox.lab.hub import hub_errors
    from scaninbox.lab.migrations import admit_role, migrate
    from scaninbox.lab.settings_link import configured_hub

    with _lab_errors():
        address = configured_hub(app_paths())
        if address is None:
            raise CliError(_NO_HUB, EXIT_USAGE)
        with hub_errors(address):
            conn = psycopg.connect(address.conninfo(), autocommit=True)
        with conn, hub_errors(address):
            found, now = migrate(conn)
            write_line(
                f"The lab hub {address.label} has Scan Inbox's schema version {now}"
                + (" (already)." if found == now else f" (it had {found or 'none'}).")
            )
            row = conn.execute("SELECT scaninbox.organisation_of(current_user)").fetchone()
            member_of = row[0] if row else None
            roles = list(command.admit)
            if member_of is None:
                roles.insert(0, address.role)
            if roles:
                organisation, name = _account_organisation(options)
                for role in roles:
                    added = admit_role(conn, role, organisation)
                    state = "now belongs" if added else "belongs"
                    write_line(f"The hub role {role!r} {state} to {name}.")
    return 0


def _account_organisation(options: GlobalOptions) -> tuple[str, str]:
    """(guid, name) of the signed-in account's laboratory, from the local store."""
    try:
        with open_local_store(options) as local:
            me = local.store.me()
    except NoLocalAccountError:
        me = None
    if me is not None:
        for org in me.organizations:
            if org.guid:
                return org.guid, org.name
    raise CliError(
        "Admitting a role needs your laboratory: sign in once on this computer "
        "(`scaninbox login`, then `scaninbox sync`) and run this again."
    )


def run_login(options: GlobalOptions, command: NoOptions) -> int:
    import getpass
    from dataclasses import replace

    import psycopg

    from scaninbox.credentials import keyring_status, remember_lab_password
    from scaninbox.lab.hub import hub_errors
    from scaninbox.lab.settings_link import configured_hub

    del options, command
    with _lab_errors():
        address = configured_hub(app_paths())
        if address is None:
            raise CliError(_NO_HUB, EXIT_USAGE)
        usable, reason = keyring_status()
        if not usable:
            raise CliError(f"{reason}: the hub's password cannot be kept on this computer.")
        password = os.environ.get("SCANINBOX_LAB_PASSWORD")
        if password is None:
            if not sys.stdin.isatty():
                raise CliError(
                    "Give the hub's password in SCANINBOX_LAB_PASSWORD or run this on a terminal.",
                    EXIT_USAGE,
                )
            password = getpass.getpass(f"Password of {address.label}: ")
        trial = replace(address, password=password)
        with hub_errors(trial):
            psycopg.connect(trial.conninfo(), autocommit=True).close()
    if not remember_lab_password(address.label, password):
        raise CliError("The system keyring refused to keep the hub's password.")
    write_line(f"The password of {address.label} is kept in the system keyring.")
    return 0


# ------------------------------------------------------------------ case --json and sync


def lab_for_case(options: GlobalOptions, ref: CaseRef) -> dict[str, Any] | None:
    """The ``"lab"`` object of ``case REF --json`` (None when no hub is configured)."""
    from scaninbox.lab.settings_link import configured_hub

    with _lab_errors():
        if configured_hub(app_paths()) is None:
            return None
    with _link(options) as link:
        reachable = None  # --offline: not asked
        if not options.offline:
            delivery = link.exchange()
            _tell(delivery)
            reachable = delivery.unreachable is None
        lab = link.state(ref).to_json()
        lab["hub_reachable"] = reachable
    return lab


def lab_for_sync(store: CaseStore) -> tuple[list[str], dict[str, Any]] | None:
    """``scaninbox sync`` exchanges the lab's events too: the summary line to print and the JSON
    part (None when no hub is configured). What the person must be told (the hub away, claims
    refused) goes to stderr at once, with or without ``--json``."""
    with _lab_errors():
        link = lab_link(store)
    if link is None:
        return None
    delivery = link.exchange()
    _tell(delivery)
    report = delivery.report
    part: dict[str, Any] = {
        "reachable": delivery.unreachable is None,
        "sent": report.sent if report else 0,
        "received": report.received if report else 0,
        "waiting": delivery.waiting,
        "refused": [
            {"case": e.case_ref, "kind": e.kind, "reason": reason}
            for e, reason in delivery.refusals
        ],
    }
    if delivery.unreachable:
        return [], part
    return [f"Lab hub: {part['sent']} event(s) sent, {part['received']} received."], part
