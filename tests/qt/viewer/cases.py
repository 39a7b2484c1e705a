"""Cases over the generated files (see ``conftest.generated``)."""

from __future__ import annotations

from scaninbox.domain import Case, CaseRef, Jaw, ScanFile

_JAWS = {"upper": Jaw.UPPER, "lower": Jaw.LOWER, "plate": Jaw.UPPER, "bite": Jaw.BITE}


def scan_file(name: str, file_type: str | None = None) -> ScanFile:
    jaw = next((j for word, j in _JAWS.items() if name.startswith(word)), Jaw.NONE)
    kind = file_type or ("preview" if "preview" in name else name.rsplit(".", 1)[-1])
    return ScanFile(filename=name, file_type=kind, scan_type="preparationScan", jaw=jaw)


def generated_case(*names: str, ref: str = "gen-1", source: str = "Test portal") -> Case:
    return Case(ref=CaseRef(ref), source=source, scan_files=tuple(scan_file(n) for n in names))
