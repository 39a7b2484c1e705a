"""The wire format's building blocks: int32 and date-time members, and the model bases.

Tolerance rules (`scaninbox.api.wire` lists them all): int32 members accept a JSON integer or a
decimal-digit string; date-times are ISO 8601, UTC when they carry no offset; unknown members
are ignored; camelCase on the wire, snake_case in Python.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, PlainSerializer, StrictBool, StrictStr
from pydantic.alias_generators import to_camel

__all__ = [
    "CaseId",
    "DateTimeWire",
    "Int32",
    "OptionalWireModel",
    "Scalar",
    "WideInt",
    "WireModel",
    "parse_int32",
    "parse_wire_datetime",
]

_INT32_TEXT = re.compile(r"-?(?:0|[1-9][0-9]*)")
_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1
# Every wire date-time is held in UTC, a day inside what `datetime` can hold, so that local
# times, "due tomorrow" and the like can be computed from any of them without overflowing.
_EARLIEST = datetime(2, 1, 1, tzinfo=UTC)
_LATEST = datetime(9998, 12, 31, tzinfo=UTC)


def parse_int32(value: object) -> int:
    """A JSON integer or a decimal-digit string within the int32 range, as ``int``."""
    if isinstance(value, bool):
        raise ValueError("expected an integer, got a boolean")
    if isinstance(value, int):
        number = value
    elif isinstance(value, str):
        if not _INT32_TEXT.fullmatch(value):
            raise ValueError(f"expected an integer or a string of decimal digits, got {value!r}")
        number = int(value)
    else:
        raise ValueError(f"expected an integer, got {type(value).__name__}")
    if not _INT32_MIN <= number <= _INT32_MAX:
        raise ValueError(f"{number} is outside the int32 range")
    return number


def _parse_wide_int(value: object) -> int:
    """The variant's plain "integer" members: as int32, without the range limit."""
    if isinstance(value, str) and _INT32_TEXT.fullmatch(value):
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return parse_int32(value)  # raises the same plain message


def _parse_case_id(value: object) -> int:
    """A variant case's ``id``: a wide integer that can name the case (not negative)."""
    number = _parse_wide_int(value)
    if number < 0:
        raise ValueError(f"{number} cannot name a case (ids are not negative)")
    return number


def parse_wire_datetime(value: object) -> datetime:
    """An ISO 8601 timestamp, in UTC. One without an offset is taken as UTC (the spec's
    timestamps are); one outside the years 2-9998 (in UTC) is refused: the case carrying it is
    recorded as malformed, the rest of its page is kept."""
    if isinstance(value, datetime):
        parsed = value
    elif isinstance(value, str):
        text = value.strip()
        if text.endswith(("Z", "z")):
            text = text[:-1] + "+00:00"
        try:
            parsed = datetime.fromisoformat(text)
        except ValueError:
            raise ValueError(f"{value!r} is not an ISO 8601 date-time") from None
    else:
        raise ValueError(f"expected an ISO 8601 date-time string, got {type(value).__name__}")
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        moment = parsed.astimezone(UTC)
    except OverflowError:  # 9999-12-31T23:59:59-23:59 is in the year 10000 in UTC
        moment = None
    if moment is None or not _EARLIEST <= moment <= _LATEST:
        raise ValueError(f"{value!r} is outside the years {_EARLIEST.year}-{_LATEST.year}")
    return moment


def _iso(value: datetime) -> str:
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


Int32 = Annotated[int, BeforeValidator(parse_int32)]
WideInt = Annotated[int, BeforeValidator(_parse_wide_int)]
CaseId = Annotated[int, BeforeValidator(_parse_case_id)]
DateTimeWire = Annotated[
    datetime, BeforeValidator(parse_wire_datetime), PlainSerializer(_iso, return_type=str)
]
Scalar = StrictStr | int | float | StrictBool | None


class WireModel(BaseModel):
    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=True,
        extra="ignore",
        frozen=True,
        strict=False,
        str_strip_whitespace=False,
    )


class OptionalWireModel(WireModel):
    """Objects inside ``acceptedData``: every member may be null or absent."""
