"""JSON documents of the service other than errors: account, portals, cases.

Tolerance the spec allows is exercised on purpose: some int32 members are decimal strings
(portal ids and quantization bits, a configured-portal id, an organisation's cluster); the
variant spells ``axisMaping`` and trims configured portals to the five members it documents.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from scaninbox.sandbox.case_content import CaseContent
from scaninbox.sandbox.catalogue import CaseMeta
from scaninbox.sandbox.organisations import Organisation
from scaninbox.sandbox.portals import PORTALS, portal_by_id

__all__ = ["case_document", "configured_portals", "ios_portals", "iso_utc", "me_document"]

_STRING_IDS = {2, 6}
_STRING_BITS = {4, 6}


def iso_utc(moment: datetime | float) -> str:
    if not isinstance(moment, datetime):
        moment = datetime.fromtimestamp(moment, UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def ios_portals(*, variant: bool) -> list[dict[str, Any]]:
    items = []
    for portal in PORTALS:
        bits = portal.quantization_bits
        items.append(
            {
                "id": str(portal.id) if portal.id in _STRING_IDS else portal.id,
                "name": portal.name,
                "className": portal.class_name,
                "url": portal.url,
                "axisMaping" if variant else "axisMapping": portal.axis_mapping,
                "quantizationBits": str(bits) if bits and portal.id in _STRING_BITS else bits,
            }
        )
    return items


def configured_portals(org: Organisation, *, variant: bool, now: datetime) -> list[dict[str, Any]]:
    items = []
    for position, connection in enumerate(org.connections):
        last_fetch = (
            None
            if connection.last_fetch_minutes_ago is None
            else iso_utc(now - timedelta(minutes=connection.last_fetch_minutes_ago))
        )
        item: dict[str, Any] = {
            "id": str(connection.id) if position == 1 else connection.id,
            "displayName": connection.display_name,
            "username": connection.username,
            "lastFetch": last_fetch,
            "portalName": portal_by_id(connection.portal_id).name,
        }
        if not variant:
            item.update(
                guid=connection.guid,
                organizationGuid=org.guid,
                iosPortalId=connection.portal_id,
                region=connection.region,
            )
        items.append(item)
    return items


def me_document(org: Organisation, *, variant: bool, now: datetime) -> dict[str, Any]:
    return {
        "email": org.account.email,
        "name": org.user_name,
        "role": org.role,
        "organizations": [
            {
                "guid": org.guid,
                "name": org.name,
                "shortname": org.shortname,
                "cultureInfo": org.culture,
                "type": org.type,
                "parentGuid": org.parent_guid,
                "cluster": str(org.cluster) if org.key == "other" else org.cluster,
            }
        ],
        "portals": configured_portals(org, variant=variant, now=now),
    }


def case_document(
    meta: CaseMeta, content: CaseContent, org: Organisation, *, variant: bool
) -> dict[str, Any]:
    document: dict[str, Any] = {
        "guid": meta.guid,
        "organizationGuid": org.guid,
        "acceptedData": content.accepted_data,
        "status": meta.status,
    }
    if variant:
        document.update(
            id=meta.number,
            organizationId=org.numeric_id,
            portalId=content.portal_id,
            configuredPortalId=content.configured_portal_id,
            caseId=content.external_id,
            createdAt=iso_utc(content.created_at or meta.received_s),
            patientFullname=content.patient_fullname,
            completenessStatus=content.completeness,
            infoRequestStatus=content.info_request,
        )
    document.update(content.extra_members)
    return document
