"""The rescan pack: a PDF for the dentist, in plain words, of what to rescan and why.

Separate from the internal QC report (no mesh figures, no checklist): the case reference and the
patient, the lab's contact, then each problem a rescan (or a new bite, or an adjusted
preparation) fixes — what is wrong in a sentence, what to do, and a picture of the scan with the
place marked, oriented as the tooth chart reads (the patient's right on the picture's left).
Findings that are not about the scans (the order form, the delivery date…) stay in the lab.
Written next to its final name and moved into place: a failure leaves nothing.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import numpy.typing as npt

from scaninbox.domain import Case, Jaw
from scaninbox.qc.figures import mm_text, number_text
from scaninbox.qc.findings import Finding, Severity
from scaninbox.qc.report import ReportDocument, save_pdf, settled_orientation
from scaninbox.qc.report_views import Marker, picture_height, scan_picture
from scaninbox.qc.run import QcRun
from scaninbox.scans import Orientation

__all__ = ["LabContact", "Problem", "rescan_problems", "write_rescan_pack"]

_PICTURE_MM = 110.0
F64 = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class LabContact:
    lab: str
    person: str = ""
    email: str = ""

    def line(self) -> str:
        parts = [self.lab, self.person, self.email]
        return " · ".join(p for p in parts if p)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing to put right: in plain words, what to do, and where (a finding with a place)."""

    what: str
    todo: str
    finding: Finding
    scan: int | None  # index into the run's inputs of the scan to picture


def _hole(f: Finding) -> tuple[str, str]:
    across = f.number("perimeter_mm") / 3.14159
    at_margin = f.figures.get("at_margin") is True
    where = f" at the margin of tooth {f.figures.get('tooth')}" if at_margin else ""
    return (
        f"The scan has a gap about {mm_text(across)} across{where} (marked): the scanner saw "
        "nothing there.",
        "Rescan that area of the jaw, dry and unobstructed"
        + (" (retract the gingiva so the margin is seen all round)." if at_margin else "."),
    )


_PLAIN: dict[str, Callable[[Finding], tuple[str, str]]] = {
    "unreadable": lambda f: (
        "A scan file cannot be opened.",
        "Export the scan again from the scanner software and send it.",
    ),
    "hole": _hole,
    "fragment": lambda f: (
        "A loose piece of scan floats beside the arch (marked).",
        "Rescan the jaw; remove stray scan data before sending.",
    ),
    "bite_through": lambda f: (
        f"In the bite the upper and lower teeth overlap by {mm_text(f.number('depth_mm'))} "
        "(marked): the bite was not registered right.",
        "Take the bite scan again with the patient biting fully and evenly closed.",
    ),
    "clearance": lambda f: (
        f"The upper and lower scans do not meet: the arches are "
        f"{mm_text(f.number('min_mm'))} apart at the nearest.",
        "Take a bite scan with the patient biting closed.",
    ),
    "coverage": lambda f: (f.message, "Scan and send what is missing."),
    "missing_antagonist": lambda f: (
        f"The scan of the opposing ({f.figures.get('jaw', 'other')}) jaw is missing: the work "
        "cannot be made to the bite without it.",
        f"Scan the {f.figures.get('jaw', 'opposing')} jaw and the bite.",
    ),
    "jaw_swapped": lambda f: (
        "The upper and lower scans seem to be filed under each other's jaw.",
        "Check the jaw of each scan and send them again under the right jaw (no rescan is "
        "needed when only the labels were swapped).",
    ),
    "one_sided_contact": lambda f: (
        f"The bite is open on the patient's {f.figures.get('open_side')}: the back teeth there "
        f"stay {mm_text(f.number('gap_mm'))} apart while the other side touches.",
        "Take the bite scan again with the patient biting evenly on both sides.",
    ),
    "insufficient_room": lambda f: (
        f"Tooth {f.figures.get('tooth')} has {mm_text(max(0.0, f.number('min_mm')))} of room "
        f"to the opposing teeth; {f.figures.get('material')} needs "
        f"{mm_text(f.number('needed_mm'))}.",
        f"Reduce tooth {f.figures.get('tooth')} further where marked, then rescan the "
        "prepared jaw and the bite.",
    ),
    "undercut": lambda f: (
        f"Tooth {f.figures.get('tooth')} has an undercut {mm_text(f.number('depth_mm'))} "
        "deep (marked): a crown would not seat.",
        f"Adjust the preparation of tooth {f.figures.get('tooth')} and rescan the jaw.",
    ),
    "margin": lambda f: (
        f"The margin of tooth {f.figures.get('tooth')} cannot be made out all round (marked): "
        "no clear finish line shows in the scan.",
        f"Retract the gingiva, dry tooth {f.figures.get('tooth')} and rescan it so that its "
        "finish line is seen all round.",
    ),
    "abutment_divergence": lambda f: (
        f"The bridge's abutments {f.figures.get('teeth')} lean "
        f"{number_text(f.number('angle_deg'), 1)}° apart: no single path seats the bridge.",
        "Adjust the preparations to a common path of insertion and rescan the jaw.",
    ),
}


def rescan_problems(run: QcRun) -> list[Problem]:
    """The findings a dentist acts on (warn and fail), worst first, in plain words."""
    labels = [item.label for item in run.inputs]
    found: list[tuple[Finding, int | None]] = []
    for index, scanned in enumerate(run.result.scans):
        found += [(f, index) for f in scanned.findings]
    for f in run.result.findings:
        file = f.figures.get("file")
        found.append((f, labels.index(str(file)) if file in labels else None))
    problems = []
    for finding, scan in found:
        plain = _PLAIN.get(finding.kind)
        if plain is None or finding.severity is Severity.INFO:
            continue
        if finding.kind == "fragment" and finding.severity is not Severity.FAIL:
            continue  # the lab trims a small loose piece itself
        what, todo = plain(finding)
        problems.append(Problem(what, todo, finding, scan))
    problems.sort(key=lambda p: p.finding.severity is not Severity.FAIL)
    return problems


def write_rescan_pack(
    run: QcRun,
    path: Path,
    *,
    case: Case,
    contact: LabContact,
    orientation: Orientation | None = None,
    now: datetime | None = None,
) -> Path:
    """Write the rescan pack of ``run`` (the case's scans, checked with their meshes) to
    ``path``. The pictures are turned by ``orientation`` as the viewer shows the scans."""
    made = now or datetime.now(UTC)
    problems = rescan_problems(run)
    settled = settled_orientation(run, orientation)
    with tempfile.TemporaryDirectory(prefix="rescan-pack-") as folder:
        pdf = ReportDocument(made)
        pdf.footer_title = f"Rescan request · case {case.ref}"
        pdf.add_page()
        _head(pdf, case, contact, made)
        if not problems:
            pdf.multi_cell(0, 6, pdf.text_of("Nothing to rescan: the scans can be used."))
        for number, problem in enumerate(problems, 1):
            picture = _picture(run, problem, number, Path(folder), settled.matrix)
            _problem(pdf, number, problem, picture)
        save_pdf(pdf, path)
    return path


def _head(pdf: ReportDocument, case: Case, contact: LabContact, made: datetime) -> None:
    pdf.use("B", 18)
    pdf.cell(0, 10, pdf.text_of("Rescan request"), new_x="LMARGIN", new_y="NEXT")
    pdf.use("", 10)
    dentist = case.dentist.display_name if case.dentist else None
    clinic = case.clinic.name if case.clinic else None
    rows = [
        ("Case", f"{case.ref}" + (f" ({case.source} {case.external_id})" if case.source else "")),
        ("Patient", case.patient_name),
        ("For", ", ".join(x for x in (dentist, clinic) if x) or None),
        ("From", contact.line()),
        ("Date", made.astimezone().strftime("%Y-%m-%d")),
    ]
    for label, value in rows:
        pdf.use("B", 10)
        pdf.cell(30, 6, pdf.text_of(label))
        pdf.use("", 10)
        pdf.multi_cell(0, 6, pdf.text_of(value), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    pdf.multi_cell(
        0,
        5.5,
        pdf.text_of(
            "We checked the scans of this case before starting the work. To make it well we "
            "need the following. Questions: please contact us as above. In the pictures the "
            "patient's right is on the left, as on a tooth chart."
        ),
        new_x="LMARGIN",
        new_y="NEXT",
    )


def _problem(pdf: ReportDocument, number: int, problem: Problem, picture: Path | None) -> None:
    need = 30 + (picture_height(picture, _PICTURE_MM) if picture is not None else 0)
    if pdf.get_y() + need > pdf.page_break_trigger:
        pdf.add_page()
    pdf.ln(3)
    pdf.use("B", 12)
    pdf.multi_cell(0, 6.5, pdf.text_of(f"{number}. {problem.what}"), new_x="LMARGIN", new_y="NEXT")
    pdf.use("", 10)
    pdf.multi_cell(
        0, 5.5, pdf.text_of(f"What to do: {problem.todo}"), new_x="LMARGIN", new_y="NEXT"
    )
    if picture is not None:
        pdf.image(str(picture), w=_PICTURE_MM)


def _picture(
    run: QcRun, problem: Problem, number: int, folder: Path, matrix: F64 | None
) -> Path | None:
    finding = problem.finding
    index = problem.scan
    if index is None or finding.center_mm is None or index not in run.geometry:
        return None
    item = run.inputs[index]
    jaw = item.jaw if item.jaw in (Jaw.UPPER, Jaw.LOWER) else Jaw.BITE
    marker = Marker(number, finding.center_mm, finding.severity)
    out = folder / f"problem{number}.png"
    return scan_picture(
        run.geometry[index],
        jaw,
        [marker],
        out,
        matrix=matrix,
        size=(900, 560),
        margin_lines=run.margin_lines.get(index),
    )
