"""The derived search and sort keys: folding and the other spellings of names."""

from __future__ import annotations

import hashlib
import json
import random
import sys
import unicodedata
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, assume, given, settings
from tests.unit.api.case_strategies import cases
from tests.unit.store.factory import make_case

from scaninbox.api import case_ref, to_case
from scaninbox.api.parsing import parse_case_page
from scaninbox.api.wire import CASE_DICTS, UnifiedCase, case_dict_of
from scaninbox.domain import (
    LOWER_ARCH_ORDER,
    UPPER_ARCH_ORDER,
    CaseRef,
    FileKind,
    Unit,
    Worktype,
    case_teeth,
    format_teeth,
    humanize_identifier,
    work_summary,
)
from scaninbox.sandbox import DEMO_ACCOUNT
from scaninbox.store.derive import (
    DERIVED_COLUMNS,
    FileSpec,
    case_files,
    derive_columns,
    fold,
    other_spellings,
)
from scaninbox.store.schema import connect, migrate


def _fold_whole_text(text: str) -> str:
    """Folding as first written: the whole text decomposed at once, marks dropped."""
    if text.isascii():
        return text.lower().strip()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    table = str.maketrans(
        {
            "ł": "l",
            "ø": "o",
            "đ": "d",
            "ð": "d",
            "ħ": "h",
            "ı": "i",
            "þ": "th",
            "æ": "ae",
            "œ": "oe",
        }
    )
    return plain.translate(table).strip()


def test_fold_is_folding_each_character() -> None:
    # ``fold`` goes character by character through a table; that must equal decomposing the
    # whole text, for combining marks in the input, ligatures, Hangul, Greek final sigma …
    rng = random.Random(11)
    alphabet = [chr(c) for c in range(0x20, 0x3000)] + list("ﬁﬀİẞ가힣ς\u0301\u0308\u0327")
    alphabet = [c for c in alphabet if not 0xD800 <= ord(c) <= 0xDFFF]
    texts = ["Łukasz", "Οδοντιατρική", "  Ærø Straße ", "Zoë\u0301", "ǅemal", "Ⅻ ①"]
    texts += ["".join(rng.choices(alphabet, k=rng.randint(1, 12))) for _ in range(3000)]
    assert sys.maxunicode > 0x3000
    for text in texts:
        assert fold(text) == _fold_whole_text(text), text


def test_other_spellings_of_names() -> None:
    assert other_spellings("Anna Müller") == "mueller"
    assert other_spellings("Anna Mueller") == "muller"
    assert other_spellings("Åsa Jørgensen", "Dr. Jean Dupont") == "aasa joergensen"
    assert other_spellings("Straße") == ""  # ß folds to ss already: nothing else to add
    assert other_spellings("Müller", "Mueller") == "mueller muller"
    assert other_spellings("") == ""


# --------------------------------------------------------------------------- one walk


def _work_words_of_domain(worktypes: tuple[Worktype, ...]) -> str:
    """The work words as first derived: from the domain's worktypes, unit by unit."""
    words: list[str] = []
    for worktype in worktypes:
        units: tuple[Worktype | Unit, ...] = (worktype, *worktype.units)
        for unit in units:
            for value in (unit.category, unit.restoration_type, unit.restoration_detail,
                          unit.material, unit.setting):  # fmt: skip
                if value:
                    words.append(humanize_identifier(value))
            if unit.shade:
                words.append(unit.shade)
            words.extend(t.value for t in unit.tags if t.value)
    return " ".join(dict.fromkeys(words))


def _columns_of_domain(wire: UnifiedCase) -> tuple[CaseRef, dict[str, Any], list[FileSpec]]:
    """The columns as the domain view of the case gives them (what the store derived from
    before it walked the case dicts once)."""
    case = to_case(wire)
    ids = [case.external_id]
    if case.patient is not None:
        ids += [case.patient.external_id, case.patient.reference_no]
    if case.variant is not None:
        ids.append(case.variant.case_id)
    patient = case.patient_name or ""
    dentist = (case.dentist.display_name if case.dentist else None) or ""
    clinic = (case.clinic.name if case.clinic else None) or ""
    teeth = case_teeth(case.worktypes)
    summary = work_summary(case.worktypes)
    files = case_files(case)
    kinds = [f.kind for f in files]
    delivery = case.delivery_date.isoformat() if case.delivery_date else None
    words = [_work_words_of_domain(case.worktypes), *map(str, teeth)]
    words.append(other_spellings(patient, dentist, clinic))
    arch = UPPER_ARCH_ORDER + LOWER_ARCH_ORDER
    values = {
        "status": case.status or "",
        "source": case.source or "",
        "received_ts": int(case.received_at.timestamp()) if case.received_at else None,
        "delivery_date": delivery,
        "delivery_text": case.delivery_text,
        "priority": int(case.flags.priority),
        "patient": patient,
        "dentist": dentist,
        "clinic": clinic,
        "external_ids": fold(" ".join(i for i in ids if i)),
        "remark": fold(case.remark),
        "work_summary": summary,
        "work_words": fold(" ".join(words)),
        "teeth": format_teeth(teeth),
        "patient_key": fold(patient),
        "dentist_key": fold(dentist),
        "clinic_key": fold(clinic),
        "source_key": fold(case.source or ""),
        "work_key": fold(summary),
        "teeth_key": (arch.index(teeth[0]) if teeth[0] in arch else 1000 + teeth[0])
        if teeth
        else 10_000,
        "delivery_key": delivery or "~",
        "scan_count": kinds.count(FileKind.SCAN),
        "order_form_count": kinds.count(FileKind.ORDER_FORM),
        "misc_count": kinds.count(FileKind.MISC),
        "file_count": len(files),
    }
    return case.ref, values, files


def _check_walk(wire: UnifiedCase) -> None:
    ref, values, files = _columns_of_domain(wire)
    columns = derive_columns(case_dict_of(wire))
    assert columns.ref == ref
    assert columns.values == values, wire.guid or wire.id
    assert list(columns.files) == files
    # What is kept reads back as the case kept before (a guid-shape case without variant
    # members), and its digest is of exactly those bytes.
    kept_before = UnifiedCase.model_validate_json(wire.wire_json())
    assert UnifiedCase.model_validate_json(columns.wire_json) == kept_before
    assert columns.json_sha256 == hashlib.sha256(columns.wire_json).hexdigest()


def test_the_derived_columns_are_the_ones_the_sync_writes(tmp_path: Path) -> None:
    # The sync's INSERT and UPDATE name DERIVED_COLUMNS and pick the values in that order: a
    # column added to the walk but not to the list (or the other way) would be lost or fail.
    for wire in _edge_cases():
        assert tuple(derive_columns(case_dict_of(wire)).values) == DERIVED_COLUMNS
    conn = connect(tmp_path / "inbox.sqlite3")
    try:
        migrate(conn, path=tmp_path / "inbox.sqlite3")
        table = {row[1] for row in conn.execute("PRAGMA table_info(cases)")}
    finally:
        conn.close()
    assert set(DERIVED_COLUMNS) <= table


def _listed(server: Any) -> list[UnifiedCase]:
    with httpx.Client(base_url=server.base_url, timeout=30) as http:
        login = {"email": DEMO_ACCOUNT.email, "password": DEMO_ACCOUNT.password}
        token = http.post("/auth/login", json=login).json()["token"]
        answer = http.get(
            "/unified-cases",
            params={"pageSize": "100"},
            headers={"Authorization": f"Bearer {token}"},
        )
    return parse_case_page(answer.json()).items


def _edge_cases() -> list[UnifiedCase]:
    scan = {"type": "preparationScan", "filename": "a.stl", "fileLink": "x", "jaw": "upper"}
    raw = [
        {"guid": "00000000-0000-4000-8000-000000000001", "organizationGuid": None,
         "acceptedData": None, "status": None},
        {"guid": None, "organizationGuid": None, "acceptedData": None, "status": "new",
         "id": 7, "caseId": "V-7", "patientFullname": "Ana Lima"},
        {**make_case(2), "id": 8, "patientFullname": "Only In Variant", "caseId": "C-8"},
        make_case(3, delivery="ASAP please", priority=True, misc=["a.jpg", "a.jpg", ""]),
        make_case(4, delivery=None, order_form=False, scan_files=[scan, scan, {"filename": ""}]),
        make_case(5, first_name="", last_name="", worktypes=[]),
        {**make_case(6), "id": 9, "patientFullname": "Not the patient's own name"},
    ]  # fmt: skip
    raw[2]["acceptedData"]["patient"] = {"firstName": None, "lastName": None}
    raw[3]["acceptedData"]["orderForm"] = {"filename": None, "fileLink": "x/o"}
    raw[3]["acceptedData"]["customer"] = {"dentist": {"firstName": "Jan", "lastName": "Nowak"}}
    raw[4]["acceptedData"]["customer"] = None
    raw[4]["acceptedData"]["administrative"] = None
    raw[4]["acceptedData"]["patient"] = {"fullName": "P Q", "referenceNo": "R-1", "externalId": ""}
    raw[5]["acceptedData"]["miscellaneousFiles"] = ["plain name.pdf"]
    return [UnifiedCase.model_validate(r) for r in raw]


def test_the_walk_gives_the_columns_of_the_domain_view(sandbox: Any, sandbox_variant: Any) -> None:
    cases = _listed(sandbox) + _listed(sandbox_variant) + _edge_cases()
    assert len(cases) > 100
    assert any(c.is_variant for c in cases)
    assert not all(c.is_variant for c in cases)
    for wire in cases:
        _check_walk(wire)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(valid=True))
def test_the_walk_gives_the_columns_of_the_domain_view_for_any_case(raw: Any) -> None:
    wire = UnifiedCase.model_validate(raw)
    assume(case_ref(wire) is not None)
    _check_walk(wire)


def test_a_guid_shape_case_keeps_no_variant_member() -> None:
    wire = UnifiedCase.model_validate({**make_case(1), "caseId": "V-1", "patientFullname": "X"})
    kept = json.loads(derive_columns(case_dict_of(wire)).wire_json)
    assert "caseId" not in kept
    assert "patientFullname" not in kept
    variant = {**make_case(2), "id": 5, "caseId": "V-5"}
    assert (
        json.loads(derive_columns(CASE_DICTS.validate_python(variant)).wire_json)["caseId"] == "V-5"
    )


def test_a_case_without_a_reference_cannot_be_derived() -> None:
    wire = UnifiedCase.model_validate(
        {"guid": None, "organizationGuid": None, "acceptedData": None, "status": "new"}
    )
    with pytest.raises(ValueError, match="neither a numeric id nor a usable guid"):
        derive_columns(case_dict_of(wire))
