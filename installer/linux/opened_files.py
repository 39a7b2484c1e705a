"""Which files of a frozen app no run opens: the check behind installer/trim.py's cuts.

    .venv/bin/python installer/linux/opened_files.py FOLDER OUT [--scan FILE]

FOLDER is a frozen app (`dist/ScanInbox`, or the `.deb`'s unpacked `opt/scan-inbox`). Runs it
under `strace -f` (Debian's `strace`, `xvfb-run`) the ways a person uses it — the self-test,
the demo window with a case in 3D, a scan file opened as the desktop entry does, `render`,
`qc --report`, and `lab init` / `lab status` against a throw-away PostgreSQL cluster
(`tests/lab/postgres.py`; skipped without Debian's `postgresql`) — each with a fresh home, then
writes OUT/never-opened.txt: every file of FOLDER that no run opened, largest first. A file
trim.py leaves out must be on that list in a build that still has it (docs/packaging.md,
"Fourth pass"). Python modules live in the executable's archive and are not files: for them,
tests/packaging/test_python_unused.py.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REAL_SCAN = ROOT.parent / "shared" / "realscans" / "Example_01_binary.stl"
_OPENED = re.compile(r'(?:openat|open|execve)\((?:AT_FDCWD, )?"([^"]+)"')
_XVFB = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24"]


@contextmanager
def _hub() -> Iterator[str | None]:
    """A lab hub URL on a throw-away PostgreSQL cluster, or None without the server."""
    sys.path.insert(0, str(ROOT))
    from tests.lab.postgres import Cluster, find_server_binaries

    binaries = find_server_binaries()
    if binaries is None:
        yield None
        return
    import psycopg

    cluster = Cluster(binaries)
    cluster.create()
    try:
        with psycopg.connect(cluster.admin_conninfo(), autocommit=True) as conn:
            conn.execute("CREATE ROLE labowner LOGIN PASSWORD 'opened-files'")
            conn.execute("CREATE DATABASE hub OWNER labowner")
        yield cluster.url("labowner", "opened-files", "hub")
    finally:
        cluster.destroy()


def _runs(app: Path, out: Path, scan: Path, hub: str | None) -> dict[str, list[str]]:
    exe = str(app / "scaninbox")
    runs = {
        "self-test": [*_XVFB, exe, "--self-test"],
        "demo-window": [
            *_XVFB,
            exe,
            "gui",
            "--demo",
            "--quit-when-ready",
            "--screenshot",
            str(out / "demo.png"),
        ],
        "desktop-file": [*_XVFB, str(app / "scaninbox-desktop"), "--quit-when-ready", str(scan)],
        "render": [*_XVFB, exe, "render", str(scan), "--out", str(out / "render.png")],
        "qc-report": [*_XVFB, exe, "qc", "--upper", str(scan), "--report", str(out / "qc.pdf")],
    }
    if hub is not None:
        runs["lab-init"] = [exe, "--demo", "lab", "init"]
        runs["lab-status"] = [exe, "--demo", "lab", "status"]
    return runs


def _traced(command: list[str], log: Path) -> list[str]:
    strace = ["strace", "-f", "-qq", "-e", "trace=openat,open,execve", "-o", str(log)]
    at = len(_XVFB) if command[: len(_XVFB)] == _XVFB else 0
    return [*command[:at], *strace, *command[at:]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the frozen app's folder")
    parser.add_argument("out", type=Path, help="a folder for the traces and the list")
    parser.add_argument("--scan", type=Path, default=REAL_SCAN, help="an STL or PLY scan")
    args = parser.parse_args(argv)
    app: Path = args.folder.resolve()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    failed = False
    with _hub() as hub:
        for name, command in _runs(app, out, args.scan, hub).items():
            home = tempfile.mkdtemp(prefix="opened-files-")
            env = dict(os.environ, SCANINBOX_HOME=home, HOME=home)
            if hub is not None:
                env["SCANINBOX_LAB_URL"] = hub
            env.pop("PYTHONPATH", None)
            done = subprocess.run(
                _traced(command, out / f"{name}.strace"),
                env=env,
                capture_output=True,
                text=True,
                timeout=600,
                check=False,
            )
            (out / f"{name}.log").write_text(done.stdout + done.stderr, encoding="utf-8")
            # qc exits 6 when a check fails; lab init/status when the hub is not set up for a
            # laboratory (this cluster has none): libpq was loaded and connected all the same.
            print(f"{name}: exit {done.returncode}")
            failed |= name in {"self-test", "demo-window", "render"} and done.returncode != 0
    opened: set[str] = set()
    for trace in out.glob("*.strace"):
        for line in trace.read_text(encoding="utf-8", errors="replace").splitlines():
            found = _OPENED.search(line)
            if found and "= -1" not in line:
                opened.add(os.path.realpath(found.group(1)))
    files = [p for p in app.rglob("*") if p.is_file() and not p.is_symlink()]
    never = sorted(
        (
            (p.stat().st_size, str(p.relative_to(app)))
            for p in files
            if str(p.resolve()) not in opened
        ),
        reverse=True,
    )
    (out / "never-opened.txt").write_text(
        "".join(f"{size} {name}\n" for size, name in never), encoding="utf-8"
    )
    total = sum(size for size, _ in never)
    print(f"{len(files)} files, {len(never)} never opened ({total / 1e6:.1f} MB): {out}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
