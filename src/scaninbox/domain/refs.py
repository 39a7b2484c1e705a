"""How a case is addressed: by guid (the documented shape) or by numeric id (the variant shape)."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["CaseRef"]

_NUMERIC = re.compile(r"[1-9][0-9]{0,18}|0")
# A guid is opaque to us; refuse only what could never be one safe path segment.
_OPAQUE = re.compile(r"[^\s/\\?#%\x00-\x1f\x7f]{1,200}")


@dataclass(frozen=True, slots=True, order=True)
class CaseRef:
    """A case reference as used in the service's paths.

    ``numeric`` is True for the variant shape, whose paths carry the integer ``id``.
    """

    value: str
    numeric: bool = False

    @classmethod
    def guid(cls, guid: str) -> CaseRef:
        if not _OPAQUE.fullmatch(guid):
            raise ValueError(f"{guid!r} is not a usable case guid")
        return cls(guid, numeric=False)

    @classmethod
    def id(cls, number: int) -> CaseRef:
        if number < 0:
            raise ValueError(f"{number} is not a usable case id")
        return cls(str(number), numeric=True)

    @classmethod
    def parse(cls, text: str) -> CaseRef:
        """Read a reference typed by a person: digits mean a numeric id, anything else a guid."""
        text = text.strip()
        if _NUMERIC.fullmatch(text):
            return cls(text, numeric=True)
        if _OPAQUE.fullmatch(text):
            return cls(text, numeric=False)
        raise ValueError(f"{text!r} is neither a case guid nor a numeric case id")

    def __str__(self) -> str:
        return self.value
