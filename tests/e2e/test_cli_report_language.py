"""``scaninbox qc --report``: the report in the person's language (``[ui] language`` in the
settings file, else the system's), while the command line's JSON, messages and exit code do not
change with the language."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from pytestqt.qtbot import QtBot
from tests.e2e.conftest import CliRunner
from tests.qc.shapes import arch, plane, punch, side_tip
from tests.qt.pdf_text import pdf_pages

from scaninbox.sandbox.mesh_files import stl_bytes

# A language only through LANGUAGE: the C locale otherwise, as on a bare server.
_SYSTEM = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}


@pytest.fixture
def scans(tmp_path: Path) -> tuple[Path, Path]:
    points, faces = arch("upper", spacing_mm=0.4)
    kept, _ = punch(points, faces, side_tip(points), 2.0)
    upper = tmp_path / "upper.stl"
    upper.write_bytes(stl_bytes(points, kept, header_text="qc"))
    tip = points[np.argmin(points[:, 2])]
    lower = tmp_path / "lower.stl"
    lower.write_bytes(stl_bytes(*plane(float(tip[2]) + 0.3, step_mm=1.5), header_text="qc"))
    return upper, lower


def _qc(cli: CliRunner, scans: tuple[Path, Path], report: Path, language: str, *more: str):
    upper, lower = scans
    return cli(
        "qc",
        "--upper",
        str(upper),
        "--lower",
        str(lower),
        *more,
        "--report",
        str(report),
        env={**_SYSTEM, "LANGUAGE": language},
    )


def test_a_german_system_gets_a_german_report_and_the_same_json(
    qtbot: QtBot, cli: CliRunner, scans: tuple[Path, Path], tmp_path: Path
) -> None:
    german = _qc(cli, scans, tmp_path / "de.pdf", "de", "--json")
    english = _qc(cli, scans, tmp_path / "en.pdf", "en", "--json")
    assert german.code == english.code == 6, german.err  # a failed check: exit 6 in both
    assert german.out == english.out  # byte for byte
    result = json.loads(german.out)
    (hole,) = [f for f in result["scans"][0]["findings"] if f["kind"] == "hole"]
    assert hole["message"].startswith("Hole of ")  # the JSON's message stays English
    assert german.err == english.err == ""
    text_de = " ".join(pdf_pages(tmp_path / "de.pdf"))
    text_en = " ".join(pdf_pages(tmp_path / "en.pdf"))
    assert "Prüfliste" in text_de
    assert "Befunde" in text_de
    assert "Loch (1)" in text_de
    assert "Checklist" in text_en
    assert "Findings" in text_en
    assert "Hole (1)" in text_en
    assert "Checklist" not in text_de


def test_the_human_output_stays_english_and_the_settings_choose_the_reports_language(
    qtbot: QtBot, cli: CliRunner, scans: tuple[Path, Path], tmp_path: Path, isolated_home: Path
) -> None:
    settings = isolated_home / "config" / "settings.toml"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text('[ui]\nlanguage = "de"\n', encoding="utf-8")
    done = _qc(cli, scans, tmp_path / "report.pdf", "en")  # the system says English
    assert done.code == 6, done.err
    assert "Hole" in done.out  # the command line's own words
    assert "Loch" not in done.out
    text = " ".join(pdf_pages(tmp_path / "report.pdf"))
    assert "Prüfbericht Scans" in text  # the settings file's choice
