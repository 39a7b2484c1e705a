"""The inbox columns the store derives from a wire case, and the files a case has.

Derivation is pure and versioned: when what is derived changes, ``DERIVATION_VERSION`` goes up
and the store re-derives every row from the JSON it kept (``CaseStore.open``). The JSON is kept
zlib-compressed: case JSON is mostly member names and nulls, and shrinks about threefold.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
import zlib
from dataclasses import dataclass
from typing import Any

from scaninbox.api.convert import to_case
from scaninbox.api.wire import UnifiedCase
from scaninbox.domain import Case, CaseRef, FileKind, Unit, Worktype
from scaninbox.domain.fdi import LOWER_ARCH_ORDER, UPPER_ARCH_ORDER
from scaninbox.domain.vocabulary import humanize_identifier
from scaninbox.domain.worktypes import case_teeth, teeth_text, work_summary

__all__ = [
    "DERIVATION_VERSION",
    "CaseColumns",
    "FileSpec",
    "canonical_json",
    "case_files",
    "derive_columns",
    "fold",
    "other_spellings",
    "pack_json",
    "unpack_json",
    "wire_digest",
]

# 2: a worktype without type or category reads "Unspecified work"
# 3: the search also finds tooth numbers and other spellings of names ("mueller" → Müller)
DERIVATION_VERSION = 3


@dataclass(frozen=True, slots=True, order=True)
class FileSpec:
    """One downloadable file of a case, as the service names it."""

    kind: FileKind
    name: str
    file_type: str = ""  # scan files only: stl, ply, preview …

    def __str__(self) -> str:
        suffix = f" ({self.file_type})" if self.file_type else ""
        return f"{self.name}{suffix}"

    @classmethod
    def of(cls, kind: FileKind, name: str | None, file_type: str | None = None) -> FileSpec | None:
        """The spec of a file as a case lists it; None when it cannot be asked for (a scan file
        needs a name and a type; an order form is one per case whatever its name)."""
        if kind is FileKind.ORDER_FORM:
            return cls(kind, name or "order-form.pdf")
        if not name:
            return None
        if kind is FileKind.MISC:
            return cls(kind, name)
        suffix = name.rpartition(".")[2].lower()
        file_type = file_type or (suffix if suffix in ("stl", "ply") else None)
        return cls(kind, name, file_type) if file_type else None


@dataclass(frozen=True, slots=True)
class CaseColumns:
    """Everything the ``cases`` table keeps about one case besides local state."""

    ref: CaseRef
    wire_json: str
    json_sha256: str
    values: dict[str, Any]
    files: tuple[FileSpec, ...]


# zlib level 1: a first sync of a large account compresses every case once, and level 6 cost
# ~3× the CPU for a blob only a few per cent smaller (case JSON is member names and nulls).
_ZLIB_LEVEL = 1


def pack_json(text: str) -> bytes:
    return zlib.compress(text.encode("utf-8"), _ZLIB_LEVEL)


def unpack_json(blob: bytes) -> str:
    return zlib.decompress(blob).decode("utf-8")


def canonical_json(data: dict[str, Any]) -> str:
    """A stable text form of a wire case, so an unchanged case hashes the same on every sync."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


# Letters that carry their mark inside (no Unicode decomposition) but that people type plain.
_PLAIN_LETTERS = str.maketrans(
    {"ł": "l", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "þ": "th", "æ": "ae", "œ": "oe"}
)


def fold(text: str) -> str:
    """A sort and search key: no accents, no case, in any script (``Łukasz`` → ``lukasz``,
    ``Οδοντιατρική`` → ``οδοντιατρικη``). Search text and what people type are both folded."""
    if text.isascii():  # most names and words: no marks to take off, nothing to translate
        return text.lower().strip()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return plain.translate(_PLAIN_LETTERS).strip()


# How German and Nordic names are also written: Müller is Mueller, Jørgensen Joergensen, Åsa
# Aasa, Straße Strasse.
_TRANSLITERATIONS = (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ø", "oe"), ("å", "aa"), ("æ", "ae"))
# And the other way round: a name written with the digraph is found by the folded letter
# ("müller" is searched as "muller", which must find Mueller).
_DIGRAPHS = re.compile(r"ae|oe|ue|aa")
_DIGRAPH_LETTERS = {"ae": "a", "oe": "o", "ue": "u", "aa": "a"}


def other_spellings(*names: str) -> str:
    """The words of ``names`` as they are also written, folded, that ``fold`` alone does not
    give: ``Müller`` → ``mueller``, ``Mueller`` → ``muller``, ``Åsa Jørgensen`` → ``aasa
    joergensen``. Searching folds what is typed, so either spelling finds either name."""
    found: dict[str, None] = {}
    for name in names:
        for word in name.casefold().split():
            plain = fold(word)
            written = word
            for letter, digraph in _TRANSLITERATIONS:
                written = written.replace(letter, digraph)
            for variant in (fold(written), _DIGRAPHS.sub(lambda m: _DIGRAPH_LETTERS[m[0]], plain)):
                if variant and variant != plain:
                    found[variant] = None
    return " ".join(found)


def case_files(case: Case) -> list[FileSpec]:
    """The files of ``case`` that can be asked for, in the case's order: scans, order form,
    attachments (a file needs a name for its URL)."""
    listed = [FileSpec.of(FileKind.SCAN, s.filename, s.file_type) for s in case.scan_files]
    if case.order_form is not None:
        listed.append(FileSpec.of(FileKind.ORDER_FORM, case.order_form.filename))
    listed += [FileSpec.of(FileKind.MISC, m.filename) for m in case.misc_files]
    return list(dict.fromkeys(f for f in listed if f is not None))


_ARCH_RANK = {tooth: rank for rank, tooth in enumerate(UPPER_ARCH_ORDER + LOWER_ARCH_ORDER)}


def wire_digest(wire: UnifiedCase) -> tuple[str, str]:
    """The case's canonical JSON and its SHA-256: equal digests mean nothing changed."""
    text = canonical_json(wire.wire_dict())
    return text, hashlib.sha256(text.encode("utf-8")).hexdigest()


def derive_columns(wire: UnifiedCase, digest: tuple[str, str] | None = None) -> CaseColumns:
    """The stored form of a wire case. Raises ValueError when it has no usable reference."""
    case = to_case(wire)
    text, sha = digest or wire_digest(wire)
    patient = case.patient_name or ""
    dentist = (case.dentist.display_name if case.dentist else None) or ""
    clinic = (case.clinic.name if case.clinic else None) or ""
    summary = work_summary(case.worktypes)
    teeth = case_teeth(case.worktypes)
    files = case_files(case)
    kinds = [f.kind for f in files]
    values: dict[str, Any] = {
        "status": case.status or "",
        "source": case.source or "",
        "received_ts": int(case.received_at.timestamp()) if case.received_at else None,
        "delivery_date": case.delivery_date.isoformat() if case.delivery_date else None,
        "delivery_text": case.delivery_text,
        "priority": int(case.flags.priority),
        "patient": patient,
        "dentist": dentist,
        "clinic": clinic,
        "external_ids": fold(_external_ids(case)),
        "remark": fold(case.remark),
        "work_summary": summary,
        # The FTS column for "everything else the search finds": worktype words, shades, tags,
        # tooth numbers and the other spellings of the names (kept out of the name columns,
        # which are also the sort keys).
        "work_words": fold(
            " ".join(
                (_work_words(case), *map(str, teeth), other_spellings(patient, dentist, clinic))
            )
        ),
        "teeth": teeth_text(case.worktypes),
        "patient_key": fold(patient),
        "dentist_key": fold(dentist),
        "clinic_key": fold(clinic),
        "source_key": fold(case.source or ""),
        "work_key": fold(summary),
        "teeth_key": _teeth_key(teeth),
        # Cases without a delivery date sort after every dated one.
        "delivery_key": case.delivery_date.isoformat() if case.delivery_date else "~",
        "scan_count": kinds.count(FileKind.SCAN),
        "order_form_count": kinds.count(FileKind.ORDER_FORM),
        "misc_count": kinds.count(FileKind.MISC),
        "file_count": len(files),
    }
    return CaseColumns(case.ref, text, sha, values, tuple(files))


def _external_ids(case: Case) -> str:
    parts = [case.external_id]
    if case.patient is not None:
        parts += [case.patient.external_id, case.patient.reference_no]
    if case.variant is not None:
        parts.append(case.variant.case_id)
    return " ".join(p for p in parts if p)


def _work_words(case: Case) -> str:
    """Worktype identifiers as words (``ImplantCrown`` → ``Implant crown``), shades and tags."""
    words: list[str] = []
    for worktype in case.worktypes:
        units: tuple[Worktype | Unit, ...] = (worktype, *worktype.units)
        for unit in units:
            for value in (
                unit.category,
                unit.restoration_type,
                unit.restoration_detail,
                unit.material,
                unit.setting,
            ):
                if value:
                    words.append(humanize_identifier(value))
            if unit.shade:
                words.append(unit.shade)
            words.extend(t.value for t in unit.tags if t.value)
    return " ".join(dict.fromkeys(words))


def _teeth_key(teeth: list[int]) -> int:
    """Teeth sort by the first involved tooth along the arch chart; none sort last."""
    if not teeth:
        return 10_000
    first = teeth[0]
    return _ARCH_RANK.get(first, 1000 + first)  # deciduous teeth after the permanent chart
