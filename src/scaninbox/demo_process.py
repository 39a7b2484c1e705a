"""The window's demo service: the sandbox in a child process of its own.

Why a process and not a thread: the sandbox is Python too, and in the window's process its start
(starlette, uvicorn, the generated data set) and its request handling took turns with the window for
Python's lock — while the 3D stack was importing and the first sync ran. As a child it runs on the
other core. It is launched when the demo signs in, right after the window shows: launched before the
window was built, even before PySide6 loaded (tried twice, `benchmarks/startup.py --against`), its
start competed with the window's on a busy two-core machine (the window came later, even at the
lowest CPU priority, nice 19) and the first 3D frame came no sooner (the figures:
benchmarks/README.md, startup.py). What shortened the wait for it instead: the sandbox loads fpdf2
only with its first PDF (`scaninbox.sandbox.file_specs`).

The child is ``scaninbox sandbox --port 0 --cache-dir DIR --stop-when-stdin-closes --yield-cpu`` (a
little lower CPU priority: where the window and it want the same core, the window goes first): its
first line says where it listens; it stops when its standard input closes, which happens when
`stop` closes it and also when this process dies in any way (the system closes the pipe), so no
orphan is left behind. It runs in a session of its own, so that a Ctrl-C in the terminal reaches
only the app, which then stops it in order. Its output (merged with its errors) goes to this
process's log; the last lines make the message when it cannot start.

A module of its own, outside `scaninbox.services`, so that launching it loads nothing heavy
(importing that package loads the API client and the store; a test pins it).
"""

from __future__ import annotations

import collections
import contextlib
import logging
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import IO

from scaninbox.paths import AppPaths, ensure_private_dir

__all__ = ["DemoSandbox", "DemoSandboxError"]

_log = logging.getLogger(__name__)

_LISTENING = "Sandbox listening on "
_START_TIMEOUT_S = 30.0
_STOP_TIMEOUT_S = 5.0  # uvicorn's graceful shutdown is 2 s
_KEPT_LINES = 20


class DemoSandboxError(RuntimeError):
    """The demo service did not start (the message is plain words)."""


class DemoSandbox:
    """A sandbox in a child process: `launch`, `wait_ready`, `stop` (any thread, idempotent).

    ``on_exit(message)`` (set with `watch_exit`) is called, on a background thread, when the
    process ends without being asked to: a crash, or someone ending it.
    """

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self._process = process
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._base_url: str | None = None
        self._exit_code: int | None = None
        self._stopping = False
        self._on_exit: Callable[[str], None] | None = None
        self._lines: collections.deque[str] = collections.deque(maxlen=_KEPT_LINES)
        assert process.stdout is not None
        self._reader = threading.Thread(
            target=self._read, args=(process.stdout,), name="scaninbox-demo-output", daemon=True
        )
        self._reader.start()

    @classmethod
    def launch(cls, paths: AppPaths) -> DemoSandbox:
        """Start the child process and return at once (see `wait_ready`)."""
        cache = ensure_private_dir(paths.sandbox_cache_dir)
        command = [*_scaninbox_command(), "sandbox", "--port", "0", "--cache-dir", str(cache)]
        command += ["--stop-when-stdin-closes", "--yield-cpu"]
        try:
            process = _spawn(command)
        except OSError as exc:
            raise DemoSandboxError(f"The demo service could not start: {exc.strerror}.") from None
        _log.info("demo service started as process %d", process.pid)
        return cls(process)

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def base_url(self) -> str | None:
        """Where it listens, once it does."""
        return self._base_url

    @property
    def running(self) -> bool:
        return self._process.poll() is None

    def wait_ready(self, timeout_s: float = _START_TIMEOUT_S) -> str:
        """Block until it listens; its address. Raises `DemoSandboxError` (and stops it) when
        it ended first or took longer than ``timeout_s``."""
        if not self._ready.wait(timeout_s):
            self.stop()
            raise DemoSandboxError(
                f"The demo service did not start within {timeout_s:.0f} seconds."
            )
        if self._base_url is None:
            raise DemoSandboxError(self._start_failure())
        return self._base_url

    def watch_exit(self, on_exit: Callable[[str], None]) -> None:
        """Call ``on_exit(message)`` when the process ends unasked (at once if it did already)."""
        with self._lock:
            self._on_exit = on_exit
            ended = self._exit_code is not None and not self._stopping
        if ended:
            on_exit(self._crash_message())

    def stop(self) -> None:
        """Stop it (closing its input; terminated, then killed, if it does not listen)."""
        with self._lock:
            if self._stopping:
                return
            self._stopping = True
        process = self._process
        if process.stdin is not None:
            with contextlib.suppress(OSError):  # it is gone already: the pipe is broken
                process.stdin.close()
        try:
            process.wait(_STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            _log.warning("the demo service did not stop when asked; terminating it")
            process.terminate()
            try:
                process.wait(_STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self._reader.join(_STOP_TIMEOUT_S)

    # ------------------------------------------------------------------ the output reader

    def _read(self, output: IO[bytes]) -> None:
        with output:
            for raw in output:
                line = raw.decode("utf-8", "replace").rstrip()
                if not line:
                    continue
                self._lines.append(line)
                _log.debug("demo service: %s", line)
                if self._base_url is None and line.startswith(_LISTENING):
                    self._base_url = line.removeprefix(_LISTENING).strip()
                    self._ready.set()
        code = self._process.wait()
        with self._lock:
            self._exit_code = code
            unasked = not self._stopping
            on_exit = self._on_exit
        self._ready.set()  # a waiter learns it will not start
        if unasked and self._base_url is not None:
            _log.warning("the demo service ended unexpectedly (%s)", _how_it_ended(code))
            if on_exit is not None:
                on_exit(self._crash_message())
        elif unasked:
            _log.warning("the demo service did not start: %s", " | ".join(self._lines))

    def _start_failure(self) -> str:
        said = [line for line in self._lines if not line.startswith("Traceback")]
        reason = said[-1] if said else ""
        if reason:
            return f"The demo service could not start: {reason.rstrip('.')}."
        return f"The demo service could not start ({_how_it_ended(self._exit_code)})."

    def _crash_message(self) -> str:
        return (
            f"The demo service stopped unexpectedly ({_how_it_ended(self._exit_code)}). "
            "Quit Scan Inbox and start it again to go on with the demo."
        )


def _how_it_ended(code: int | None) -> str:
    if code is None:
        return "it is still running"
    if code < 0:
        return f"it was ended by signal {-code}"
    return f"exit code {code}"


def _scaninbox_command() -> list[str]:
    """How to run a ``scaninbox`` command as a child: the console executable of a frozen app
    (the windowed one always opens the window), else this interpreter with ``-m scaninbox``."""
    if getattr(sys, "frozen", False):
        executable = Path(sys.executable)
        console = executable.with_name("scaninbox" + executable.suffix)
        return [str(console if console.exists() else executable)]
    return [sys.executable, "-m", "scaninbox"]


def _spawn(command: list[str]) -> subprocess.Popen[bytes]:
    if sys.platform == "win32":
        flags = subprocess.CREATE_NO_WINDOW | subprocess.CREATE_NEW_PROCESS_GROUP
        return subprocess.Popen(  # noqa: S603 - our own program, arguments we built
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            creationflags=flags,
        )
    return subprocess.Popen(  # noqa: S603 - our own program, arguments we built
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # a terminal's Ctrl-C goes to the app, which stops it in order
    )
