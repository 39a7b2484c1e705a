"""int32 and nullable members: what the spec allows is read, everything else is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from scaninbox.api.wire import IosPortal, Organization, UnifiedWorktype

INT32 = st.integers(min_value=-(2**31), max_value=2**31 - 1)


def portal(**members: Any) -> dict[str, Any]:
    base = {"id": 1, "name": "3Shape", "className": None, "url": None, "quantizationBits": None}
    return {**base, **members}


@given(INT32)
def test_int32_integers_and_digit_strings_are_equal(number: int) -> None:
    as_int = IosPortal.model_validate(portal(id=number, quantizationBits=number))
    as_text = IosPortal.model_validate(portal(id=str(number), quantizationBits=str(number)))
    assert as_int.id == as_text.id == number
    assert as_int.quantization_bits == as_text.quantization_bits == number


@given(INT32)
def test_int32_survives_a_json_round_trip(number: int) -> None:
    text = json.dumps(portal(id=str(number)))
    assert IosPortal.model_validate_json(text).id == number


@given(st.integers().filter(lambda n: not -(2**31) <= n <= 2**31 - 1))
def test_int32_out_of_range_is_refused(number: int) -> None:
    for value in (number, str(number)):
        with pytest.raises(ValidationError, match="int32"):
            IosPortal.model_validate(portal(id=value))


@given(
    st.one_of(
        st.integers(min_value=1, max_value=10**6).map(lambda n: "0" + str(n)),  # leading zero
        st.integers(min_value=0, max_value=10**6).map(lambda n: "+" + str(n)),
        st.integers(min_value=0, max_value=10**6).map(lambda n: f" {n}"),
        st.integers(min_value=0, max_value=10**6).map(lambda n: f"{n} "),
        st.integers(min_value=0, max_value=10**6).map(lambda n: f"{n}\n"),
        st.floats(allow_nan=True, allow_infinity=True),
        st.floats(allow_nan=False).map(str),
        st.booleans(),
        st.sampled_from(["", "-", "1e3", "0x10", "1_000", "١٢", "--1", "00", "1.0"]),
        st.lists(st.integers(), max_size=2),
    )
)
def test_int32_refuses_anything_else(value: object) -> None:
    with pytest.raises(ValidationError):
        IosPortal.model_validate(portal(id=value))


@given(st.sampled_from(["quantizationBits", "className", "url", "name"]))
def test_nullable_members_accept_null(member: str) -> None:
    parsed = IosPortal.model_validate(portal(**{member: None}))
    assert parsed.model_dump(by_alias=True)[member] is None


def test_required_non_nullable_int32_refuses_null() -> None:
    with pytest.raises(ValidationError, match="id"):
        IosPortal.model_validate(portal(id=None))


@given(st.one_of(st.none(), INT32, INT32.map(str)))
def test_organization_cluster_nullable_int32(value: int | str | None) -> None:
    org = Organization.model_validate(
        {
            "guid": None,
            "name": "Lab",
            "shortname": None,
            "cultureInfo": None,
            "type": "Dental",
            "parentGuid": None,
            "cluster": value,
        }
    )
    assert org.cluster == (None if value is None else int(value))


@given(st.one_of(st.none(), INT32, INT32.map(str)), st.booleans())
def test_worktype_from_to_may_be_absent_null_or_int32(
    value: int | str | None, absent: bool
) -> None:
    raw: dict[str, Any] = {"categoryId": "Fixed"}
    if not absent:
        raw["from"] = value
        raw["to"] = value
    worktype = UnifiedWorktype.model_validate(raw)
    expected = None if absent or value is None else int(value)
    assert worktype.from_ == worktype.to == expected


def test_axis_mapping_read_from_either_spelling() -> None:
    assert IosPortal.model_validate(portal(axisMapping="x,z,-y")).axis_mapping == "x,z,-y"
    assert IosPortal.model_validate(portal(axisMaping="x,z,-y")).axis_mapping == "x,z,-y"
