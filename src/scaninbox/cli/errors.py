"""How failures become one plain sentence and an exit code (see ``scaninbox.cli.main``)."""

from __future__ import annotations

__all__ = [
    "EXIT_AUTH",
    "EXIT_NETWORK",
    "EXIT_NOT_FOUND",
    "EXIT_OTHER",
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


class CliError(Exception):
    """A failure the command already put into words, with its exit code."""

    def __init__(self, message: str, exit_code: int = EXIT_OTHER) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def exit_code_for(exc: BaseException) -> int:
    """The contract's exit code for an exception that reached the top of a command."""
    if isinstance(exc, CliError):
        return exc.exit_code
    return EXIT_OTHER


def plain_message(exc: BaseException) -> str:
    """One sentence for a person. Unexpected errors say what kind of error it was."""
    text = str(exc).strip() or type(exc).__name__
    return text if text.endswith((".", "!", "?")) else text + "."
