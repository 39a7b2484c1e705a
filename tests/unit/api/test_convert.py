"""Every member of the wire case reaches the domain ``Case`` (``to_case``), or is listed here as
deliberately not kept, with why.

A new member added to a model of ``scaninbox.api.wire_case`` fails this test until it is also
in ``scaninbox.domain.case`` and ``scaninbox.api.convert`` (or listed below): the order of work
``docs/architecture.md`` gives under "Adding a field to a case". Each member gets a value of its
own (strings and numbers unique, dates apart by minutes); the domain view must hold that value
somewhere. Flags are checked one at a time: set alone, each must change the domain view.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import types
from datetime import UTC, date, datetime, timedelta
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from scaninbox.api import to_case
from scaninbox.api.wire import UnifiedCase

# Members the domain view leaves out on purpose (the kept wire JSON still has them).
NOT_KEPT: dict[str, str] = {
    "acceptedData.organizationGuid": "the case's own organizationGuid is kept; this one stands "
    "in for it only when the case has none (checked in test_a_missing_organization_is_taken_"
    "from_the_accepted_data)",
    "acceptedData.uid": "a portal's internal number: nothing reads it, the wire JSON keeps it",
}
# Members kept in another form than as sent: the domain holds what is read from them.
READ_AS: dict[str, str] = {
    "acceptedData.scanFiles.jaw": "the scan's `Jaw` (`domain.scan_jaw` of jaw and type)",
    "acceptedData.deliveryDate": "a date, or the text as sent when it is none (tested below)",
}


def _leaf_type(annotation: Any) -> Any:
    """The type a member holds, without Optional, Annotated and list."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _leaf_type(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        kinds = [a for a in get_args(annotation) if a is not type(None)]
        return _leaf_type(kinds[0]) if len(kinds) == 1 else str  # a scalar: sent as a string
    if origin is list:
        return _leaf_type(get_args(annotation)[0])
    return annotation


def _members(model: type[BaseModel], prefix: str = "") -> list[tuple[str, Any]]:
    """(dotted path by wire name, leaf type) of every member of ``model``, nested ones too."""
    found = []
    for name, info in model.model_fields.items():
        path = f"{prefix}{info.alias or name}"
        kind = _leaf_type(info.annotation)
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            found += _members(kind, f"{path}.")
        else:
            found.append((path, kind))
    return found


def _value(path: str, kind: Any, number: int, flag: bool) -> Any:
    if kind is bool:
        return flag
    if kind is int:
        return 70_000 + number
    if kind is datetime:
        return (datetime(2030, 1, 1, tzinfo=UTC) + timedelta(minutes=number)).isoformat()
    if path == "acceptedData.deliveryDate":
        return "within the week"
    return f"value-{number}"


def _wire(model: type[BaseModel], only: str = "") -> Any:
    """A wire case (by wire names) with every member set, the same values on every call; the
    flag ``only`` set, the other flags not."""
    return _object(model, "", itertools.count(1), only)


def _object(model: type[BaseModel], prefix: str, numbers: itertools.count[int], only: str) -> Any:
    data: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        key = info.alias or name
        path = f"{prefix}{key}"
        kind = _leaf_type(info.annotation)
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            value = _object(kind, f"{path}.", numbers, only)
        else:
            value = _value(path, kind, next(numbers), path == only)
        is_list = "list[" in str(info.annotation) or get_origin(info.annotation) is list
        data[key] = [value] if is_list else value
    return data


def _held(value: Any) -> list[Any]:
    """Every plain value the domain object holds, nested ones too."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [v for f in dataclasses.fields(value) for v in _held(getattr(value, f.name))]
    if isinstance(value, tuple):
        return [v for item in value for v in _held(item)]
    if isinstance(value, enum.Enum):
        return [value.value]
    if isinstance(value, datetime):
        return [value.isoformat()]
    return [value]


def test_every_wire_member_of_a_case_reaches_the_domain_view() -> None:
    raw = _wire(UnifiedCase)
    case = to_case(UnifiedCase.model_validate(raw))
    held = set(map(str, _held(case)))
    missing = []
    for path, kind in _members(UnifiedCase):
        if kind is bool or path in NOT_KEPT or path in READ_AS:
            continue
        sent: Any = raw
        for key in path.split("."):
            sent = sent[key][0] if isinstance(sent[key], list) else sent[key]
        if str(sent) not in held and str(_normalised(sent)) not in held:
            missing.append(path)
    assert not missing, (
        "wire members of a case that the domain Case does not hold: add them to "
        "scaninbox/domain/case.py and scaninbox/api/convert.py, or to NOT_KEPT with why "
        f"(docs/architecture.md, 'Adding a field to a case'): {missing}"
    )


def _normalised(sent: Any) -> Any:
    """A date-time as the domain holds it (an aware ``datetime``'s ISO text)."""
    if isinstance(sent, str) and sent.startswith("2030-"):
        return datetime.fromisoformat(sent).isoformat()
    return sent


def test_every_flag_of_a_case_reaches_the_domain_view() -> None:
    flags = [path for path, kind in _members(UnifiedCase) if kind is bool]
    assert flags  # the administrative flags
    plain = to_case(UnifiedCase.model_validate(_wire(UnifiedCase)))
    unchanged = [
        path
        for path in flags
        if path not in NOT_KEPT
        and to_case(UnifiedCase.model_validate(_wire(UnifiedCase, only=path))) == plain
    ]
    assert not unchanged, f"flags the domain Case does not hold: {unchanged}"


def test_the_lists_of_exceptions_name_members_that_exist() -> None:
    paths = {path for path, _kind in _members(UnifiedCase)}
    stale = [p for p in (*NOT_KEPT, *READ_AS) if p not in paths]
    assert not stale, f"listed members the wire model no longer has: {stale}"


def test_members_read_as_something_else() -> None:
    raw = _wire(UnifiedCase)
    raw["acceptedData"]["deliveryDate"] = "2030-02-03 before noon"
    raw["acceptedData"]["scanFiles"][0].update(jaw="upper", type="preparationScan")
    case = to_case(UnifiedCase.model_validate(raw))
    assert case.delivery_date == date(2030, 2, 3)
    assert case.scan_files[0].jaw.value == "upper"
    raw["acceptedData"]["deliveryDate"] = "within the week"
    assert to_case(UnifiedCase.model_validate(raw)).delivery_text == "within the week"


def test_a_missing_organization_is_taken_from_the_accepted_data() -> None:
    raw = _wire(UnifiedCase)
    raw["organizationGuid"] = None
    case = to_case(UnifiedCase.model_validate(raw))
    assert case.organization_guid == raw["acceptedData"]["organizationGuid"]
