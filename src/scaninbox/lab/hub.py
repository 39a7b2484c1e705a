"""A connection to the lab hub: append events, read the log from a sequence number on.

``Hub.open`` connects (``CONNECT_TIMEOUT_S``), checks the schema and which organisation the
role belongs to. Every method maps psycopg's errors to the lab's (``HubUnreachable`` when the
hub went away: the caller keeps its events for later; ``HubRefused`` when a person must act).
The connection is in autocommit mode: each append is its own transaction inside the hub's
``append_event``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Self

from scaninbox.lab.config import HubAddress
from scaninbox.lab.errors import HubNotReady, HubRefused, HubUnreachable, LabError
from scaninbox.lab.migrations import SCHEMA_VERSION, channel_for, schema_version
from scaninbox.language import os_reason_in_text, translate
from scaninbox.store.lab_store import LabEvent

if TYPE_CHECKING:
    import psycopg

__all__ = ["AppendOutcome", "Hub", "hub_errors"]

_log = logging.getLogger(__name__)
_COLUMNS = "seq, id, case_ref, kind, by_email, made_at, recorded_at, body"


@dataclass(frozen=True, slots=True)
class AppendOutcome:
    """What the hub did with an event: ``added``, ``known`` (it had it already: a resend),
    ``taken_over`` (a stale claim of ``holder`` replaced) or ``refused`` (``holder`` holds the
    case; for a release: ``holder`` is who holds it, None when nobody does)."""

    outcome: str
    seq: int | None
    holder: str | None = None
    holder_since: datetime | None = None
    recorded_at: datetime | None = None  # the hub's clock, for an event it holds

    @property
    def accepted(self) -> bool:
        return self.outcome != "refused"


@contextmanager
def hub_errors(address: HubAddress | None = None) -> Iterator[None]:
    """psycopg's errors as the lab's, in plain words."""
    import psycopg
    from psycopg import errors as pg

    try:
        yield
    except LabError:
        raise
    except (pg.InvalidPassword, pg.InvalidAuthorizationSpecification) as exc:
        raise HubRefused(
            translate(
                "LabError",
                "{hub} refused the sign-in: check the role and its password "
                "(`scaninbox lab login`). ({detail})",
            ).format(hub=_hub(address), detail=_first_line(exc))
        ) from None
    except pg.InsufficientPrivilege as exc:
        raise HubRefused(_refused(address, _first_line(exc))) from None
    except pg.UndefinedTable:
        raise HubNotReady(
            translate(
                "LabError", "{hub} has no Scan Inbox schema: run `scaninbox lab init`."
            ).format(hub=_hub(address))
        ) from None
    except psycopg.OperationalError as exc:
        # The server's own words are English (or the server's language): matched here as
        # libpq writes them, and shown in parentheses for support.
        text = _first_line(exc)
        if "password authentication failed" in text or "no password supplied" in text:
            raise HubRefused(
                translate(
                    "LabError",
                    "{hub} refused the sign-in: check the role and its password "
                    "(`scaninbox lab login`).",
                ).format(hub=_hub(address))
            ) from None
        if "does not exist" in text and ("role" in text or "database" in text):
            raise HubRefused(_refused(address, text)) from None
        raise HubUnreachable(
            translate("LabError", "{hub} cannot be reached: {detail}").format(
                hub=_hub(address), detail=os_reason_in_text(text) or text
            )
        ) from None
    except psycopg.Error as exc:
        raise HubUnreachable(
            translate("LabError", "{hub} failed: {detail}").format(
                hub=_hub(address), detail=_first_line(exc)
            )
        ) from None


def _hub(address: HubAddress | None) -> str:
    """The hub as the subject of a message: "The lab hub (role@host:port/database)"."""
    if address is None:
        return translate("LabError", "The lab hub")
    return translate("LabError", "The lab hub ({address})").format(address=address.label)


def _refused(address: HubAddress | None, detail: str) -> str:
    return translate("LabError", "{hub} refused: {detail}").format(hub=_hub(address), detail=detail)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


class Hub:
    """One connection to the hub, for the organisation its role belongs to."""

    def __init__(self, conn: psycopg.Connection, address: HubAddress, organisation: str) -> None:
        self.conn = conn
        self.address = address
        self.organisation = organisation

    @classmethod
    def open(
        cls, address: HubAddress, organisation: str | None = None, *, application: str = "scaninbox"
    ) -> Self:
        """Connect and check the schema; ``organisation``: the signed-in account's, which the
        role must belong to (None: whatever the role belongs to)."""
        import psycopg

        with hub_errors(address):
            conn = psycopg.connect(address.conninfo(application=application), autocommit=True)
        try:
            with hub_errors(address):
                found = schema_version(conn)
                if found == 0:
                    raise HubNotReady(
                        translate(
                            "LabError",
                            "The lab hub ({address}) has no Scan Inbox schema yet: run "
                            "`scaninbox lab init`.",
                        ).format(address=address.label)
                    )
                if found > SCHEMA_VERSION:
                    raise HubNotReady(
                        translate(
                            "LabError",
                            "The lab hub's schema (version {found}) is newer than this version "
                            "of Scan Inbox knows: update Scan Inbox.",
                        ).format(found=found)
                    )
                if found < SCHEMA_VERSION:
                    raise HubNotReady(
                        translate(
                            "LabError",
                            "The lab hub's schema (version {found}) is older than this version "
                            "of Scan Inbox needs: run `scaninbox lab init` to upgrade it.",
                        ).format(found=found)
                    )
                row = conn.execute("SELECT scaninbox.organisation_of(current_user)").fetchone()
            member_of = row[0] if row else None
            if member_of is None:
                raise HubRefused(
                    translate(
                        "LabError",
                        "The hub role {role} belongs to no laboratory on the hub: ask the lab's "
                        "IT person to admit it (`scaninbox lab init --admit ROLE`).",
                    ).format(role=repr(address.role))
                )
            if organisation is not None and member_of != organisation:
                raise HubRefused(
                    translate(
                        "LabError",
                        "The hub role {role} belongs to another organisation than the signed-in "
                        "account: use your own lab's role.",
                    ).format(role=repr(address.role))
                )
        except BaseException:
            conn.close()
            raise
        return cls(conn, address, str(member_of))

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def channel(self) -> str:
        return channel_for(self.organisation)

    def hub_id(self) -> str:
        with hub_errors(self.address):
            row = self.conn.execute("SELECT hub_id::text FROM scaninbox.hub_settings").fetchone()
        return str(row[0]) if row else ""

    def server_version(self) -> str:
        with hub_errors(self.address):
            row = self.conn.execute("SHOW server_version").fetchone()
        return str(row[0]).split()[0] if row else ""

    def append(self, event: LabEvent) -> AppendOutcome:
        """Add ``event`` to the log (a resend of a known id changes nothing)."""
        from psycopg.types.json import Jsonb

        with hub_errors(self.address):
            row = self.conn.execute(
                "SELECT * FROM scaninbox.append_event(%s, %s, %s, %s, %s, %s, %s)",
                (
                    event.id,
                    self.organisation,
                    event.case_ref,
                    event.kind,
                    event.by,
                    event.made_at,
                    Jsonb(dict(event.body)),
                ),
            ).fetchone()
        if row is None:  # the function always answers one row
            raise HubUnreachable(translate("LabError", "The lab hub gave no answer to an event."))
        outcome, seq, holder, since, recorded = row
        return AppendOutcome(str(outcome), seq, holder, since, recorded)

    def events_since(self, seq: int, limit: int = 5000) -> list[LabEvent]:
        """The organisation's events after ``seq``, in the hub's order, at most ``limit``."""
        with hub_errors(self.address), self.conn.cursor() as cur:
            cur.execute(
                f"SELECT {_COLUMNS} FROM scaninbox.events "  # noqa: S608 — fixed columns
                "WHERE organisation = %s AND seq > %s ORDER BY seq LIMIT %s",
                (self.organisation, seq, limit),
            )
            rows = cur.fetchall()
        return [_event(row) for row in rows]

    def rows_since(self, seq: int, limit: int = 5000) -> list[list[Any]]:
        """``events_since`` as the store keeps them (``lab_store.keep_hub_rows``): times as
        seconds since the epoch and the body as JSON text, so a catch-up of many thousand
        events neither parses nor re-writes their JSON or builds datetimes. The batch comes
        as one JSON array read by ``json.loads``: one value for the driver to hand over instead
        of eight per event (on Linux psycopg is pure Python, where each value costs a few
        ctypes calls into libpq; benchmarks/lab_catchup.py)."""
        with hub_errors(self.address), self.conn.cursor() as cur:
            cur.execute(
                "SELECT coalesce(json_agg(json_build_array(seq, id::text, case_ref, kind, "
                "by_email, extract(epoch FROM made_at)::float8, "
                "extract(epoch FROM recorded_at)::float8, body::text) ORDER BY seq), '[]')::text "
                "FROM (SELECT * FROM scaninbox.events WHERE organisation = %s AND seq > %s "
                "ORDER BY seq LIMIT %s) AS batch",
                (self.organisation, seq, limit),
            )
            row = cur.fetchone()
        rows: list[list[Any]] = json.loads(row[0]) if row else []
        return rows

    def case_events(self, case_ref: str) -> list[LabEvent]:
        with hub_errors(self.address), self.conn.cursor() as cur:
            cur.execute(
                f"SELECT {_COLUMNS} FROM scaninbox.events "  # noqa: S608 — fixed columns
                "WHERE organisation = %s AND case_ref = %s ORDER BY seq",
                (self.organisation, case_ref),
            )
            rows = cur.fetchall()
        return [_event(row) for row in rows]

    def event_count(self) -> int:
        with hub_errors(self.address):
            row = self.conn.execute(
                "SELECT count(*) FROM scaninbox.events WHERE organisation = %s",
                (self.organisation,),
            ).fetchone()
        return int(row[0]) if row else 0


def _event(row: tuple[Any, ...]) -> LabEvent:
    seq, event_id, ref, kind, by, made, recorded, body = row
    if isinstance(body, str):
        body = json.loads(body)
    return LabEvent(str(event_id), ref, kind, by, made, body, int(seq), recorded)
