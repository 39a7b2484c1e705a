"""The dict form of cases (``CASE_DICTS``, mirrored from the wire models) reads exactly as the
models do: the same cases accepted, the same refused at the same member, the same JSON kept."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from pydantic import BaseModel, ValidationError, field_validator
from tests.unit.api.case_strategies import cases
from tests.unit.store.factory import make_case

from scaninbox.api.parsing import (
    describe_validation_error,
    parse_case_dict_page,
    parse_case_page,
    read_case_dict_page,
    read_case_page,
)
from scaninbox.api.wire import (
    CASE_DICTS,
    MiscellaneousFile,
    UnifiedCase,
    UnifiedWorktype,
    case_dict_of,
    typed_dict_of,
)


def _model_json(wire: UnifiedCase) -> bytes:
    return wire.__pydantic_serializer__.to_json(wire, by_alias=True, exclude_unset=True)


def _read_both(raw: Any) -> tuple[Any, Any]:
    """(model or the problem, dict or the problem) of one input."""
    results: list[Any] = []
    for read in (UnifiedCase.model_validate, CASE_DICTS.validate_python):
        try:
            results.append(read(raw))
        except ValidationError as exc:
            results.append(exc)
    return results[0], results[1]


def _problem(exc: ValidationError) -> tuple[str, str]:
    member, reason = describe_validation_error(exc)
    # Only the wording for "not an object" names the model ("… or instance of UnifiedCase").
    return member, reason.replace(" or instance of UnifiedCase", "").split(" or instance of ")[0]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_dicts_accept_and_refuse_what_the_models_do(raw: Any) -> None:
    model, as_dict = _read_both(raw)
    if isinstance(model, ValidationError):
        assert isinstance(as_dict, ValidationError), raw
        assert _problem(as_dict)[0] == _problem(model)[0], raw  # the same member named
        assert model.error_count() == as_dict.error_count(), raw
        return
    assert not isinstance(as_dict, ValidationError), (raw, as_dict)
    # The same members, the same values: the dict writes what the model read from the input.
    assert CASE_DICTS.dump_json(as_dict, by_alias=True) == _model_json(model)
    assert case_dict_of(model) == as_dict
    # And what is kept reads back as the same case.
    assert UnifiedCase.model_validate_json(CASE_DICTS.dump_json(as_dict, by_alias=True)) == model


def test_a_left_out_member_stays_out_and_a_null_one_stays_null() -> None:
    raw = make_case(1)
    del raw["acceptedData"]["remark"]
    raw["acceptedData"]["sentTo"] = None
    kept = json.loads(CASE_DICTS.dump_json(CASE_DICTS.validate_python(raw), by_alias=True))
    assert "remark" not in kept["acceptedData"]
    assert kept["acceptedData"]["sentTo"] is None
    # The model fills every member in (its ``wire_dict``, the command line's ``--json``).
    assert UnifiedCase.model_validate(raw).wire_dict()["acceptedData"]["remark"] is None


def test_the_mirror_carries_each_models_rules() -> None:
    worktype = typed_dict_of(UnifiedWorktype)
    assert typed_dict_of(UnifiedWorktype) is worktype  # made once
    misc = typed_dict_of(MiscellaneousFile)
    assert misc.__pydantic_config__["extra"] == "allow"  # type: ignore[attr-defined]
    raw = {**make_case(2), "id": "12", "createdAt": "2026-01-02T03:04:05"}
    raw["acceptedData"]["miscellaneousFiles"] = ["plain.pdf", {"name": "n.pdf", "size": 3}]
    read = CASE_DICTS.validate_python(raw)
    assert read["id"] == 12
    assert read["created_at"].isoformat() == "2026-01-02T03:04:05+00:00"
    assert read["accepted_data"]["miscellaneous_files"] == [
        {"filename": "plain.pdf"},
        {"filename": "n.pdf", "size": 3},
    ]
    from_ = read["accepted_data"]["worktypes"][0].get("from_")
    assert from_ is None
    assert "from_" not in read["accepted_data"]["worktypes"][0]


def test_a_model_with_rules_in_methods_is_not_mirrored() -> None:
    # Such rules live on the class, not the fields: a mirror would accept what the model refuses.
    class Checked(BaseModel):
        size: int

        @field_validator("size")
        @classmethod
        def _positive(cls, value: int) -> int:
            if value < 0:
                raise ValueError("negative")
            return value

    with pytest.raises(TypeError, match="field_validators"):
        typed_dict_of(Checked)


def _answer(payload: Any) -> httpx.Response:
    return httpx.Response(
        200, content=json.dumps(payload).encode(), headers={"content-type": "application/json"}
    )


@pytest.mark.parametrize("bad_at", [0, 2, 4])
def test_a_malformed_case_in_a_page_sinks_only_itself(bad_at: int) -> None:
    items: list[Any] = [make_case(i) for i in range(5)]
    items[bad_at]["acceptedData"]["worktypes"][0]["from"] = "twelve"
    payload = {"items": items, "page": 1, "pageSize": 5, "total": 5}
    for page in (
        read_case_dict_page(_answer(payload), "the service"),
        parse_case_dict_page(payload),
    ):
        models = read_case_page(_answer(payload), "the service")
        assert [c["guid"] for c in page.items] == [c.guid for c in models.items]
        assert len(page.items) == 4
        assert page.malformed == models.malformed == parse_case_page(payload).malformed
        [bad] = page.malformed
        assert (bad.index, bad.field) == (bad_at, "acceptedData.worktypes.0.from")
        assert bad.ref == items[bad_at]["guid"]
