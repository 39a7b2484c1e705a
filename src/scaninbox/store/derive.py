"""The inbox columns the store derives from a wire case, and the files a case has.

Derivation is pure and versioned: when what is derived changes, ``DERIVATION_VERSION`` goes up
and the store re-derives every row from the JSON it kept (``CaseStore.open``). The JSON is kept
compressed: case JSON is mostly member names and nulls, and shrinks about threefold. Since schema
step 4 it is Zstandard at level 1: the same size as zlib's level 1 for a fraction of the CPU, to
write (a first sync writes every case) and to read back (the figures: benchmarks/README.md,
store_sync.py); rows written before stay zlib and read as they are.

A first sync derives every case of the account once, so this is on the sync's hot path. A case
arrives as plain dicts (``scaninbox.api.wire.CASE_DICTS``, the wire models' rules without their
objects); its JSON and digest are written from them by pydantic-core (in Rust), and the columns
come from one walk over them (``derive_columns``) instead of building the domain ``Case``, its
worktypes and then each summary in a pass of its own (~190 Python calls a case before). Tooth
spans and labels are the domain's own rules, asked once per combination (cached); ``fold`` /
``other_spellings`` work through cached tables. ``test_derive`` checks that the columns equal
what the domain view of the same case gives.
"""

from __future__ import annotations

import functools
import hashlib
import re
import threading
import unicodedata
import zlib
from dataclasses import dataclass
from typing import Any

import zstandard

from scaninbox.api import parse_delivery_date
from scaninbox.api.wire import CASE_DICTS, VARIANT_FIELDS, CaseDict
from scaninbox.domain import (
    LOWER_ARCH_ORDER,
    UNSPECIFIED_WORK,
    UPPER_ARCH_ORDER,
    Case,
    CaseRef,
    FileKind,
    Unit,
    Worktype,
    format_teeth,
    humanize_identifier,
    sort_teeth,
    worktype_teeth,
)

__all__ = [
    "DERIVATION_VERSION",
    "DERIVED_COLUMNS",
    "CaseColumns",
    "FileSpec",
    "case_files",
    "case_json",
    "case_ref_of",
    "derive_columns",
    "fold",
    "other_spellings",
    "pack_json",
    "unpack_json",
]

# 2: a worktype without type or category reads "Unspecified work"
# 3: the search also finds tooth numbers and other spellings of names ("mueller" → Müller)
# 4: the kept JSON and its digest are the wire model's own serialisation (members in the
#    model's order instead of sorted): re-deriving rewrites both, so the next sync does not
#    take every case for changed
# 5: cases are read into dicts and derived in one walk; the kept JSON holds the members the
#    service sent (one it left out is absent, not null)
DERIVATION_VERSION = 5

# The ``cases`` columns ``derive_columns`` fills, in the order of its ``values`` (the sync's
# INSERT and UPDATE name them from here; ``test_derive`` checks the two agree).
DERIVED_COLUMNS = (
    "status", "source", "received_ts", "delivery_date", "delivery_text", "priority", "patient",
    "dentist", "clinic", "external_ids", "remark", "work_summary", "work_words", "teeth",
    "patient_key", "dentist_key", "clinic_key", "source_key", "work_key", "teeth_key",
    "delivery_key", "scan_count", "order_form_count", "misc_count", "file_count",
)  # fmt: skip


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
    # (kind: 0 scan, 1 order form, 2 misc; name; file type) of each file, in the case's order:
    # the stored rows are matched on these, the ``FileSpec``s made only when asked for.
    file_keys: tuple[tuple[int, str, str], ...]

    @property
    def files(self) -> tuple[FileSpec, ...]:
        return tuple(FileSpec(_FILE_KINDS[k], name, t) for k, name, t in self.file_keys)


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


# Dentists, clinics, sources and work summaries come back on case after case: folded once each.
_fold_recurring = functools.lru_cache(maxsize=8192)(fold)


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


_FILE_KINDS = (FileKind.SCAN, FileKind.ORDER_FORM, FileKind.MISC)
_ARCH_RANK = {tooth: rank for rank, tooth in enumerate(UPPER_ARCH_ORDER + LOWER_ARCH_ORDER)}
# The members only a variant-shape case carries, by their keys in a case dict: not kept for a
# guid-shape case (its domain view has no variant part).
_VARIANT_KEYS = frozenset(VARIANT_FIELDS)
_CASE_JSON = CASE_DICTS.serializer.to_json


def case_ref_of(case: CaseDict) -> CaseRef | None:
    """How to address a case dict in paths (``scaninbox.api.case_ref`` of its model)."""
    number = case.get("id")
    if number is not None:
        return CaseRef.id(number)
    guid = case["guid"]
    if guid:
        try:
            return CaseRef.guid(guid)
        except ValueError:
            return None
    return None


def case_json(case: CaseDict) -> tuple[bytes, str]:
    """The case's JSON as kept (UTF-8: the members the service sent, in the wire model's order,
    the variant members only for a variant-shape case) and its SHA-256: equal digests mean
    nothing changed. Written by pydantic-core from the dict."""
    if case.get("id") is None and not _VARIANT_KEYS.isdisjoint(case):
        case = {k: v for k, v in case.items() if k not in _VARIANT_KEYS}
    data: bytes = _CASE_JSON(case, by_alias=True)
    return data, hashlib.sha256(data).hexdigest()


def derive_columns(
    case: CaseDict, digest: tuple[bytes, str] | None = None, ref: CaseRef | None = None
) -> CaseColumns:
    """The stored form of a case dict (``scaninbox.api.wire.CASE_DICTS``), in one walk over it.
    Raises ValueError when it has no usable reference. ``digest`` and ``ref``: the case's
    ``case_json`` and ``case_ref_of`` when the caller has them.

    Gives what the domain view gives (``work_summary``, ``case_teeth``, ``case_files`` … of
    ``to_case``; ``test_derive`` checks it on every sandbox case and generated ones), without
    building it: a first sync derives every case of the account."""
    ref = ref or case_ref_of(case)
    if ref is None:
        raise ValueError("the case has neither a numeric id nor a usable guid")
    text, sha = digest or case_json(case)
    data = case["accepted_data"]
    patient = dentist = clinic = external_id = None
    if data is not None:
        external_id = data.get("external_id")
        person = data.get("patient")
        if person is not None:
            patient = _person_name(person)
            ids = [external_id, person.get("external_id"), person.get("reference_no")]
        else:
            ids = [external_id]
        customer = data.get("customer")
        if customer is not None:
            person = customer.get("dentist")
            if person is not None:
                dentist = _person_name(person)
            office = customer.get("clinic")
            if office is not None:
                clinic = office.get("name")
        source = data.get("source") or ""
        received = data.get("received_date")
        delivery_text = data.get("delivery_date")
        remark = data.get("remark") or ""
        admin = data.get("administrative")
        priority = 1 if admin is not None and admin.get("priority") else 0
        work = _work_of(data.get("worktypes"))
        files = _file_keys(data)
    else:
        ids = [None]
        source, received, delivery_text, remark, priority = "", None, None, "", 0
        work, files = _NO_WORK, ()
    if case.get("id") is not None:
        ids.append(case.get("case_id"))
        patient = patient or case.get("patient_fullname")
    delivery_iso = _delivery_day(delivery_text)
    summary, teeth_text, teeth_key, teeth_words, work_words = work
    patient, dentist, clinic = patient or "", dentist or "", clinic or ""
    scans = orders = 0
    for kind, _name, _type in files:
        if kind == 0:
            scans += 1
        elif kind == 1:
            orders += 1
    words = (work_words, teeth_words, _other_spellings(patient, dentist, clinic))
    values: dict[str, Any] = {
        "status": case["status"] or "",
        "source": source,
        "received_ts": int(received.timestamp()) if received is not None else None,
        "delivery_date": delivery_iso,
        "delivery_text": delivery_text if delivery_iso is None else None,
        "priority": priority,
        "patient": patient,
        "dentist": dentist,
        "clinic": clinic,
        "external_ids": fold(" ".join([i for i in ids if i])),
        "remark": fold(remark),
        "work_summary": summary,
        # The FTS column for "everything else the search finds": worktype words, shades, tags,
        # tooth numbers and the other spellings of the names (kept out of the name columns,
        # which are also the sort keys).
        "work_words": fold(" ".join([part for part in words if part])),
        "teeth": teeth_text,
        "patient_key": fold(patient),
        "dentist_key": _fold_recurring(dentist),
        "clinic_key": _fold_recurring(clinic),
        "source_key": _fold_recurring(source),
        "work_key": _fold_recurring(summary),
        "teeth_key": teeth_key,
        # Cases without a delivery date sort after every dated one.
        "delivery_key": delivery_iso or "~",
        "scan_count": scans,
        "order_form_count": orders,
        "misc_count": len(files) - scans - orders,
        "file_count": len(files),
    }
    return CaseColumns(ref, text, sha, values, files)


@functools.lru_cache(maxsize=4096)  # delivery dates recur: a few hundred days in all
def _delivery_day(text: str | None) -> str | None:
    """``YYYY-MM-DD`` of the delivery date ``parse_delivery_date`` reads in ``text``."""
    day = parse_delivery_date(text)
    return day.isoformat() if day is not None else None


def _other_spellings(patient: str, dentist: str, clinic: str) -> str:
    """``other_spellings`` of the three names; most names have none (plain ASCII without a
    digraph), found without building anything."""
    if not (_spellings_of(patient) or _spellings_of(dentist) or _spellings_of(clinic)):
        return ""
    return other_spellings(patient, dentist, clinic)


def _person_name(person: dict[str, Any]) -> str | None:
    """A person's name as the domain's ``display_name`` gives it: the full name as sent, else
    first and last name joined."""
    full = person.get("full_name")
    if full:
        return str(full)
    first, last = person.get("first_name"), person.get("last_name")
    return " ".join(p for p in (first, last) if p) or None


def _file_keys(data: dict[str, Any]) -> tuple[tuple[int, str, str], ...]:
    """``case_files``'s rules on the dict: (kind, name, file type) of each file that can be
    asked for, in the case's order, duplicates dropped (plain tuples hash in C)."""
    unique: dict[tuple[int, str, str], None] = {}
    for scan in data.get("scan_files") or ():
        name = scan.get("filename")
        if not name:
            continue
        file_type = scan.get("file_type")
        if not file_type:
            file_type = name.rpartition(".")[2].lower()
            if file_type not in ("stl", "ply"):
                continue
        unique[(0, name, file_type)] = None
    form = data.get("order_form")
    if form is not None and (form.get("filename") or form.get("file_link")):
        unique[(1, form.get("filename") or "order-form.pdf", "")] = None
    for misc in data.get("miscellaneous_files") or ():
        name = misc.get("filename")
        if name:
            unique[(2, name, "")] = None
    return tuple(unique)


# (work summary, teeth text, teeth sort key, tooth numbers as words, work words)
_Work = tuple[str, str, int, str, str]
_NO_WORK: _Work = ("", "", 10_000, "", "")
_IDENTIFIER_KEYS = ("category_id", "restoration_type_id", "restoration_detail_id", "material_id",
                    "setting_id")  # fmt: skip


def _work_of(worktypes: list[dict[str, Any]] | None) -> _Work:
    """What the columns take from the worktypes, in one pass over them: the domain's
    ``work_summary`` (kind and material counted by units, else teeth), ``case_teeth`` and the
    search words (identifiers as words, shades, tag values)."""
    if not worktypes:
        return _NO_WORK
    groups: dict[tuple[str, str], int] = {}
    teeth: list[tuple[int, ...]] = []
    words: dict[str, None] = {}
    for worktype in worktypes:
        units = worktype.get("units") or ()
        own = _worktype_teeth(
            worktype.get("fdi"),
            tuple([unit.get("fdi") for unit in units]),
            worktype.get("from_"),
            worktype.get("to"),
        )
        teeth.append(own)
        kind = (
            _label(worktype.get("restoration_type_id"))
            or _label(worktype.get("category_id"))
            or UNSPECIFIED_WORK
        )
        material = _label(worktype.get("material_id"))
        for unit in (worktype, *units):
            for key in _IDENTIFIER_KEYS:
                value = unit.get(key)
                if value:
                    words[humanize_identifier(value)] = None
            if material is None and unit is not worktype:
                material = _label(unit.get("material_id") or None)
            shade = unit.get("shade")
            if shade:
                words[shade] = None
            for tag in unit.get("tags") or ():
                value = tag.get("value")
                if value:
                    words[value] = None
        group = (kind, material or "")
        groups[group] = groups.get(group, 0) + (len(units) if units else max(1, len(own)))
    return (_summary(groups), *_teeth_columns(tuple(teeth)), " ".join(words))


def _summary(groups: dict[tuple[str, str], int]) -> str:
    parts = []
    for (kind, material), count in groups.items():
        text = kind if count == 1 else f"{kind} ×{count}"
        parts.append(f"{text} · {material}" if material else text)
    return ", ".join(parts)


@functools.lru_cache(maxsize=4096)  # the same few hundred identifiers on case after case
def _label(identifier: str | None) -> str | None:
    """The domain's label of a worktype identifier (`work_summary`): acronyms as they are."""
    if not identifier:
        return None
    return identifier if identifier.isupper() else humanize_identifier(identifier)


@functools.lru_cache(maxsize=16_384)
def _worktype_teeth(
    fdi: str | None, unit_fdis: tuple[str | None, ...], first: int | None, last: int | None
) -> tuple[int, ...]:
    """The domain's ``worktype_teeth`` (its own FDI, its units', its from–to span along the
    arch), asked once for each combination that occurs."""
    units = tuple(Unit(fdi=f) for f in unit_fdis)
    return tuple(worktype_teeth(Worktype(fdi=fdi, units=units, from_tooth=first, to_tooth=last)))


@functools.lru_cache(maxsize=16_384)
def _teeth_columns(each: tuple[tuple[int, ...], ...]) -> tuple[str, int, str]:
    """From the teeth of each worktype: the case's teeth as the inbox shows them, their sort
    key and the tooth numbers as search words (the domain's ``case_teeth`` order)."""
    teeth = sort_teeth(tooth for own in each for tooth in own)
    return format_teeth(teeth), _teeth_key(teeth), " ".join(map(str, teeth))


def _teeth_key(teeth: list[int]) -> int:
    """Teeth sort by the first involved tooth along the arch chart; none sort last."""
    if not teeth:
        return 10_000
    first = teeth[0]
    return _ARCH_RANK.get(first, 1000 + first)  # deciduous teeth after the permanent chart
