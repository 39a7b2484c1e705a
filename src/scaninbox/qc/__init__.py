"""Scan QC: find, locate and measure what makes a case go back for a rescan.

Qt-free and argparse-free; the command line (``scaninbox qc``), the window and the PDF report
use it alike. Per scan (`scan_checks`): holes, fragments, non-manifold edges, degenerate and
duplicate triangles, basic figures. Per case: bite-through and clearance between the arches
(`occlusion`, closest points by VTK's static cell locator), jaw coverage for the work
(`coverage`), case data and possible duplicates (`case_data`). Limits: `QcThresholds`.
"""

from scaninbox.qc.case_data import DuplicateSource, possible_duplicates
from scaninbox.qc.clearance_field import CAP_MM as CLEARANCE_CAP_MM
from scaninbox.qc.clearance_field import clearance_field, reduction_field, surface_of_mesh
from scaninbox.qc.distance import Surface
from scaninbox.qc.figures import clearance_summary, mm_text, shown_mm
from scaninbox.qc.finding_words import finding_message
from scaninbox.qc.findings import (
    CHECK_TITLES,
    KIND_TITLES,
    Finding,
    QcResult,
    ScanResult,
    Severity,
    Verdict,
    check_title,
    kind_title,
    severity_word,
    verdict_word,
)
from scaninbox.qc.room import prepared_teeth
from scaninbox.qc.run import QcRun, ScanInput, check_scans
from scaninbox.qc.stopping import QcStopped, stop_if_asked
from scaninbox.qc.thresholds import QcThresholds
from scaninbox.qc.undercut_map import carried_over, undercut_field

# Moves when a change makes earlier stored results stale (they are checked again): 2 added the
# bite, room-for-material and undercut checks; 3 holds each side of a premolar or molar to its
# own figure in the room-for-material check (a kept result of 2 may carry a false fail).
QC_VERSION = 3

__all__ = [
    "CHECK_TITLES",
    "CLEARANCE_CAP_MM",
    "KIND_TITLES",
    "QC_VERSION",
    "DuplicateSource",
    "Finding",
    "QcResult",
    "QcRun",
    "QcStopped",
    "QcThresholds",
    "ScanInput",
    "ScanResult",
    "Severity",
    "Surface",
    "Verdict",
    "carried_over",
    "check_scans",
    "check_title",
    "clearance_field",
    "clearance_summary",
    "finding_message",
    "kind_title",
    "mm_text",
    "possible_duplicates",
    "prepared_teeth",
    "reduction_field",
    "severity_word",
    "shown_mm",
    "stop_if_asked",
    "surface_of_mesh",
    "undercut_field",
    "verdict_word",
]
