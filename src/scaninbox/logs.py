"""Where the program's log goes, and the guard that keeps secrets out of it.

``configure_logging`` writes a rotating log file (folder 0700, files 0600) and, with ``-v``, to
stderr. Each process writes its own file: ``scaninbox.log``, and ``sandbox.log`` for the sandbox.
Every record passes ``RedactSecrets`` on its way to any of these handlers, whichever logger it came
from (httpx logs request URLs, which for storage carry signatures): bearer tokens, JWTs,
``Authorization`` values, passwords in JSON and the signature parts of signed URLs are replaced by
``<redacted>`` even when logged by mistake. The same filter shows control characters as escapes
(``scaninbox.terminal_text``): server text in a message can neither forge a log line nor send escape
sequences to whoever reads the log in a terminal.

Every command configures logging, and most write nothing to the log. The stdlib's rotating
handler lives in ``logging.handlers``, which imports socket, pickle and queue (a few
milliseconds every start), so the file handler here is a small ``_LogFile`` that builds the
rotating one when its first record arrives.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sys
from pathlib import Path

from scaninbox.paths import ensure_private_dir
from scaninbox.terminal_text import escape_controls

__all__ = ["LOG_FILE_NAME", "SANDBOX_LOG_FILE_NAME", "RedactSecrets", "configure_logging", "redact"]

LOG_FILE_NAME = "scaninbox.log"
# ``scaninbox sandbox`` (also the window's demo service, a child process running beside the app)
# logs to a file of its own: two processes rotating one file lose or mix each other's lines.
SANDBOX_LOG_FILE_NAME = "sandbox.log"
_MAX_LOG_BYTES = 2 * 1024 * 1024
_BACKUPS = 3
_OURS = "_scaninbox_handler"
_REDACTED = "<redacted>"

_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # Authorization: Bearer xyz / "authorization": "Basic xyz"
    (
        re.compile(
            r"(?i)(\bauthorization\b[\"']?\s*[:=]\s*[\"']?)(?:(?:bearer|basic)\s+)?[^\s\"',;}]+"
        ),
        r"\1" + _REDACTED,
    ),
    (re.compile(r"(?i)\b(bearer\s+)[A-Za-z0-9\-._~+/]+=*"), r"\1" + _REDACTED),
    # A JWT: three base64url parts, the first starting with '{"' encoded.
    (re.compile(r"\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*"), _REDACTED),
    # Signed-URL credentials: sig=, signature=, X-Amz-*, X-Goog-*, token=.
    (
        re.compile(
            r"(?i)([?&;](?:sig|signature|x-amz-[a-z-]+|x-goog-[a-z-]+|token|access_token|key)=)"
            r"[^&\s\"'#<>]+"
        ),
        r"\1" + _REDACTED,
    ),
    (re.compile(r"(?i)([\"']?password[\"']?\s*[:=]\s*[\"']?)[^\s\"',}]+"), r"\1" + _REDACTED),
)


def redact(text: str) -> str:
    """``text`` with tokens, authorization values, passwords and URL signatures removed."""
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class RedactSecrets(logging.Filter):
    """Rewrites each record's message, traceback and stack text without secrets or controls."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a bad format string must not hide the record
            message = f"{record.msg!r} {record.args!r}"
        record.msg, record.args = escape_controls(redact(message)), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = escape_controls(redact(record.exc_text), keep_lines=True)
        if record.stack_info:
            record.stack_info = escape_controls(redact(record.stack_info), keep_lines=True)
        return True


def _rotating_file(path: Path) -> logging.Handler:
    """The stdlib's rotating file handler, its files readable by their owner only."""
    import logging.handlers

    class PrivateRotatingFile(logging.handlers.RotatingFileHandler):
        """Log files readable by their owner only: they name patients' cases."""

        def _open(self) -> object:  # type: ignore[override]
            fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            return open(fd, self.mode, encoding=self.encoding, errors=self.errors)  # noqa: PTH123

        def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
            # A full disk or a read-only home must not print a traceback into the command's
            # output: the log is best effort; the command reports its own failure in words.
            if isinstance(sys.exc_info()[1], OSError):
                return
            super().handleError(record)

    return PrivateRotatingFile(
        path, maxBytes=_MAX_LOG_BYTES, backupCount=_BACKUPS, encoding="utf-8", delay=True
    )


class _LogFile(logging.Handler):
    """``scaninbox.log``, rotated at 2 MB with 3 backups; the rotating handler that writes it is
    made at the first record (this handler's level, filters and lock apply before it)."""

    def __init__(self, path: Path, level: int, formatter: logging.Formatter) -> None:
        super().__init__(level)
        self.setFormatter(formatter)
        self._path = path
        self._file: logging.Handler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self._file is None:
            self._file = _rotating_file(self._path)
            self._file.setFormatter(self.formatter)
        self._file.emit(record)  # it reports its own failures (an OSError quietly)

    def flush(self) -> None:
        with self.lock or contextlib.nullcontext():
            if self._file is not None:
                self._file.flush()

    def close(self) -> None:
        with self.lock or contextlib.nullcontext():
            if self._file is not None:
                self._file.close()
                self._file = None
        super().close()


def configure_logging(
    verbosity: int, log_dir: Path | None, *, file_name: str = LOG_FILE_NAME
) -> None:
    """Log to ``log_dir``/``file_name`` (None: no file) and, from ``verbosity`` 1, to stderr.

    The file gets INFO and above (DEBUG from ``verbosity`` 2); stderr gets INFO at 1, DEBUG at 2,
    and also the HTTP library's own records at 3. Calling it again replaces the earlier setup.
    """
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, _OURS, False):
            root.removeHandler(handler)
            handler.close()
    detail = logging.DEBUG if verbosity >= 2 else logging.INFO
    handlers: list[logging.Handler] = []
    if log_dir is not None:
        ensure_private_dir(log_dir)
        form = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
        handlers.append(_LogFile(log_dir / file_name, detail, form))
    if verbosity >= 1:
        console = logging.StreamHandler(sys.stderr)
        console.setLevel(detail)
        console.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        handlers.append(console)
    if not handlers:
        # Without any handler, logging's last resort would print warnings on stderr.
        handlers.append(logging.NullHandler())
    for handler in handlers:
        handler.addFilter(RedactSecrets())
        setattr(handler, _OURS, True)
        root.addHandler(handler)
    root.setLevel(min(detail, root.level) if root.level else detail)
    noisy = logging.DEBUG if verbosity >= 3 else logging.WARNING
    for name in ("httpx", "httpcore", "hpack", "asyncio"):
        logging.getLogger(name).setLevel(noisy)
