"""Members of a case object as the interface spec lists them, written out independently of the
client's models so tests check the wire against the spec, not against our own code."""

from __future__ import annotations

SPEC_CASE_MEMBERS = frozenset({"guid", "organizationGuid", "acceptedData", "status"})
VARIANT_MEMBERS = frozenset(
    {
        "id",
        "organizationId",
        "portalId",
        "configuredPortalId",
        "caseId",
        "createdAt",
        "patientFullname",
        "completenessStatus",
        "infoRequestStatus",
    }
)
