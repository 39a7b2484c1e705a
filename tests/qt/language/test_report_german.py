"""The QC report and the rescan pack in German (the real compiled catalogues), read back from
the PDF; and under the pseudo-language, no English word outside the brackets but the data."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from pathlib import Path

import numpy as np
import pytest

from scaninbox.domain import Case, CaseRef, Jaw, OrderForm, Patient, Worktype
from scaninbox.qc import QcRun, ScanInput, check_scans
from scaninbox.qc.report import write_report
from scaninbox.qc.rescan_pack import LabContact, write_rescan_pack
from scaninbox.qt.runtime.language import QtLanguage
from scaninbox.sandbox.mesh_files import stl_bytes
from tests.qc.shapes import arch, plane, punch, side_tip
from tests.qt.pdf_text import pdf_pages

_MADE = datetime(2025, 3, 12, 11, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> QcRun:
    """An upper arch with a hole, biting 0.3 mm into a flat lower: a fail and warnings."""
    folder = tmp_path_factory.mktemp("scans")
    points, faces = arch("upper", spacing_mm=0.4)
    kept, _ = punch(points, faces, side_tip(points), 2.0)
    upper = folder / "upper.stl"
    upper.write_bytes(stl_bytes(points, kept, header_text="qc"))
    tip = points[np.argmin(points[:, 2])]
    lower = folder / "lower.stl"
    lower.write_bytes(stl_bytes(*plane(float(tip[2]) + 0.3, step_mm=1.5), header_text="qc"))
    return check_scans([ScanInput(upper, Jaw.UPPER), ScanInput(lower, Jaw.LOWER)])


def _case() -> Case:
    return Case(
        ref=CaseRef.parse("4711"),
        patient=Patient(first_name="Anna", last_name="Muster", date_of_birth="1980-02-03"),
        order_form=OrderForm(filename="order.pdf"),
        worktypes=(
            Worktype(category="Fixed", restoration_type="Crown", material="Zirconia", fdi="16"),
        ),
        delivery_date=date(2025, 3, 19),
        received_at=datetime(2025, 3, 10, 9, 0, tzinfo=UTC),
        source="3Shape",
        external_id="X-1",
    )


def test_the_qc_report_reads_german(german: QtLanguage, checked: QcRun, tmp_path: Path) -> None:
    out = write_report(checked, tmp_path / "bericht.pdf", case=_case(), now=_MADE)
    text = " ".join(pdf_pages(out))
    for heading in ("Prüfbericht Scans", "Fall", "Prüfliste", "Befunde", "Ansichten"):
        assert heading in text
    assert "NICHT BESTANDEN" in text  # the verdict
    assert "Keine Löcher" in text  # a check
    assert "Loch (1)" in text  # a finding kind's title, with its count
    assert "Durchbiss" in text
    assert "Loch mit " in text
    assert " Umfang (etwa " in text
    assert "19. März 2025" in text  # the delivery date
    assert "3. Feb. 1980" in text  # the date of birth
    assert "Krone · Zirkon" in text  # the work
    assert re.search(r"Tiefe 0,\d\d mm", text)  # figures with a decimal comma
    assert re.search(r"Fläche \d+,\d mm²", text)
    assert "Okklusaler Abstand" in text  # the clearance maps' page
    assert "Seite 1" in text
    for english in ("Checklist", "Findings", "Hole", "page 1", "depth", "Delivery"):
        assert english not in text


def test_the_rescan_pack_reads_german(german: QtLanguage, checked: QcRun, tmp_path: Path) -> None:
    contact = LabContact("Dentallabor Muster", "Eva Beispiel", "eva@labor.example")
    out = write_rescan_pack(
        checked, tmp_path / "neuscan.pdf", case=_case(), contact=contact, now=_MADE
    )
    text = " ".join(pdf_pages(out))
    assert text.startswith("Anforderung Neuscan")
    assert "12. März 2025" in text
    assert "die rechte Seite des Patienten links" in text
    assert "Was zu tun ist:" in text
    assert "Lücke von etwa" in text  # the hole, in plain words
    assert re.search(r"überschneiden sich obere und untere Zähne um 0,\d\d mm", text)
    for english in ("Rescan request", "What to do", "patient's right", "the scanner"):
        assert english not in text


def _outside_brackets(text: str) -> str:
    """``text`` with every bracketed part taken out, innermost first (the report brackets a
    finding's file and place itself, and a translated text can hold another)."""
    inner = re.compile(r"\[[^\[\]]*\]")
    while inner.search(text):
        text = inner.sub(" ", text)
    return text


# Data, not words of ours: the scan files' names, the case's, the lab's, units and symbols.
_DATA = {"upper", "lower", "stl", "mm", "Anna", "Muster", "Shape", "X", "Dentallabor", "Eva"}
_DATA |= {"Beispiel", "eva", "labor", "example", "order", "pdf"}


@pytest.mark.parametrize("document", ["report", "rescan pack"])
def test_under_the_pseudo_language_no_english_word_is_left(
    pseudo: QtLanguage, checked: QcRun, tmp_path: Path, document: str
) -> None:
    if document == "report":
        out = write_report(checked, tmp_path / "r.pdf", case=_case(), now=_MADE)
    else:
        contact = LabContact("Dentallabor Muster", "Eva Beispiel", "eva@labor.example")
        out = write_rescan_pack(
            checked, tmp_path / "r.pdf", case=_case(), contact=contact, now=_MADE
        )
    text = _outside_brackets(" ".join(pdf_pages(out)))
    words = set(re.findall(r"[A-Za-zÄÖÜäöüß]+", text))
    assert words - _DATA == set(), text


def test_the_qc_json_does_not_change_with_the_language(german: QtLanguage, checked: QcRun) -> None:
    """Background QC runs in the window, in the window's language: what it keeps (and the lab
    hub shares, and ``--json`` prints) must be the same as in English."""
    files = [ScanInput(item.path, item.jaw) for item in checked.inputs]
    in_german = check_scans(files).result.to_json()
    german.uninstall()
    in_english = check_scans(files).result.to_json()
    assert in_german == in_english
    assert in_english == checked.result.to_json()
