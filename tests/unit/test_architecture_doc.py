"""``docs/architecture.md`` draws which room imports which from the imports as they are: its
generated tables (``scripts/room-imports``) must match the code, so a new import across rooms
shows on the page in the same commit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_room_tables_match_the_imports() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "room-imports"), "--check"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


def test_the_tables_say_how_each_room_is_imported() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "room-imports")],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    rows = {
        line.split(" | ")[0].strip("| `"): line
        for line in done.stdout.splitlines()
        if line.startswith("| `")
    }
    # The desktop app is loaded by the command line only when `gui` runs; the harness sits
    # above the shell and nothing of the shell imports it back.
    assert rows["cli"].split(" | ")[2].count("`qt`") == 1
    assert "`shell`" in rows["harness"]
    assert "`harness`" not in rows["shell"]
    assert rows["sandbox"].endswith("| — | — | — |")
