"""The built-in demo service's account: both front-ends run the sandbox as a child process
(`scaninbox.demo_process`) and sign in with its published demo account."""

from __future__ import annotations

__all__ = ["demo_login"]


def demo_login() -> tuple[str, str]:
    """The demo user's (e-mail, password)."""
    from scaninbox.sandbox import DEMO_ACCOUNT

    return DEMO_ACCOUNT.email, DEMO_ACCOUNT.password
