"""The inbox columns the store derives from a wire case, and the files a case has.

Derivation is pure and versioned: when what is derived changes, ``DERIVATION_VERSION`` goes up
and the store re-derives every row from the JSON it kept (``CaseStore.open``). The JSON is kept
compressed: case JSON is mostly member names and nulls, and shrinks about threefold (3.4 KB →
1.2 KB for a sandbox case). Since schema step 4 it is Zstandard at level 1: the same size as
zlib's level 1 for a third of the CPU (14 against 43 µs a case when a first sync writes every
case) and a quarter of it to read back; rows written before stay zlib and read as they are.

A first sync derives every case of the account once, so this is on the sync's hot path: the
digest is pydantic's own JSON serialisation (in Rust) rather than a Python dump re-encoded with
sorted keys (~8× the CPU), ``fold`` / ``other_spellings`` work through cached tables, and the
columns are read off the wire model (``CaseFacts``) instead of first building the whole domain
``Case`` (its scan files, people, flags and variant: a quarter of deriving) — only the worktypes
are converted, for the domain's own summaries. ``test_derive`` checks that the facts equal what
the domain view of the same case gives.
"""

from __future__ import annotations

import functools
import hashlib
import re
import threading
import unicodedata
import zlib
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import zstandard

from scaninbox.api import case_ref, parse_delivery_date, to_worktypes
from scaninbox.api.wire import UnifiedCase
from scaninbox.domain import (
    LOWER_ARCH_ORDER,
    UPPER_ARCH_ORDER,
    Case,
    CaseRef,
    FileKind,
    Unit,
    Worktype,
    case_teeth,
    format_teeth,
    humanize_identifier,
    work_summary,
)

__all__ = [
    "DERIVATION_VERSION",
    "CaseColumns",
    "CaseFacts",
    "FileSpec",
    "case_files",
    "derive_columns",
    "fold",
    "other_spellings",
    "pack_json",
    "unpack_json",
    "wire_digest",
    "wire_files",
]

# 2: a worktype without type or category reads "Unspecified work"
# 3: the search also finds tooth numbers and other spellings of names ("mueller" → Müller)
# 4: the kept JSON and its digest are the wire model's own serialisation (members in the
#    model's order instead of sorted): re-deriving rewrites both, so the next sync does not
#    take every case for changed
DERIVATION_VERSION = 4


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
    wire_json: bytes  # UTF-8
    json_sha256: str
    values: dict[str, Any]
    files: tuple[FileSpec, ...]


# Level 1: a first sync compresses every case of the account once; higher levels cost more CPU
# for a blob only a few per cent smaller (case JSON is member names and nulls).
_ZSTD_LEVEL = 1
_ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"  # every Zstandard frame starts so; a zlib stream never does
# A case's JSON is a few KB; a frame claiming more is damage, not a case (and is not allocated).
_MAX_JSON_BYTES = 64 * 1024 * 1024
# Zstandard's (de)compressors keep state and are not to be shared between threads at once:
# the writer thread packs, any reading thread unpacks.
_zstd = threading.local()


def pack_json(data: bytes) -> bytes:
    """``data`` (a case's UTF-8 JSON) as kept in ``wire_json_z``: a Zstandard frame."""
    compressor = getattr(_zstd, "compressor", None)
    if compressor is None:
        compressor = _zstd.compressor = zstandard.ZstdCompressor(level=_ZSTD_LEVEL)
    return compressor.compress(data)


def unpack_json(blob: bytes) -> str:
    """The JSON text of a kept blob: a Zstandard frame, or zlib (rows from before step 4).
    Raises ValueError when the blob is damaged."""
    if blob[:4] != _ZSTD_MAGIC:
        try:
            return zlib.decompress(blob).decode("utf-8")
        except zlib.error as exc:
            raise ValueError(f"a stored case cannot be unpacked ({exc})") from None
    try:
        size = zstandard.frame_content_size(blob)
        if not 0 <= size <= _MAX_JSON_BYTES:
            raise ValueError(f"a stored case claims an impossible size ({size} bytes)")
        decompressor = getattr(_zstd, "decompressor", None)
        if decompressor is None:
            decompressor = _zstd.decompressor = zstandard.ZstdDecompressor()
        return bytes(decompressor.decompress(blob)).decode("utf-8")
    except zstandard.ZstdError as exc:
        raise ValueError(f"a stored case cannot be unpacked ({exc})") from None


# Letters that carry their mark inside (no Unicode decomposition) but that people type plain.
_PLAIN_LETTERS = str.maketrans(
    {"ł": "l", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "þ": "th", "æ": "ae", "œ": "oe"}
)


def _fold_char(char: str) -> str:
    """One character folded: case folding, compatibility decomposition without the marks."""
    decomposed = unicodedata.normalize("NFKD", char.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return plain.translate(_PLAIN_LETTERS)


_FOLD_TABLE_SIZE = 50_000


class _FoldTable(dict[int, str]):
    """``str.translate`` table filled on first use of each character. Case folding and NFKD
    decompose character by character, and every mark they leave is dropped, so folding a text
    is folding each of its characters (what ``test_fold_is_folding_each_character`` checks)."""

    def __missing__(self, ordinal: int) -> str:
        folded = _fold_char(chr(ordinal))
        if len(self) < _FOLD_TABLE_SIZE:  # bounded whatever a service sends
            self[ordinal] = folded
        return folded


_FOLD_TABLE = _FoldTable()


def fold(text: str) -> str:
    """A sort and search key: no accents, no case, in any script (``Łukasz`` → ``lukasz``,
    ``Οδοντιατρική`` → ``οδοντιατρικη``). Search text and what people type are both folded."""
    if text.isascii():  # most names and words: no marks to take off, nothing to translate
        return text.lower().strip()
    return text.translate(_FOLD_TABLE).strip()


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
        found.update(dict.fromkeys(_spellings_of(name)))
    return " ".join(found)


@functools.lru_cache(maxsize=4096)  # dentists and clinics come back on case after case
def _spellings_of(name: str) -> tuple[str, ...]:
    found: dict[str, None] = {}
    for word in name.casefold().split():
        plain = fold(word)
        variants: list[str] = []
        if not word.isascii():  # the transliterated letters are none of them ASCII
            written = word
            for letter, digraph in _TRANSLITERATIONS:
                written = written.replace(letter, digraph)
            variants.append(fold(written))
        if _DIGRAPHS.search(plain):
            variants.append(_DIGRAPHS.sub(_digraph_letter, plain))
        for variant in variants:
            if variant and variant != plain:
                found[variant] = None
    return tuple(found)


def _digraph_letter(match: re.Match[str]) -> str:
    return _DIGRAPH_LETTERS[match[0]]


def case_files(case: Case) -> list[FileSpec]:
    """The files of ``case`` that can be asked for, in the case's order: scans, order form,
    attachments (a file needs a name for its URL)."""
    listed = [FileSpec.of(FileKind.SCAN, s.filename, s.file_type) for s in case.scan_files]
    if case.order_form is not None:
        listed.append(FileSpec.of(FileKind.ORDER_FORM, case.order_form.filename))
    listed += [FileSpec.of(FileKind.MISC, m.filename) for m in case.misc_files]
    return list(dict.fromkeys(f for f in listed if f is not None))


def wire_files(wire: UnifiedCase) -> list[FileSpec]:
    """``case_files`` of the wire case, read off the wire model: ``FileSpec.of``'s rules, with
    duplicates dropped by plain tuples (hashed in C; a dataclass or an enum hashes in Python,
    and a first sync does this for every file of every case)."""
    data = wire.accepted_data
    if data is None:
        return []
    unique: dict[tuple[int, str, str], None] = {}
    for scan in data.scan_files or ():
        name, file_type = scan.filename, scan.file_type
        if not name:
            continue
        if not file_type:
            file_type = name.rpartition(".")[2].lower()
            if file_type not in ("stl", "ply"):
                continue
        unique[(0, name, file_type)] = None
    form = data.order_form
    if form is not None and (form.filename or form.file_link):  # as the domain view has it
        unique[(1, form.filename or "order-form.pdf", "")] = None
    for misc in data.miscellaneous_files or ():
        if misc.filename:
            unique[(2, misc.filename, "")] = None
    return [FileSpec(_FILE_KINDS[kind], name, file_type) for kind, name, file_type in unique]


_FILE_KINDS = (FileKind.SCAN, FileKind.ORDER_FORM, FileKind.MISC)


@dataclass(frozen=True, slots=True)
class CaseFacts:
    """What the columns are derived from, as the domain view (``to_case``) has it."""

    ref: CaseRef
    status: str | None
    source: str | None
    received_at: datetime | None
    delivery_date: date | None
    delivery_text: str | None
    priority: bool
    patient: str | None
    dentist: str | None
    clinic: str | None
    external_ids: str
    remark: str
    worktypes: tuple[Worktype, ...]
    files: tuple[FileSpec, ...]

    @classmethod
    def of(cls, wire: UnifiedCase, ref: CaseRef | None = None) -> CaseFacts:
        """Raises ValueError when the case has no usable reference (as ``to_case`` does).
        ``ref``: the case's ``case_ref`` when the caller has it already."""
        ref = ref or case_ref(wire)
        if ref is None:
            raise ValueError("the case has neither a numeric id nor a usable guid")
        data = wire.accepted_data
        variant = wire.is_variant
        ids = [data.external_id if data is not None else None]
        patient = data.patient if data is not None else None
        patient_name = None
        if patient is not None:
            ids += [patient.external_id, patient.reference_no]
            patient_name = _person_name(patient.full_name, patient.first_name, patient.last_name)
        if variant:
            ids.append(wire.case_id)
            patient_name = patient_name or wire.patient_fullname
        if data is None:
            return cls(ref, wire.status, None, None, None, None, False, patient_name, None, None,
                       " ".join(i for i in ids if i), "", (), ())  # fmt: skip
        customer = data.customer
        dentist = customer.dentist if customer is not None else None
        clinic = customer.clinic if customer is not None else None
        delivery = parse_delivery_date(data.delivery_date)
        return cls(
            ref=ref,
            status=wire.status,
            source=data.source,
            received_at=data.received_date,
            delivery_date=delivery,
            delivery_text=data.delivery_date if delivery is None else None,
            priority=bool(data.administrative and data.administrative.priority),
            patient=patient_name,
            dentist=(
                _person_name(dentist.full_name, dentist.first_name, dentist.last_name)
                if dentist is not None
                else None
            ),
            clinic=clinic.name if clinic is not None else None,
            external_ids=" ".join(i for i in ids if i),
            remark=data.remark or "",
            worktypes=to_worktypes(data),
            files=tuple(wire_files(wire)),
        )


def _person_name(full: str | None, first: str | None, last: str | None) -> str | None:
    """A person's name as the domain's ``display_name`` gives it: the full name as sent, else
    first and last name joined."""
    if full:
        return full
    return " ".join(p for p in (first, last) if p) or None


_ARCH_RANK = {tooth: rank for rank, tooth in enumerate(UPPER_ARCH_ORDER + LOWER_ARCH_ORDER)}


def wire_digest(wire: UnifiedCase) -> tuple[bytes, str]:
    """The case's JSON as kept (UTF-8) and its SHA-256: equal digests mean nothing changed.

    Stable for equal data: the model's members in its own order, every spec member present.
    """
    data = wire.wire_json()
    return data, hashlib.sha256(data).hexdigest()


def derive_columns(
    wire: UnifiedCase, digest: tuple[bytes, str] | None = None, ref: CaseRef | None = None
) -> CaseColumns:
    """The stored form of a wire case. Raises ValueError when it has no usable reference.
    ``digest`` and ``ref``: the case's ``wire_digest`` and ``case_ref`` when the caller has them."""
    case = CaseFacts.of(wire, ref)
    text, sha = digest or wire_digest(wire)
    patient = case.patient or ""
    dentist = case.dentist or ""
    clinic = case.clinic or ""
    summary = work_summary(case.worktypes)
    teeth = case_teeth(case.worktypes)
    files = case.files
    kinds = [f.kind for f in files]
    values: dict[str, Any] = {
        "status": case.status or "",
        "source": case.source or "",
        "received_ts": int(case.received_at.timestamp()) if case.received_at else None,
        "delivery_date": case.delivery_date.isoformat() if case.delivery_date else None,
        "delivery_text": case.delivery_text,
        "priority": int(case.priority),
        "patient": patient,
        "dentist": dentist,
        "clinic": clinic,
        "external_ids": fold(case.external_ids),
        "remark": fold(case.remark),
        "work_summary": summary,
        # The FTS column for "everything else the search finds": worktype words, shades, tags,
        # tooth numbers and the other spellings of the names (kept out of the name columns,
        # which are also the sort keys).
        "work_words": fold(
            " ".join(
                (
                    _work_words(case.worktypes),
                    *map(str, teeth),
                    other_spellings(patient, dentist, clinic),
                )
            )
        ),
        "teeth": format_teeth(teeth),  # teeth_text, without finding the teeth again
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
    return CaseColumns(case.ref, text, sha, values, files)


def _work_words(worktypes: tuple[Worktype, ...]) -> str:
    """Worktype identifiers as words (``ImplantCrown`` → ``Implant crown``), shades and tags."""
    words: list[str] = []
    for worktype in worktypes:
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
