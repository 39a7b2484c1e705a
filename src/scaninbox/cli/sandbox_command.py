"""``scaninbox sandbox``: run the reference server with synthetic data until Ctrl-C or SIGTERM.

The first line of output, flushed at once, is ``Sandbox listening on http://HOST:PORT`` (scripts
and tests wait for it); the sign-in accounts follow. The default port is 8765; ``--port 0`` picks
a free one. Generated files are cached under the application's cache folder, so a second start
does no generation work.
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import os
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

from scaninbox.cli.deferred import deferred
from scaninbox.cli.errors import CliError
from scaninbox.cli.options import GlobalOptions

__all__ = ["SandboxOptions", "register"]

_YIELDING_NICENESS = 5


@dataclass(frozen=True, slots=True, kw_only=True)
class SandboxOptions:
    host: str
    port: int
    variant: bool
    cases: int
    seed: int
    cache_dir: Path | None = None
    stop_when_stdin_closes: bool = False
    yield_cpu: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> SandboxOptions:
        return cls(
            host=args.host,
            port=args.port,
            variant=bool(args.variant),
            cases=args.cases,
            seed=args.seed,
            cache_dir=args.cache_dir,
            stop_when_stdin_closes=bool(args.stop_when_stdin_closes),
            yield_cpu=bool(args.yield_cpu),
        )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from scaninbox.sandbox.config import DEFAULT_PORT

    parser = subparsers.add_parser(
        "sandbox",
        help="run the reference server with synthetic demo data (loopback, no TLS)",
        description=(
            "Runs a local reference server implementing the Scan Inbox interface with "
            "synthetic cases, scans and order forms. Stop it with Ctrl-C."
        ),
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help=f"port ({DEFAULT_PORT}; 0 = any free)"
    )
    parser.add_argument(
        "--variant", action="store_true", help="serve the numeric-id variant case shape"
    )
    parser.add_argument(
        "--cases", type=_case_count, default=60, help="cases of the demo organisation (60)"
    )
    parser.add_argument("--seed", type=int, default=7, help="seed of the synthetic data set (7)")
    # For the window's demo service (`scaninbox.demo_process`), hidden from --help:
    # its own cache folder, and an end that follows the app's even when the app is killed.
    parser.add_argument("--cache-dir", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--stop-when-stdin-closes", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--yield-cpu", action="store_true", help=argparse.SUPPRESS)
    parser.set_defaults(handler=deferred(__name__, "run_sandbox", SandboxOptions.from_args))


def _port(text: str) -> int:
    value = _integer(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError("a port is a number from 0 to 65535")
    return value


def _case_count(text: str) -> int:
    value = _integer(text)
    if not 0 <= value <= 1_000_000:
        raise argparse.ArgumentTypeError("the number of cases must be from 0 to 1,000,000")
    return value


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def run_sandbox(_options: GlobalOptions, args: SandboxOptions) -> int:
    if args.yield_cpu and hasattr(os, "nice"):
        # Started by the window, which builds itself meanwhile: where both want a core, the
        # window goes first (a quiet machine has one for each).
        with contextlib.suppress(OSError):
            os.nice(_YIELDING_NICENESS)
    from scaninbox.paths import app_paths, ensure_private_dir
    from scaninbox.sandbox import (
        DEMO_ACCOUNT,
        OTHER_ACCOUNT,
        QC_ACCOUNT,
        SandboxConfig,
        SandboxStartError,
        serve_forever,
    )

    if not _is_loopback(args.host):
        print(
            f"Warning: listening on {args.host} makes this test server reachable from other "
            "machines. It serves synthetic test data over plain HTTP without TLS.",
            file=sys.stderr,
            flush=True,
        )
    config = SandboxConfig(
        host=args.host,
        port=args.port,
        variant=args.variant,
        cases=args.cases,
        seed=args.seed,
        cache_dir=ensure_private_dir(args.cache_dir or app_paths().sandbox_cache_dir),
    )
    stop = threading.Event()
    if args.stop_when_stdin_closes:
        threading.Thread(
            target=_set_at_end_of_input, args=(stop,), name="stdin-watch", daemon=True
        ).start()

    def announce(line: str) -> None:
        print(line, flush=True)
        shape = "variant (numeric ids)" if args.variant else "guid"
        print(f"Case shape: {shape}; {args.cases} demo cases, seed {args.seed}.")
        print(f"Sign in as {DEMO_ACCOUNT.email} / {DEMO_ACCOUNT.password} (Demo Dental Laboratory)")
        print(f"        or {QC_ACCOUNT.email} / {QC_ACCOUNT.password} (the same lab's QC desk)")
        print(f"        or {OTHER_ACCOUNT.email} / {OTHER_ACCOUNT.password} (another organisation)")
        print("Press Ctrl-C to stop.", flush=True)

    try:
        serve_forever(config, announce=announce, stop=stop)
    except SandboxStartError as error:
        raise CliError(str(error)) from None
    print("Sandbox stopped.", flush=True)
    return 0


def _set_at_end_of_input(stop: threading.Event) -> None:
    """Set ``stop`` once standard input ends: the parent closed it, or the parent is gone."""
    try:
        while sys.stdin.buffer.read(4096):
            pass
    except (OSError, ValueError):
        pass
    stop.set()
