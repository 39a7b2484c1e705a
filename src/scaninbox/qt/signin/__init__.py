"""Signing in: the dialog, the services it can reach, and its plain-words failure messages."""

from scaninbox.qt.signin.dialog import SignInDialog, SignInHandler
from scaninbox.qt.signin.messages import sign_in_error_message
from scaninbox.qt.signin.targets import CUSTOM, DEMO, SignInTarget, TargetChoice, target_choices

__all__ = [
    "CUSTOM",
    "DEMO",
    "SignInDialog",
    "SignInHandler",
    "SignInTarget",
    "TargetChoice",
    "sign_in_error_message",
    "target_choices",
]
