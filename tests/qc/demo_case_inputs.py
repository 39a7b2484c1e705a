"""A sandbox demo case as the app checks it: the domain `Case` from the data the service serves,
and its full scans written to a folder as `ScanInput`s (for `scaninbox.qc.check_scans`).

Shared by `tests/qc/test_demo_findings.py` and `benchmarks/qc_same_findings.py`."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from scaninbox.api.convert import to_case
from scaninbox.api.wire_case import UnifiedCase
from scaninbox.domain import Case, Jaw
from scaninbox.qc import ScanInput
from scaninbox.sandbox.case_content import build_case_content
from scaninbox.sandbox.catalogue import Catalogue
from scaninbox.sandbox.config import SandboxConfig
from scaninbox.sandbox.file_specs import generate
from scaninbox.sandbox.organisations import ORGANISATIONS

__all__ = ["demo_case_inputs"]


def demo_case_inputs(index: int, folder: Path, *, prefix: str = "") -> tuple[Case, list[ScanInput]]:
    """Demo case ``index`` and its scans (previews left out), written to ``folder`` under their
    file names (``/`` replaced), each after ``prefix``."""
    config = SandboxConfig()
    catalogue = Catalogue(
        seed=config.seed,
        counts={"demo": config.cases, "other": 0},
        variant=False,
        anchor=datetime(2026, 12, 6, tzinfo=UTC),
    )
    meta = next(
        m
        for ref in catalogue.refs("demo")
        if (m := catalogue.lookup(ref)) is not None and m.index == index
    )
    content = build_case_content(meta, ORGANISATIONS["demo"], seed=config.seed, variant=False)
    data = content.accepted_data
    assert data is not None
    wire = {"guid": meta.guid, "acceptedData": data, "status": "new"}
    case = to_case(
        UnifiedCase.model_validate({**wire, "organizationGuid": data["organizationGuid"]})
    )
    inputs = []
    for entry in data["scanFiles"]:
        if entry.get("fileType") == "preview":
            continue
        path = folder / f"{prefix}{entry['filename'].replace('/', '_')}"
        path.write_bytes(generate(content.files[("scan", entry["filename"])].recipe))
        jaw = {"upper": Jaw.UPPER, "lower": Jaw.LOWER}.get(entry["jaw"], Jaw.BITE)
        inputs.append(
            ScanInput(path, jaw, entry["filename"], entry["type"] == "prePreparationScan")
        )
    return case, inputs
