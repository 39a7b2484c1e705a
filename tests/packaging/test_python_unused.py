"""installer/trim.py's PYTHON_UNUSED: the packages the frozen app leaves out are never imported.

The frozen self-test proves it for a build; this proves it here, without building: every module
of the app (the self-test's own import walk: our package, the libraries it imports lazily, the
GUI bindings) imports in a fresh interpreter in which the left-out packages cannot be imported,
as in the frozen app.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.packaging.loaders import ROOT, load

trim = load("installer/trim.py", "scaninbox_trim_for_unused")

_PROBE = textwrap.dedent(
    """
    import importlib.abc, sys
    from pathlib import Path

    LEFT_OUT = tuple(sys.argv[1].split(","))

    class LeftOut(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if any(name == cut or name.startswith(cut + ".") for cut in LEFT_OUT):
                raise ModuleNotFoundError(f"No module named {name!r} (left out)", name=name)
            return None

    sys.meta_path.insert(0, LeftOut())
    from scaninbox.cli import self_test

    context = self_test._Context(home=Path(sys.argv[2]), out=print, verbose=True, run_command=None)
    print(self_test._check_imports(context))
    import httpx
    httpx.Client().close()  # the library works without its command line
    from scaninbox.workarounds.httpx_cli import CLI, httpx_cli_is_deferred

    imported = sorted(
        n for n in sys.modules if any(n == c or n.startswith(c + ".") for c in LEFT_OUT)
        # our stand-in for httpx's command line is not the left-out module itself
        and not (n == CLI and httpx_cli_is_deferred())
    )
    print("imported left-out modules:", imported)
    sys.exit(1 if imported else 0)
    """
)


def _probe(left_out: tuple[str, ...], home: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_API="pyside6", QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, "-c", _PROBE, ",".join(left_out), home],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=240,
        check=False,
    )


@pytest.mark.slow
def test_every_module_of_the_app_imports_without_the_left_out_packages(tmp_path: Path) -> None:
    done = _probe(trim.PYTHON_UNUSED, str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "scaninbox modules" in done.stdout
    assert "imported left-out modules: []" in done.stdout


@pytest.mark.slow
def test_the_probe_sees_a_package_the_app_needs(tmp_path: Path) -> None:
    # The same probe with a package the app does import fails, naming it: the check can fail.
    done = _probe(("zstandard",), str(tmp_path))
    assert done.returncode != 0
    assert "zstandard" in done.stdout + done.stderr
