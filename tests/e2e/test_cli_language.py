"""The command line never speaks the desktop's language: under a German environment its JSON
and its messages stay the English of the source texts (scripts parse them)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.conftest import CliRunner

GERMAN = {"LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "de_DE"}


def _truncated_stl(folder: Path) -> Path:
    # A binary STL header announcing 1,000 triangles, followed by only ten of them.
    header = bytes(80) + (1000).to_bytes(4, "little")
    path = folder / "upper.stl"
    path.write_bytes(header + bytes(50 * 10))
    return path


def test_qc_json_keeps_the_english_message_under_a_german_environment(
    cli: CliRunner, tmp_path: Path
) -> None:
    scan = _truncated_stl(tmp_path)
    done = cli("qc", "--upper", str(scan), "--json", env=GERMAN)
    assert done.err == ""
    (finding,) = json.loads(done.out)["scans"][0]["findings"]
    assert finding["kind"] == "unreadable"
    assert finding["message"].startswith(
        "Cannot read the scan 'upper.stl': its header announces 1,000 triangles"
    )


def test_render_keeps_the_english_sentence_under_a_german_environment(
    cli: CliRunner, tmp_path: Path
) -> None:
    scan = _truncated_stl(tmp_path)
    done = cli("render", str(scan), "--out", str(tmp_path / "x.png"), env=GERMAN)
    assert done.code == 1
    assert done.err_lines == [
        "Cannot read the scan 'upper.stl': its header announces 1,000 triangles (50,084 bytes) "
        "but the file has 584 bytes: it is truncated."
    ]
