"""The derived search and sort keys: folding and the other spellings of names."""

from __future__ import annotations

import random
import sys
import unicodedata
from typing import Any

import httpx
import pytest
from tests.unit.store.factory import make_case

from scaninbox.api import to_case
from scaninbox.api.parsing import parse_case_page
from scaninbox.api.wire import UnifiedCase
from scaninbox.sandbox import DEMO_ACCOUNT
from scaninbox.store.derive import (
    CaseFacts,
    case_files,
    derive_columns,
    fold,
    other_spellings,
    wire_files,
)


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


# --------------------------------------------------------------------------- facts off the wire


def _facts_of_domain(wire: UnifiedCase) -> CaseFacts:
    """The facts as the domain view of the case gives them (what the store derived from
    before it read them off the wire model)."""
    case = to_case(wire)
    ids = [case.external_id]
    if case.patient is not None:
        ids += [case.patient.external_id, case.patient.reference_no]
    if case.variant is not None:
        ids.append(case.variant.case_id)
    return CaseFacts(
        ref=case.ref,
        status=case.status,
        source=case.source,
        received_at=case.received_at,
        delivery_date=case.delivery_date,
        delivery_text=case.delivery_text,
        priority=case.flags.priority,
        patient=case.patient_name,
        dentist=case.dentist.display_name if case.dentist else None,
        clinic=case.clinic.name if case.clinic else None,
        external_ids=" ".join(i for i in ids if i),
        remark=case.remark,
        worktypes=case.worktypes,
        files=tuple(case_files(case)),
    )


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


def test_the_facts_read_off_the_wire_are_the_domain_views(
    sandbox: Any, sandbox_variant: Any
) -> None:
    cases = _listed(sandbox) + _listed(sandbox_variant) + _edge_cases()
    assert len(cases) > 100
    for wire in cases:
        assert CaseFacts.of(wire) == _facts_of_domain(wire), wire.guid or wire.id
        assert wire_files(wire) == case_files(to_case(wire))


def test_a_case_without_a_reference_cannot_be_derived() -> None:
    wire = UnifiedCase.model_validate(
        {"guid": None, "organizationGuid": None, "acceptedData": None, "status": "new"}
    )
    with pytest.raises(ValueError, match="neither a numeric id nor a usable guid"):
        derive_columns(wire)
