"""``scaninbox sandbox`` in a subprocess: first line first, clean stop on signals, plain errors."""

from __future__ import annotations

import os
import re
import selectors
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from scaninbox.sandbox import DEMO_ACCOUNT

FIRST_LINE = re.compile(r"Sandbox listening on (http://[0-9.]+:([0-9]+))")


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "scaninbox", "sandbox", *args]


def environment(home: Path) -> dict[str, str]:
    return {**os.environ, "SCANINBOX_HOME": str(home)}


def finish(process: subprocess.Popen[str], sig: int) -> tuple[str, str]:
    """Signals the process, waits for it and returns the rest of stdout and all of stderr.

    Not ``communicate()``: it reads the raw pipes and would lose what ``readline`` buffered.
    """
    assert process.stdout is not None
    assert process.stderr is not None
    process.send_signal(sig)
    process.wait(timeout=20)
    return process.stdout.read(), process.stderr.read()


def first_line(process: subprocess.Popen[str], timeout_s: float = 30.0) -> str:
    """The first stdout line, waiting at most ``timeout_s`` for it."""
    assert process.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        if not selector.select(timeout_s):
            raise AssertionError("the sandbox printed nothing in time")
    return process.stdout.readline().rstrip("\n")


@pytest.fixture
def running(isolated_home: Path) -> Iterator[subprocess.Popen[str]]:
    process = subprocess.Popen(
        command("--port", "0", "--cases", "12"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(isolated_home),
    )
    yield process
    if process.poll() is None:
        process.kill()
        process.wait(timeout=10)
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def test_first_line_announces_the_address_and_sigterm_stops_cleanly(
    running: subprocess.Popen[str],
) -> None:
    line = first_line(running)
    match = FIRST_LINE.fullmatch(line)
    assert match, line
    base_url = match.group(1)
    login = httpx.post(
        f"{base_url}/auth/login",
        json={"email": DEMO_ACCOUNT.email, "password": DEMO_ACCOUNT.password},
        timeout=10.0,
    )
    assert login.status_code == 200
    cases = httpx.get(
        f"{base_url}/unified-cases",
        headers={"Authorization": f"Bearer {login.json()['token']}"},
        timeout=10.0,
    ).json()
    assert cases["total"] == 12
    out, err = finish(running, signal.SIGTERM)
    assert running.returncode == 0, err
    assert DEMO_ACCOUNT.email in out
    assert out.rstrip().endswith("Sandbox stopped.")
    assert "Traceback" not in err


def test_ctrl_c_stops_with_exit_code_0(running: subprocess.Popen[str]) -> None:
    assert FIRST_LINE.fullmatch(first_line(running))
    _, err = finish(running, signal.SIGINT)
    assert running.returncode == 0, err
    assert "Traceback" not in err


def test_port_in_use_is_one_sentence_and_exit_1(isolated_home: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            command("--port", str(port)),
            capture_output=True,
            check=False,
            text=True,
            env=environment(isolated_home),
            timeout=60,
        )
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.strip() == f"Port {port} on 127.0.0.1 is already in use."


def test_bad_arguments_are_usage_errors(isolated_home: Path) -> None:
    result = subprocess.run(
        command("--cases", "-3"),
        capture_output=True,
        check=False,
        text=True,
        env=environment(isolated_home),
        timeout=60,
    )
    assert result.returncode == 2
    assert "cases" in result.stderr


def test_a_non_loopback_address_gets_a_warning(isolated_home: Path) -> None:
    with subprocess.Popen(
        command("--host", "0.0.0.0", "--port", "0", "--cases", "3"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(isolated_home),
    ) as process:
        try:
            assert FIRST_LINE.fullmatch(first_line(process))
            _, err = finish(process, signal.SIGTERM)
        finally:
            if process.poll() is None:
                process.kill()
    assert process.returncode == 0
    assert "Warning" in err
    assert "without TLS" in err
