"""The QC report as a PDF: what a lab sends back with a rescan request.

Page by page: the verdict, the case data (or the files checked), the local QC decision when one
was recorded, the checklist with a verdict per check, the scans' figures, every finding grouped
by kind ("Hole", "Fragment", …) with its figures and place, and a picture of each scan with its
findings marked by number (`scaninbox.qc.report_views`). fpdf2 with DejaVu Sans (from the
system or matplotlib's data) so every name prints; the core font with transliteration otherwise.
The file is written next to its final name and moved into place: a failure leaves nothing.
"""

from __future__ import annotations

import contextlib
import importlib.util
import tempfile
import unicodedata
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import numpy.typing as npt
from fpdf import FPDF

from scaninbox.domain import Case, Jaw, teeth_text, work_summary
from scaninbox.qc.decision import Decision
from scaninbox.qc.figures import figures_words
from scaninbox.qc.findings import KIND_TITLES, Finding, Severity, Verdict
from scaninbox.qc.report_clearance import clearance_pictures, clearance_section
from scaninbox.qc.report_views import SEVERITY_RGB, Marker, picture_height, scan_picture
from scaninbox.qc.run import QcRun
from scaninbox.scans import Orientation

__all__ = [
    "Decision",
    "ReportDocument",
    "orientation_words",
    "save_pdf",
    "settled_orientation",
    "write_report",
]

_VERDICT_RGB = {
    Verdict.PASS: (30, 140, 60),
    Verdict.WARN: (230, 140, 0),
    Verdict.FAIL: (200, 40, 40),
}
_PICTURE_MM = 130.0  # the width of a scan picture on the page (as the maps')
_ROWS_PER_KIND = 30  # more small findings of one kind are summed up in one line
_FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"),)


def write_report(
    run: QcRun,
    path: Path,
    *,
    case: Case | None = None,
    decision: Decision | None = None,
    orientation: Orientation | None = None,
    now: datetime | None = None,
) -> Path:
    """Write the report of ``run`` to ``path`` (PDF). ``orientation`` turns the scans for the
    pictures (the portal's, from `scans.resolve_orientation`); without an axis mapping (or
    without one given: files on disk) it is estimated from the scans, as the viewer and
    ``scaninbox render`` do — pictures in a file's own frame can show an arch upside down or
    back to front, with the patient's right on the viewer's right."""
    made = now or datetime.now(UTC)
    numbers = _numbered(run)
    settled = _settled(run, orientation)
    with tempfile.TemporaryDirectory(prefix="qc-report-") as folder:
        pictures = _pictures(run, numbers, Path(folder), settled.matrix)
        maps = clearance_pictures(run, Path(folder), settled.matrix)
        pdf = _Report(made)
        pdf.add_page()
        _title(pdf, run, case)
        _case_block(pdf, run, case)
        if decision is not None:
            _decision_block(pdf, decision)
        _checklist(pdf, run)
        _scans_table(pdf, run)
        _findings(pdf, run, numbers)
        _views(pdf, run, pictures, orientation_words(settled))
        clearance_section(pdf, maps, _heading)
        save_pdf(pdf, path)
    return path


def save_pdf(pdf: FPDF, path: Path) -> None:
    """Write ``pdf`` to ``path`` whole or not at all: through a hidden part file beside it,
    renamed over ``path`` once complete (an existing file is replaced only by a whole one)."""
    partial = path.with_name(f".{path.name}.part")
    try:
        pdf.output(str(partial))
        partial.replace(path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()


# ------------------------------------------------------------------ the document


class _Report(FPDF):
    def __init__(self, made: datetime) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.made = made
        self.footer_title = "Scan Inbox QC report"
        self.set_creation_date(made)
        self.set_auto_page_break(auto=True, margin=16)
        self.unicode_ok = False
        fonts = _dejavu()
        if fonts is not None:
            self.add_font("body", "", str(fonts / "DejaVuSans.ttf"))
            self.add_font("body", "B", str(fonts / "DejaVuSans-Bold.ttf"))
            self.unicode_ok = True

    def use(self, style: str = "", size: float = 9.5) -> None:
        self.set_font("body" if self.unicode_ok else "helvetica", style, size)

    def text_of(self, value: object) -> str:
        text = "—" if value is None or value == "" else str(value)
        if self.unicode_ok:
            return text
        plain = unicodedata.normalize("NFKD", text).encode("latin-1", "replace")
        return plain.decode("latin-1")

    def footer(self) -> None:
        self.set_y(-12)
        self.use("", 7.5)
        self.set_text_color(110, 110, 110)
        stamp = self.made.astimezone().strftime("%Y-%m-%d %H:%M")
        title = self.footer_title
        self.cell(0, 5, self.text_of(f"{title} · {stamp} · page {self.page_no()}"))
        self.set_text_color(0, 0, 0)


def _dejavu() -> Path | None:
    folders = list(_FONT_DIRS)
    spec = importlib.util.find_spec("matplotlib")
    if spec is not None and spec.submodule_search_locations:
        base = Path(next(iter(spec.submodule_search_locations)))
        folders.append(base / "mpl-data" / "fonts" / "ttf")
    for folder in folders:
        if (folder / "DejaVuSans.ttf").is_file() and (folder / "DejaVuSans-Bold.ttf").is_file():
            return folder
    return None


def _heading(pdf: _Report, text: str) -> None:
    pdf.ln(3)
    pdf.use("B", 12)
    pdf.cell(0, 7, pdf.text_of(text), new_x="LMARGIN", new_y="NEXT")
    pdf.use()


def _title(pdf: _Report, run: QcRun, case: Case | None) -> None:
    verdict = run.result.verdict
    pdf.use("B", 18)
    title = "Scan QC report" if case is not None else "Scan QC report — scan files"
    pdf.cell(150, 10, pdf.text_of(title))
    pdf.set_fill_color(*_VERDICT_RGB[verdict])
    pdf.set_text_color(255, 255, 255)
    pdf.cell(0, 10, verdict.upper(), align="C", fill=True, new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(0, 0, 0)
    pdf.use("", 9)
    counts = dict.fromkeys(Severity, 0)
    for finding in run.result.all_findings:
        counts[finding.severity] += 1
    pdf.cell(
        0,
        6,
        pdf.text_of(
            f"{counts[Severity.FAIL]} failed, {counts[Severity.WARN]} warnings, "
            f"{counts[Severity.INFO]} notes. Positions are in each scan file's own "
            "coordinates (mm)."
        ),
        new_x="LMARGIN",
        new_y="NEXT",
    )


def _pairs(pdf: _Report, rows: Sequence[tuple[str, object]]) -> None:
    for label, value in rows:
        pdf.use("B", 9)
        pdf.cell(42, 5.5, pdf.text_of(label))
        pdf.use("", 9)
        pdf.multi_cell(0, 5.5, pdf.text_of(value), new_x="LMARGIN", new_y="NEXT")


def _case_block(pdf: _Report, run: QcRun, case: Case | None) -> None:
    _heading(pdf, "Case" if case is not None else "Files")
    if case is None:
        _pairs(pdf, [(str(item.jaw).capitalize(), str(item.path)) for item in run.inputs])
        return
    patient = case.patient
    rows: list[tuple[str, object]] = [
        ("Case", str(case.ref)),
        ("Patient", case.patient_name),
        ("Date of birth", patient.date_of_birth if patient else None),
        ("Dentist", case.dentist.display_name if case.dentist else None),
        ("Clinic", case.clinic.name if case.clinic else None),
        ("Portal / external id", f"{case.source or '—'} / {case.external_id or '—'}"),
        (
            "Received",
            case.received_at.astimezone().strftime("%Y-%m-%d %H:%M") if case.received_at else None,
        ),
        (
            "Delivery date",
            case.delivery_date.isoformat() if case.delivery_date else case.delivery_text,
        ),
        ("Work", work_summary(case.worktypes)),
        ("Teeth", teeth_text(case.worktypes)),
        ("Scans", ", ".join(item.label for item in run.inputs)),
    ]
    _pairs(pdf, rows)


def _decision_block(pdf: _Report, decision: Decision) -> None:
    _heading(pdf, "QC decision")
    when = decision.when.astimezone().strftime("%Y-%m-%d %H:%M")
    _pairs(
        pdf,
        [
            ("Decision", decision.decision),
            ("By", f"{decision.who}, {when}"),
            ("Note", decision.note),
        ],
    )


def _badge(pdf: _Report, verdict: Verdict | None, width: float = 22) -> None:
    if verdict is None:
        pdf.set_text_color(120, 120, 120)
        pdf.cell(width, 6, "not checked", border=1, align="C")
        pdf.set_text_color(0, 0, 0)
        return
    pdf.set_fill_color(*_VERDICT_RGB[verdict])
    pdf.set_text_color(255, 255, 255)
    pdf.use("B", 9)
    pdf.cell(width, 6, verdict.upper(), border=1, align="C", fill=True)
    pdf.set_text_color(0, 0, 0)
    pdf.use()


def _checklist(pdf: _Report, run: QcRun) -> None:
    _heading(pdf, "Checklist")
    for _key, title, verdict in run.result.check_verdicts():
        _badge(pdf, verdict)
        pdf.cell(0, 6, "  " + pdf.text_of(title), new_x="LMARGIN", new_y="NEXT")


def _scans_table(pdf: _Report, run: QcRun) -> None:
    _heading(pdf, "Scans")
    widths = (16, 70, 24, 22, 36, 22)
    header = ("Jaw", "File", "Triangles", "Points", "Extent (mm)", "Edge (mm)")
    pdf.use("B", 8.5)
    for width, text in zip(widths, header, strict=True):
        pdf.cell(width, 6, text, border="B")
    pdf.ln()
    pdf.use("", 8.5)
    for scan in run.result.scans:
        x, y, z = scan.extent_mm
        cells = (
            scan.jaw,
            _short(scan.file, 44),
            f"{scan.triangles:,}",
            f"{scan.vertices:,}",
            f"{x:.1f} × {y:.1f} × {z:.1f}" if scan.readable else "unreadable",
            f"{scan.mean_edge_mm:.3f}" if scan.readable else "—",
        )
        for width, text in zip(widths, cells, strict=True):
            pdf.cell(width, 5.5, pdf.text_of(text))
        pdf.ln()


def _findings(pdf: _Report, run: QcRun, numbers: dict[int, int]) -> None:
    _heading(pdf, "Findings")
    rows = [(scan.file, f) for scan in run.result.scans for f in scan.findings]
    rows += [(str(f.figures.get("file", "case")), f) for f in run.result.findings]
    if not rows:
        pdf.cell(0, 6, "Nothing found.", new_x="LMARGIN", new_y="NEXT")
        return
    order = {Severity.FAIL: 0, Severity.WARN: 1, Severity.INFO: 2}
    for kind, title in KIND_TITLES.items():
        of_kind = sorted((r for r in rows if r[1].kind == kind), key=lambda r: order[r[1].severity])
        if not of_kind:
            continue
        pdf.use("B", 10)
        pdf.cell(0, 7, pdf.text_of(f"{title} ({len(of_kind)})"), new_x="LMARGIN", new_y="NEXT")
        for file, finding in of_kind[:_ROWS_PER_KIND]:
            _finding_row(pdf, file, finding, numbers.get(id(finding)))
        rest = of_kind[_ROWS_PER_KIND:]
        if rest:
            pdf.use("", 8.5)
            pdf.cell(
                0,
                5.5,
                pdf.text_of(f"… and {len(rest)} more, each smaller than those above."),
                new_x="LMARGIN",
                new_y="NEXT",
            )


def _finding_row(pdf: _Report, file: str, finding: Finding, number: int | None) -> None:
    pdf.use("B", 8.5)
    pdf.cell(8, 5.5, str(number) if number is not None else "", align="R")
    pdf.set_text_color(*SEVERITY_RGB[finding.severity])
    pdf.cell(12, 5.5, finding.severity.upper(), align="C")
    pdf.set_text_color(0, 0, 0)
    pdf.use("", 8.5)
    figures = figures_words(finding.figures)  # plain words, never the JSON's key names
    where = ""
    if finding.center_mm is not None:
        x, y, z = finding.center_mm
        where = f" · at ({x:.2f}, {y:.2f}, {z:.2f})"
    text = f"{finding.message} [{_short(file, 40)}{where}]"
    if figures:
        text += f" — {figures}"
    pdf.multi_cell(0, 5.5, pdf.text_of(text), new_x="LMARGIN", new_y="NEXT")


def _views(pdf: _Report, run: QcRun, pictures: list[tuple[str, Path]], note: str) -> None:
    if not pictures:
        return
    # On the page the findings end on when the heading, the note and the first picture fit
    # there: a new page for them left a page nearly empty (issue 25, point 8).
    if pdf.get_y() + 32 + picture_height(pictures[0][1], _PICTURE_MM) > pdf.page_break_trigger:
        pdf.add_page()
    _heading(pdf, "Views (findings marked by number)")
    pdf.use("", 8.5)  # which orientation the pictures were drawn in, always
    pdf.multi_cell(0, 5, pdf.text_of(note), new_x="LMARGIN", new_y="NEXT")
    for caption, picture in pictures:
        if pdf.get_y() + 8 + picture_height(picture, _PICTURE_MM) > pdf.page_break_trigger:
            pdf.add_page()
        pdf.use("B", 9)
        pdf.cell(0, 6, pdf.text_of(caption), new_x="LMARGIN", new_y="NEXT")
        pdf.image(str(picture), w=_PICTURE_MM)
        pdf.ln(2)
    del run


# ------------------------------------------------------------------ numbers and pictures


def _numbered(run: QcRun) -> dict[int, int]:
    """A number for every finding with a place, by the finding's identity, in report order."""
    numbers: dict[int, int] = {}
    for finding in [f for s in run.result.scans for f in s.findings] + list(run.result.findings):
        if finding.center_mm is not None and _marked(finding):
            numbers[id(finding)] = len(numbers) + 1
    return numbers


def _marked(finding: Finding) -> bool:
    return finding.severity is not Severity.INFO or finding.kind != "hole"


def orientation_words(settled: Orientation) -> str:
    """What the views page says of its pictures' orientation: the viewer's (the portal's axis
    mapping, an estimate, the person's turn for the portal — as its note says), with left and
    right as on the tooth chart."""
    note = settled.note
    mapped = "the portal's axis mapping"
    if note is None:
        how = mapped
    elif note.startswith("Turned "):  # the portal's mapping, then the person's turn
        how = f"{mapped}, t{note[1:]}"
    else:  # estimated (no usable mapping), and turned when the note says so
        how = note
    return (
        f"Orientation, as in the viewer: {how}. The patient's right is on the "
        "picture's left, as on the tooth chart."
    )


def _settled(run: QcRun, orientation: Orientation | None) -> Orientation:
    """The pictures' orientation: the given one, estimated from the checked scans when pending
    (one matrix for all, so the arches keep their bite)."""
    from scaninbox.scans import Mesh, resolve_orientation

    given = orientation or resolve_orientation(None, portal="these files")
    scans = [
        (Mesh(points=g.points, faces=g.faces, welded=True), str(run.inputs[i].jaw))
        for i, g in sorted(run.geometry.items())
    ]
    return given.settle(scans)


def _pictures(
    run: QcRun, numbers: dict[int, int], folder: Path, matrix: npt.NDArray[np.float64] | None
) -> list[tuple[str, Path]]:
    pictures = []
    for index, item in enumerate(run.inputs):
        geometry = run.geometry.get(index)
        if geometry is None:
            continue
        scan = run.result.scans[index]
        own = list(scan.findings) + [
            f for f in run.result.findings if f.figures.get("file") == item.label
        ]
        markers = [
            Marker(numbers[id(f)], f.center_mm, f.severity)
            for f in own
            if f.center_mm is not None and id(f) in numbers
        ]
        out = folder / f"scan{index}.png"
        jaw = item.jaw if item.jaw in (Jaw.UPPER, Jaw.LOWER) else Jaw.BITE
        fragments = [f for f in scan.findings if f.kind == "fragment"]
        tinted = [i for i, f in enumerate(fragments) if f.severity is not Severity.INFO]
        scan_picture(
            geometry,
            jaw,
            markers,
            out,
            matrix=matrix,
            tinted=tinted,
            margin_lines=run.margin_lines.get(index),
        )
        count = len(own)
        caption = f"{str(item.jaw).capitalize()} — {item.label}: {count} finding"
        caption += "" if count == 1 else "s"
        pictures.append((caption, out))
    return pictures


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# For the other documents QC writes (`rescan_pack`): the same page, fonts and orientation.
ReportDocument = _Report
settled_orientation = _settled
