"""``scaninbox --self-test``: every check runs for real (sandbox on loopback, off-screen render,
the main window under Xvfb), one line each, and a broken part is named."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scaninbox.cli import self_test
from scaninbox.cli.main import main

CHECKS = (
    "imports",
    "text mesh readers",
    "render",
    "sandbox",
    "sign in, list cases, download and parse a scan",
    "QC",
    "main window",
)
HAS_QC = importlib.util.find_spec("scaninbox.qc") is not None


def _run(monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[str]]:
    lines: list[str] = []
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    code = self_test.run_self_test(main, out=lines.append)
    return code, lines


def _line(lines: list[str], check: str) -> str:
    found = [line for line in lines if line.startswith(f"{check}: ")]
    assert len(found) == 1, lines
    return found[0]


@pytest.mark.slow
def test_in_process_every_check_passes_and_the_window_is_skipped_without_display(
    monkeypatch: pytest.MonkeyPatch, isolated_home: Path
) -> None:
    code, lines = _run(monkeypatch)
    assert code == 0, lines
    assert lines[0].startswith("Scan Inbox ")
    assert lines[-1].startswith("Self-test passed")
    assert len(lines) == len(CHECKS) + 2
    for check in ("imports", "render", "sandbox", "sign in, list cases, download and parse a scan"):
        assert _line(lines, check).startswith(f"{check}: ok — ")
    assert _line(lines, "text mesh readers").startswith(
        "text mesh readers: ok — ASCII STL, OBJ, ASCII PLY"
    )
    assert "http://127.0.0.1:" in _line(lines, "sandbox")
    assert "triangles" in _line(lines, "sign in, list cases, download and parse a scan")
    qc = _line(lines, "QC")
    assert qc.startswith("QC: ok — verdict") if HAS_QC else qc == "QC: skipped (not in this build)"
    assert "report PDF" in qc if HAS_QC else True
    assert re.search(r"libpq \d+\.\d+ \((binary|c|python)\)", _line(lines, "imports"))
    assert _line(lines, "main window").startswith("main window: skipped (no display")
    # Everything went to a private folder: the user's home (here the test's) was not touched,
    # and SCANINBOX_HOME points at it again afterwards.
    assert os.environ["SCANINBOX_HOME"] == str(isolated_home)
    assert list(isolated_home.iterdir()) == []


@pytest.mark.slow
def test_a_broken_part_is_named_and_fails_the_run(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.ply"
    broken.write_bytes(b"ply\nformat binary_little_endian 1.0\nelement vertex 99\nend_header\n")
    monkeypatch.setattr(self_test, "SELF_TEST_MESH", broken)  # absolute: replaces resources/
    code, lines = _run(monkeypatch)
    assert code == 1
    assert _line(lines, "render").startswith("render: FAILED — ")
    assert "broken.ply" in _line(lines, "render")
    assert _line(lines, "sandbox").startswith("sandbox: ok")  # the other checks still ran
    assert lines[-1].startswith("Self-test FAILED")
    assert lines[-1].endswith(": render")


def _imports_check(tmp_path: Path) -> None:
    context = self_test._Context(
        home=tmp_path, out=lambda _line: None, verbose=False, run_command=main
    )
    self_test._check_imports(context)


@pytest.mark.parametrize(
    "left_out", ["psycopg", "vtkmodules.vtkRenderingAnnotation", "vtkmodules.vtkInteractionStyle"]
)
def test_the_imports_check_names_a_module_a_build_left_out(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, left_out: str
) -> None:
    # What a trimmed build looks like to Python: the module cannot be imported.
    monkeypatch.setitem(sys.modules, left_out, None)
    with pytest.raises(self_test.CheckFailedError, match=re.escape(left_out)):
        _imports_check(tmp_path)


def test_the_imports_check_fails_when_the_lab_hubs_libpq_cannot_load(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from psycopg import pq

    def no_library() -> int:
        raise ImportError("libpq-e9b5c9ac.so.5.18: cannot open shared object file")

    # psycopg imports without its libpq; only asking libpq shows a trimmed-away library.
    monkeypatch.setattr(pq, "version", no_library)
    with pytest.raises(self_test.CheckFailedError, match="libpq cannot be used: libpq-e9b5c9ac"):
        _imports_check(tmp_path)


def test_the_flag_takes_no_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--self-test", "cases"])
    assert exited.value.code == 2
    assert "--self-test takes no command" in capsys.readouterr().err


def test_a_long_error_becomes_its_telling_line() -> None:
    error = ImportError(
        "\nIMPORTANT: read this\n\nmany words\n\nOriginal error was: libx.so: bad\n"
    )
    assert self_test.one_line(error) == "Original error was: libx.so: bad"
    assert self_test.one_line(ValueError("x" * 400)).endswith("…")
    assert len(self_test.one_line(ValueError("x" * 400))) == 300


def test_the_shipped_mesh_is_small_and_synthetic() -> None:
    from scaninbox.paths import resources_dir
    from scaninbox.scans import read_mesh

    mesh_file = resources_dir() / self_test.SELF_TEST_MESH
    assert mesh_file.stat().st_size <= 200_000
    assert b"no patient data" in mesh_file.read_bytes()[:300]
    mesh = read_mesh(mesh_file)
    assert mesh.faces.shape[0] > 5000
    assert mesh.colours is not None


@pytest.mark.slow
@pytest.mark.gui
def test_the_installed_command_passes_with_the_window_under_xvfb(isolated_home: Path) -> None:
    command = Path(sys.executable).with_name("scaninbox")
    assert os.environ.get("DISPLAY"), "pytest-xvfb provides a display"
    done = subprocess.run(
        [str(command), "--self-test"], capture_output=True, text=True, timeout=120, check=False
    )
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stdout + done.stderr
    assert _line(lines, "main window").startswith("main window: ok — ")
    assert "drawn in 3D" in _line(lines, "main window")
    assert list(isolated_home.iterdir()) == []
