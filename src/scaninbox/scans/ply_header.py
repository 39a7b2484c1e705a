"""The PLY header: format, elements and their properties, in plain Python objects.

A malformed header is the one PLY failure that needs words of its own ("line 7: unknown type
'float128'"), so it is parsed here, apart from the fast body readers in `scaninbox.scans.ply`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from scaninbox.language import translate
from scaninbox.scans.mesh import MeshError, count_text

__all__ = [
    "PlyElement",
    "PlyHeader",
    "PlyProperty",
    "elements_to_read",
    "parse_ply_header",
    "require_binary_body_fits",
    "require_text_body_fits",
]

_MAX_HEADER_BYTES = 65536
# No element may announce more records than int32 indices can address: a larger count is no
# scan, only a header written to make a reader loop or allocate without end.
_MAX_COUNT = 2**31 - 1
# PLY type names (both spellings) → numpy scalar type codes, endianness added per file.
_TYPES = {
    "char": "i1",
    "int8": "i1",
    "uchar": "u1",
    "uint8": "u1",
    "short": "i2",
    "int16": "i2",
    "ushort": "u2",
    "uint16": "u2",
    "int": "i4",
    "int32": "i4",
    "uint": "u4",
    "uint32": "u4",
    "float": "f4",
    "float32": "f4",
    "double": "f8",
    "float64": "f8",
}
_FORMATS = {"ascii": "", "binary_little_endian": "<", "binary_big_endian": ">"}


@dataclass(frozen=True, slots=True)
class PlyProperty:
    name: str
    dtype: np.dtype  # the value type (for a list: the item type)
    count_dtype: np.dtype | None = None  # set for list properties

    @property
    def is_list(self) -> bool:
        return self.count_dtype is not None


@dataclass(frozen=True, slots=True)
class PlyElement:
    name: str
    count: int
    properties: tuple[PlyProperty, ...]

    @property
    def has_lists(self) -> bool:
        return any(p.is_list for p in self.properties)

    def record_dtype(self) -> np.dtype:
        """The packed record of an element without list properties."""
        return np.dtype([(f"{i}:{p.name}", p.dtype) for i, p in enumerate(self.properties)])

    def index(self, *names: str) -> int | None:
        """Position of the first property called one of ``names``."""
        for i, prop in enumerate(self.properties):
            if prop.name in names:
                return i
        return None


@dataclass(frozen=True, slots=True)
class PlyHeader:
    format: str  # "ascii", "binary_little_endian" or "binary_big_endian"
    elements: tuple[PlyElement, ...]
    body_offset: int  # where the data after "end_header" starts

    @property
    def is_ascii(self) -> bool:
        return self.format == "ascii"

    def element(self, name: str) -> PlyElement | None:
        return next((e for e in self.elements if e.name == name), None)


def parse_ply_header(data: bytes | memoryview, name: str) -> PlyHeader:
    """Read the header at the start of ``data``; `MeshError` says what is wrong with it."""
    head = bytes(data[:_MAX_HEADER_BYTES])
    end = head.find(b"end_header")
    if not head.startswith(b"ply") or end < 0:
        raise MeshError(
            name,
            translate(
                "MeshError",
                "it is not a valid PLY file: its header is malformed: no 'end_header' line",
            ),
        )
    newline = head.find(b"\n", end)
    if newline < 0:
        raise MeshError(
            name,
            translate(
                "MeshError",
                "it is not a valid PLY file: its header is malformed: the file ends after "
                "'end_header'",
            ),
        )
    lines = head[:end].decode("ascii", "replace").splitlines()
    file_format: str | None = None
    order = ""
    elements: list[tuple[str, int, list[PlyProperty]]] = []
    for number, line in enumerate(lines, start=1):
        words = line.split()
        if not words or words[0] in ("ply", "comment", "obj_info"):
            continue
        keyword = words[0]
        if keyword == "format":
            if len(words) < 2 or words[1] not in _FORMATS:
                raise _malformed(
                    name,
                    number,
                    translate("MeshError", "unknown format {format}").format(
                        format=repr(" ".join(words[1:]))
                    ),
                )
            file_format = words[1]
            order = _FORMATS[file_format]
        elif keyword == "element":
            if len(words) != 3:
                raise _malformed(name, number, _element_needs(line.strip()))
            elements.append((words[1], _count(words[2], name, number), []))
        elif keyword == "property":
            if not elements:
                raise _malformed(
                    name, number, translate("MeshError", "a property before any element")
                )
            elements[-1][2].append(_property(words, order, name, number))
        else:
            raise _malformed(
                name, number, translate("MeshError", "unexpected {word}").format(word=repr(keyword))
            )
    if file_format is None:
        raise MeshError(
            name,
            translate(
                "MeshError",
                "it is not a valid PLY file: its header is malformed: it has no 'format' line",
            ),
        )
    parsed = tuple(PlyElement(n, c, tuple(props)) for n, c, props in elements)
    return PlyHeader(file_format, parsed, newline + 1)


def _count(word: str, name: str, number: int) -> int:
    if not word.isdigit():
        raise _malformed(name, number, _element_needs(word))
    count = int(word)
    if count > _MAX_COUNT:
        raise _malformed(
            name,
            number,
            translate("MeshError", "an element announces {count} records").format(
                count=count_text(count)
            ),
        )
    return count


def _property(words: list[str], order: str, name: str, number: int) -> PlyProperty:
    if len(words) == 5 and words[1] == "list":
        count_type, item_type = _type(words[2], name, number), _type(words[3], name, number)
        if count_type[0] not in "iu":  # a list length of 2.5 or NaN items means nothing
            raise _malformed(
                name,
                number,
                translate("MeshError", "a list's length cannot be of type {type}").format(
                    type=repr(words[2])
                ),
            )
        return PlyProperty(words[4], np.dtype(order + item_type), np.dtype(order + count_type))
    if len(words) == 3:
        return PlyProperty(words[2], np.dtype(order + _type(words[1], name, number)))
    raise _malformed(
        name,
        number,
        translate("MeshError", "cannot read the property {property}").format(
            property=repr(" ".join(words[1:]))
        ),
    )


def elements_to_read(header: PlyHeader) -> tuple[PlyElement, ...]:
    """The elements a mesh reader walks: everything up to the later of vertex and face (what
    follows the mesh is not ours to read)."""
    names = [e.name for e in header.elements]
    last = max((names.index(n) for n in ("vertex", "face") if n in names), default=-1)
    return header.elements[: last + 1]


def require_binary_body_fits(header: PlyHeader, body_bytes: int, name: str) -> None:
    """Every count of a binary header checked against the bytes present, before any loop or
    allocation: fixed-size records need exactly their size, records with lists at least their
    fixed part and one length each. Raises the plain "not a valid PLY" `MeshError`."""
    left = body_bytes
    for element in elements_to_read(header):
        least = sum(
            (p.count_dtype or p.dtype).itemsize for p in element.properties
        )  # a list takes at least its length (zero items)
        needed = element.count * least
        if needed > left:
            raise _not_valid(
                name,
                element,
                translate("MeshError", "at least {count} bytes").format(count=count_text(needed)),
                translate("MeshError", "{count} bytes").format(count=count_text(left)),
            )
        left -= needed


def require_text_body_fits(header: PlyHeader, tokens: int, name: str) -> None:
    """The same for an ASCII body: every value is at least one word of text."""
    left = tokens
    for element in elements_to_read(header):
        needed = element.count * len(element.properties)
        if needed > left:
            raise _not_valid(
                name,
                element,
                translate("MeshError", "at least {count} numbers").format(count=count_text(needed)),
                count_text(left),
            )
        left -= needed


def _not_valid(name: str, element: PlyElement, needed: str, present: str) -> MeshError:
    return MeshError(
        name,
        translate(
            "MeshError",
            "it is not a valid PLY file: its header announces {count} {element} records, which "
            "need {needed}, but only {present} follow (the file is truncated or its header is "
            "wrong)",
        ).format(
            count=count_text(element.count), element=element.name, needed=needed, present=present
        ),
    )


def _type(word: str, name: str, number: int) -> str:
    if word not in _TYPES:
        raise _malformed(
            name, number, translate("MeshError", "unknown type {word}").format(word=repr(word))
        )
    return _TYPES[word]


def _malformed(name: str, number: int, reason: str) -> MeshError:
    return MeshError(
        name,
        translate(
            "MeshError",
            "it is not a valid PLY file: its header is malformed (line {line}): {reason}",
        ).format(line=number, reason=reason),
    )


def _element_needs(text: str) -> str:
    return translate("MeshError", "'element' needs a name and a count, not {text}").format(
        text=repr(text)
    )
