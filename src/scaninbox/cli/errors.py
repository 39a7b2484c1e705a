"""How failures become one plain sentence and an exit code (see ``scaninbox.cli.main``).

Exit codes (a contract scripts rely on)::

    0 ok · 1 anything else · 2 usage · 3 authentication failed · 4 forbidden or not found ·
    5 network or server failure after retries · 6 a QC check failed (``scaninbox qc``)

The local store's "not here" errors (no local data for the account, a case or file not kept on
this computer) are "not found" (4); its other errors (a damaged database, one from a newer
program) are 1, with their own plain sentence.

The API's and the store's error classes are imported only when an error must be mapped:
importing them pulls in the API client, pydantic and the store (a quarter of a second), which
every command would otherwise pay before it starts — the desktop app included. The same goes,
on a smaller scale, for the settings' error and the log's redaction: this module is read while
the parser is built, so it imports nothing of the program's at the top.
"""

from __future__ import annotations

from functools import cache

__all__ = [
    "EXIT_AUTH",
    "EXIT_NETWORK",
    "EXIT_NOT_FOUND",
    "EXIT_OTHER",
    "EXIT_QC_FAILED",
    "EXIT_USAGE",
    "CliError",
    "exit_code_for",
    "plain_message",
]

EXIT_OTHER = 1
EXIT_USAGE = 2
EXIT_AUTH = 3
EXIT_NOT_FOUND = 4
EXIT_NETWORK = 5
EXIT_QC_FAILED = 6


class CliError(Exception):
    """A failure the command already put into words, with its exit code."""

    def __init__(self, message: str, exit_code: int = EXIT_OTHER) -> None:
        super().__init__(message)
        self.exit_code = exit_code


@cache
def _codes() -> tuple[tuple[type[BaseException], int], ...]:
    """Error classes and their exit codes, most specific first: the first match decides."""
    from scaninbox.api import errors as api_errors
    from scaninbox.settings import SettingsError
    from scaninbox.store.errors import NoLocalAccountError, NotCachedError, StoreError

    return (
        (SettingsError, EXIT_USAGE),
        (api_errors.InsecureUrlError, EXIT_USAGE),
        (api_errors.BadRequestError, EXIT_USAGE),
        (api_errors.AuthenticationError, EXIT_AUTH),
        (api_errors.ForbiddenError, EXIT_NOT_FOUND),
        (api_errors.NotFoundError, EXIT_NOT_FOUND),
        (api_errors.ServiceError, EXIT_NETWORK),  # 429, 5xx and other refusals after retries
        (api_errors.TransportError, EXIT_NETWORK),
        (api_errors.ProtocolError, EXIT_NETWORK),
        (NoLocalAccountError, EXIT_NOT_FOUND),
        (NotCachedError, EXIT_NOT_FOUND),
        (StoreError, EXIT_OTHER),
    )


@cache
def _plain() -> tuple[type[BaseException], ...]:
    """Failures whose message is already a sentence for a person (others look like bugs)."""
    from scaninbox.api.errors import ApiError
    from scaninbox.settings import SettingsError
    from scaninbox.store.errors import StoreError

    return (CliError, ApiError, SettingsError, StoreError)


def exit_code_for(exc: BaseException) -> int:
    """The contract's exit code for an exception that reached the top of a command."""
    if isinstance(exc, CliError):
        return exc.exit_code
    from scaninbox.api.errors import DownloadError

    if isinstance(exc, DownloadError):
        return EXIT_OTHER if exc.local else EXIT_NETWORK
    for cls, code in _codes():
        if isinstance(exc, cls):
            return code
    return EXIT_OTHER


def _environment_fault(exc: BaseException) -> bool:
    """An OSError naming a file: the computer's doing (permissions, space), not a bug."""
    return isinstance(exc, OSError) and bool(exc.filename) and bool(exc.strerror)


def plain_message(exc: BaseException) -> str:
    """One line for a person. Unexpected errors say what kind of error it was."""
    from scaninbox.logs import redact

    text = " ".join(str(exc).split())
    if _environment_fault(exc):  # a read-only home, a full disk, a missing folder …
        assert isinstance(exc, OSError)
        reason = (exc.strerror or type(exc).__name__).lower()
        text = f"Cannot use {exc.filename}: {reason}"
    elif not isinstance(exc, _plain()):
        # A bug: the kind of error helps the report; the log file has the details.
        text = f"Unexpected error ({type(exc).__name__}): {text}" if text else type(exc).__name__
    text = redact(text) or type(exc).__name__
    return text if text.endswith((".", "!", "?", "…")) else text + "."
