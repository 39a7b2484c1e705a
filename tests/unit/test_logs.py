"""The log never keeps a secret, even one logged by mistake."""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from scaninbox.logs import LOG_FILE_NAME, configure_logging, redact

JWT = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkZW1vIn0.Zm9vYmFyYmF6cXV4"


@pytest.fixture
def log_dir(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "logs"
    configure_logging(0, folder)
    yield folder
    configure_logging(0, None)  # detach the file handler before tmp_path goes away


def flush_all() -> None:
    for handler in logging.getLogger().handlers:
        handler.flush()


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"token {JWT} leaked", JWT),
        ("Authorization: Bearer abc.def-ghi", "abc.def-ghi"),
        ("{'authorization': 'Bearer s3cr3t'}", "s3cr3t"),
        ("headers={'Authorization': 'Basic dXNlcjpwdw=='}", "dXNlcjpwdw=="),
        ("GET https://s.test/f.stl?expires=1&sig=Zm9v%2Bbar HTTP/1.1", "Zm9v%2Bbar"),
        ("https://b.s3.test/x?X-Amz-Signature=abcdef&X-Amz-Credential=AKIA%2F", "abcdef"),
        ("https://b.s3.test/x?X-Amz-Signature=abcdef&X-Amz-Credential=AKIA%2F", "AKIA%2F"),
        ("https://g.test/x?X-Goog-Signature=0123", "0123"),
        ("https://a.test/x?sv=1&signature=qwerty", "qwerty"),
        ('{"email": "a@b.test", "password": "hunter2"}', "hunter2"),
    ],
)
def test_redact_removes_secrets(text: str, secret: str) -> None:
    cleaned = redact(text)
    assert secret not in cleaned
    assert "<redacted>" in cleaned


def test_redact_keeps_ordinary_text() -> None:
    text = "GET /unified-cases?page=2&pageSize=50 -> 200 (Müller, crown 11)"
    assert redact(text) == text


@pytest.mark.expect_logged_errors(match="while listing")
def test_a_token_logged_by_mistake_does_not_reach_the_file(log_dir: Path) -> None:
    log = logging.getLogger("scaninbox.test")
    log.warning("oops: %s", {"Authorization": f"Bearer {JWT}"})
    log.warning("download %s", "https://s.test/a.stl?expires=9&sig=SIGNATURE123")
    try:
        raise RuntimeError(f"failed with token {JWT}")
    except RuntimeError:
        log.exception("while listing")
    logging.getLogger("httpx").warning("HTTP Request: GET https://s.test/a?sig=HTTPXSIG")
    flush_all()
    text = (log_dir / LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "oops" in text
    assert "while listing" in text
    assert "RuntimeError" in text
    for secret in (JWT, "SIGNATURE123", "HTTPXSIG"):
        assert secret not in text


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_log_folder_and_file_are_private(log_dir: Path) -> None:
    logging.getLogger("scaninbox.test").warning("hello")
    flush_all()
    assert stat.S_IMODE(log_dir.stat().st_mode) == 0o700
    assert stat.S_IMODE((log_dir / LOG_FILE_NAME).stat().st_mode) == 0o600


def test_configuring_twice_does_not_duplicate_lines(log_dir: Path) -> None:
    configure_logging(0, log_dir)
    logging.getLogger("scaninbox.test").warning("only once")
    flush_all()
    assert (log_dir / LOG_FILE_NAME).read_text(encoding="utf-8").count("only once") == 1


def test_verbose_logs_to_stderr_redacted(capsys: pytest.CaptureFixture) -> None:
    configure_logging(1, None)
    try:
        logging.getLogger("scaninbox.test").info("token=%s", JWT)
    finally:
        configure_logging(0, None)
    err = capsys.readouterr().err
    assert "token=" in err
    assert JWT not in err


def test_the_log_file_rotates_at_its_limit_keeping_three_backups(log_dir: Path) -> None:
    log = logging.getLogger("scaninbox.test")
    line = "x" * 200_000  # 2 MB is reached after ten of these
    for _ in range(45):
        log.warning(line)
    flush_all()
    names = sorted(p.name for p in log_dir.iterdir())
    assert names == [LOG_FILE_NAME, *(f"{LOG_FILE_NAME}.{n}" for n in (1, 2, 3))]
    assert all(p.stat().st_size <= 2 * 1024 * 1024 for p in log_dir.iterdir())
    if os.name == "posix":
        assert {stat.S_IMODE(p.stat().st_mode) for p in log_dir.iterdir()} == {0o600}
