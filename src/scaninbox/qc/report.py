"""The QC report as a PDF: what a lab sends back with a rescan request.

Page by page: the verdict, the case data (or the files checked), the local QC decision when one
was recorded, the checklist with a verdict per check, the scans' figures, every finding grouped
by kind ("Hole", "Fragment", …) with its figures and place, and a picture of each scan with its
findings marked by number (`scaninbox.qc.report_views`). fpdf2 with DejaVu Sans (from the
system or matplotlib's data) so every name prints; the core font with transliteration otherwise.
The file is written next to its final name and moved into place: a failure leaves nothing.

Written in the person's language (`scaninbox.language`: the window's, or the one the command line
was asked to speak for the report): words through ``translate``, dates and decimal numbers
through the language; the findings' messages worded from their figures (`finding_words`).
"""

from __future__ import annotations

import contextlib
import importlib.util
import tempfile
import unicodedata
from collections.abc import Sequence
from datetime import UTC, date, datetime
from pathlib import Path

import numpy as np
import numpy.typing as npt
from fpdf import FPDF

from scaninbox import language
from scaninbox.domain import Case, Jaw, format_date, jaw_label, teeth_text, work_summary
from scaninbox.language import translate
from scaninbox.qc.decision import Decision
from scaninbox.qc.figures import figures_words
from scaninbox.qc.finding_words import finding_message
from scaninbox.qc.findings import (
    KIND_TITLES,
    Finding,
    Severity,
    Verdict,
    check_title,
    kind_title,
    severity_word,
    verdict_word,
)
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
    "when_text",
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
        self.footer_title = translate("QcReport", "Scan Inbox QC report")
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
        page = translate("QcReport", "page {number}").format(number=self.page_no())
        title = self.footer_title
        self.cell(0, 5, self.text_of(f"{title} · {when_text(self.made)} · {page}"))
        self.set_text_color(0, 0, 0)


def when_text(moment: datetime) -> str:
    """A moment as the reports print it, local: ``12 Mar 2025 14:05`` (``12. März 2025 14:05``)."""
    local = moment.astimezone()
    return f"{format_date(local.date())} {local:%H:%M}"


def _day_text(day: date) -> str:
    return format_date(day)


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
    title = (
        translate("QcReport", "Scan QC report")
        if case is not None
        else translate("QcReport", "Scan QC report — scan files")
    )
    badge = verdict_word(verdict)
    pdf.use("B", 18)
    badge_mm = max(40.0, pdf.get_string_width(badge) + 8)
    pdf.use("B", 18 if pdf.get_string_width(title) < pdf.epw - badge_mm - 2 else 14)
    pdf.cell(pdf.epw - badge_mm, 10, pdf.text_of(title))
    pdf.use("B", 18)
    pdf.set_fill_color(*_VERDICT_RGB[verdict])
    pdf.set_text_color(255, 255, 255)
    pdf.cell(0, 10, pdf.text_of(badge), align="C", fill=True, new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(0, 0, 0)
    pdf.use("", 9)
    counts = dict.fromkeys(Severity, 0)
    for finding in run.result.all_findings:
        counts[finding.severity] += 1
    pdf.multi_cell(
        0,
        6,
        pdf.text_of(
            translate(
                "QcReport", "{counts}. Positions are in each scan file's own coordinates (mm)."
            ).format(
                counts=", ".join(
                    (
                        translate("QcReport", "%n failed", None, counts[Severity.FAIL]),
                        translate("QcReport", "%n warning(s)", None, counts[Severity.WARN]),
                        translate("QcReport", "%n note(s)", None, counts[Severity.INFO]),
                    )
                )
            )
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
    _heading(
        pdf, translate("QcReport", "Case") if case is not None else translate("QcReport", "Files")
    )
    if case is None:
        _pairs(pdf, [(jaw_label(item.jaw), str(item.path)) for item in run.inputs])
        return
    patient = case.patient
    rows: list[tuple[str, object]] = [
        (translate("QcReport", "Case"), str(case.ref)),
        (translate("QcReport", "Patient"), case.patient_name),
        (
            translate("QcReport", "Date of birth"),
            _birth(patient.date_of_birth if patient else None),
        ),
        (translate("QcReport", "Dentist"), case.dentist.display_name if case.dentist else None),
        (translate("QcReport", "Clinic"), case.clinic.name if case.clinic else None),
        (
            translate("QcReport", "Portal / external id"),
            f"{case.source or '—'} / {case.external_id or '—'}",
        ),
        (
            translate("QcReport", "Received"),
            when_text(case.received_at) if case.received_at else None,
        ),
        (
            translate("QcReport", "Delivery date"),
            _day_text(case.delivery_date) if case.delivery_date else case.delivery_text,
        ),
        (translate("QcReport", "Work"), work_summary(case.worktypes)),
        (translate("QcReport", "Teeth"), teeth_text(case.worktypes)),
        (translate("QcReport", "Scans"), ", ".join(item.label for item in run.inputs)),
    ]
    _pairs(pdf, rows)


def _birth(text: str | None) -> str | None:
    """A date of birth as sent, written as the language writes dates when it is an ISO date."""
    if not text:
        return None
    try:
        return format_date(date.fromisoformat(text.strip()[:10]))
    except ValueError:
        return text


def _decision_block(pdf: _Report, decision: Decision) -> None:
    _heading(pdf, translate("QcReport", "QC decision"))
    _pairs(
        pdf,
        [
            (translate("QcReport", "Decision"), decision_word(decision.decision)),
            (translate("QcReport", "By"), f"{decision.who}, {when_text(decision.when)}"),
            (translate("QcReport", "Note"), decision.note),
        ],
    )


def _badge(pdf: _Report, verdict: Verdict | None, width: float = 24) -> None:
    if verdict is None:
        pdf.set_text_color(120, 120, 120)
        pdf.use("", 8 if pdf.get_string_width(verdict_word(None)) > width - 2 else 9)
        pdf.cell(width, 6, pdf.text_of(verdict_word(None)), border=1, align="C")
        pdf.set_text_color(0, 0, 0)
        pdf.use()
        return
    pdf.set_fill_color(*_VERDICT_RGB[verdict])
    pdf.set_text_color(255, 255, 255)
    pdf.use("B", 9)
    pdf.cell(width, 6, pdf.text_of(verdict_word(verdict)), border=1, align="C", fill=True)
    pdf.set_text_color(0, 0, 0)
    pdf.use()


def _checklist(pdf: _Report, run: QcRun) -> None:
    _heading(pdf, translate("QcReport", "Checklist"))
    pdf.use("B", 9)  # the badges as wide as the language's longest verdict word
    width = max(24.0, *(pdf.get_string_width(verdict_word(v)) + 4 for v in Verdict))
    pdf.use()
    for key, _title, verdict in run.result.check_verdicts():
        _badge(pdf, verdict, width)
        pdf.cell(0, 6, "  " + pdf.text_of(check_title(key)), new_x="LMARGIN", new_y="NEXT")


def _scans_table(pdf: _Report, run: QcRun) -> None:
    _heading(pdf, translate("QcReport", "Scans"))
    widths = (24, 62, 24, 22, 36, 22)
    header = (
        translate("QcReport", "Jaw"),
        translate("QcReport", "File"),
        translate("QcReport", "Triangles"),
        translate("QcReport", "Points"),
        translate("QcReport", "Extent (mm)"),
        translate("QcReport", "Edge (mm)"),
    )
    pdf.use("B", 8.5)
    for width, text in zip(widths, header, strict=True):
        pdf.cell(width, 6, pdf.text_of(text), border="B")
    pdf.ln()
    pdf.use("", 8.5)
    for scan in run.result.scans:
        x, y, z = scan.extent_mm
        number = language.current().number_text
        cells = (
            jaw_label(scan.jaw),
            _short(scan.file, 38),
            language.current().count_text(scan.triangles),
            language.current().count_text(scan.vertices),
            f"{number(x, 1)} × {number(y, 1)} × {number(z, 1)}"
            if scan.readable
            else translate("QcReport", "unreadable"),
            number(scan.mean_edge_mm, 3) if scan.readable else "—",
        )
        for width, text in zip(widths, cells, strict=True):
            pdf.cell(width, 5.5, pdf.text_of(text))
        pdf.ln()


def decision_word(decision: str) -> str:
    """A recorded QC decision (the store's English label, or its key) as the report prints it."""
    if decision in {"ready", "Ready to accept"}:
        return translate("QcReport", "Ready to accept", "a QC decision")
    if decision in {"rescan", "Rescan needed"}:
        return translate("QcReport", "Rescan needed", "a QC decision")
    return decision


def _findings(pdf: _Report, run: QcRun, numbers: dict[int, int]) -> None:
    _heading(pdf, translate("QcReport", "Findings"))
    case_word = translate("QcReport", "case", "findings of the case, not of one file")
    rows = [(scan.file, f) for scan in run.result.scans for f in scan.findings]
    rows += [(str(f.figures.get("file", case_word)), f) for f in run.result.findings]
    if not rows:
        pdf.cell(
            0,
            6,
            pdf.text_of(translate("QcReport", "Nothing found.")),
            new_x="LMARGIN",
            new_y="NEXT",
        )
        return
    order = {Severity.FAIL: 0, Severity.WARN: 1, Severity.INFO: 2}
    for kind in KIND_TITLES:
        title = kind_title(kind)
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
                pdf.text_of(
                    translate(
                        "QcReport", "… and %n more, each smaller than those above.", None, len(rest)
                    )
                ),
                new_x="LMARGIN",
                new_y="NEXT",
            )


def _finding_row(pdf: _Report, file: str, finding: Finding, number: int | None) -> None:
    pdf.use("B", 8.5)
    pdf.cell(8, 5.5, str(number) if number is not None else "", align="R")
    pdf.set_text_color(*SEVERITY_RGB[finding.severity])
    word = severity_word(finding.severity)
    pdf.use("B", 8.5 if pdf.get_string_width(word) <= 15 else 6.5)
    pdf.cell(17, 5.5, pdf.text_of(word), align="C")
    pdf.set_text_color(0, 0, 0)
    pdf.use("", 8.5)
    figures = figures_words(finding.figures)  # plain words, never the JSON's key names
    where = ""
    if finding.center_mm is not None:
        shown = language.current().number_text
        x, y, z = (shown(v, 2) for v in finding.center_mm)
        point = f"({x}; {y}; {z})" if "," in x + y + z else f"({x}, {y}, {z})"
        where = " · " + translate("QcReport", "at {point}", "a position in mm").format(point=point)
    text = f"{finding_message(finding)} [{_short(file, 40)}{where}]"
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
    _heading(pdf, translate("QcReport", "Views (findings marked by number)"))
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
    if language.current().code != "en":
        return _orientation_translated(note)
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


def _orientation_translated(note: str | None) -> str:
    """`orientation_words` in a language other than English: the orientation's note comes
    from `scans` in English, so it is named by what it says rather than repeated."""
    if note is None:
        how = translate("QcReport", "the portal's axis mapping")
    elif note.startswith("Turned "):
        how = translate("QcReport", "the portal's axis mapping, turned as you turned it")
    elif "urned" in note:
        how = translate("QcReport", "estimated from the scans, turned as you turned it")
    else:
        how = translate("QcReport", "estimated from the scans (no usable axis mapping)")
    return translate(
        "QcReport",
        "Orientation, as in the viewer: {how}. The patient's right is on the picture's left, "
        "as on the tooth chart.",
    ).format(how=how)


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
        caption = translate("QcReport", "{jaw} — {file}: %n finding(s)", None, len(own)).format(
            jaw=jaw_label(item.jaw), file=item.label
        )
        pictures.append((caption, out))
    return pictures


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# For the other documents QC writes (`rescan_pack`): the same page, fonts and orientation.
ReportDocument = _Report
settled_orientation = _settled
