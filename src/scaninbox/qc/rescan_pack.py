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

from scaninbox.domain import Case, Jaw, format_date
from scaninbox.language import translate
from scaninbox.qc.figures import shown_mm, shown_number
from scaninbox.qc.finding_words import finding_message, side_word
from scaninbox.qc.findings import Finding, Severity
from scaninbox.qc.report import ReportDocument, save_pdf, settled_orientation
from scaninbox.qc.report_views import Marker, picture_height, scan_picture
from scaninbox.qc.run import QcRun
from scaninbox.qc.thresholds import material_word
from scaninbox.scans import Orientation

__all__ = ["LabContact", "Problem", "rescan_problems", "unnamed_lab", "write_rescan_pack"]

_PICTURE_MM = 110.0
F64 = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class LabContact:
    lab: str  # empty: not known ("The dental laboratory", in the reader's language)
    person: str = ""
    email: str = ""

    def line(self) -> str:
        parts = [self.lab or translate("RescanPack", "The dental laboratory"), self.person]
        return " · ".join(p for p in [*parts, self.email] if p)


def unnamed_lab() -> LabContact:
    """The sender when the lab's own name is not known."""
    return LabContact("")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing to put right: in plain words, what to do, and where (a finding with a place)."""

    what: str
    todo: str
    finding: Finding
    scan: int | None  # index into the run's inputs of the scan to picture


def _hole(f: Finding) -> tuple[str, str]:
    across = shown_mm(f.number("perimeter_mm") / 3.14159)
    if f.figures.get("at_margin") is True:
        return (
            translate(
                "RescanPack",
                "The scan has a gap about {across} across at the margin of tooth {tooth} "
                "(marked): the scanner saw nothing there.",
            ).format(across=across, tooth=f.figures.get("tooth")),
            translate(
                "RescanPack",
                "Rescan that area of the jaw, dry and unobstructed (retract the gingiva so the "
                "margin is seen all round).",
            ),
        )
    return (
        translate(
            "RescanPack",
            "The scan has a gap about {across} across (marked): the scanner saw nothing there.",
        ).format(across=across),
        translate("RescanPack", "Rescan that area of the jaw, dry and unobstructed."),
    )


def _antagonist(f: Finding) -> tuple[str, str]:
    jaw = f.figures.get("jaw")
    if jaw == "upper":
        return (
            translate(
                "RescanPack",
                "The scan of the opposing (upper) jaw is missing: the work cannot be made to the "
                "bite without it.",
            ),
            translate("RescanPack", "Scan the upper jaw and the bite."),
        )
    if jaw == "lower":
        return (
            translate(
                "RescanPack",
                "The scan of the opposing (lower) jaw is missing: the work cannot be made to the "
                "bite without it.",
            ),
            translate("RescanPack", "Scan the lower jaw and the bite."),
        )
    return (
        translate(
            "RescanPack",
            "The scan of the opposing jaw is missing: the work cannot be made to the bite "
            "without it.",
        ),
        translate("RescanPack", "Scan the opposing jaw and the bite."),
    )


def _room(f: Finding) -> tuple[str, str]:
    tooth = f.figures.get("tooth")
    return (
        translate(
            "RescanPack",
            "Tooth {tooth} has {room} of room to the opposing teeth; {material} needs {needed}.",
        ).format(
            tooth=tooth,
            room=shown_mm(max(0.0, f.number("min_mm"))),
            material=material_word(str(f.figures.get("material"))),
            needed=shown_mm(f.number("needed_mm")),
        ),
        translate(
            "RescanPack",
            "Reduce tooth {tooth} further where marked, then rescan the prepared jaw and the bite.",
        ).format(tooth=tooth),
    )


_PLAIN: dict[str, Callable[[Finding], tuple[str, str]]] = {
    "unreadable": lambda f: (
        translate("RescanPack", "A scan file cannot be opened."),
        translate("RescanPack", "Export the scan again from the scanner software and send it."),
    ),
    "hole": _hole,
    "fragment": lambda f: (
        translate("RescanPack", "A loose piece of scan floats beside the arch (marked)."),
        translate("RescanPack", "Rescan the jaw; remove stray scan data before sending."),
    ),
    "bite_through": lambda f: (
        translate(
            "RescanPack",
            "In the bite the upper and lower teeth overlap by {depth} (marked): the bite was "
            "not registered right.",
        ).format(depth=shown_mm(f.number("depth_mm"))),
        translate(
            "RescanPack",
            "Take the bite scan again with the patient biting fully and evenly closed.",
        ),
    ),
    "clearance": lambda f: (
        translate(
            "RescanPack",
            "The upper and lower scans do not meet: the arches are {gap} apart at the nearest.",
        ).format(gap=shown_mm(f.number("min_mm"))),
        translate("RescanPack", "Take a bite scan with the patient biting closed."),
    ),
    "coverage": lambda f: (
        finding_message(f),
        translate("RescanPack", "Scan and send what is missing."),
    ),
    "missing_antagonist": _antagonist,
    "jaw_swapped": lambda f: (
        translate(
            "RescanPack", "The upper and lower scans seem to be filed under each other's jaw."
        ),
        translate(
            "RescanPack",
            "Check the jaw of each scan and send them again under the right jaw (no rescan is "
            "needed when only the labels were swapped).",
        ),
    ),
    "one_sided_contact": lambda f: (
        translate(
            "RescanPack",
            "The bite is open on the patient's {side}: the back teeth there stay {gap} apart "
            "while the other side touches.",
        ).format(side=side_word(f.figures.get("open_side")), gap=shown_mm(f.number("gap_mm"))),
        translate(
            "RescanPack", "Take the bite scan again with the patient biting evenly on both sides."
        ),
    ),
    "insufficient_room": _room,
    "undercut": lambda f: (
        translate(
            "RescanPack",
            "Tooth {tooth} has an undercut {depth} deep (marked): a crown would not seat.",
        ).format(tooth=f.figures.get("tooth"), depth=shown_mm(f.number("depth_mm"))),
        translate(
            "RescanPack", "Adjust the preparation of tooth {tooth} and rescan the jaw."
        ).format(tooth=f.figures.get("tooth")),
    ),
    "margin": lambda f: (
        f"The margin of tooth {f.figures.get('tooth')} cannot be made out all round (marked): "
        "no clear finish line shows in the scan.",
        f"Retract the gingiva, dry tooth {f.figures.get('tooth')} and rescan it so that its "
        "finish line is seen all round.",
    ),
    "abutment_divergence": lambda f: (
        translate(
            "RescanPack",
            "The bridge's abutments {teeth} lean {angle}° apart: no single path seats the bridge.",
        ).format(teeth=f.figures.get("teeth"), angle=shown_number(f.number("angle_deg"), 1)),
        translate(
            "RescanPack",
            "Adjust the preparations to a common path of insertion and rescan the jaw.",
        ),
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
        pdf.footer_title = translate("RescanPack", "Rescan request · case {case}").format(
            case=case.ref
        )
        pdf.add_page()
        _head(pdf, case, contact, made)
        if not problems:
            pdf.multi_cell(
                0,
                6,
                pdf.text_of(translate("RescanPack", "Nothing to rescan: the scans can be used.")),
            )
        for number, problem in enumerate(problems, 1):
            picture = _picture(run, problem, number, Path(folder), settled.matrix)
            _problem(pdf, number, problem, picture)
        save_pdf(pdf, path)
    return path


def _head(pdf: ReportDocument, case: Case, contact: LabContact, made: datetime) -> None:
    pdf.use("B", 18)
    pdf.cell(
        0, 10, pdf.text_of(translate("RescanPack", "Rescan request")), new_x="LMARGIN", new_y="NEXT"
    )
    pdf.use("", 10)
    dentist = case.dentist.display_name if case.dentist else None
    clinic = case.clinic.name if case.clinic else None
    rows = [
        (
            translate("RescanPack", "Case"),
            f"{case.ref}" + (f" ({case.source} {case.external_id})" if case.source else ""),
        ),
        (translate("RescanPack", "Patient"), case.patient_name),
        (
            translate("RescanPack", "For", "the dentist the request is for"),
            ", ".join(x for x in (dentist, clinic) if x) or None,
        ),
        (translate("RescanPack", "From", "the lab sending the request"), contact.line()),
        (translate("RescanPack", "Date"), format_date(made.astimezone().date())),
    ]
    pdf.use("B", 10)
    label_mm = max(30.0, *(pdf.get_string_width(label) + 3 for label, _value in rows))
    for label, value in rows:
        pdf.use("B", 10)
        pdf.cell(label_mm, 6, pdf.text_of(label))
        pdf.use("", 10)
        pdf.multi_cell(0, 6, pdf.text_of(value), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    pdf.multi_cell(
        0,
        5.5,
        pdf.text_of(
            translate(
                "RescanPack",
                "We checked the scans of this case before starting the work. To make it well we "
                "need the following. Questions: please contact us as above. In the pictures the "
                "patient's right is on the left, as on a tooth chart.",
            )
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
        0,
        5.5,
        pdf.text_of(translate("RescanPack", "What to do: {todo}").format(todo=problem.todo)),
        new_x="LMARGIN",
        new_y="NEXT",
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
