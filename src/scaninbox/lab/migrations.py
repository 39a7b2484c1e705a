"""The hub's schema in PostgreSQL and its versioned migrations (``scaninbox lab init``).

Everything lives in the schema ``scaninbox``. ``schema_version`` records each step applied;
``migrate`` runs the missing steps in one transaction under an advisory lock, so running it
twice, or from two workstations at once, is harmless. A hub whose schema is newer than this
program knows is left untouched.

The design, in short (``docs/lab-hub.md`` says it for the lab's IT person):

- ``events`` is the lab's log and the only truth: append-only (a trigger refuses UPDATE and
  DELETE, and no role is granted them), each row with the UUID the workstation made
  (``id``, unique: a resent event is ignored), its organisation, the case, the kind, who (the
  e-mail the service's ``/me`` returns), when it was made (workstation clock) and when the hub
  recorded it, and a JSON body. ``seq`` is the hub's order.
- Row-level security: a role sees and adds only events of the organisation ``members`` gives it
  (``organisation_of(current_user)``); a role the table does not name sees nothing. The owner is
  held to it too (FORCE); only superusers are not.
- ``append_event`` is the one way in: under an advisory lock per organisation (so sequence
  numbers become visible in their order, and a reader that resumes after the highest one it saw
  never skips an event), it ignores a known id, refuses a claim of a case another person holds
  unless that claim is older than ``hub_settings.stale_claim`` (then it is taken over and the
  answer names the holder), refuses a release by someone who does not hold the case, adds the
  row and NOTIFYs the organisation's channel.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from scaninbox.lab.errors import HubNotReady
from scaninbox.language import translate

if TYPE_CHECKING:
    import psycopg

__all__ = ["SCHEMA_VERSION", "admit_role", "channel_for", "migrate", "schema_version"]

_LOCK_KEY = 0x5CA41B0B  # the advisory lock `migrate` holds (any constant of ours)

_V1 = r"""
CREATE SCHEMA IF NOT EXISTS scaninbox;

CREATE TABLE scaninbox.schema_version (
    version    integer PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE scaninbox.hub_settings (
    only_row    boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    hub_id      uuid NOT NULL DEFAULT gen_random_uuid(),
    stale_claim interval NOT NULL DEFAULT interval '12 hours'
);
INSERT INTO scaninbox.hub_settings DEFAULT VALUES;

CREATE TABLE scaninbox.members (
    role_name    name PRIMARY KEY,
    organisation text NOT NULL CHECK (organisation <> '')
);

CREATE TABLE scaninbox.events (
    seq          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id           uuid NOT NULL UNIQUE,
    organisation text NOT NULL,
    case_ref     text NOT NULL CHECK (case_ref <> ''),
    kind         text NOT NULL
                 CHECK (kind IN ('decision', 'claim', 'release', 'note', 'read', 'qc_result')),
    by_email     text NOT NULL CHECK (by_email <> ''),
    made_at      timestamptz NOT NULL,
    recorded_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    body         jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(body) = 'object')
);
CREATE INDEX events_by_organisation ON scaninbox.events (organisation, seq);
CREATE INDEX events_by_case ON scaninbox.events (organisation, case_ref, seq);

CREATE FUNCTION scaninbox.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the lab log is append-only: events are never changed or deleted';
END $$;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON scaninbox.events
    FOR EACH ROW EXECUTE FUNCTION scaninbox.refuse_change();

CREATE FUNCTION scaninbox.organisation_of(who name) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog AS $$
    SELECT organisation FROM scaninbox.members WHERE role_name = who
$$;

ALTER TABLE scaninbox.events ENABLE ROW LEVEL SECURITY;
ALTER TABLE scaninbox.events FORCE ROW LEVEL SECURITY;
CREATE POLICY own_organisation_reads ON scaninbox.events FOR SELECT
    USING (organisation = scaninbox.organisation_of(current_user));
CREATE POLICY own_organisation_adds ON scaninbox.events FOR INSERT
    WITH CHECK (organisation = scaninbox.organisation_of(current_user));

CREATE FUNCTION scaninbox.channel_of(organisation text) RETURNS text
    LANGUAGE sql IMMUTABLE AS $$
    SELECT 'scaninbox_' || left(encode(sha256(convert_to(organisation, 'UTF8')), 'hex'), 24)
$$;

CREATE FUNCTION scaninbox.append_event(
    p_id uuid, p_organisation text, p_case text, p_kind text, p_by text,
    p_made timestamptz, p_body jsonb
) RETURNS TABLE (outcome text, seq bigint, holder text, holder_since timestamptz,
                recorded timestamptz)
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    found_seq bigint;
    found_at timestamptz;
    last_kind text;
    last_by text;
    last_at timestamptz;
    stale interval;
    took_over boolean := false;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended('scaninbox:' || p_organisation, 0));
    SELECT e.seq, e.recorded_at INTO found_seq, found_at FROM scaninbox.events e
     WHERE e.id = p_id;
    IF found_seq IS NOT NULL THEN
        RETURN QUERY SELECT 'known'::text, found_seq, NULL::text, NULL::timestamptz, found_at;
        RETURN;
    END IF;
    IF p_kind IN ('claim', 'release') THEN
        SELECT e.kind, e.by_email, e.recorded_at INTO last_kind, last_by, last_at
          FROM scaninbox.events e
         WHERE e.organisation = p_organisation AND e.case_ref = p_case
           AND e.kind IN ('claim', 'release')
         ORDER BY e.seq DESC LIMIT 1;
        IF last_kind IS DISTINCT FROM 'claim' THEN
            last_by := NULL;
            last_at := NULL;
        END IF;
        IF p_kind = 'claim' AND last_by IS NOT NULL AND lower(last_by) <> lower(p_by) THEN
            SELECT h.stale_claim INTO stale FROM scaninbox.hub_settings h;
            IF last_at > clock_timestamp() - stale THEN
                RETURN QUERY SELECT 'refused'::text, NULL::bigint, last_by, last_at,
                    NULL::timestamptz;
                RETURN;
            END IF;
            took_over := true;
        ELSIF p_kind = 'release' AND (last_by IS NULL OR lower(last_by) <> lower(p_by)) THEN
            RETURN QUERY SELECT 'refused'::text, NULL::bigint, last_by, last_at, NULL::timestamptz;
            RETURN;
        END IF;
    END IF;
    INSERT INTO scaninbox.events AS e (id, organisation, case_ref, kind, by_email, made_at, body)
    VALUES (p_id, p_organisation, p_case, p_kind, p_by, p_made, p_body)
    ON CONFLICT (id) DO NOTHING
    RETURNING e.seq, e.recorded_at INTO found_seq, found_at;
    PERFORM pg_notify(scaninbox.channel_of(p_organisation), found_seq::text);
    IF took_over THEN
        RETURN QUERY SELECT 'taken_over'::text, found_seq, last_by, last_at, found_at;
    ELSE
        RETURN QUERY SELECT 'added'::text, found_seq, NULL::text, NULL::timestamptz, found_at;
    END IF;
END $$;

-- Any role that may connect to the database may use the schema; row-level security and
-- `members` decide what it sees. Nobody but the owner changes members or settings.
GRANT USAGE ON SCHEMA scaninbox TO PUBLIC;
GRANT SELECT, INSERT ON scaninbox.events TO PUBLIC;
GRANT SELECT ON scaninbox.schema_version, scaninbox.hub_settings TO PUBLIC;
REVOKE ALL ON scaninbox.members FROM PUBLIC;
GRANT EXECUTE ON FUNCTION scaninbox.organisation_of(name) TO PUBLIC;
"""

# STEPS[i] takes the hub from version i to i + 1.
STEPS: tuple[str, ...] = (_V1,)
SCHEMA_VERSION = len(STEPS)


def schema_version(conn: psycopg.Connection) -> int:
    """The hub's schema version: 0 when the database has none yet."""
    with conn.cursor() as cur:
        cur.execute("SELECT to_regclass('scaninbox.schema_version') IS NOT NULL")
        row = cur.fetchone()
        if not row or not row[0]:
            return 0
        cur.execute("SELECT coalesce(max(version), 0) FROM scaninbox.schema_version")
        row = cur.fetchone()
    return int(row[0]) if row else 0


def migrate(conn: psycopg.Connection) -> tuple[int, int]:
    """Bring the hub's schema up to ``SCHEMA_VERSION``: (version found, version now)."""
    with conn.transaction(), conn.cursor() as cur:
        cur.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
        found = schema_version(conn)
        if found > SCHEMA_VERSION:
            raise HubNotReady(
                translate(
                    "LabError",
                    "The lab hub's schema is version {found}, newer than this version of Scan "
                    "Inbox knows ({known}); it was left untouched: update Scan Inbox.",
                ).format(found=found, known=SCHEMA_VERSION)
            )
        for version in range(found + 1, SCHEMA_VERSION + 1):
            cur.execute(STEPS[version - 1])
            cur.execute("INSERT INTO scaninbox.schema_version (version) VALUES (%s)", (version,))
    return found, SCHEMA_VERSION


def admit_role(conn: psycopg.Connection, role: str, organisation: str) -> bool:
    """Let ``role`` read and write ``organisation``'s events (the hub's owner does this).
    False when the role belonged to it already. A role belongs to one organisation."""
    with conn.transaction(), conn.cursor() as cur:
        cur.execute("SELECT organisation FROM scaninbox.members WHERE role_name = %s", (role,))
        row = cur.fetchone()
        if row is not None:
            if row[0] != organisation:
                from scaninbox.lab.errors import HubRefused

                raise HubRefused(
                    translate(
                        "LabError",
                        "The hub role {role} already belongs to another organisation; each lab "
                        "needs a role of its own.",
                    ).format(role=repr(role))
                )
            return False
        cur.execute(
            "INSERT INTO scaninbox.members (role_name, organisation) VALUES (%s, %s)",
            (role, organisation),
        )
    return True


def channel_for(organisation: str) -> str:
    """The LISTEN channel of ``organisation`` (the same as the hub's ``channel_of``)."""
    return "scaninbox_" + hashlib.sha256(organisation.encode("utf-8")).hexdigest()[:24]
