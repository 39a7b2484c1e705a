"""Hypothesis strategies for cases as a service might send them: both shapes (guid and the
variant with its numeric ``id``), members present, null or left out, and — unless ``valid`` —
now and then a member of the wrong type, an out-of-range number or date, a non-object."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from hypothesis import strategies as st

__all__ = ["cases"]

# Names with marks and digraphs (the search's other spellings), identifiers, acronyms.
_WORDS = ["Müller", "Mueller", "Åsa", "Jørgensen", "Łukasz", "Crown", "PMMA", "ImplantCrown",
          "Zirconia", "A2", "full_contour", "Straße", "", " ", "x"]  # fmt: skip
_PERSON = ("externalId", "firstName", "lastName", "fullName", "phoneNumber", "mailAddress")
_CLINIC = ("externalId", "name", "address", "zip", "city", "country", "fullAddress",
           "phoneNumber", "mailAddress")  # fmt: skip
_FDI = ["11", "12", "13", "21", "36", "48", "55", "85", " 11 ", "19", "1", "abc", ""]


def _text(valid: bool) -> st.SearchStrategy[Any]:
    good = st.one_of(st.sampled_from(_WORDS), st.text(max_size=6))
    if valid:
        return st.one_of(st.none(), good)
    return st.one_of(st.none(), good, good, good, st.integers(), st.booleans(), st.just([]))


def _int32(valid: bool) -> st.SearchStrategy[Any]:
    teeth = st.sampled_from([11, 13, 21, 23, 31, 36, 41, 46, 51, 55, 61, 71, 85, 19, 0])
    good = st.one_of(teeth, teeth.map(str), st.integers(-(2**31), 2**31 - 1))
    if valid:
        return st.one_of(st.none(), good)
    bad = st.one_of(
        st.sampled_from(["011", "1.0", " 12", "-", "+3", "", str(2**31), str(-(2**31) - 1)]),
        st.just(2**31),
        st.booleans(),
        st.floats(allow_nan=False, allow_infinity=False),
    )
    return st.one_of(st.none(), good, good, bad)


def _wide(valid: bool, *, minimum: int | None = None) -> st.SearchStrategy[Any]:
    good = st.integers(min_value=0 if minimum is not None else -(2**40), max_value=2**40)
    good = st.one_of(good, good.map(str))
    if valid:
        return good
    return st.one_of(good, st.integers(max_value=-1), st.just("12a"), st.booleans())


def _moment(valid: bool) -> st.SearchStrategy[Any]:
    when = st.datetimes(
        min_value=datetime(1990, 1, 1), max_value=datetime(2030, 1, 1), timezones=st.just(UTC)
    )
    good = st.one_of(
        when.map(lambda d: d.strftime("%Y-%m-%dT%H:%M:%SZ")),
        when.map(lambda d: d.astimezone(UTC).isoformat()),
        when.map(lambda d: d.replace(tzinfo=None).isoformat()),  # no offset: UTC
        when.map(lambda d: d.astimezone(UTC).replace(tzinfo=None).isoformat() + "+05:30"),
    )
    if valid:
        return st.one_of(st.none(), good)
    bad = st.sampled_from(["yesterday", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59-23:59", ""])
    return st.one_of(st.none(), good, good, bad, st.integers(0, 2**32))


def _object(members: dict[str, st.SearchStrategy[Any]], valid: bool) -> st.SearchStrategy[Any]:
    """An object with any of ``members`` (each present or left out), sometimes an unknown one;
    unless valid, sometimes not an object at all."""
    members = {**members, "unknownMember": st.integers()}
    shaped = st.fixed_dictionaries({}, optional=members)
    return shaped if valid else st.one_of(shaped, shaped, shaped, st.just("oops"), st.just(3))


def _list(item: st.SearchStrategy[Any], valid: bool) -> st.SearchStrategy[Any]:
    listed = st.one_of(st.none(), st.lists(item, max_size=3))
    return listed if valid else st.one_of(listed, st.just("not a list"))


def _data(valid: bool) -> st.SearchStrategy[Any]:
    text = _text(valid)
    person = dict.fromkeys(_PERSON, text)
    clinic = dict.fromkeys(_CLINIC, text)
    tag = _object({"type": text, "value": text}, valid)
    fdi = (
        st.one_of(st.none(), st.sampled_from(_FDI))
        if valid
        else st.one_of(text, st.sampled_from(_FDI))
    )
    unit = {"categoryId": text, "restorationTypeId": text, "restorationDetailId": text,
            "materialId": text, "settingId": text, "fdi": fdi, "shade": text,
            "tags": _list(tag, valid)}  # fmt: skip
    worktype = _object(
        {**unit, "jaw": text, "from": _int32(valid), "to": _int32(valid),
         "units": _list(_object(unit, valid), valid)},
        valid,
    )  # fmt: skip
    scan = _object(
        {"type": st.one_of(text, st.just("biteScan")), "jaw": text,
         "filename": st.one_of(text, st.sampled_from(["a.stl", "b.PLY", "c.obj", "a.stl"])),
         "fileLink": text, "fileType": st.one_of(text, st.sampled_from(["stl", "preview"]))},
        valid,
    )  # fmt: skip
    misc = st.one_of(
        st.sampled_from(["photo.jpg", "x-ray.png", ""]),
        st.fixed_dictionaries(
            {}, optional={"filename": text, "fileName": text, "name": text, "size": st.integers()}
        ),
    )
    return _object(
        {"organizationGuid": text, "organizationType": text, "source": text,
         "externalId": text, "receivedDate": _moment(valid),
         "deliveryDate": st.one_of(text, st.sampled_from(["2026-11-30", "2026-02-30", "ASAP"])),
         "sentTo": text,
         "customer": st.one_of(st.none(), _object(
             {"clinic": st.one_of(st.none(), _object(clinic, valid)),
              "dentist": st.one_of(st.none(), _object(person, valid))}, valid)),
         "patient": st.one_of(st.none(), _object(
             {**person, "gender": text, "referenceNo": text, "dateOfBirth": text}, valid)),
         "remark": text, "scanFiles": _list(scan, valid),
         "orderForm": st.one_of(st.none(), _object(
             {"filename": text, "fileLink": text, "plainText": text}, valid)),
         "worktypes": _list(worktype, valid),
         "administrative": st.one_of(st.none(), _object(
             {k: st.one_of(st.none(), st.booleans()) if valid else st.one_of(
                 st.none(), st.booleans(), st.just("true"), st.just(1))
              for k in ("priority", "remake", "additionalInfo", "contactRequired")}, valid)),
         "uid": st.one_of(st.none(), st.integers(), st.text(max_size=4), st.booleans()),
         "miscellaneousFiles": _list(misc, valid)},
        valid,
    )  # fmt: skip


def _guid(valid: bool) -> st.SearchStrategy[Any]:
    good = st.one_of(st.uuids().map(str), st.sampled_from(["g-1", "with space", "a/b", ""]))
    return st.one_of(st.none(), good) if valid else st.one_of(st.none(), good, st.integers())


@st.composite
def cases(draw: st.DrawFn, *, valid: bool = False) -> Any:
    """A case of either shape (or, unless ``valid``, sometimes something that is not one)."""
    text = _text(valid)
    case: dict[str, Any] = {
        "guid": draw(_guid(valid)),
        "organizationGuid": draw(text),
        "acceptedData": draw(st.one_of(st.none(), _data(valid), _data(valid))),
        "status": draw(text),
    }
    if draw(st.booleans()):  # the variant shape
        case["id"] = draw(_wide(valid, minimum=0))
        variant = {"organizationId": _wide(valid), "portalId": _wide(valid),
                   "configuredPortalId": _wide(valid), "caseId": text,
                   "createdAt": _moment(valid), "patientFullname": text,
                   "completenessStatus": text, "infoRequestStatus": text}  # fmt: skip
        case.update(draw(st.fixed_dictionaries({}, optional=variant)))
    elif draw(st.integers(0, 4)) == 0:  # a guid-shape case carrying a variant member
        case["caseId"] = draw(text)
    if draw(st.integers(0, 9)) == 0:  # the Python spelling of a member (populate_by_name)
        case["accepted_data"] = case.pop("acceptedData")
    if not valid and draw(st.integers(0, 9)) == 0:
        del case[draw(st.sampled_from(sorted(case)))]  # a required member left out
    if not valid and draw(st.integers(0, 19)) == 0:
        return draw(st.sampled_from([None, "case", 7, []]))
    return case
