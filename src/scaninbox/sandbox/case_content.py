"""One case's full content, built on demand from its seed: the ``acceptedData`` JSON, the
variant-shape members and the files it lists.

Deliberately awkward cases (indices per organisation; index 0 is the newest case):

- ``NULL_DATA_INDEX`` (4): ``acceptedData`` is null;
- ``MOSTLY_NULL_INDEX`` (6): nearly every member null (one scan without a fileType, one empty
  worktype, no administrative block);
- ``HOSTILE_NAMES_INDEX`` (1): attachments with folder paths, ``..``, ``%20``, ``?`` and ``#``;
- ``NO_ORDER_FORM_INDEX`` (9): no order form and no attachments;
- every third index (0, 3, 6 …): worktype ``from``/``to`` as decimal strings;
- index ≡ 2 (mod 5): members without a value are left out instead of sent as null;
- index ≡ 5 (mod 7): an unknown extra member at the top level and in ``acceptedData``;
- ``QC_DEMO_FAULTS``: demo cases that show what sends crowns back — index 12 (crowns on 36/37
  with the default seed) comes without the opposing jaw's scan (``missing_antagonist``), index
  40 with a bite open on the patient's left (``one_sided_contact``), 33 (crowns on 46/47) with its
  upper and lower scans filed under each other's jaw (``jaw_swapped``); 59 (a crown on 26) with
  an overhang on the preparation (``undercut``), 42 (a bridge 24-26) with abutments leaning
  apart (``abutment_divergence``), 36 (a crown on 36, with the scan before the preparation) with
  a hole through its margin (a ``hole`` ``at_margin``). Others show
  ``insufficient_room`` by themselves (index 14: a porcelain-fused-to-metal crown on 22 with
  too little room).

About one case in ten has no order form; then the variant calls it incomplete.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from scaninbox.sandbox.arch_mesh import ArchRecipe, PrepFault
from scaninbox.sandbox.case_files import (
    StoredFile,
    arch_recipes,
    misc_files,
    scan_entry,
    scan_files,
)
from scaninbox.sandbox.case_people import customer_json, patient_json, pick_customer
from scaninbox.sandbox.catalogue import CaseMeta
from scaninbox.sandbox.file_specs import ArchFile, OrderFormFile, PreviewPicture
from scaninbox.sandbox.organisations import Organisation
from scaninbox.sandbox.portals import Portal, portal_by_id
from scaninbox.sandbox.work_plans import KINDS, ORTHO_KINDS, JawName, WorkPlan, make_work_plan

__all__ = [
    "HOSTILE_NAMES_INDEX",
    "MOSTLY_NULL_INDEX",
    "NO_ORDER_FORM_INDEX",
    "NULL_DATA_INDEX",
    "QC_DEMO_FAULTS",
    "CaseContent",
    "build_case_content",
]

HOSTILE_NAMES_INDEX = 1
NULL_DATA_INDEX = 4
MOSTLY_NULL_INDEX = 6
NO_ORDER_FORM_INDEX = 9
QC_DEMO_FAULTS = {
    12: "missing_antagonist",
    33: "jaw_swapped",
    40: "one_sided_contact",
    36: "hole_at_margin",
    42: "abutment_divergence",
    59: "undercut",
}
# The demo faults built into the prepared teeth by the arch generator (`PrepFault`).
_PREP_FAULTS: dict[str, PrepFault] = {
    "undercut": "overhang",
    "abutment_divergence": "divergent",
    "hole_at_margin": "margin_hole",
}
# Showcase work at fixed indices of the dental organisation, so the first page shows variety.
_FORCED_KINDS = {
    0: "crown",
    1: "implant_crown",
    2: "bridge",
    3: "bridge",
    5: "veneers",
    7: "partial_denture",
    8: "full_denture",
    10: "inlay",
    11: "night_guard",
    12: "two_crowns",
    13: "aligners",
}
_REMARKS = (
    "Please match the shade of the neighbouring teeth.",
    "Patient is sensitive to metal – no NEM please.",
    "Try-in needed before finishing.",
    "Margin on the distal side is deep, please check the die.",
    "Bitte Farbe am Nachbarzahn angleichen.",
    "Contact points tight, occlusion light.",
    "Urgent: patient travels abroad next week.",
    "Por favor, llamar antes de enviar.",
    "Ring me if the preparation is not clear.",
)


@dataclass(slots=True)
class CaseContent:
    accepted_data: dict[str, Any] | None
    files: dict[tuple[str, str], StoredFile] = field(default_factory=dict)
    portal_id: int = 1
    configured_portal_id: int = 11
    external_id: str = ""
    patient_fullname: str | None = None
    created_at: datetime | None = None
    completeness: str = "complete"
    info_request: str = "none"
    extra_members: dict[str, Any] = field(default_factory=dict)


def build_case_content(
    meta: CaseMeta, org: Organisation, *, seed: int, variant: bool
) -> CaseContent:
    rng = random.Random(meta.seed)
    connection = rng.choice(org.connections)
    portal = portal_by_id(connection.portal_id)
    received = datetime.fromtimestamp(meta.received_s, UTC)
    external_id = portal.external_id_pattern.format(n=rng.randint(1, 9_999_999), year=received.year)
    content = CaseContent(
        accepted_data=None,
        portal_id=portal.id,
        configured_portal_id=connection.id,
        external_id=external_id,
        created_at=received + timedelta(seconds=rng.randint(30, 1800)),
        info_request=rng.choices(("none", "requested", "received"), (85, 9, 6))[0],
    )
    if meta.index == NULL_DATA_INDEX:
        content.completeness = "incomplete"
        return content
    if meta.index == MOSTLY_NULL_INDEX:
        return _mostly_null(content, meta, portal, received)

    weights = ORTHO_KINDS if org.type == "Orthodontics" else KINDS
    kind = _FORCED_KINDS.get(meta.index) if org.key == "demo" else None
    plan = make_work_plan(rng, kind or rng.choices(list(weights), list(weights.values()))[0])
    customer = pick_customer(rng, seed, org.key)
    patient, person = patient_json(
        rng, customer, received.date(), young=plan.kind in ("aligners", "retainer")
    )
    data: dict[str, Any] = {
        "organizationGuid": org.guid,
        "organizationType": org.type,
        "source": portal.name,
        "externalId": external_id,
        "receivedDate": received.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "deliveryDate": _delivery(rng, received.date()),
        "sentTo": rng.choice((org.name, org.name, f"lab@{org.shortname.lower()}.example", None)),
        "customer": customer_json(rng, customer, meta.index),
        "patient": patient,
        "remark": rng.choice(_REMARKS) if rng.random() < 0.55 else "",
        "scanFiles": [],
        "orderForm": None,
        "worktypes": plan.worktypes,
        "administrative": {
            "priority": rng.random() < 0.12,
            "remake": rng.random() < 0.06,
            "additionalInfo": rng.random() < 0.15,
            "contactRequired": rng.random() < 0.08,
        },
    }
    if rng.random() < 0.5:
        data["uid"] = f"{portal.class_name[:4].lower()}-{meta.seed:x}"
    if meta.index % 3 == 0:
        _digit_strings(data["worktypes"])
    _add_files(
        content, data, rng=rng, meta=meta, org=org, portal=portal, plan=plan, variant=variant
    )
    if meta.index % 5 == 2:
        data = _drop_nulls(data)
    if meta.index % 7 == 5:
        data["portalMetadata"] = {"exportVersion": "2.4.1", "labels": ["sandbox"]}
        content.extra_members["processingHints"] = {"queue": "standard", "attempt": 1}
    content.accepted_data = data
    content.patient_fullname = person.full_name
    return content


def _add_files(
    content: CaseContent,
    data: dict[str, Any],
    *,
    rng: random.Random,
    meta: CaseMeta,
    org: Organisation,
    portal: Portal,
    plan: WorkPlan,
    variant: bool,
) -> None:
    link_prefix = f"{org.guid}/{meta.guid}"
    # A careless scan, so QC has a hole and a fragment to show: the demo organisation's first
    # Shining 3D cases (a portal the render and viewer comparisons of clean arches do not use).
    careless = meta.org == "demo" and portal.name == "Shining 3D" and meta.index < 12
    fault = QC_DEMO_FAULTS.get(meta.index) if meta.org == "demo" else None
    recipes = arch_recipes(
        rng,
        meta.seed,
        plan,
        defects=careless,
        open_side="left" if fault == "one_sided_contact" else None,
        prep_fault=_PREP_FAULTS.get(fault or ""),
    )
    pre_jaw: JawName = "upper" if rng.random() < 0.5 else "lower"
    scans = scan_files(plan, recipes, portal, content.external_id, pre_jaw_hint=pre_jaw)
    worked = [jaw for jaw in ("upper", "lower") if plan.jaws[jaw].treatments]
    if fault == "missing_antagonist" and len(worked) == 1:
        opposing = "lower" if worked[0] == "upper" else "upper"
        scans = [s for s in scans if _jaw_of(s) != opposing]
    entries = [scan_entry(s, plan, variant=variant, link_prefix=link_prefix) for s in scans]
    if fault == "jaw_swapped":
        swap = {"upper": "lower", "lower": "upper"}
        for entry in entries:
            entry["jaw"] = swap.get(entry["jaw"], entry["jaw"])
    data["scanFiles"] = entries
    tags = [t for w in plan.worktypes for t in w["tags"] or []]
    implant = next((t["value"] for t in tags if t["type"] == "ImplantSystem"), None)
    shade = next((w["shade"] for w in plan.worktypes if w["shade"]), None)
    miscs: list[StoredFile] = []
    if meta.index != NO_ORDER_FORM_INDEX:
        hostile = meta.index == HOSTILE_NAMES_INDEX
        miscs = misc_files(rng, hostile=hostile, implant_system=implant, shade=shade)
    if miscs:
        data["miscellaneousFiles"] = [
            {"filename": m.filename, "fileLink": f"{link_prefix}/attachments/{m.filename}"}
            for m in miscs
        ]
    if meta.index == NO_ORDER_FORM_INDEX or rng.random() < 0.1:
        content.completeness = "incomplete"
    else:
        name = (
            f"Order form {content.external_id}.pdf"
            if portal.id % 2
            else (f"{content.external_id}_rx.pdf")
        )
        data["orderForm"] = {
            "filename": name,
            "fileLink": f"{link_prefix}/orderform/{name}",
            "plainText": _plain_text(data, plan),
        }
        snapshot = json.dumps(data, sort_keys=True, ensure_ascii=False)
        recipe = OrderFormFile(snapshot, portal.name, meta.ref(variant=variant))
        content.files[("order-form", name)] = StoredFile("order-form", name, None, recipe)
    for stored in [*scans, *miscs]:
        content.files[(stored.kind, stored.filename)] = stored


def _jaw_of(stored: StoredFile) -> str | None:
    recipe = stored.recipe
    if isinstance(recipe, ArchFile | PreviewPicture):
        return recipe.recipe.jaw
    return None


def _digit_strings(worktypes: list[dict[str, Any]]) -> None:
    """int32 members may travel as strings of decimal digits; some portals send them so."""
    for worktype in worktypes:
        for key in ("from", "to"):
            if worktype[key] is not None:
                worktype[key] = str(worktype[key])


def _delivery(rng: random.Random, received: date) -> str:
    day, working_days = received, rng.randint(5, 14)
    while working_days:
        day += timedelta(days=1)
        working_days -= day.weekday() < 5
    return day.isoformat()


def _plain_text(data: dict[str, Any], plan: WorkPlan) -> str:
    patient = data["patient"]
    lines = [
        f"Order {data['externalId']} from {data['source']}",
        f"Clinic: {data['customer']['clinic']['name']}",
        f"Dentist: {data['customer']['dentist']['fullName']}",
        f"Patient: {patient['fullName']} ({patient['gender']}, born {patient['dateOfBirth']})",
        f"Delivery: {data['deliveryDate']}",
    ]
    for w in plan.worktypes:
        where = w["fdi"] or (f"{w['from']}–{w['to']}" if w["from"] is not None else w["jaw"])
        lines.append(f"- {w['restorationTypeId']} {w['materialId'] or ''} {where or ''}".rstrip())
    if data["remark"]:
        lines.append(f"Remark: {data['remark']}")
    return "\n".join(lines)


def _drop_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_nulls(v) for v in value]
    return value


_DENTIST_KEYS = ("externalId", "firstName", "lastName", "fullName", "phoneNumber", "mailAddress")
_WORKTYPE_KEYS = (
    *("categoryId", "restorationTypeId", "restorationDetailId", "materialId", "settingId"),
    *("fdi", "shade", "jaw", "tags", "from", "to", "units"),
)
_DATA_NULL_KEYS = (
    *("organizationGuid", "organizationType", "externalId", "deliveryDate", "sentTo"),
    *("remark", "orderForm", "administrative", "patient"),
)


def _mostly_null(
    content: CaseContent, meta: CaseMeta, portal: Portal, received: datetime
) -> CaseContent:
    """A case a portal delivered with almost nothing filled in."""
    scan_name = "scan.stl"
    data: dict[str, Any] = dict.fromkeys(_DATA_NULL_KEYS)
    data.update(
        source=portal.name,
        receivedDate=received.strftime("%Y-%m-%dT%H:%M:%SZ"),
        customer={"clinic": None, "dentist": dict.fromkeys(_DENTIST_KEYS)},
        scanFiles=[
            {"type": None, "filename": scan_name, "fileLink": None, "jaw": None, "fileType": None}
        ],
        worktypes=[dict.fromkeys(_WORKTYPE_KEYS)],
    )
    upper = ArchRecipe("upper", meta.seed)
    recipe = ArchFile(upper, 0.2, "stl", False, portal.axis_mapping, "upper")
    content.files[("scan", scan_name)] = StoredFile("scan", scan_name, None, recipe)
    content.accepted_data = data
    content.completeness = "incomplete"
    return content
