"""The built-in demo service: the sandbox started in this process on a free loopback port.

Both front-ends start it the same way and sign in with its published demo account. The sandbox
is imported only here and only when the demo is chosen (starlette and uvicorn cost a start).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scaninbox.paths import AppPaths, ensure_private_dir

if TYPE_CHECKING:
    from scaninbox.sandbox import SandboxServer

__all__ = ["demo_login", "start_demo_sandbox"]


def start_demo_sandbox(paths: AppPaths) -> SandboxServer:
    """A running sandbox (stop it with ``stop()``, or use it as a context manager).

    Blocks until it listens: call it on a worker thread from the window.
    """
    from scaninbox.sandbox import SandboxConfig, SandboxServer

    config = SandboxConfig(
        host="127.0.0.1", port=0, cache_dir=ensure_private_dir(paths.sandbox_cache_dir)
    )
    return SandboxServer(config).start()


def demo_login() -> tuple[str, str]:
    """The demo user's (e-mail, password)."""
    from scaninbox.sandbox import DEMO_ACCOUNT

    return DEMO_ACCOUNT.email, DEMO_ACCOUNT.password
