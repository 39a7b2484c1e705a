"""The window's demo service in a child process: it starts and answers over loopback HTTP, it is
stopped when asked (and when the app dies: no orphan), and a crash is told in plain words."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from scaninbox import demo_process
from scaninbox.demo_process import DemoSandbox, DemoSandboxError
from scaninbox.paths import app_paths

pytestmark = pytest.mark.skipif(
    not hasattr(os, "pidfd_open"), reason="waits for other processes' ends with pidfd_open"
)

_WAIT_S = 30.0


def _ends_within(pid: int, timeout_s: float) -> bool:
    """Whether process ``pid`` (not necessarily our child) ends within ``timeout_s``."""
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        readable, _, _ = select.select([handle], [], [], timeout_s)
        return bool(readable)
    finally:
        os.close(handle)


@pytest.fixture
def demo() -> Iterator[DemoSandbox]:
    server = DemoSandbox.launch(app_paths())
    yield server
    server.stop()


def test_it_runs_in_its_own_process_and_answers_over_loopback(demo: DemoSandbox) -> None:
    from scaninbox.sandbox import DEMO_ACCOUNT

    base_url = demo.wait_ready()
    assert base_url.startswith("http://127.0.0.1:")
    assert demo.base_url == base_url
    assert demo.pid != os.getpid()
    assert demo.running
    login = httpx.post(
        f"{base_url}/auth/login",
        json={"email": DEMO_ACCOUNT.email, "password": DEMO_ACCOUNT.password},
        timeout=_WAIT_S,
    )
    assert login.status_code == 200, login.text
    assert login.json()["token"]
    # Its generated files go to the app's sandbox cache, not to a folder of its own choosing.
    assert app_paths().sandbox_cache_dir.is_dir()


def test_stop_ends_it_cleanly_by_closing_its_input(demo: DemoSandbox) -> None:
    base_url = demo.wait_ready()
    demo.stop()
    assert not demo.running
    # 0: it ended on its own when its input closed (terminating it would give -SIGTERM).
    assert demo._process.returncode == 0
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"{base_url}/me", timeout=_WAIT_S)
    demo.stop()  # again: nothing happens


def test_it_ends_when_the_app_is_killed_no_orphan_left(tmp_path: Path) -> None:
    app = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys\n"
            "from scaninbox.paths import app_paths\n"
            "from scaninbox.demo_process import DemoSandbox\n"
            "demo = DemoSandbox.launch(app_paths())\n"
            "demo.wait_ready()\n"
            "print(demo.pid, flush=True)\n"
            "sys.stdin.read()\n",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert app.stdout is not None
        child = int(app.stdout.readline())
        assert not _ends_within(child, 0)  # it runs
        app.kill()  # no chance to stop it in order
        app.wait(_WAIT_S)
        assert _ends_within(child, _WAIT_S), "the demo service outlived the app"
    finally:
        app.kill()
        app.wait(_WAIT_S)
        if app.stdin is not None:
            app.stdin.close()
        if app.stdout is not None:
            app.stdout.close()


def test_a_crash_is_told_in_plain_words(demo: DemoSandbox) -> None:
    demo.wait_ready()
    told: list[str] = []
    heard = threading.Event()

    def on_exit(message: str) -> None:
        told.append(message)
        heard.set()

    demo.watch_exit(on_exit)
    os.kill(demo.pid, signal.SIGKILL)
    assert heard.wait(_WAIT_S)
    assert told == [
        "The demo service stopped unexpectedly (it was ended by signal 9). Quit Scan Inbox "
        "and start it again to go on with the demo."
    ]
    # Told once, also to a listener that comes later; stopping the dead process is harmless.
    late: list[str] = []
    demo.watch_exit(late.append)
    assert late == told
    demo.stop()
    assert told == late


def test_stopping_it_is_not_told_as_a_crash(demo: DemoSandbox) -> None:
    demo.wait_ready()
    told: list[str] = []
    demo.watch_exit(told.append)
    demo.stop()
    assert not demo.running
    assert told == []


def test_ending_before_it_listens_is_a_plain_start_error(demo: DemoSandbox) -> None:
    os.kill(demo.pid, signal.SIGKILL)
    with pytest.raises(DemoSandboxError) as raised:
        demo.wait_ready()
    assert str(raised.value) == ("The demo service could not start (it was ended by signal 9).")


def test_what_it_said_before_failing_is_the_start_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Fault injection: a sandbox command that fails the way the CLI does (one plain line).
    failing = "import sys; print('Port 8765 on 127.0.0.1 is already in use.'); sys.exit(1)"
    monkeypatch.setattr(demo_process, "_scaninbox_command", lambda: [sys.executable, "-c", failing])
    server = DemoSandbox.launch(app_paths())
    try:
        with pytest.raises(DemoSandboxError) as raised:
            server.wait_ready()
    finally:
        server.stop()
    assert str(raised.value) == (
        "The demo service could not start: Port 8765 on 127.0.0.1 is already in use."
    )


def test_a_missing_program_is_a_plain_start_error(monkeypatch: pytest.MonkeyPatch) -> None:
    missing = str(Path(sys.executable).with_name("no-such-python"))
    monkeypatch.setattr(demo_process, "_scaninbox_command", lambda: [missing])
    with pytest.raises(DemoSandboxError, match=r"^The demo service could not start: .+\.$"):
        DemoSandbox.launch(app_paths())


def test_importing_it_is_light() -> None:
    # Launching the demo service must not load the client, the store or numpy on its own.
    heavy = ("httpx", "pydantic", "sqlite3", "numpy", "scaninbox.api", "scaninbox.store")
    probe = (
        "import json, sys\n"
        "import scaninbox.demo_process\n"
        f"print(json.dumps([m for m in {heavy!r} if m in sys.modules]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=_WAIT_S
    )
    assert done.stdout.strip() == "[]"


def test_the_sandbox_process_logs_to_a_file_of_its_own(tmp_path: Path) -> None:
    """The window's demo service runs beside the app: the two never write (and rotate) one log."""
    from scaninbox.logs import LOG_FILE_NAME, SANDBOX_LOG_FILE_NAME

    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("a file where its cache folder should be", encoding="utf-8")
    # A real `scaninbox sandbox` process that fails unexpectedly: a failure is logged.
    command = [*demo_process._scaninbox_command(), "sandbox", "--port", "0"]
    done = subprocess.run(
        [*command, "--cache-dir", str(not_a_folder)],
        capture_output=True,
        text=True,
        timeout=_WAIT_S,
        check=False,
    )
    assert done.returncode != 0
    log_dir = app_paths().log_dir
    assert "command sandbox failed" in (log_dir / SANDBOX_LOG_FILE_NAME).read_text("utf-8")
    assert not (log_dir / LOG_FILE_NAME).exists()
